import type { CompactionItem } from '../../core/types.js';
import { Markdown } from '../Markdown/index.js';
import { format } from '../shared/index.js';
import type { ThreadMessages } from './messages.js';

const KNOWN = new Set(['in_progress', 'completed', 'failed', 'cancelled']);

function label(status: string, messages: ThreadMessages): string {
  if (!KNOWN.has(status)) return format(messages.compaction_other, { status });
  return messages[`compaction_${status as 'in_progress' | 'completed' | 'failed' | 'cancelled'}`];
}

/**
 * Where the agent compacted its context: a divider line (what is above was summarized), the
 * status, and the summary folded in a native disclosure (find-in-page opens it).
 */
export function CompactionMarker({ item, messages }: { item: CompactionItem; messages: ThreadMessages }) {
  const state = KNOWN.has(item.status) ? item.status : 'unknown';
  return (
    <div className="acp-thread-compaction" data-slot="compaction" data-status={state}>
      <p className="acp-thread-compaction__label" data-slot="compaction-label">
        <span>{label(item.status, messages)}</span>
      </p>
      {item.error ? (
        <p className="acp-thread-compaction__error" data-slot="compaction-error">
          {item.error}
        </p>
      ) : null}
      {item.summaryText.trim() !== '' ? (
        <details className="acp-thread-compaction__summary" data-slot="compaction-summary">
          <summary className="acp-focusable">{messages.compaction_summary}</summary>
          <Markdown text={item.summaryText} streaming={item.status === 'in_progress'} />
        </details>
      ) : null}
    </div>
  );
}
