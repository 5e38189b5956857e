// The strings and locale live a layer down (src/i18n), shared with the provider; every component
// takes them from here with the rest of its kit.
export { AcpUiProvider, useMessages, useLocale, format } from '../../i18n/index.js';
export type { AcpUiProviderProps, MessageCatalog, MessageOverrides } from '../../i18n/index.js';
export { cx } from './cx.js';
export { lazyModule, useLazyModule, preloadComponents } from './lazy-module.js';
export type { LazyModule, LazyModuleState } from './lazy-module.js';
