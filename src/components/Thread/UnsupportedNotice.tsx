import { useState } from 'react';
import type { UnsupportedItem } from '../../core/types.js';
import { format } from '../shared/index.js';
import type { ThreadMessages } from './messages.js';
import { JsonWriting } from '../shared/JsonWriting.js';
import { useDisplayJson } from '../shared/use-display-json.js';
import { JsonNotes } from '../shared/on-demand-notes.js';

/** Something the agent sent that could not be used: one quiet line, the raw JSON on demand. */
export function UnsupportedNotice({ item, messages }: { item: UnsupportedItem; messages: ThreadMessages }) {
  const kind = item.sessionUpdate || messages.unsupported_unknown_kind;
  // Written only once opened: raw payloads can be megabytes, and most are never looked at.
  const [open, setOpen] = useState(false);
  return (
    <div className="acp-thread-unsupported" data-slot="thread-unsupported">
      <p className="acp-thread-unsupported__line">{format(messages.unsupported, { kind, reason: item.reason })}</p>
      <details className="acp-thread-unsupported__raw" data-slot="thread-unsupported-raw" onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary className="acp-focusable">{messages.unsupported_raw}</summary>
        {open && <RawJson value={item.raw} />}
      </details>
    </div>
  );
}

function RawJson({ value }: { value: unknown }) {
  const json = useDisplayJson(value);
  if (!json) return <JsonWriting />;
  return (
    <>
      <pre tabIndex={0}>{json.text}</pre>
      <JsonNotes json={json} value={value} fileName="update.json" />
    </>
  );
}
