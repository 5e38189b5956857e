/**
 * The custom element page: plain DOM code, no React of its own. Two independent
 * `<acp-agent-panel>`s (each its own connection), the first with the in-browser workspace as its
 * `fs` property; controls change attributes live, remove and re-add the first element, and give
 * it a broken URL; every event the elements send is listed.
 */
import { defineAgentPanelElement, type AgentPanelElement, type AgentPanelEventName } from 'acp-react/element';
import { createMemoryFs, createSimulatedTerminal } from 'acp-react/devtools';
import { readParams } from '../params.js';
import { sampleWorkspace } from '../workspace.js';
import './element.css';

const EVENTS: AgentPanelEventName[] = ['acp-connection-change', 'acp-session-created', 'acp-turn-end', 'acp-permission-request', 'acp-error'];

function button(label: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  b.addEventListener('click', onClick);
  return b;
}

export function start(): void {
  defineAgentPanelElement();
  const params = readParams();
  const panels = document.getElementById('panels')!;
  const controls = document.getElementById('controls')!;
  const events = document.getElementById('events')!;

  const make = (id: string, theme: string) => {
    const el = document.createElement('acp-agent-panel');
    el.id = id;
    el.setAttribute('url', params.agentUrl);
    el.setAttribute('cwd', params.cwd);
    el.setAttribute('theme', theme);
    for (const name of EVENTS) {
      el.addEventListener(name, (event) => {
        const item = document.createElement('li');
        item.textContent = `${id} ${name} ${JSON.stringify((event as CustomEvent).detail)}`;
        events.append(item);
      });
    }
    return el;
  };

  const main: AgentPanelElement = make('main-panel', params.theme);
  if (params.browserWorkspace) {
    // Properties carry what attributes cannot: the agent's file system and terminal.
    const fs = createMemoryFs({ files: sampleWorkspace(params.cwd), writable: true });
    main.fs = fs;
    main.terminal = createSimulatedTerminal({ fs });
  }
  main.clientOptions = { clientInfo: { name: 'acp-react-element-playground', version: '0.1.0' } };
  const second = make('second-panel', 'dark');
  second.panelProps = { compact: true, showSessionList: false };
  panels.append(main, second);

  const theme = document.createElement('select');
  theme.setAttribute('aria-label', 'Theme of the first panel');
  for (const value of ['system', 'light', 'dark']) theme.append(new Option(value, value, false, value === params.theme));
  theme.addEventListener('change', () => main.setAttribute('theme', theme.value));

  const toggle = button('Remove the first panel', () => {
    if (main.isConnected) {
      main.remove();
      toggle.textContent = 'Add the first panel back';
    } else {
      panels.prepend(main);
      toggle.textContent = 'Remove the first panel';
    }
  });
  const breakUrl = button('Give the first panel a broken URL', () => main.setAttribute('url', 'not a url'));
  const fixUrl = button('Restore its URL', () => main.setAttribute('url', params.agentUrl));
  controls.append(theme, toggle, breakUrl, fixUrl);
}
