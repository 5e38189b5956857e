/**
 * `acp-react/element`: the agent panel for pages that are not React apps (plain HTML, JupyterLab
 * extensions, Vue, Svelte, Angular): the `<acp-agent-panel>` custom element, registered by
 * `defineAgentPanelElement()` (or by importing `acp-react/element/define`), and
 * `mountAgentPanel(element, options)` for any element. Both render the panel with its own
 * provider in an open shadow root with the library's styles adopted there. React and react-dom
 * are peers here as everywhere: the host installs them, its bundler ships them once.
 */
export { defineAgentPanelElement } from './define.js';
export type { AgentPanelElement, AgentPanelElementConstructor } from './define.js';
export { mountAgentPanel } from './mount.js';
export type { AgentPanelMount } from './mount.js';
export type { MountAgentPanelOptions, ElementTheme } from './options.js';
export type { AgentPanelEventDetails, AgentPanelEventMap, AgentPanelEventName } from './events.js';
