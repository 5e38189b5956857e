/** `acp-react/element/define`: importing it registers `<acp-agent-panel>` (a side effect, on purpose). */
import { defineAgentPanelElement } from './define.js';

if (typeof customElements !== 'undefined') defineAgentPanelElement();
