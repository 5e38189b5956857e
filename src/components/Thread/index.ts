export { Thread } from './on-demand.js';
export type { ThreadProps } from './Thread.js';
export type { ThreadItemRenderContext, ThreadRenderItem } from './item-props.js';
export { threadMessages } from './messages.js';
export type { ThreadMessages } from './messages.js';
