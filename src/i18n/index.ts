/**
 * The strings and locale layer: the context that `<AcpProvider messages locale>` fills and every
 * component reads. It sits below both `src/react` and `src/components` (it imports only React),
 * so the provider can offer it without the bindings importing the components.
 */
export { AcpUiProvider, useMessages, useLocale, format } from './messages.js';
export type { AcpUiProviderProps, MessageCatalog, MessageOverrides } from './messages.js';
