import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { ChangeReview, ChangeSummary } from '../src/components/ChangeReview/index.js';
import { computeHunks, countChanges, createChangeTracker, type FileChange, type TurnChanges } from '../src/core/changes/index.js';
import { createMemoryFs } from '../src/core/devtools/memory-fs.js';
import { recordPatch } from '../src/core/changes/collect.js';
import { readV2Diff } from '../src/core/changes/diff-content.js';
import { gitPatch } from '../demo-agent/diff-writer.mjs';

const source = `import { readFile } from 'node:fs/promises';

export interface Config {
  host: string;
  port: number;
}

const DEFAULTS: Config = { host: 'localhost', port: 5432 };

export async function loadConfig(path: string): Promise<Config> {
  const text = await readFile(path, 'utf8');
  return { ...DEFAULTS, ...JSON.parse(text) };
}

export function describe(config: Config): string {
  return \`\${config.host}:\${config.port}\`;
}
`;
const edited = source
  .replace('  port: number;\n}', '  port: number;\n  ssl: boolean;\n}')
  .replace("{ host: 'localhost', port: 5432 }", "{ host: 'localhost', port: 5432, ssl: false }")
  .replace('return `${config.host}:${config.port}`;', "return `${config.ssl ? 'https' : 'http'}://${config.host}:${config.port}`;");

function change(path: string, before: string | null, after: string | null, extra: Partial<FileChange> = {}): FileChange {
  return {
    id: `s\u0000t1\u0000${path}`,
    sessionId: 's',
    turnId: 't1',
    path,
    source: 'write',
    ...computeHunks(before, after),
    before,
    after,
    decisions: {},
    conflict: false,
    stale: [],
    roots: ['/repo'],
    ...extra,
  };
}

function turn(files: FileChange[], extra: Partial<TurnChanges> = {}): TurnChanges {
  const { additions, deletions } = countChanges(files);
  return { sessionId: 's', turnId: 't1', files, additions, deletions, restored: false, ...extra };
}

const config = change('/repo/src/config.ts', source, edited);
const readme = change('/repo/README.md', '# Project\n', '# Project\n\nSet `ssl: true` for HTTPS.\n');
const created = change('/repo/src/ssl.ts', null, 'export const DEFAULT_PORT = 443;\n');

/** A real tracker over an in-memory workspace: every button and key works. */
function Interactive({ writable = true }: { writable?: boolean }) {
  const { tracker, memory } = useMemo(() => {
    const memory = createMemoryFs({ files: { '/repo/src/config.ts': source, '/repo/README.md': '# Project\n' }, writable });
    return { memory, tracker: createChangeTracker({ fs: writable ? memory : { readTextFile: (c) => memory.readTextFile(c) } }) };
  }, [writable]);
  const changes = useSyncExternalStore(tracker.subscribe, tracker.getSnapshot);
  useEffect(() => {
    const ctx = (path: string) => ({ sessionId: 's', path, roots: ['/repo'], signal: new AbortController().signal });
    if (tracker.getSnapshot().turns.length > 0 || !tracker.fs.writeTextFile) return;
    const write = tracker.fs.writeTextFile;
    void (async () => {
      await write(ctx('/repo/src/config.ts'), edited);
      await write(ctx('/repo/src/ssl.ts'), 'export const DEFAULT_PORT = 443;\n');
    })();
  }, [tracker, memory]);
  return (
    <ChangeReview
      turns={changes.turns.length > 0 ? changes.turns : writable ? [] : [turn([config])]}
      writable={changes.writable}
      busy={changes.busy}
      error={changes.error}
      onAcceptHunk={(f, h) => void tracker.acceptHunk(f, h)}
      onRejectHunk={(f, h) => void tracker.rejectHunk(f, h)}
      onAcceptFile={(f) => void tracker.acceptFile(f)}
      onRejectFile={(f) => void tracker.rejectFile(f)}
      onAcceptAll={() => void tracker.acceptAll({ sessionId: 's' })}
      onRejectAll={() => void tracker.rejectAll({ sessionId: 's' })}
      onPreviewRestore={(turnId) => tracker.previewRestore('s', turnId)}
      onRestore={(turnId) => void tracker.restoreCheckpoint('s', turnId)}
      onDismissError={tracker.clearError}
    />
  );
}

