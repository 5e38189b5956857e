import { memo, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { CodeBlock } from '../CodeBlock/index.js';
import { BudgetNote } from '../shared/BudgetNote.js';
import { NESTING_LIMIT } from '../shared/budgets.js';
import { format } from '../shared/index.js';
import { planBlock } from './block-plan.js';
import { CutParagraph } from './CutParagraph.js';
import { parseFence } from './fence.js';
import { GroupedBlock } from './GroupedBlock.js';
import { isLiteralText } from './literal-text.js';
import { MarkdownContext } from './markdown-context.js';
import { MarkdownSource } from './MarkdownSource.js';
import { capNesting } from './nesting.js';
import { parseCost, takeParseBudget } from './parse-budget.js';
import { PlainBlock } from './PlainBlock.js';
import { repairTail } from './repair-tail.js';
import type { MarkdownBlock } from './split-blocks.js';
import { advanceTailParagraph, type TailParagraph } from './tail-paragraph.js';

interface MarkdownBlockViewProps {
  block: MarkdownBlock;
  /** This is the live tail of a streaming text. */
  streaming: boolean;
}

/** Literal text is never parsed (`literal-text.ts`), so it costs the budget nothing. */
const takeBudget = (source: string) => isLiteralText(source) || takeParseBudget(parseCost(source));

/**
 * One top-level block. Fences go straight to CodeBlock (no markdown parse at all); a one-line
 * paragraph is parsed piece by piece (see `tail-paragraph.ts`); anything else is parsed whole
 * within the parse unit, in groups beyond it (tables, lists) or shown as plain text (see
 * `block-plan.ts`), with quotes and lists capped at NESTING_LIMIT levels (`nesting.ts`).
 */
function MarkdownBlockView({ block, streaming }: MarkdownBlockViewProps) {
  // The pieces parsed so far, to resume from: a cache, so reading and writing it while rendering
  // is safe (whatever the pieces, they render as the whole source would).
  const previous = useRef<TailParagraph | null>(null);
  // Bumped in the next frame while the parse budget held the paragraph back, to advance it again.
  const [frame, setFrame] = useState(0);
  const paragraph = useMemo(
    () => (previous.current = block.kind === 'markdown' ? advanceTailParagraph(previous.current, block.source, streaming, takeBudget) : null),
    // `frame` is not read: it re-runs the advance once the budget is back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [block.kind, block.source, streaming, frame],
  );
  const pending = paragraph?.pending === true;
  useEffect(() => {
    if (!pending) return;
    const id = requestAnimationFrame(() => setFrame((n) => n + 1));
    return () => cancelAnimationFrame(id);
  }, [pending, frame]);

  if (block.kind === 'fence') {
    const { language, code } = parseFence(block.source, block.open, streaming);
    return <CodeBlock code={code} language={language || null} streaming={streaming && block.open} />;
  }
  // A paragraph the budget held back renders what it has (the rest as written), never as a whole block.
  if (paragraph !== null && (paragraph.cuts.length > 0 || paragraph.pending)) {
    return <CutParagraph source={block.source} paragraph={paragraph} streaming={streaming} />;
  }
  return <WholeBlock source={block.source} streaming={streaming} />;
}

/** A block that is not a one-line paragraph: capped, planned, then parsed whole, in groups or not at all. */
function WholeBlock({ source, streaming }: { source: string; streaming: boolean }) {
  const { messages } = useContext(MarkdownContext);
  const capped = useMemo(() => capNesting(source), [source]);
  const plan = useMemo(() => planBlock(capped.source), [capped.source]);
  const nestingNote = capped.capped ? <BudgetNote>{format(messages.nesting_capped, { depth: NESTING_LIMIT })}</BudgetNote> : null;
  switch (plan.kind) {
    case 'whole':
      return (
        <>
          <MarkdownSource source={streaming ? repairTail(capped.source) : capped.source} />
          {nestingNote}
        </>
      );
    case 'table':
    case 'list':
      return (
        <>
          <GroupedBlock plan={plan} streaming={streaming} />
          {nestingNote}
        </>
      );
    case 'plain':
      return <PlainBlock source={source} markup={plan.markup} />;
  }
}

/**
 * Finished blocks keep their source, so they skip rendering entirely while the tail streams.
 * Compared by value: the tail's block object is new on every split.
 */
export const MemoMarkdownBlock = /* @__PURE__ */ memo(
  MarkdownBlockView,
  (prev, next) =>
    prev.streaming === next.streaming && prev.block.source === next.block.source && prev.block.kind === next.block.kind && prev.block.open === next.block.open,
);
