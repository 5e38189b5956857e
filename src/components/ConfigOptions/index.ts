export { ConfigOptions } from './ConfigOptions.js';
export type { ConfigOptionsProps } from './ConfigOptionsLoaded.js';
export { ModeSelector } from './ModeSelector.js';
export type { ModeSelectorProps } from './ModeSelectorLoaded.js';
export { groupConfigOptions, isRenderableOption } from './categories.js';
export type { ConfigGroup, ConfigGroupKey } from './categories.js';
export { configOptionsMessages } from './messages.js';
export type { ConfigOptionsMessages } from './messages.js';
