/**
 * A session's controls in a panel's toolbar, fetched as one chunk the first time one is shown
 * (`load-session-controls.ts`): the settings (modes and config options, with their listbox
 * popups) and the usage meter (its ring and popover). An agent that reports one usually reports
 * both when a session starts; fetched apart they cost two requests, and a host's bundler would
 * split the popover placement they share into a third file.
 *
 * Load it through `load-session-controls.ts`, never import it statically.
 */
export { ConfigOptionsLoaded } from './ConfigOptions/ConfigOptionsLoaded.js';
export { ModeSelectorLoaded } from './ConfigOptions/ModeSelectorLoaded.js';
export { UsageMeterLoaded } from './UsageMeter/UsageMeterLoaded.js';
