import { forwardRef, useMemo, useRef } from 'react';
import { cx, useLazyModule, useMessages } from '../shared/index.js';
import { MESSAGE_TEXT_LIMIT } from '../shared/budgets.js';
import { CutNote } from '../shared/on-demand-notes.js';
import { PartBoundary } from '../shared/PartBoundary.js';
import { conversationModule } from '../load-conversation.js';
import { MarkdownContext, type MarkdownOptions } from './markdown-context.js';
import { MarkdownPlain } from './MarkdownPlain.js';
import { markdownMessages } from './messages.js';
import { blocksOf, splitBlocks, type BlockSplit } from './split-blocks.js';
import type { RootProps } from '../shared/root-props.js';

/** @inline */
export interface MarkdownOwnProps {
  /** Markdown source; while streaming, each render usually extends the previous text. */
  text: string;
  /** More text may still arrive: unfinished syntax at the end is tidied for display. */
  streaming?: boolean;
  /** Load `http(s)` images without asking first. Off by default (privacy). */
  allowRemoteImages?: boolean;
  /**
   * Characters rendered (default MESSAGE_TEXT_LIMIT); past it a note says how much is shown and
   * offers the whole text to copy or download.
   */
  maxChars?: number;
  className?: string;
}

/** The markdown's own props and the rest of its root `<div>`'s. */
export type MarkdownProps = RootProps<MarkdownOwnProps>;

/**
 * Agent markdown, safe and streaming-friendly.
 *
 * The text is cut into top-level blocks (see `split-blocks.ts`); finished blocks are memoized,
 * so a chunk re-parses only the tail block. Safety: no raw HTML, links only http(s) and mailto,
 * remote images behind a click, `data:` images only for raster types. The renderer is fetched
 * on the first mount on a page, with the rest of the conversation (`conversation.ts`); until it
 * arrives the text shows as written.
 */
export const Markdown = /* @__PURE__ */ forwardRef<HTMLDivElement, MarkdownProps>(function Markdown(
  { text: whole, streaming = false, allowRemoteImages = false, maxChars = MESSAGE_TEXT_LIMIT, className, ...rest },
  ref,
) {
  const messages = useMessages('markdown', markdownMessages);
  const pipeline = useLazyModule(conversationModule);
  const cut = whole.length > maxChars;
  const text = cut ? whole.slice(0, maxChars) : whole;
  // The previous split, to resume from: a cache, so reading and writing it while rendering is
  // safe (the result depends on `text` alone).
  const previous = useRef<BlockSplit | null>(null);
  const split = useMemo(() => (previous.current = splitBlocks(text, previous.current)), [text]);
  const blocks = useMemo(() => blocksOf(split, !streaming), [split, streaming]);
  const options = useMemo<MarkdownOptions>(() => ({ allowRemoteImages, messages }), [allowRemoteImages, messages]);
  const Block = pipeline.module?.MemoMarkdownBlock;

  return (
    <div data-slot="markdown" data-state={streaming ? 'streaming' : 'done'} {...rest} ref={ref} className={cx('acp-markdown', className)}>
      {Block ? (
        <MarkdownContext.Provider value={options}>
          {blocks.map((block) => (
            // A block that fails shows its source in place; the blocks around it still render.
            <PartBoundary key={block.start} resetKey={block.source} rawText={() => block.source}>
              <Block block={block} streaming={streaming && block.start >= split.tailStart} />
            </PartBoundary>
          ))}
        </MarkdownContext.Provider>
      ) : (
        <MarkdownPlain text={text} messages={messages} error={pipeline.error} onRetry={pipeline.retry} />
      )}
      {cut && <CutNote shown={maxChars} total={whole.length} fullText={() => whole} fileName="message.md" />}
    </div>
  );
});
Markdown.displayName = 'Markdown';
