/**
 * A mention as a chip: `@label` with its kind's glyph. With `onOpen` (the host can show the
 * thing: open the file, focus the cell) it is a button; without, a label.
 */
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import type { MentionRef } from '../../core/mentions/types.js';
import { messageMessages } from '../Message/messages.js';
import { cx, format, useMessages } from '../shared/index.js';
import { mentionGlyph } from './icons.js';

export interface MentionChipProps extends Omit<ComponentPropsWithoutRef<'span'>, 'children'> {
  mention: MentionRef;
  /** Called with the mention when the chip is clicked; the chip is a button only with it. */
  onOpen?: (mention: MentionRef) => void;
  /** A second line of facts (e.g. "embedded", "link only"), shown as the chip's title. */
  detail?: string;
}

export const MentionChip = /* @__PURE__ */ forwardRef<HTMLSpanElement, MentionChipProps>(function MentionChip(
  { mention, onOpen, detail, className, ...rest },
  ref,
) {
  const t = useMessages('message', messageMessages);
  const body = (
    <>
      <span className="acp-mention-chip__icon" aria-hidden="true">
        {mentionGlyph(mention.kind)}
      </span>
      <span className="acp-mention-chip__label">@{mention.label}</span>
    </>
  );
  return (
    <span ref={ref} {...rest} className={cx('acp-mention-chip', className)} data-slot="mention-chip" data-kind={mention.kind} title={detail ?? mention.uri}>
      {onOpen ? (
        <button
          type="button"
          className="acp-mention-chip__button"
          aria-label={format(t.open_mention, { label: mention.label })}
          onClick={() => onOpen(mention)}
        >
          {body}
        </button>
      ) : (
        body
      )}
    </span>
  );
});
