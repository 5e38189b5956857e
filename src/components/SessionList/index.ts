export { SessionList } from './on-demand.js';
export type { SessionListCapabilities, SessionListProps } from './SessionList.js';
export type { OpenHow } from './SessionItem.js';
export { relativeTime } from './relative-time.js';
export { sessionListMessages } from './messages.js';
export type { SessionListMessages } from './messages.js';
