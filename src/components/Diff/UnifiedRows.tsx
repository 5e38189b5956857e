import { memo } from 'react';
import type { HighlightedLine } from '../../highlight/index.js';
import type { DiffLine } from './diff-model.js';
import type { DiffRow } from './diff-segments.js';
import { DiffGapRow } from './DiffGapRow.js';
import { DiffHunkRow } from './DiffHunkRow.js';
import { DiffLineText } from './DiffLineText.js';
import type { DiffMessages } from './messages.js';
import { tokensForLine, type DiffTokens } from './use-diff-highlight.js';

interface UnifiedRowsProps {
  rows: ReadonlyArray<DiffRow>;
  tokens: DiffTokens;
  onExpand: (start: number) => void;
  messages: DiffMessages;
}

export function UnifiedRows({ rows, tokens, onExpand, messages }: UnifiedRowsProps) {
  return (
    <>
      {rows.map((row) =>
        row.type === 'gap' ? (
          <DiffGapRow key={`g${row.gap.start}`} gap={row.gap} onExpand={onExpand} messages={messages} />
        ) : row.type === 'hunk' ? (
          <DiffHunkRow key={`h${row.index}`} header={row.header} />
        ) : (
          <UnifiedLine key={row.index} line={row.line} tokens={tokensForLine(tokens, row.line)} />
        ),
      )}
    </>
  );
}

/**
 * Memoized on the line object (stable for a model) and its token array (stable once tokenized),
 * so expanding a gap or a highlight slice landing renders only the lines that changed.
 */
const UnifiedLine = /* @__PURE__ */ memo(function UnifiedLine({ line, tokens }: { line: DiffLine; tokens?: HighlightedLine }) {
  return (
    <div className="acp-diff__line" data-slot="diff-line" data-kind={line.kind}>
      <span className="acp-diff__number" data-slot="diff-old-number" aria-hidden="true">
        {line.oldNumber ?? ''}
      </span>
      <span className="acp-diff__number" data-slot="diff-new-number" aria-hidden="true">
        {line.newNumber ?? ''}
      </span>
      <span className="acp-diff__sign" aria-hidden="true" />
      <DiffLineText line={line} tokens={tokens} />
    </div>
  );
});
