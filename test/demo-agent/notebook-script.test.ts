/**
 * The demo agent's notebook script over a real loopback WebSocket with the real SDK client: a
 * prompt mentioning a notebook cell reads the notebook, asks permission with the file's diff and
 * writes back the notebook with only that cell changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as acp from '@agentclientprotocol/sdk';
import type { ClientCapabilities, ContentBlock, RequestPermissionRequest, SessionUpdate } from '@agentclientprotocol/sdk';
import { createWebSocketStream } from '@agentclientprotocol/sdk/experimental/ws-client';
import { WebSocket } from 'ws';
import { startDemoAgentServer } from '../../demo-agent/server.mjs';
import { pickScript } from '../../demo-agent/agent.mjs';
import { notebookMention, rewriteCell } from '../../demo-agent/scripts-notebook.mjs';

const m = acp.methods;
const PATH = '/work/analysis.ipynb';
const NOTEBOOK = {
  cells: [
    { cell_type: 'markdown', id: 'intro', metadata: {}, source: ['# Trip\n', '\n', 'Expenses.'] },
    {
      cell_type: 'code',
      id: 'totals',
      metadata: { tags: ['keep'] },
      execution_count: 3,
      outputs: [],
      source: [
        'totals = {}\n',
        'for item in expenses:\n',
        '    if item["category"] not in totals:\n',
        '        totals[item["category"]] = 0\n',
        '    totals[item["category"]] += item["amount"]',
      ],
    },
  ],
  metadata: { kernelspec: { name: 'python3' } },
  nbformat: 4,
  nbformat_minor: 5,
};
const FILE = `${JSON.stringify(NOTEBOOK, null, 1)}\n`;

const mention = (id: string, embedded = true): ContentBlock =>
  embedded
    ? {
        type: 'resource',
        resource: { uri: `file://${PATH}#${id}`, text: 'cell source', mimeType: 'text/x-python' },
        _meta: { 'acp-react/mention': { label: id, kind: 'cell' } },
      }
    : { type: 'resource_link', uri: `file://${PATH}#${id}`, name: id };

function connect(url: string, opts: { caps?: ClientCapabilities; file?: string; allow?: boolean } = {}) {
  const updates: SessionUpdate[] = [];
  const reads: string[] = [];
  const writes: Array<{ path: string; content: string }> = [];
  const permissions: RequestPermissionRequest[] = [];
  const conn = acp
    .client({ name: 'notebook-script-test' })
    .onNotification(m.client.session.update, ({ params }) => {
      updates.push(params.update);
    })
    .onRequest(m.client.session.requestPermission, ({ params }) => {
      permissions.push(params);
      return { outcome: { outcome: 'selected', optionId: opts.allow === false ? 'reject_once' : 'allow_once' } };
    })
    .onRequest(m.client.fs.readTextFile, ({ params }) => {
      reads.push(params.path);
      return { content: opts.file ?? FILE };
    })
    .onRequest(m.client.fs.writeTextFile, ({ params }) => {
      writes.push({ path: params.path, content: params.content });
      return {};
    })
    .connect(createWebSocketStream(url, { WebSocket: WebSocket as never }));
  const said = () =>
    updates
      .filter((u) => u.sessionUpdate === 'agent_message_chunk')
      .map((u) => (u.sessionUpdate === 'agent_message_chunk' && u.content.type === 'text' ? u.content.text : ''))
      .join('');
  return {
    conn,
    updates,
    reads,
    writes,
    permissions,
    said,
    async turn(prompt: ContentBlock[]) {
      await conn.agent.request(m.agent.initialize, {
        protocolVersion: acp.PROTOCOL_VERSION,
        clientCapabilities: opts.caps ?? { fs: { readTextFile: true, writeTextFile: true } },
      });
      const { sessionId } = await conn.agent.request(m.agent.session.new, { cwd: '/work', mcpServers: [] });
      return conn.agent.request(m.agent.session.prompt, { sessionId, prompt });
    },
  };
}

describe('the notebook script', () => {
  let server: Awaited<ReturnType<typeof startDemoAgentServer>>;
  const open: Array<ReturnType<typeof connect>> = [];
  const client = (opts?: Parameters<typeof connect>[1]) => {
    const c = connect(server.url, opts);
    open.push(c);
    return c;
  };
  beforeAll(async () => {
    server = await startDemoAgentServer({ port: 0, delayMs: 0 });
  });
  afterAll(async () => {
    for (const c of open) c.conn.close();
    await server.close();
  });

  it('runs for a prompt mentioning a notebook cell, embedded or linked; a slash command still wins', () => {
    expect(notebookMention([{ type: 'text', text: '@totals tidy' }, mention('totals')])).toEqual({ path: PATH, cellId: 'totals', label: 'totals' });
    expect(notebookMention([mention('totals', false)])).toEqual({ path: PATH, cellId: 'totals', label: 'totals' });
    expect(pickScript('@totals tidy', [{ type: 'text', text: '@totals tidy' }, mention('totals')]).name).toBe('notebook');
    expect(pickScript('/plan @totals', [mention('totals')]).name).toBe('plan');
    // Not a notebook cell: a plain file, a notebook without a cell, another scheme.
    for (const uri of ['file:///work/a.py', `file://${PATH}`, 'https://example.com/a.ipynb#x']) {
      expect(pickScript('look', [{ type: 'resource_link', uri, name: 'x' }]).name).toBe('default');
    }
  });

  it('reads the notebook, asks with the diff, and writes it back with only the mentioned cell changed', async () => {
    const c = client();
    const result = await c.turn([{ type: 'text', text: '@totals use a defaultdict' }, mention('totals')]);
    expect(result.stopReason).toBe('end_turn');
    expect(c.reads).toEqual([PATH]);
    expect(c.permissions).toHaveLength(1);
    const diff = c.permissions[0]!.toolCall.content?.[0];
    expect(diff).toMatchObject({ type: 'diff', path: PATH, oldText: FILE });
    expect(c.writes).toHaveLength(1);
    expect(c.writes[0]!.path).toBe(PATH);
    expect(diff).toMatchObject({ newText: c.writes[0]!.content });
    const written = JSON.parse(c.writes[0]!.content);
    // The cell's new source, as nbformat lines; its metadata and everything else untouched.
    expect(written.cells[1].source.join('')).toBe(
      'from collections import defaultdict\n\ntotals = defaultdict(float)\nfor item in expenses:\n    totals[item["category"]] += item["amount"]',
    );
    expect(written.cells[1].source[0]).toBe('from collections import defaultdict\n');
    expect({ ...written.cells[1], source: null }).toEqual({ ...NOTEBOOK.cells[1], source: null });
    expect(written.cells[0]).toEqual(NOTEBOOK.cells[0]);
    expect(written.metadata).toEqual(NOTEBOOK.metadata);
    expect(c.said()).toContain('Done: in cell `totals` I replaced the membership check');
    const edit = c.updates.filter((u) => u.sessionUpdate === 'tool_call_update').at(-1);
    expect(edit).toMatchObject({ status: 'completed' });
  });

  it('writes nothing when the user rejects, or the cell is gone, or the file is not JSON', async () => {
    const rejected = client({ allow: false });
    await rejected.turn([{ type: 'text', text: '@totals tidy' }, mention('totals')]);
    expect(rejected.permissions).toHaveLength(1);
    expect(rejected.writes).toEqual([]);
    expect(rejected.said()).toContain('You rejected the edit, so cell `totals` is unchanged.');

    const gone = client();
    await gone.turn([{ type: 'text', text: '@summary tidy' }, mention('summary')]);
    expect(gone.permissions).toEqual([]);
    expect(gone.writes).toEqual([]);
    expect(gone.said()).toContain('has no cell `summary` any more');

    const broken = client({ file: '{"cells": [' });
    await broken.turn([{ type: 'text', text: '@totals tidy' }, mention('totals')]);
    expect(broken.writes).toEqual([]);
    expect(broken.said()).toContain('is not valid JSON');

    const noFs = client({ caps: {} });
    await noFs.turn([{ type: 'text', text: '@totals tidy' }, mention('totals', false)]);
    expect(noFs.reads).toEqual([]);
    expect(noFs.said()).toContain('this client offers no `fs.readTextFile`');
  });

  it('on request, writes a notebook cut off halfway (for the page to show the error)', async () => {
    const c = client();
    await c.turn([{ type: 'text', text: '@intro write invalid JSON' }, mention('intro')]);
    expect(c.writes).toHaveLength(1);
    expect(() => JSON.parse(c.writes[0]!.content)).toThrow();
    expect(c.said()).toContain('it is not valid JSON now');
  });

  it('rewrites the sample cells it knows and notes the request on any other cell', () => {
    expect(rewriteCell({ cell_type: 'code', source: 'for category in totals:\n    print(category + ": " + str(totals[category]))' }, '').source).toBe(
      'for category, amount in sorted(totals.items()):\n    print(f"{category}: {amount:.2f}")',
    );
    expect(rewriteCell({ cell_type: 'code', source: 'x = 1' }, 'name it count').source).toBe('# name it count\nx = 1');
    expect(rewriteCell({ cell_type: 'markdown', source: '# Title\n' }, 'add a date').source).toBe('# Title\n\n> add a date');
  });
});
