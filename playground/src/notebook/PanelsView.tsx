import { useMemo } from 'react';
import { AcpProvider, AgentPanel, type AcpClientOptions } from 'acp-react';
import { createMemoryFs, createSimulatedTerminal } from 'acp-react/devtools';
import type { PlaygroundParams } from '../params.js';
import { sampleWorkspace } from '../workspace.js';

const PANELS = [1, 2];

/**
 * Two agent panels on one page, each with its own provider, client, store, session and
 * workspace: nothing is shared, so each shows only its own turns.
 */
export function PanelsView({ params }: { params: PlaygroundParams }) {
  return (
    <main className="pg-notebook">
      {PANELS.map((n) => (
        <IndependentPanel key={n} index={n} params={params} />
      ))}
    </main>
  );
}

function IndependentPanel({ index, params }: { index: number; params: PlaygroundParams }) {
  const options = useMemo<AcpClientOptions>(() => {
    const fs = createMemoryFs({ files: sampleWorkspace(params.cwd), writable: true });
    return {
      url: params.agentUrl,
      clientInfo: { name: `acp-react-panel-${index}`, version: '0.1.0' },
      ...(params.browserWorkspace ? { fs, terminal: createSimulatedTerminal({ fs, lineDelayMs: 40 }) } : {}),
    };
  }, [index, params]);
  return (
    <section className="pg-cell" aria-label={`Panel ${index}`} data-panel={index}>
      <header className="pg-cell__head">
        <h2>Panel {index}</h2>
      </header>
      <AcpProvider options={options}>
        <AgentPanel cwd={params.cwd} compact showSessionList={false} />
      </AcpProvider>
    </section>
  );
}
