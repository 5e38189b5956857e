import { memo } from 'react';
import type { DiffLine } from './diff-model.js';
import type { DiffRow } from './diff-segments.js';
import { DiffGapRow } from './DiffGapRow.js';
import { DiffLineText } from './DiffLineText.js';
import type { DiffMessages } from './messages.js';

interface UnifiedRowsProps {
  rows: ReadonlyArray<DiffRow>;
  onExpand: (start: number) => void;
  messages: DiffMessages;
}

export function UnifiedRows({ rows, onExpand, messages }: UnifiedRowsProps) {
  return (
    <>
      {rows.map((row) =>
        row.type === 'gap' ? (
          <DiffGapRow key={`g${row.gap.start}`} gap={row.gap} onExpand={onExpand} messages={messages} />
        ) : (
          <UnifiedLine key={row.index} line={row.line} />
        ),
      )}
    </>
  );
}

/** Memoized on the line object, which the model keeps stable, so expanding a gap renders only the new lines. */
const UnifiedLine = memo(function UnifiedLine({ line }: { line: DiffLine }) {
  return (
    <div className="acp-diff__line" data-slot="line" data-kind={line.kind}>
      <span className="acp-diff__number" data-slot="old-number" aria-hidden="true">
        {line.oldNumber ?? ''}
      </span>
      <span className="acp-diff__number" data-slot="new-number" aria-hidden="true">
        {line.newNumber ?? ''}
      </span>
      <span className="acp-diff__sign" aria-hidden="true" />
      <DiffLineText line={line} />
    </div>
  );
});
