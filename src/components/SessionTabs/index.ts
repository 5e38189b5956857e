export { SessionTabs, sessionTabId, sessionTabStatus } from './SessionTabs.js';
export type { SessionTab, SessionTabStatus, SessionTabsProps } from './SessionTabs.js';
export { sessionTabsMessages } from './messages.js';
export type { SessionTabsMessages } from './messages.js';
