import { useMemo, useState } from 'react';
import { AcpProvider, AgentPanel, type AcpClientOptions } from 'acp-react';
import { createMemoryFs, createSimulatedTerminal } from 'acp-react/devtools';
import { readParams, type PlaygroundParams } from '../params.js';
import { Shell } from '../Shell.js';
import { sampleWorkspace } from '../workspace.js';

const INITIAL_CELLS = ['cell-1', 'cell-2', 'cell-3'];

/**
 * A notebook with one agent panel per cell, as marimo embeds them: each cell has its own
 * provider, client, store and session, proving instances share nothing.
 */
export function NotebookPage() {
  const params = useMemo(() => readParams(), []);
  const [cells, setCells] = useState(INITIAL_CELLS);
  return (
    <Shell page="notebook" params={params}>
      <main className="pg-notebook">
        {cells.map((id, i) => (
          <NotebookCell
            key={id}
            id={id}
            index={i + 1}
            params={params}
            onRemove={cells.length > 1 ? () => setCells(cells.filter((c) => c !== id)) : undefined}
          />
        ))}
        <button type="button" className="acp-button" onClick={() => setCells([...cells, `cell-${Date.now()}`])}>
          Add cell
        </button>
      </main>
    </Shell>
  );
}

function NotebookCell({ id, index, params, onRemove }: { id: string; index: number; params: PlaygroundParams; onRemove?: () => void }) {
  const options = useMemo<AcpClientOptions>(() => {
    const fs = createMemoryFs({ files: sampleWorkspace(params.cwd), writable: true });
    return {
      url: params.agentUrl,
      clientInfo: { name: `acp-react-notebook-${id}`, version: '0.1.0' },
      ...(params.browserWorkspace ? { fs, terminal: createSimulatedTerminal({ fs, lineDelayMs: 40 }) } : {}),
    };
  }, [id, params]);
  return (
    <section className="pg-cell" aria-label={`Cell ${index}`} data-cell={id}>
      <header className="pg-cell__head">
        <h2>Cell {index}</h2>
        {onRemove && (
          <button type="button" className="acp-button" data-variant="ghost" onClick={onRemove}>
            Remove cell {index}
          </button>
        )}
      </header>
      <AcpProvider options={options}>
        <AgentPanel cwd={params.cwd} compact showSessionList={false} />
      </AcpProvider>
    </section>
  );
}
