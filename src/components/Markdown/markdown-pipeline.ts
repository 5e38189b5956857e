/**
 * The part of `<Markdown>` fetched on demand: the block renderer with react-markdown, remark-gfm
 * and the parser behind them (about 50 kB gzip), which a page needs only once it shows markdown.
 * Load it through `load-pipeline.ts`, never import it statically.
 */
export { MemoMarkdownBlock } from './MarkdownBlock.js';
