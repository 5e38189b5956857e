export { AcpUiProvider, useMessages, useLocale, format } from './messages.js';
export type { AcpUiProviderProps, MessageOverrides } from './messages.js';
export { cx } from './cx.js';
export { lazyModule, useLazyModule, preloadComponents } from './lazy-module.js';
export type { LazyModule, LazyModuleState } from './lazy-module.js';
