/**
 * The chips of the mentions in the text field. The field is a plain `<textarea>` (native caret,
 * IME, spell check, undo and screen-reader support); this layer sits behind it with the same box
 * metrics and draws each mention's `@label` as a chip, the text itself transparent, so the chips
 * line up under the field's own text. It scrolls with the field.
 */
import { useEffect, useRef, type RefObject } from 'react';
import type { DraftSegment } from '../../core/mentions/draft.js';

export function MentionOverlay({ segments, fieldRef }: { segments: readonly DraftSegment[]; fieldRef: RefObject<HTMLTextAreaElement | null> }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const field = fieldRef.current;
    if (!field) return;
    const follow = () => {
      if (ref.current) ref.current.scrollTop = field.scrollTop;
    };
    follow();
    field.addEventListener('scroll', follow);
    return () => field.removeEventListener('scroll', follow);
  }, [fieldRef]);
  return (
    <div ref={ref} className="acp-prompt-input__ghost acp-prompt-input__mentions" aria-hidden="true" data-slot="mention-overlay">
      {segments.map((s, i) =>
        'text' in s ? (
          <span key={i}>{s.text}</span>
        ) : (
          <span key={i} className="acp-prompt-input__mention" data-kind={s.mention.kind}>
            @{s.mention.label}
          </span>
        ),
      )}
      {/* A final newline needs a character after it to take up its line, as in the field. */}
      {'\u200b'}
    </div>
  );
}
