import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import { AcpProvider, AgentPanel, usePromptComposer, type AcpClientOptions, type MentionRef } from 'acp-react';
import { createMemoryFs, createSimulatedTerminal } from 'acp-react/devtools';
import type { PlaygroundParams } from '../params.js';
import { sampleWorkspace } from '../workspace.js';
import { cellIdOf, cellMention, createCellMentionSource } from './cell-mentions.js';
import { CellView } from './CellView.js';
import { createNotebookStore, type NotebookStore } from './notebook-store.js';
import { NOTEBOOK_FILE, notebookPath, sampleNotebook } from './sample.js';

/**
 * The notebook embedding: the cells of one `.ipynb` file in the in-browser workspace, and one
 * agent panel beside them. The agent reads and writes that file through `fs/*`; its writes show
 * in the cells as they land, marked. `@` in the prompt lists the cells, and each cell can start a
 * prompt about itself.
 */
export function NotebookView({ params }: { params: PlaygroundParams }) {
  const path = notebookPath(params.cwd);
  const fs = useMemo(() => createMemoryFs({ files: { ...sampleWorkspace(params.cwd), [path]: sampleNotebook() }, writable: true }), [params.cwd, path]);
  const store = useMemo(() => createNotebookStore(fs, path), [fs, path]);
  const mentions = useMemo(() => createCellMentionSource(store, path, NOTEBOOK_FILE), [store, path]);
  const options = useMemo<AcpClientOptions>(
    () => ({
      url: params.agentUrl,
      clientInfo: { name: 'acp-react-notebook', title: 'acp-react notebook', version: '0.1.0' },
      ...(params.browserWorkspace ? { fs, terminal: createSimulatedTerminal({ fs, lineDelayMs: 40 }) } : {}),
    }),
    [params, fs],
  );
  const cellsRef = useRef<HTMLDivElement>(null);
  // A mention chip in the thread opens its cell: scrolled to, and its editor focused.
  const openMention = useCallback(
    (mention: MentionRef) => {
      const id = cellIdOf(mention.uri, path);
      const cell = id === null ? null : cellsRef.current?.querySelector<HTMLElement>(`[data-cell-id="${CSS.escape(id)}"]`);
      if (!cell) return;
      cell.scrollIntoView({ block: 'center' });
      (cell.querySelector<HTMLElement>('textarea') ?? cell).focus();
    },
    [path],
  );

  return (
    <AcpProvider options={options}>
      <main className="pg-nb">
        <div className="pg-nb__cells" ref={cellsRef}>
          {params.browserWorkspace ? (
            <Cells store={store} path={path} />
          ) : (
            <p className="pg-note">
              The notebook lives in the browser&apos;s workspace, which is not shared with an agent on its own disk (add <code>&amp;workspace=browser</code> to
              share it).
            </p>
          )}
        </div>
        <div className="pg-nb__agent">
          {/* The cells are mentionable only where the agent can read and write their file. */}
          <AgentPanel cwd={params.cwd} mentionSource={params.browserWorkspace ? mentions : undefined} onMentionOpen={openMention} />
        </div>
      </main>
    </AcpProvider>
  );
}

function Cells({ store, path }: { store: NotebookStore; path: string }) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const composer = usePromptComposer();
  const { changed, lastWrite } = state;
  const cells = state.notebook.cells;
  return (
    <>
      <header className="pg-nb__head">
        <h2 className="pg-nb__file">{NOTEBOOK_FILE}</h2>
        <span className="pg-nb__path">{path}</span>
      </header>
      {state.error && (
        <div className="pg-nb__error" role="alert">
          <p>
            <strong>{NOTEBOOK_FILE} was changed, but it is not a notebook any more.</strong> {state.error}
          </p>
          <p>The cells below are the last good version; editing one, or the button, writes them back over the broken file.</p>
          <button type="button" className="acp-button" onClick={() => store.restore()}>
            Write these cells back
          </button>
        </div>
      )}
      <p className="pg-nb__status" role="status">
        {lastWrite.length > 0 && `The agent changed ${lastWrite.map((id) => `cell ${id}`).join(', ')}.`}
      </p>
      {cells.map((cell) => (
        <CellView
          key={cell.id}
          cell={cell}
          changed={changed.has(cell.id)}
          onChange={(source) => store.setSource(cell.id, source)}
          onAsk={() => composer.mention(cellMention(path, cell))}
          onRemove={cells.length > 1 ? () => store.removeCell(cell.id) : undefined}
        />
      ))}
      <div className="pg-nb__add">
        <button type="button" className="acp-button" onClick={() => store.addCell('code')}>
          Add code cell
        </button>
        <button type="button" className="acp-button" onClick={() => store.addCell('markdown')}>
          Add markdown cell
        </button>
      </div>
    </>
  );
}
