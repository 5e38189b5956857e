// The bridge in its default mode (one agent per connection), driven over loopback by the real
// SDK client and by raw WebSocket clients.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import * as acp from '@agentclientprotocol/sdk';
import { startBridge } from '../../bridge/server.mjs';
import { AgentProcess } from '../../bridge/agent-process.mjs';
import {
  BIG_CHUNK_BYTES,
  EMOJI_TEXT,
  INIT_PARAMS,
  RawClient,
  bigText,
  closeAllBridges,
  connectSdk,
  expectRefusal,
  initialize,
  isAlive,
  startTestBridge,
  waitForExit,
  waitForLog,
} from './helpers';

afterEach(closeAllBridges);

async function newSession(client: RawClient): Promise<string> {
  await client.request('initialize', INIT_PARAMS);
  const created = await client.request('session/new', { cwd: process.cwd(), mcpServers: [] });
  return (created.result as { sessionId: string }).sessionId;
}

describe('acp-react-bridge: end to end with the SDK client', () => {
  it('runs a full turn: initialize, session/new, a streamed prompt with big and multi-byte chunks', async () => {
    const { url } = await startTestBridge();
    const client = connectSdk(url, { headers: { Origin: 'http://localhost:5173' } });
    try {
      const init = await initialize(client.conn);
      expect(init.agentInfo?.name).toBe('stdio-fixture-agent');
      const { sessionId } = await client.conn.agent.request(acp.methods.agent.session.new, { cwd: process.cwd(), mcpServers: [] });
      const { stopReason } = await client.conn.agent.request(acp.methods.agent.session.prompt, {
        sessionId,
        prompt: [{ type: 'text', text: 'hi there 👋' }],
      });
      expect(stopReason).toBe('end_turn');
      const chunks = client.chunks();
      expect(chunks).toHaveLength(4);
      expect(chunks[0]).toBe('Hello');
      // > 64 KiB: crosses many pipe chunks, with 2-, 3- and 4-byte characters at the seams.
      expect(Buffer.byteLength(chunks[1])).toBeGreaterThanOrEqual(BIG_CHUNK_BYTES);
      expect(chunks[1]).toBe(bigText(BIG_CHUNK_BYTES));
      expect(chunks[2]).toBe(EMOJI_TEXT);
      expect(chunks[3]).toBe('echo: hi there 👋');
      expect(client.updates.every((update) => update.sessionId === sessionId)).toBe(true);
    } finally {
      client.conn.close();
    }
  });

  it('passes the agent stderr through with a prefix, and drops non-JSON stdout lines with a log line', async () => {
    const { url, logs } = await startTestBridge({ agentEnv: { STDIO_AGENT_NOISE: '1' } });
    const client = await RawClient.open(url);
    const init = await client.request('initialize', INIT_PARAMS);
    expect(init.result).toMatchObject({ agentInfo: { name: 'stdio-fixture-agent' } });
    const pid = (init.result as { _meta: { pid: number } })._meta.pid;
    await waitForLog(logs, new RegExp(`^agent: \\[agent ${pid}\\] stdio-agent: ready`));
    await waitForLog(logs, /non-JSON line to stdout.*"this is not JSON"/);
    // Only the initialize response (and the bridge's features after it) arrived: the noise and the blank lines were not forwarded.
    expect(client.messages.filter((m) => m.method !== '_acp-react/bridge/features')).toHaveLength(1);
    await client.close();
  });
});

