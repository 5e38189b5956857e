import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Message, ToolCall } from 'acp-react';
import '../../src/styles/index.js';
import './playground.css';
import { hostileMessage, hostileTerminal, hostileToolCall } from './hostile/payloads.js';
import { LivePage } from './hostile/LivePage.js';

const agentUrl = new URLSearchParams(window.location.search).get('agent');

/**
 * Hostile agent output rendered by the library's components (checked by a browser test), or with
 * `?agent=ws://…` the whole panel connected to a misbehaving agent.
 */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {agentUrl && /^wss?:\/\//i.test(agentUrl) ? (
      <LivePage agentUrl={agentUrl} />
    ) : (
      <main style={{ padding: 16, display: 'grid', gap: 16 }} data-testid="hostile-root">
        <h1>Hostile content</h1>
        <Message item={hostileMessage} />
        <ToolCall toolCall={hostileToolCall} terminals={{ [hostileTerminal.terminalId]: hostileTerminal }} onOpenLocation={() => {}} open />
      </main>
    )}
  </StrictMode>,
);
