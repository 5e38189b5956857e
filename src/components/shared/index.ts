export { AcpUiProvider, useMessages, useLocale, format } from './messages.js';
export type { AcpUiProviderProps, MessageOverrides } from './messages.js';
export { cx } from './cx.js';
