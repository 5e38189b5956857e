export { SessionList } from './SessionList.js';
export type { SessionListCapabilities, SessionListProps } from './SessionListLoaded.js';
export type { OpenHow } from './SessionItem.js';
export { relativeTime } from './relative-time.js';
export { sessionListMessages } from './messages.js';
export type { SessionListMessages } from './messages.js';
