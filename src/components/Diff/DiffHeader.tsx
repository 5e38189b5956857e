import { format, useLocale } from '../shared/index.js';
import type { DiffFileState } from './diff-input.js';
import type { DiffMessages } from './messages.js';
import { DiffTitle } from './DiffTitle.js';
import { numberFormat } from '../../i18n/number-format.js';

export type DiffViewMode = 'unified' | 'split';

interface DiffHeaderProps {
  path: string;
  fileState: DiffFileState;
  /** Absent while the diff is still computing. */
  counts: { additions: number; deletions: number; approximate?: boolean } | null;
  view: DiffViewMode;
  onViewChange: (view: DiffViewMode) => void;
  messages: DiffMessages;
  /** ACP v2: the change's operation and a move's or copy's source. */
  operation?: string;
  oldPath?: string | null;
  /** False when there are no rows to lay out (a v2 change without lines). */
  layout?: boolean;
}

export function DiffHeader({ path, fileState, counts, view, onViewChange, messages, operation, oldPath, layout = true }: DiffHeaderProps) {
  const locale = useLocale();
  const number = numberFormat(locale);
  return (
    <div className="acp-diff__header" data-slot="diff-header">
      <DiffTitle path={path} fileState={fileState} operation={operation} oldPath={oldPath} messages={messages} />
      {counts && (
        <span className="acp-diff__counts" data-slot="diff-counts">
          <span aria-hidden="true">
            {counts.approximate ? '≈ ' : null}
            <span className="acp-diff__count" data-kind="add">
              +{number.format(counts.additions)}
            </span>{' '}
            <span className="acp-diff__count" data-kind="del">
              −{number.format(counts.deletions)}
            </span>
          </span>
          <span className="acp-visually-hidden">
            {format(counts.approximate ? messages.counts_approximate_label : messages.counts_label, {
              additions: number.format(counts.additions),
              deletions: number.format(counts.deletions),
            })}
          </span>
        </span>
      )}
      {layout && (
        <span className="acp-diff__views" data-slot="diff-view-toggle" role="group" aria-label={messages.view_label}>
          {(['unified', 'split'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              className="acp-button acp-diff__view-button"
              data-variant="ghost"
              aria-pressed={view === mode}
              onClick={() => onViewChange(mode)}
            >
              {mode === 'unified' ? messages.view_unified : messages.view_split}
            </button>
          ))}
        </span>
      )}
    </div>
  );
}
