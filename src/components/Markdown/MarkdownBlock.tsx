import { memo } from 'react';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CodeBlock } from '../CodeBlock/index.js';
import { parseFence } from './fence.js';
import { markdownComponents } from './markdown-components.js';
import { repairTail } from './repair-tail.js';
import type { MarkdownBlock } from './split-blocks.js';
import { transformUrl } from './url-policy.js';

const remarkPlugins = [remarkGfm];

interface MarkdownBlockViewProps {
  block: MarkdownBlock;
  /** This is the live tail of a streaming text. */
  streaming: boolean;
}

/**
 * One top-level block. Fences go straight to CodeBlock (no markdown parse at all); everything
 * else through react-markdown without raw HTML: no `rehype-raw` and no `skipHtml`, so HTML in
 * the text shows as the literal characters the agent wrote, never as elements.
 */
function MarkdownBlockView({ block, streaming }: MarkdownBlockViewProps) {
  if (block.kind === 'fence') {
    const { language, code } = parseFence(block.source, block.open, streaming);
    return <CodeBlock code={code} language={language || null} streaming={streaming && block.open} />;
  }
  return (
    <ReactMarkdown remarkPlugins={remarkPlugins} components={markdownComponents} urlTransform={transformUrl}>
      {streaming ? repairTail(block.source) : block.source}
    </ReactMarkdown>
  );
}

/**
 * Finished blocks keep their source, so they skip rendering entirely while the tail streams.
 * Compared by value: the tail's block object is new on every split.
 */
export const MemoMarkdownBlock = memo(
  MarkdownBlockView,
  (prev, next) =>
    prev.streaming === next.streaming &&
    prev.block.source === next.block.source &&
    prev.block.kind === next.block.kind &&
    prev.block.open === next.block.open,
);
