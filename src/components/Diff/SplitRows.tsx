import { memo } from 'react';
import type { HighlightedLine } from '../../highlight/index.js';
import type { DiffLine } from './diff-model.js';
import { DiffGapRow } from './DiffGapRow.js';
import { DiffHunkRow } from './DiffHunkRow.js';
import { DiffLineText } from './DiffLineText.js';
import type { DiffMessages } from './messages.js';
import type { SplitRow } from './split-rows.js';
import { tokensForLine, type DiffTokens } from './use-diff-highlight.js';

interface SplitRowsProps {
  rows: ReadonlyArray<SplitRow>;
  tokens: DiffTokens;
  onExpand: (start: number) => void;
  messages: DiffMessages;
}

export function SplitRows({ rows, tokens, onExpand, messages }: SplitRowsProps) {
  return (
    <>
      {rows.map((row) =>
        row.type === 'gap' ? (
          <DiffGapRow key={row.key} gap={row.gap} onExpand={onExpand} messages={messages} />
        ) : row.type === 'hunk' ? (
          <DiffHunkRow key={row.key} header={row.header} />
        ) : (
          <SplitPair
            key={row.key}
            left={row.left}
            right={row.right}
            leftTokens={row.left ? tokensForLine(tokens, row.left) : undefined}
            rightTokens={row.right ? tokensForLine(tokens, row.right) : undefined}
          />
        ),
      )}
    </>
  );
}

interface SplitPairProps {
  left: DiffLine | null;
  right: DiffLine | null;
  leftTokens?: HighlightedLine;
  rightTokens?: HighlightedLine;
}

const SplitPair = /* @__PURE__ */ memo(function SplitPair({ left, right, leftTokens, rightTokens }: SplitPairProps) {
  return (
    <div className="acp-diff__split-row" data-slot="diff-line">
      <SplitCell line={left} side="old" tokens={leftTokens} />
      <SplitCell line={right} side="new" tokens={rightTokens} />
    </div>
  );
});

function SplitCell({ line, side, tokens }: { line: DiffLine | null; side: 'old' | 'new'; tokens?: HighlightedLine }) {
  if (!line) return <div className="acp-diff__cell" data-side={side} data-kind="empty" />;
  const number = side === 'old' ? line.oldNumber : line.newNumber;
  return (
    <div className="acp-diff__cell" data-side={side} data-kind={line.kind}>
      <span className="acp-diff__number" data-slot={`diff-${side}-number`} aria-hidden="true">
        {number ?? ''}
      </span>
      <span className="acp-diff__sign" aria-hidden="true" />
      <DiffLineText line={line} tokens={tokens} />
    </div>
  );
}
