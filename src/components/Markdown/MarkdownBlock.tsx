import { memo, useMemo, useRef } from 'react';
import { CodeBlock } from '../CodeBlock/index.js';
import { CutParagraph } from './CutParagraph.js';
import { parseFence } from './fence.js';
import { MarkdownSource } from './MarkdownSource.js';
import { repairTail } from './repair-tail.js';
import type { MarkdownBlock } from './split-blocks.js';
import { advanceTailParagraph, type TailParagraph } from './tail-paragraph.js';

interface MarkdownBlockViewProps {
  block: MarkdownBlock;
  /** This is the live tail of a streaming text. */
  streaming: boolean;
}

/**
 * One top-level block. Fences go straight to CodeBlock (no markdown parse at all); a streaming
 * one-line paragraph is parsed piece by piece (see `tail-paragraph.ts`); everything else is
 * parsed whole.
 */
function MarkdownBlockView({ block, streaming }: MarkdownBlockViewProps) {
  // The pieces parsed so far, to resume from: a cache, so reading and writing it while rendering
  // is safe (whatever the pieces, they render as the whole source would).
  const previous = useRef<TailParagraph | null>(null);
  const paragraph = useMemo(
    () =>
      block.kind === 'markdown'
        ? (previous.current = advanceTailParagraph(previous.current, block.source, streaming))
        : null,
    [block.kind, block.source, streaming],
  );

  if (block.kind === 'fence') {
    const { language, code } = parseFence(block.source, block.open, streaming);
    return <CodeBlock code={code} language={language || null} streaming={streaming && block.open} />;
  }
  if (paragraph === null || paragraph.cuts.length === 0) {
    return <MarkdownSource source={streaming ? repairTail(block.source) : block.source} />;
  }
  return <CutParagraph source={block.source} paragraph={paragraph} streaming={streaming} />;
}

/**
 * Finished blocks keep their source, so they skip rendering entirely while the tail streams.
 * Compared by value: the tail's block object is new on every split.
 */
export const MemoMarkdownBlock = /* @__PURE__ */ memo(
  MarkdownBlockView,
  (prev, next) =>
    prev.streaming === next.streaming &&
    prev.block.source === next.block.source &&
    prev.block.kind === next.block.kind &&
    prev.block.open === next.block.open,
);
