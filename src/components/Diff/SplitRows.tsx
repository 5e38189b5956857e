import { memo } from 'react';
import type { DiffLine } from './diff-model.js';
import { DiffGapRow } from './DiffGapRow.js';
import { DiffLineText } from './DiffLineText.js';
import type { DiffMessages } from './messages.js';
import type { SplitRow } from './split-rows.js';

interface SplitRowsProps {
  rows: ReadonlyArray<SplitRow>;
  onExpand: (start: number) => void;
  messages: DiffMessages;
}

export function SplitRows({ rows, onExpand, messages }: SplitRowsProps) {
  return (
    <>
      {rows.map((row) =>
        row.type === 'gap' ? (
          <DiffGapRow key={row.key} gap={row.gap} onExpand={onExpand} messages={messages} />
        ) : (
          <SplitPair key={row.key} left={row.left} right={row.right} />
        ),
      )}
    </>
  );
}

const SplitPair = memo(function SplitPair({ left, right }: { left: DiffLine | null; right: DiffLine | null }) {
  return (
    <div className="acp-diff__split-row" data-slot="line">
      <SplitCell line={left} side="old" />
      <SplitCell line={right} side="new" />
    </div>
  );
});

function SplitCell({ line, side }: { line: DiffLine | null; side: 'old' | 'new' }) {
  if (!line) return <div className="acp-diff__cell" data-side={side} data-kind="empty" />;
  const number = side === 'old' ? line.oldNumber : line.newNumber;
  return (
    <div className="acp-diff__cell" data-side={side} data-kind={line.kind}>
      <span className="acp-diff__number" data-slot={`${side}-number`} aria-hidden="true">
        {number ?? ''}
      </span>
      <span className="acp-diff__sign" aria-hidden="true" />
      <DiffLineText line={line} />
    </div>
  );
}
