/**
 * Workspace safety: `fs/*` requests from an agent may only touch the session roots (`cwd` plus
 * `additionalDirectories`). Anything else is refused with a JSON-RPC error the agent can read,
 * and for paths that are outside lexically the host's adapter is never even called.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FsAdapter } from '../../../src/core/index.js';
import { createMemoryFs, type MemoryFs } from '../../../src/core/devtools/index.js';
import { clientPool, sent } from '../../helpers/faults.js';
import { startRawAgent, type RawAgent } from '../../helpers/raw-agent.js';

const pool = clientPool();
afterEach(() => pool.disposeAll());

let capabilities: Record<string, unknown> = {};
let agent: RawAgent;
beforeAll(async () => {
  agent = await startRawAgent({
    onMessage: (m, c) => {
      if (m.method !== 'initialize') return;
      c.respond(m.id, { protocolVersion: 1, agentCapabilities: capabilities, authMethods: [] });
      return true;
    },
  });
});
afterAll(() => agent.close());
afterEach(() => {
  capabilities = {};
});

const FILES = {
  '/workspace/src/app.ts': 'line 1\nline 2\nline 3\n',
  '/etc/passwd': 'root:x:0:0:root:/root:/bin/bash\n',
  '/workspace-evil/x': 'evil\n',
  '/extra/notes.md': '# notes\n',
  '/other/secret.txt': 'secret\n',
};

/** A memory fs whose adapter calls are recorded. */
function spied(options: { writable: boolean }) {
  const fs: MemoryFs = createMemoryFs({
    files: { ...FILES },
    symlinks: { '/workspace/link': '/etc', '/workspace/src/up': '/other' },
    writable: options.writable,
  });
  const calls: string[] = [];
  const adapter: FsAdapter = {
    readTextFile: (ctx) => {
      calls.push(`read ${ctx.path}`);
      return fs.readTextFile(ctx);
    },
  };
  if (fs.writeTextFile) {
    const write = fs.writeTextFile.bind(fs);
    adapter.writeTextFile = (ctx, content) => {
      calls.push(`write ${ctx.path}`);
      return write(ctx, content);
    };
  }
  return { fs, adapter, calls };
}

async function setup(options: { writable?: boolean; additionalDirectories?: string[] } = {}) {
  const { fs, adapter, calls } = spied({ writable: options.writable ?? true });
  const { client } = pool.make(agent.url, { fs: adapter, terminal: undefined });
  await client.connect();
  const conn = agent.current!;
  const { sessionId } = await client.newSession({ cwd: '/workspace', additionalDirectories: options.additionalDirectories });
  const read = async (path: unknown, extra: Record<string, unknown> = {}) => await conn.request('fs/read_text_file', { sessionId, path, ...extra }).response;
  const write = async (path: unknown, content = 'pwned') => await conn.request('fs/write_text_file', { sessionId, path, content }).response;
  return { client, conn, sessionId, fs, calls, read, write };
}

const LEXICALLY_OUTSIDE = [
  '/etc/passwd',
  '/workspace/../etc/passwd',
  '/workspace/./src/../../etc/passwd',
  '/workspace-evil/x',
  '/extra/notes.md', // an additional directory the session never got
  'src/app.ts',
  './src/app.ts',
  'C:\\Windows\\win.ini',
  'C:/Windows/win.ini',
  '\\\\server\\share\\x',
  '/workspace/src/app.ts\0.png',
  '',
  '/../../etc/passwd',
];

