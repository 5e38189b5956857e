import type { UnsupportedItem } from '../../core/types.js';
import { format } from '../shared/index.js';
import type { ThreadMessages } from './messages.js';
import { rawJson } from './raw-json.js';

/** Something the agent sent that could not be used: one quiet line, the raw JSON on demand. */
export function UnsupportedNotice({ item, messages }: { item: UnsupportedItem; messages: ThreadMessages }) {
  const kind = item.sessionUpdate || messages.unsupported_unknown_kind;
  return (
    <div className="acp-thread-unsupported" data-slot="unsupported">
      <p className="acp-thread-unsupported__line">{format(messages.unsupported, { kind, reason: item.reason })}</p>
      <details className="acp-thread-unsupported__raw" data-slot="raw">
        <summary className="acp-focusable">{messages.unsupported_raw}</summary>
        <pre tabIndex={0}>{rawJson(item.raw)}</pre>
      </details>
    </div>
  );
}
