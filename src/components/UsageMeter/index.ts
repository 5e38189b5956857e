export { UsageMeter } from './UsageMeter.js';
export type { UsageMeterProps } from './UsageMeterLoaded.js';
export { usageLevel, usagePercent } from './usage-level.js';
export type { UsageLevel } from './usage-level.js';
export { usageMeterMessages } from './messages.js';
export type { UsageMeterMessages } from './messages.js';