describe('acp-react-bridge: agent lifecycle per connection', () => {
  it('starts an agent per connection and kills it when the socket closes', async () => {
    const { url, bridge } = await startTestBridge();
    const first = connectSdk(url);
    const second = connectSdk(url);
    const pid1 = ((await initialize(first.conn))._meta as { pid: number }).pid;
    const pid2 = ((await initialize(second.conn))._meta as { pid: number }).pid;
    expect(pid1).not.toBe(pid2);
    expect(bridge.agentPids().sort()).toEqual([pid1, pid2].sort());

    first.conn.close();
    await waitForExit(pid1);
    expect(isAlive(pid2)).toBe(true);
    second.conn.close();
    await waitForExit(pid2);
    await expect.poll(() => bridge.agentPids()).toEqual([]);
  });

  it('escalates to SIGKILL when the agent ignores SIGTERM', async () => {
    const { url, logs } = await startTestBridge({ killTimeoutMs: 200, agentEnv: { STDIO_AGENT_IGNORE_SIGTERM: '1' } });
    const client = await RawClient.open(url);
    const init = await client.request('initialize', INIT_PARAMS);
    const pid = (init.result as { _meta: { pid: number } })._meta.pid;
    await client.close();
    await waitForLog(logs, /stdio-agent: ignoring SIGTERM/);
    await waitForExit(pid);
    await waitForLog(logs, new RegExp(`agent ${pid} stopped .*killed by SIGKILL`));
  });

  it('closes the socket with 1011 and the exit code when the agent crashes, and keeps serving', async () => {
    const { url, logs } = await startTestBridge();
    const client = await RawClient.open(url);
    const sessionId = await newSession(client);
    client.send({ jsonrpc: '2.0', id: 99, method: 'session/prompt', params: { sessionId, prompt: [{ type: 'text', text: 'crash' }] } });
    const closed = await client.closed;
    expect(closed.code).toBe(1011);
    expect(closed.reason).toBe('agent exited with code 3');
    await waitForLog(logs, /stdio-agent: crashing as asked/);

    const again = await RawClient.open(url);
    expect((await again.request('initialize', INIT_PARAMS)).result).toBeDefined();
    await again.close();
  });

  it('closes with 1011 when the agent exits right after starting', async () => {
    const { url } = await startTestBridge({ agentEnv: { STDIO_AGENT_EXIT_ON_START: '4' } });
    const client = await RawClient.open(url);
    expect(await client.closed).toEqual({ code: 1011, reason: 'agent exited with code 4' });
  });

  it('refuses to start when the agent command does not exist', async () => {
    await expect(startBridge({ command: 'acp-react-bridge-no-such-agent', port: 0, log: () => {} })).rejects.toMatchObject({
      code: 'ENOENT',
      message: expect.stringMatching(/not found on PATH/),
    });
  });

  it('close() closes sockets with 1001 and stops the agents', async () => {
    const { url, bridge } = await startTestBridge();
    const client = await RawClient.open(url);
    const init = await client.request('initialize', INIT_PARAMS);
    const pid = (init.result as { _meta: { pid: number } })._meta.pid;
    await bridge.close();
    expect(await client.closed).toEqual({ code: 1001, reason: 'the bridge is shutting down' });
    expect(isAlive(pid)).toBe(false);
    await expect(RawClient.open(url)).rejects.toThrow();
  });
});

