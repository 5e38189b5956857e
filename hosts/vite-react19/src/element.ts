// The README's "Mount anywhere" example: no React in this page's own code.
import { defineAgentPanelElement } from 'acp-react/element';

defineAgentPanelElement();
const panel = document.querySelector('acp-agent-panel')!;
const events = document.getElementById('events')!;
for (const name of ['acp-session-created', 'acp-turn-end'] as const) {
  panel.addEventListener(name, (event) => {
    const item = document.createElement('li');
    item.textContent = `${name} ${JSON.stringify(event.detail)}`;
    events.append(item);
  });
}
