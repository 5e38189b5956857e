import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { AcpClient } from '../core/index.js';
import { createClient } from '../core/client/create-client.js';
import { AgentPanel } from '../panels/index.js';
import { AcpProvider } from '../react/AcpProvider.js';
import { BUNDLED } from '../react/connection-modules.js';
import { bridgeEvents, emit } from './events.js';
import { optionProblems, type MountAgentPanelOptions } from './options.js';
import { adoptLibrarySheet } from './sheet.js';

/** `mountAgentPanel`'s answer: call it to unmount and disconnect; `update` changes the options. */
export interface AgentPanelMount {
  (): void;
  /** Merges `changes` into the options: a new `url` or client option reconnects, a new `cwd` starts a fresh panel, a theme applies at once. */
  update(changes: Partial<MountAgentPanelOptions>): void;
}

/** The client options that need a new client (and connection) when they change. */
/**
 * What the client is made of: the URL and each client option, by value. The element builds a new
 * options object on every attribute change, so comparing the object itself made a theme change
 * close the connection and start over with an empty panel.
 */
const clientKey = (o: Partial<MountAgentPanelOptions>) => [o.url, ...Object.entries(o.client ?? {}).flat()];

/**
 * Renders an `AgentPanel` with a provider and a client of its own into `element`'s open shadow
 * root (made when it has none), with the library's styles adopted there. Returns a function that
 * unmounts it and closes its connection. Invalid options (a malformed URL, a relative cwd, an
 * unknown theme) show what is wrong inside the element and warn in the console; nothing connects
 * until they are fixed with `update`. Events (`acp-connection-change`, `acp-session-created`,
 * `acp-turn-end`, `acp-permission-request`, `acp-error`) are dispatched on `element`.
 */
export function mountAgentPanel(element: HTMLElement, initial: MountAgentPanelOptions): AgentPanelMount {
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  adoptLibrarySheet(shadow);
  const container = element.ownerDocument.createElement('div');
  container.className = 'acp-element';
  container.setAttribute('data-slot', 'agent-panel-element');
  shadow.replaceChildren(container);
  const root: Root = createRoot(container);

  let options: Partial<MountAgentPanelOptions> = { ...initial };
  let client: AcpClient | null = null;
  let clientFor: unknown[] = [];
  let stopEvents = () => {};
  let warned = '';
  let disposed = false;

  const closeClient = () => {
    stopEvents();
    stopEvents = () => {};
    client?.dispose();
    client = null;
    clientFor = [];
  };

  const render = () => {
    if (disposed) return;
    const problems = optionProblems(options);
    const theme = options.theme ?? 'system';
    if (theme === 'light' || theme === 'dark') container.setAttribute('data-theme', theme);
    else container.removeAttribute('data-theme');
    if (problems.length > 0) {
      closeClient();
      const text = problems.join(' ');
      if (text !== warned) {
        warned = text;
        console.warn(`<${element.localName}>: ${text}`);
        emit(element, 'acp-error', { source: 'attribute', message: text, code: null });
      }
      root.render(
        <div className="acp-element__problem" data-slot="agent-panel-element-problem" role="alert">
          {problems.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>,
      );
      return;
    }
    warned = '';
    const key = clientKey(options);
    if (!client || key.length !== clientFor.length || key.some((value, i) => value !== clientFor[i])) {
      closeClient();
      client = createClient({ ...options.client, url: options.url }, BUNDLED);
      clientFor = key;
      stopEvents = bridgeEvents(client, element);
    }
    root.render(
      <StrictMode>
        <AcpProvider key={options.url} client={client} messages={options.messages} locale={options.locale}>
          <AgentPanel key={options.cwd} {...options.panel} cwd={options.cwd!} />
        </AcpProvider>
      </StrictMode>,
    );
  };

  const dispose = (() => {
    if (disposed) return;
    disposed = true;
    root.unmount();
    closeClient();
    shadow.replaceChildren();
  }) as AgentPanelMount;
  dispose.update = (changes) => {
    options = { ...options, ...changes };
    render();
  };
  render();
  return dispose;
}