describe('acp-react-bridge: framing and validation', () => {
  it('answers batches, invalid JSON, non-objects and binary frames with error frames, and the connection survives', async () => {
    const { url } = await startTestBridge();
    const client = await RawClient.open(url);
    const errorFrames = () => client.messages.filter((message) => message.id === null);

    client.send('{"jsonrpc":"2.0", nope');
    client.send([{ jsonrpc: '2.0', id: 1, method: 'initialize', params: INIT_PARAMS }]);
    client.send('42');
    client.ws.send(Buffer.from('{"jsonrpc":"2.0","id":7,"method":"initialize"}'), { binary: true });
    await expect.poll(() => errorFrames().length).toBe(4);
    const [parse, batch, scalar, binary] = errorFrames().map((message) => message.error as { code: number; message: string });
    expect(parse).toMatchObject({ code: -32700, message: 'Parse error' });
    expect(batch).toMatchObject({ code: -32600, message: expect.stringMatching(/batches are not supported/) });
    expect(scalar).toMatchObject({ code: -32600 });
    expect(binary).toMatchObject({ code: -32600, message: expect.stringMatching(/binary frames/) });

    // Nothing reached the agent: it still accepts its first initialize.
    const init = await client.request('initialize', INIT_PARAMS);
    expect(init.result).toMatchObject({ agentInfo: { name: 'stdio-fixture-agent' } });
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    await client.close();
  });

  it('re-serializes pretty-printed JSON from the browser onto a single stdin line', async () => {
    const { url } = await startTestBridge();
    const client = await RawClient.open(url);
    client.send(JSON.stringify({ jsonrpc: '2.0', id: 'pretty', method: 'initialize', params: INIT_PARAMS }, null, 2));
    const response = await client.waitFor((message) => message.id === 'pretty');
    expect(response.result).toMatchObject({ protocolVersion: acp.PROTOCOL_VERSION });
    await client.close();
  });

  it('closes with 1009 when the browser sends an oversized frame, and keeps serving', async () => {
    const { url, logs } = await startTestBridge({ maxMessageBytes: 64 * 1024 });
    const client = await RawClient.open(url);
    client.send({ jsonrpc: '2.0', method: '_big', params: { text: 'x'.repeat(100 * 1024) } });
    const closed = await client.closed;
    expect(closed.code).toBe(1009);
    expect(closed.reason).toMatch(/at most 65536 bytes/);
    await waitForLog(logs, /1009/);

    const again = await RawClient.open(url);
    expect((await again.request('initialize', INIT_PARAMS)).result).toBeDefined();
    await again.close();
  });

  it('closes with 1009 when the agent writes an oversized line, and keeps serving', async () => {
    const { url, logs } = await startTestBridge({ maxMessageBytes: 1024 * 1024 });
    const client = await RawClient.open(url);
    const sessionId = await newSession(client);
    client.send({ jsonrpc: '2.0', id: 50, method: 'session/prompt', params: { sessionId, prompt: [{ type: 'text', text: 'huge' }] } });
    const closed = await client.closed;
    expect(closed.code).toBe(1009);
    expect(closed.reason).toMatch(/agent sent a message over 1048576 bytes/);
    await waitForLog(logs, /larger than 1048576 bytes/);

    const again = await RawClient.open(url);
    expect((await again.request('initialize', INIT_PARAMS)).result).toBeDefined();
    await again.close();
  });

  it('stops reading the agent while the browser is slow, and delivers everything once it catches up', async () => {
    const pauseOutput = vi.spyOn(AgentProcess.prototype, 'pauseOutput');
    const resumeOutput = vi.spyOn(AgentProcess.prototype, 'resumeOutput');
    try {
      const { url } = await startTestBridge({ maxMessageBytes: 4 * 1024 * 1024 });
      const client = await RawClient.open(url);
      const sessionId = await newSession(client);
      client.ws.pause(); // a browser tab that stopped reading
      const turns = 8; // 8 × 2 MiB of chunks: well over the bridge's 8 MiB high-water mark
      for (let i = 0; i < turns; i++) {
        client.send({ jsonrpc: '2.0', id: 100 + i, method: 'session/prompt', params: { sessionId, prompt: [{ type: 'text', text: 'huge' }] } });
      }
      await vi.waitFor(() => expect(pauseOutput).toHaveBeenCalled(), { timeout: 15_000 });
      client.ws.resume();
      for (let i = 0; i < turns; i++) {
        expect((await client.waitFor((message) => message.id === 100 + i)).result).toEqual({ stopReason: 'end_turn' });
      }
      expect(client.messages.filter((message) => message.method === 'session/update')).toHaveLength(turns);
      expect(resumeOutput).toHaveBeenCalled();
      await client.close();
    } finally {
      pauseOutput.mockRestore();
      resumeOutput.mockRestore();
    }
  });

  it('answers plain HTTP requests with 426 Upgrade Required', async () => {
    const { url } = await startTestBridge();
    const response = await fetch(url.replace('ws://', 'http://'));
    expect(response.status).toBe(426);
    expect(await response.text()).toMatch(/WebSocket/);
  });
});

