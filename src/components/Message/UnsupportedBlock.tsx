import type { UnknownContentBlock } from '../../core/types.js';
import { CodeBlock } from '../CodeBlock/index.js';
import { format } from '../shared/index.js';
import { JsonWriting } from '../shared/JsonWriting.js';
import { useDisplayJson } from '../shared/use-display-json.js';
import { JsonNotes } from '../shared/on-demand-notes.js';
import { Disclosure } from './Disclosure.js';
import { WarningIcon } from './icons.js';
import type { MessageMessages } from './messages.js';

/**
 * A block of a type this library does not know: named, kept visible, its raw JSON one click
 * away (escaped text, never rendered).
 */
export function UnsupportedBlock({ block, messages }: { block: UnknownContentBlock; messages: MessageMessages }) {
  const summary = (
    <>
      <WarningIcon className="acp-message__disclosure-icon" />
      <span>{format(messages.unsupported, { type: block.type || messages.unknown_type })}</span>
    </>
  );
  return (
    <Disclosure slot="message-unsupported" className="acp-message__unsupported" summary={summary}>
      {/* Written once opened: raw payloads can be megabytes, and most are never looked at. */}
      {(open) => (open ? <RawBlock raw={block.raw} highlight={open} /> : null)}
    </Disclosure>
  );
}

/** The block's raw JSON within the budgets (escaped text, never rendered). */
function RawBlock({ raw, highlight }: { raw: unknown; highlight: boolean }) {
  const json = useDisplayJson(raw);
  // The code block's scrolling box for large text, which a value this slow to write becomes.
  if (!json) return <JsonWriting className="acp-code-block__pre" size="large" />;
  return (
    <>
      <CodeBlock code={json.text} language="json" highlight={highlight} />
      <JsonNotes json={json} value={raw} fileName="content-block.json" />
    </>
  );
}