describe('fs requests outside the session roots', () => {
  it('refuses reads with -32602 "access denied" and never calls the adapter for lexically outside paths', async () => {
    const { client, read, calls } = await setup();
    for (const path of LEXICALLY_OUTSIDE) {
      const answer = await read(path);
      expect(answer.result, path).toBeUndefined();
      expect(answer.error, path).toMatchObject({ code: -32602, message: expect.stringMatching(/access denied/i) });
      // The agent is not told what is there.
      expect(JSON.stringify(answer.error), path).not.toMatch(/root:x:0/);
    }
    expect(calls).toEqual([]);
    expect(client.getSnapshot().status).toBe('ready');
    expect(client.getSnapshot().diagnostics.filter((d) => /Refused access/.test(d.message))).toHaveLength(LEXICALLY_OUTSIDE.length);
  });

  it('refuses writes the same way and leaves every file untouched', async () => {
    const { read, write, calls, fs } = await setup({ writable: true });
    const before = Object.fromEntries(fs.list().map((p) => [p, fs.read(p)]));
    for (const path of LEXICALLY_OUTSIDE) {
      const answer = await write(path);
      expect(answer.error, path).toMatchObject({ code: -32602, message: expect.stringMatching(/access denied/i) });
    }
    expect(calls).toEqual([]);
    expect(Object.fromEntries(fs.list().map((p) => [p, fs.read(p)]))).toEqual(before);
    // Inside the root, both work.
    expect((await write('/workspace/src/new.ts', 'ok')).result).toEqual({});
    expect((await read('/workspace/src/new.ts')).result).toEqual({ content: 'ok' });
    expect(calls).toEqual(['write /workspace/src/new.ts', 'read /workspace/src/new.ts']);
  });

  it('refuses a symlink inside the root that points outside, after resolution, for reads and writes', async () => {
    const { read, write, fs } = await setup({ writable: true });
    for (const path of ['/workspace/link/passwd', '/workspace/src/up/secret.txt']) {
      const r = await read(path);
      expect(r.error, path).toMatchObject({ code: -32602, message: expect.stringMatching(/access denied/i) });
      expect(JSON.stringify(r)).not.toMatch(/root:x:0|secret\n/);
      const w = await write(path);
      expect(w.error, path).toMatchObject({ code: -32602, message: expect.stringMatching(/access denied/i) });
    }
    expect(fs.read('/etc/passwd')).toBe(FILES['/etc/passwd']);
    expect(fs.read('/other/secret.txt')).toBe(FILES['/other/secret.txt']);
  });

  it('reads inside the root work, with line and limit, and a missing file is -32002', async () => {
    const { read } = await setup();
    expect((await read('/workspace/src/app.ts')).result).toEqual({ content: FILES['/workspace/src/app.ts'] });
    expect((await read('/workspace//src/./app.ts', { line: 2, limit: 1 })).result).toEqual({ content: 'line 2' });
    expect((await read('/workspace/src/missing.ts')).error).toMatchObject({ code: -32002 });
  });

  it('an fs request for a session the client does not have is refused', async () => {
    const { conn, calls } = await setup();
    const answer = await conn.request('fs/read_text_file', { sessionId: 'not-mine', path: '/workspace/src/app.ts' }).response;
    expect(answer.error).toMatchObject({ code: -32002 });
    expect(calls).toEqual([]);
  });
});

describe('read-only workspaces', () => {
  it('does not advertise writeTextFile and refuses writes, while reads still work', async () => {
    const { client, write, read, fs, calls } = await setup({ writable: false });
    const init = sent(client, 'initialize')[0]!;
    expect(init.params.clientCapabilities.fs).toEqual({ readTextFile: true, writeTextFile: false });
    const answer = await write('/workspace/src/app.ts', 'overwritten');
    expect(answer.error).toBeDefined();
    expect(answer.error!.code).toBe(-32601);
    expect(fs.read('/workspace/src/app.ts')).toBe(FILES['/workspace/src/app.ts']);
    expect((await read('/workspace/src/app.ts')).result).toEqual({ content: FILES['/workspace/src/app.ts'] });
    expect(calls).toEqual(['read /workspace/src/app.ts']);
  });
});

describe('additional directories', () => {
  it('serves reads inside additionalDirectories when the agent advertises them, and nothing beyond', async () => {
    capabilities = { sessionCapabilities: { additionalDirectories: {} } };
    const { client, read } = await setup({ additionalDirectories: ['/extra', '/workspace', '/extra'] });
    // Sent deduplicated and without cwd, as the spec asks.
    expect(sent(client, 'session/new')[0]!.params.additionalDirectories).toEqual(['/extra']);
    expect((await read('/extra/notes.md')).result).toEqual({ content: FILES['/extra/notes.md'] });
    expect((await read('/extra/../other/secret.txt')).error).toMatchObject({ code: -32602 });
    expect((await read('/extra-other/notes.md')).error).toMatchObject({ code: -32602 });
  });

  it('does not widen the roots when the agent does not advertise additionalDirectories', async () => {
    capabilities = {};
    const { client, read, calls } = await setup({ additionalDirectories: ['/extra'] });
    expect(sent(client, 'session/new')[0]!.params).not.toHaveProperty('additionalDirectories');
    expect((await read('/extra/notes.md')).error).toMatchObject({ code: -32602, message: expect.stringMatching(/access denied/i) });
    expect(calls).toEqual([]);
  });
});