describe('acp-react-bridge: who may connect', () => {
  it('refuses a foreign Origin with 403 and a log line', async () => {
    const { url, logs, bridge } = await startTestBridge();
    const refusal = await expectRefusal(url, { origin: 'https://evil.example' });
    expect(refusal.status).toBe(403);
    expect(refusal.body).toMatch(/Origin "https:\/\/evil.example" is not allowed.*--allow-origin/);
    await waitForLog(logs, /refused connection .*https:\/\/evil.example.*403/);
    expect(bridge.agentPids()).toEqual([]);
    expect((await expectRefusal(url, { origin: 'null' })).status).toBe(403);
  });

  it('accepts loopback origins and clients without an Origin', async () => {
    const { url } = await startTestBridge();
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:8080', 'https://[::1]', undefined]) {
      const client = await RawClient.open(url, { origin });
      await client.close();
    }
  });

  it('accepts origins added with --allow-origin, or any with "*"', async () => {
    const { url } = await startTestBridge({ allowOrigins: ['https://app.example.com'] });
    await (await RawClient.open(url, { origin: 'https://app.example.com' })).close();
    expect((await expectRefusal(url, { origin: 'https://other.example.com' })).status).toBe(403);

    const any = await startTestBridge({ allowOrigins: ['*'] });
    await (await RawClient.open(any.url, { origin: 'https://other.example.com' })).close();
  });

  it('requires the token when one is set: 401 when missing or wrong', async () => {
    const { url, logs } = await startTestBridge({ token: 'correct-horse' });
    const missing = await expectRefusal(url);
    expect(missing.status).toBe(401);
    expect(missing.body).toMatch(/missing token/);
    expect((await expectRefusal(`${url}/?token=wrong`)).status).toBe(401);
    expect((await expectRefusal(url, { protocols: ['acp-token.wrong'] })).status).toBe(401);
    await waitForLog(logs, /401 invalid token/);
    expect(logs.join('\n')).not.toMatch(/correct-horse/);
  });

  it('checks the Origin before the token', async () => {
    const { url } = await startTestBridge({ token: 'correct-horse' });
    expect((await expectRefusal(`${url}/?token=correct-horse`, { origin: 'https://evil.example' })).status).toBe(403);
  });

  it('accepts the right token from the query parameter', async () => {
    const { url } = await startTestBridge({ token: 'correct-horse' });
    const client = await RawClient.open(`${url}/acp?token=correct-horse`);
    expect((await client.request('initialize', INIT_PARAMS)).result).toBeDefined();
    await client.close();
  });

  it('accepts the right token as a subprotocol and echoes that subprotocol', async () => {
    const { url } = await startTestBridge({ token: 'correct-horse' });
    const raw = await RawClient.open(url, { protocols: ['something-else', 'acp-token.correct-horse'] });
    expect(raw.ws.protocol).toBe('acp-token.correct-horse');
    await raw.close();

    // The SDK client passes `protocols` straight to the WebSocket, as a browser page would.
    const sdk = connectSdk(url, { protocols: ['acp-token.correct-horse'], headers: { Origin: 'http://localhost:5173' } });
    expect((await initialize(sdk.conn)).agentInfo?.name).toBe('stdio-fixture-agent');
    sdk.conn.close();
  });

  it('does not pass ACP_BRIDGE_TOKEN on to the agent', async () => {
    const { url } = await startTestBridge({ agentEnv: { ACP_BRIDGE_TOKEN: 'leak-me' } });
    // The fixture would not expose it anyway; check the environment the bridge builds instead.
    const client = await RawClient.open(url);
    const init = await client.request('initialize', INIT_PARAMS);
    const pid = (init.result as { _meta: { pid: number } })._meta.pid;
    const { readFile } = await import('node:fs/promises');
    const environ = await readFile(`/proc/${pid}/environ`, 'utf8').catch(() => undefined);
    if (environ !== undefined) expect(environ.split('\0').some((entry) => entry.startsWith('ACP_BRIDGE_TOKEN='))).toBe(false);
    await client.close();
  });
});
