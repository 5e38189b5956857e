export { ConfigOptions } from './on-demand.js';
export type { ConfigOptionsProps } from './ConfigOptions.js';
export { ModeSelector } from './on-demand.js';
export type { ModeSelectorProps } from './ModeSelector.js';
export { groupConfigOptions, isRenderableOption } from './categories.js';
export type { ConfigGroup, ConfigGroupKey } from './categories.js';
export { configOptionsMessages } from './messages.js';
export type { ConfigOptionsMessages } from './messages.js';
