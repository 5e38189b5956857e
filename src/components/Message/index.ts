export { Message } from './Message.js';
export type { MessageProps } from './Message.js';
export { messageMessages } from './messages.js';
export type { MessageMessages } from './messages.js';
export { isShownToUser, segmentContent } from './content.js';
export type { ContentSegment } from './content.js';
