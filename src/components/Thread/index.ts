export { Thread } from './Thread.js';
export type { ThreadProps } from './ThreadLoaded.js';
export type { ThreadScrollMemory, ThreadScrollPlace } from './use-stick-to-bottom.js';
export type { ThreadItemRenderContext, ThreadRenderItem } from './item-props.js';
export { threadMessages } from './messages.js';
export type { ThreadMessages } from './messages.js';