const meta = {
  title: 'Components/ChangeReview',
  component: ChangeReview,
  args: { turns: [turn([config, readme, created])] },
} satisfies Meta<typeof ChangeReview>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Wired to a real tracker: reject a change and the workspace file is reverted. */
export const Live: Story = { render: () => <Interactive /> };

export const Pending: Story = {};

export const SomeDecided: Story = {
  args: {
    turns: [
      turn([
        change('/repo/src/config.ts', source, edited, {
          decisions: Object.fromEntries(
            computeHunks(source, edited)
              .hunks.map((h, i) => [h.id, i === 0 ? 'rejected' : 'accepted'] as const)
              .slice(0, 2),
          ),
        }),
        readme,
      ]),
    ],
  },
};

export const ReadOnly: Story = { args: { writable: false } };

/** The file was edited after the agent's write: a change no longer applies and the review says so. */
export const ConflictAndStale: Story = {
  args: {
    turns: [turn([change('/repo/src/config.ts', source, edited, { conflict: true, stale: [computeHunks(source, edited).hunks[0]!.id] })])],
    error: { message: "A change no longer applies: the file changed after the agent's write.", path: '/repo/src/config.ts' },
  },
};

export const Busy: Story = { args: { busy: true } };

export const DeletedAndBinary: Story = {
  args: {
    turns: [
      turn([
        change('/repo/old.ts', 'export {};\n', null),
        change('/repo/logo.png', 'PNG\0\u0001', 'PNG\0\u0002'),
        change('/repo/win.txt', 'a\r\nb', 'a\r\nB\r\n'),
      ]),
    ],
  },
};

export const SessionWithTwoTurns: Story = {
  args: {
    turns: [turn([config], { turnId: 't1', restored: true }), turn([{ ...readme, id: 'r2', turnId: 't2' }], { turnId: 't2' })],
    onPreviewRestore: async () => [],
    onRestore: () => {},
  },
};

const many = Array.from({ length: 300 }, (_, i) => change(`/repo/src/module-${i}.ts`, `export const value = ${i};\n`, `export const value = ${i + 1};\n`));
export const ThreeHundredFiles: Story = { args: { turns: [turn(many)] } };

const bigBefore = Array.from({ length: 10_000 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
const bigAfter = bigBefore.replace(/line (\d*7)\n/g, 'line $1 changed\n');
export const TenThousandLineFile: Story = { args: { turns: [turn([change('/repo/big.txt', bigBefore, bigAfter)])] } };

export const Empty: Story = { args: { turns: [] } };

/** The per-turn summary under a turn that changed files. */
export const Summary: StoryObj = {
  render: () => {
    const files = [config, readme, created];
    return (
      <div style={{ display: 'grid', gap: 8 }}>
        <ChangeSummary counts={countChanges(files)} onReview={() => {}} />
        <ChangeSummary counts={{ ...countChanges(files), undecided: 0 }} onReview={() => {}} />
        <ChangeSummary counts={countChanges(files)} restored />
      </div>
    );
  },
};

export const ReadOnlyLive: Story = { render: () => <Interactive writable={false} /> };

/** A story that mounts and unmounts the review (the on-demand frame, then the loaded view). */
function ToggleReview() {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <ChangeSummary counts={countChanges([config])} onReview={() => setOpen(!open)} />
      {open && <ChangeReview turns={[turn([config])]} />}
    </div>
  );
}

export const Toggle: Story = { render: () => <ToggleReview /> };

/** ACP v2: files known from a tool call's git patch are read-only (nothing to write back); a v1 file beside them keeps its actions. */
const v2Files = readV2Diff({
  type: 'diff',
  changes: [
    { operation: 'modify', path: '/repo/src/config.ts' },
    { operation: 'move', oldPath: '/repo/src/tls.ts', path: '/repo/src/ssl.ts' },
  ],
  patch: { format: 'git_patch', text: gitPatch([{ path: '/repo/src/config.ts', oldText: source, newText: edited }]) },
}).files.map((file) => recordPatch(undefined, { sessionId: 's', turnId: 't1', file, roots: ['/repo'] }));
export const V2PatchReadOnly: Story = { args: { turns: [turn([...v2Files, readme])] } };
