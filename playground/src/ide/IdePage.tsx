import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import {
  AcpInspector,
  AcpProvider,
  AgentPanel,
  createFileMentionSource,
  filePathOf,
  useAcpActions,
  type AcpClientOptions,
  type AgentPanelProps,
  type MentionRef,
} from 'acp-react';
import { createChangeTracker } from 'acp-react/changes';
import { createMemoryFs, createSimulatedTerminal, type MemoryFs } from 'acp-react/devtools';
import { readParams, type PlaygroundParams } from '../params.js';
import { Shell } from '../Shell.js';
import { sampleWorkspace } from '../workspace.js';
import { EditorPane } from './EditorPane.js';
import { AgentOwnsFilesNote } from './AgentOwnsFilesNote.js';
import { FileTree } from './FileTree.js';
import { ideMentionFiles } from './workspace-mentions.js';

/**
 * The web IDE page: workspace on the left, the agent panel on the right. With the demo agent,
 * the agent reads and writes this in-memory workspace and runs commands in a simulated terminal;
 * with `?agent=` (a real agent on its own disk) no workspace adapters are offered. `@` in the
 * prompt mentions files (see workspace-mentions.ts); a mention's chip in the thread opens its file.
 */
export function IdePage({ params: given }: { params?: PlaygroundParams }) {
  const params = useMemo(() => given ?? readParams(), [given]);
  const fs = useMemo(() => createMemoryFs({ files: sampleWorkspace(params.cwd), writable: true }), [params.cwd]);
  // The change review: the agent's writes go through the tracker, which records them; decisions
  // are written back to this workspace (the editor follows through fs.subscribe).
  const changes = useMemo(() => createChangeTracker({ fs }), [fs]);
  const options = useMemo<AcpClientOptions>(
    () => ({
      url: params.agentUrl,
      clientInfo: { name: 'acp-react-playground', title: 'acp-react playground', version: '0.1.0' },
      // The AgentPanel shows a sign-in terminal: through acp-react-bridge --terminal-auth, agents may offer terminal sign-in.
      terminalAuth: params.external,
      // ?attach=: join a session another page runs (acp-react-bridge --shared).
      ...(params.attach ? { attach: params.attach } : {}),
      ...(params.browserWorkspace ? { fs: changes.fs, terminal: createSimulatedTerminal({ fs, lineDelayMs: 60 }) } : {}),
    }),
    [params, fs, changes],
  );

  const version = useSyncExternalStore(
    useCallback((listener: () => void) => fs.subscribe(listener), [fs]),
    () =>
      fs.list().join('\n') +
      fs
        .list()
        .map((p) => fs.read(p)?.length ?? 0)
        .join(','),
  );
  // `version` is the reason to list again: it changes whenever the file system does.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a dependency the callback does not read
  const paths = useMemo(() => fs.list(), [fs, version]);
  const [selected, setSelected] = useState<string | null>(`${params.cwd}/src/greeting.ts`);
  const [line, setLine] = useState<number | null>(null);
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  const [inspectorOpen, setInspectorOpen] = useState(false);
  // Counts the user's requests to open a file from the thread: each moves focus to its contents.
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(
    () =>
      fs.subscribe((path) => {
        setChanged((prev) => new Set(prev).add(path));
        // Follow the agent: show what it just wrote.
        setSelected(path);
        setLine(null);
      }),
    [fs],
  );

  const openLocation = useCallback((path: string, at?: number) => {
    setSelected(path);
    setLine(at ?? null);
    setChanged((prev) => {
      const next = new Set(prev);
      next.delete(path);
      return next;
    });
  }, []);

  const openMention = useCallback(
    (mention: MentionRef) => {
      const path = filePathOf(mention.uri);
      if (path === null) return;
      openLocation(path);
      setFocusRequest((n) => n + 1);
    },
    [openLocation],
  );

  return (
    <AcpProvider options={options}>
      <Shell
        page="ide"
        params={params}
        aside={
          <button type="button" className="acp-button" aria-expanded={inspectorOpen} onClick={() => setInspectorOpen(!inspectorOpen)}>
            Protocol inspector
          </button>
        }
      >
        <main className="pg-ide">
          <div className="pg-ide__workspace">
            {!params.browserWorkspace ? (
              <p className="pg-note">
                The agent works on its own disk under <code>{params.cwd}</code>, so the in-browser workspace is not shared with it (add{' '}
                <code>&amp;workspace=browser</code> to share it, e.g. with a demo agent on another port).
              </p>
            ) : (
              <>
                <FileTree root={params.cwd} paths={paths} selected={selected} changed={changed} onSelect={(p) => openLocation(p)} />
                <AgentOwnsFilesNote />
                <p className="pg-note">
                  Terminal commands run in a <strong>simulated</strong> terminal (ls, cat, echo, pwd, npm test); nothing executes on a real machine.
                </p>
              </>
            )}
            <EditorPane path={selected} content={selected ? safeRead(fs, selected) : undefined} line={line} focusRequest={focusRequest} />
          </div>
          <div className="pg-ide__agent">
            <IdeAgentPanel
              params={params}
              fs={fs}
              onOpenLocation={openLocation}
              onMentionOpen={openMention}
              changes={params.browserWorkspace ? changes : undefined}
            />
          </div>
          {inspectorOpen && (
            <aside className="pg-ide__inspector" aria-label="Protocol inspector panel">
              <AcpInspector />
            </aside>
          )}
        </main>
      </Shell>
    </AcpProvider>
  );
}

interface IdeAgentPanelProps extends Pick<AgentPanelProps, 'onOpenLocation' | 'onMentionOpen' | 'changes'> {
  params: PlaygroundParams;
  fs: MemoryFs;
}

/** The agent panel, with the IDE's files to mention (inside the provider: the files the agent named are in its client's snapshot). */
function IdeAgentPanel({ params, fs, ...rest }: IdeAgentPanelProps) {
  const { client } = useAcpActions();
  const mentions = useMemo(
    () => createFileMentionSource(ideMentionFiles({ browserWorkspace: params.browserWorkspace, cwd: params.cwd, fs, getSnapshot: () => client.getSnapshot() })),
    [params.browserWorkspace, params.cwd, fs, client],
  );
  return <AgentPanel cwd={params.cwd} mentionSource={mentions} autoStartSession={!params.attach} {...rest} />;
}

function safeRead(fs: MemoryFs, path: string): string | undefined {
  try {
    return fs.read(path);
  } catch {
    return undefined;
  }
}
