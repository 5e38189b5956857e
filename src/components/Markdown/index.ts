export { Markdown } from './Markdown.js';
export type { MarkdownProps } from './Markdown.js';
export { markdownMessages } from './messages.js';
export type { MarkdownMessages } from './messages.js';
export { splitBlocks, blocksOf } from './split-blocks.js';
export type { BlockSplit, MarkdownBlock } from './split-blocks.js';
export { repairTail } from './repair-tail.js';
export { isHttpUrl, isSafeLinkUrl, isSafeDataImageUrl, classifyImage, RASTER_IMAGE_TYPES } from './url-policy.js';
