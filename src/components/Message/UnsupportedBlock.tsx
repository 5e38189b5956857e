import type { UnknownContentBlock } from '../../core/types.js';
import { CodeBlock } from '../CodeBlock/index.js';
import { format } from '../shared/index.js';
import { Disclosure } from './Disclosure.js';
import { WarningIcon } from './icons.js';
import type { MessageMessages } from './messages.js';

/** Raw JSON for display; never throws (cycles, BigInt) and never interprets the content. */
function toJson(raw: unknown): string {
  try {
    return JSON.stringify(raw, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value), 2) ?? String(raw);
  } catch {
    return String(raw);
  }
}

/**
 * A block of a type this library does not know: named, kept visible, its raw JSON one click
 * away (escaped text, never rendered).
 */
export function UnsupportedBlock({ block, messages }: { block: UnknownContentBlock; messages: MessageMessages }) {
  const summary = (
    <>
      <WarningIcon className="acp-message__disclosure-icon" />
      <span>{format(messages.unsupported, { type: block.type || messages.unknownType })}</span>
    </>
  );
  return (
    <Disclosure slot="unsupported" className="acp-message__unsupported" summary={summary}>
      {(open) => <CodeBlock code={toJson(block.raw)} language="json" highlight={open} />}
    </Disclosure>
  );
}
