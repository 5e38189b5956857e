import { useMemo } from 'react';
import { AcpProvider, AgentPanel, type AcpClientOptions } from 'acp-react';
import { createFloodTerminal } from './flood-terminal.js';

/**
 * The hostile page with `?agent=ws://…`: the whole agent panel connected to a misbehaving agent
 * (`test/helpers/hostile-agent.mjs`), with a terminal that floods. The browser tests and the
 * hostile benchmark stream oversized and deeply nested content through it.
 */
export function LivePage({ agentUrl }: { agentUrl: string }) {
  const options = useMemo<AcpClientOptions>(
    () => ({
      url: agentUrl,
      clientInfo: { name: 'acp-react-hostile-page', version: '0.1.0' },
      terminal: createFloodTerminal(),
      reconnect: false,
    }),
    [agentUrl],
  );
  return (
    <AcpProvider options={options}>
      <main data-testid="hostile-live" style={{ height: '100vh', display: 'flex', flexDirection: 'column', padding: 8, boxSizing: 'border-box' }}>
        <AgentPanel cwd="/workspace" showSessionList={false} />
      </main>
    </AcpProvider>
  );
}
