/** The interactive settings, fetched together on demand (see on-demand.tsx). */
export { ConfigOptions } from './ConfigOptions.js';
export { ModeSelector } from './ModeSelector.js';
