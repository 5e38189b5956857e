/**
 * Why an agent does not answer: the bridge tells the page, as `_acp-react/bridge/agent_process`
 * `{ exit, stderr }`, what the agent wrote to stderr while it has not answered `initialize`, and
 * how it ended when it dies, before the connection closes. Real processes (test/fixtures/failing-agent.mjs),
 * a real socket.
 */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createRedactor, secretValues, StderrTail } from '../../bridge/agent-report.mjs';
import { closeAllBridges, INIT_PARAMS, RawClient, startTestBridge, waitForExit } from './helpers.js';

const FAILING_AGENT = fileURLToPath(new URL('../fixtures/failing-agent.mjs', import.meta.url));
const AUTH_AGENT = fileURLToPath(new URL('../fixtures/auth-agent.mjs', import.meta.url));
const AGENT_PROCESS = '_acp-react/bridge/agent_process';

interface Report {
  exit: { code: number | null; signal: string | null; description: string } | null;
  stderr: string[];
}

afterEach(closeAllBridges);

const failing = (mode: string, options: Parameters<typeof startTestBridge>[0] = {}) => startTestBridge({ args: [FAILING_AGENT, mode], ...options });
const reports = (raw: RawClient) => raw.messages.filter((m) => m.method === AGENT_PROCESS).map((m) => m.params as Report);
/** The first report (already received or to come) that satisfies `predicate`. */
const reportWhere = async (raw: RawClient, predicate: (report: Report) => boolean) =>
  (await raw.waitFor((m) => m.method === AGENT_PROCESS && predicate(m.params as Report))).params as Report;

describe('the agent process report', () => {
  it('an agent that never answers initialize: the page hears its stderr, and each new connection starts a new agent', async () => {
    const { bridge, url } = await failing('hang');
    const raw = await RawClient.open(url);
    raw.send({ jsonrpc: '2.0', id: 0, method: 'initialize', params: INIT_PARAMS });
    const report = await reportWhere(raw, (r) => r.stderr.some((line) => line.startsWith('got initialize')));
    expect(report.exit).toBeNull();
    expect(report.stderr).toEqual([
      '[cursor-agent-acp] info: starting the cursor-agent program',
      'Error: spawn cursor-agent ENOENT',
      'got initialize; cursor-agent is not running, so no answer',
    ]);
    expect(raw.messages.some((m) => m.id === 0)).toBe(false);
    const [first] = bridge.agentPids();
    await raw.close();
    await waitForExit(first!);

    // What Retry does: a new connection, a new agent process, and its own report.
    const again = await RawClient.open(url);
    await reportWhere(again, (r) => r.stderr.includes('Error: spawn cursor-agent ENOENT'));
    expect(bridge.agentPids()).toHaveLength(1);
    expect(bridge.agentPids()[0]).not.toBe(first);
    await again.close();
  });

  it('an agent that exits at start: its status and last words reach the page before the close (1011)', async () => {
    const { url } = await failing('exit');
    const raw = await RawClient.open(url);
    const closed = await raw.closed;
    expect(closed).toEqual({ code: 1011, reason: 'agent exited with code 1' });
    expect(reports(raw).at(-1)).toEqual({
      exit: { code: 1, signal: null, description: 'agent exited with code 1' },
      stderr: ['failing-agent: no configuration found, giving up'],
    });
  });

  it('an agent that dies mid-turn: nothing of its stderr while it works, then how it ended', async () => {
    const { url } = await failing('die-mid-turn');
    const raw = await RawClient.open(url);
    await raw.request('initialize', INIT_PARAMS);
    const created = await raw.request('session/new', { cwd: process.cwd(), mcpServers: [] });
    const { sessionId } = created.result as { sessionId: string };
    raw.send({ jsonrpc: '2.0', id: 'turn', method: 'session/prompt', params: { sessionId, prompt: [{ type: 'text', text: 'go' }] } });
    expect((await raw.closed).code).toBe(1011);
    // One report, sent after it died: its stderr once initialized is its own business until then.
    expect(reports(raw)).toEqual([
      {
        exit: { code: 2, signal: null, description: 'agent exited with code 2' },
        stderr: ['failing-agent: session created', 'failing-agent: out of memory, dying mid-turn'],
      },
    ]);
    const order = raw.messages.map((m) => (m.method === AGENT_PROCESS ? 'report' : (m.method ?? `answer ${String(m.id)}`)));
    expect(order.indexOf('report')).toBeGreaterThan(order.indexOf('session/update'));
  });

  it('an agent that logs while it starts: the report comes before the initialize answer over WebSocket, and waits behind it over HTTP', async () => {
    const { bridge, url } = await failing('slow-start');
    const raw = await RawClient.open(url);
    raw.send({ jsonrpc: '2.0', id: 0, method: 'initialize', params: INIT_PARAMS });
    await raw.waitFor((m) => m.id === 0);
    const order = raw.messages.map((m) => (m.method === AGENT_PROCESS ? 'report' : (m.method ?? 'answer')));
    expect(order.slice(0, 3)).toEqual(['report', 'answer', '_acp-react/bridge/features']);
    expect(reports(raw)).toEqual([{ exit: null, stderr: ['failing-agent: warming up'] }]);
    await raw.close();

    // The SDK's HTTP server takes the initialize answer first, or fails the connection (500).
    const response = await fetch(bridge.httpUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: INIT_PARAMS }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { result: { agentInfo: { name: string } } }).result.agentInfo.name).toBe('failing-agent');
    await fetch(bridge.httpUrl, { method: 'DELETE', headers: { 'Acp-Connection-Id': response.headers.get('Acp-Connection-Id') ?? '' } });
  });

  it('keeps the last 20 lines, each cut at 500 characters, and redacts the values of secret-looking variables', async () => {
    const key = 'sk-test-0123456789abcdef';
    const { url } = await failing('exit', {
      agentEnv: { FAILING_AGENT_STDERR_LINES: '30', FAILING_AGENT_LONG_LINE: '2000', FAILING_AGENT_ECHO: 'ACP_TEST_API_KEY', ACP_TEST_API_KEY: key },
    });
    const raw = await RawClient.open(url);
    await raw.closed;
    const { stderr } = reports(raw).at(-1)!;
    expect(stderr).toHaveLength(20);
    expect(stderr.slice(0, 17)).toEqual(Array.from({ length: 17 }, (_, i) => `line ${i + 14}`));
    expect(stderr[17]).toBe(`${'x'.repeat(500)}…`);
    expect(stderr[18]).toBe('ACP_TEST_API_KEY=[redacted]');
    expect(JSON.stringify(raw.messages)).not.toContain(key);
  });

  it('redacts the values of an env_var sign-in in what a restarted agent wrote before it died', async () => {
    const key = 'right-key';
    const { url, logs } = await startTestBridge({ args: [AUTH_AGENT], agentEnv: { AUTH_AGENT_API_KEY: '' } });
    const raw = await RawClient.open(url);
    await raw.request('initialize', INIT_PARAMS);
    const restarted = await raw.request('_acp-react/bridge/restart_with_env', { methodId: 'api-key', env: { AUTH_AGENT_API_KEY: key } });
    expect(restarted.result).toBeDefined();
    raw.send({ jsonrpc: '2.0', id: 'die', method: '_fixture/die', params: {} });
    await raw.closed;
    expect(reports(raw).at(-1)).toEqual({ exit: expect.objectContaining({ code: 3 }), stderr: ['AUTH_AGENT_API_KEY=[redacted]'] });
    expect(JSON.stringify(raw.messages)).not.toContain(key);
    // The bridge's own log is the agent's stderr as it was written, on this machine's terminal.
    expect(logs.some((line) => line.includes(`AUTH_AGENT_API_KEY=${key}`))).toBe(true);
  });

  it('--shared: reports too, and an agent that never answered initialize is stopped when its page leaves, so Retry starts a new one', async () => {
    const { bridge, url } = await failing('hang', { shared: true });
    const raw = await RawClient.open(url);
    raw.send({ jsonrpc: '2.0', id: 0, method: 'initialize', params: INIT_PARAMS });
    await reportWhere(raw, (r) => r.stderr.some((line) => line.startsWith('got initialize')));
    const [first] = bridge.agentPids();
    await raw.close();
    await waitForExit(first!);

    const again = await RawClient.open(url);
    await reportWhere(again, (r) => r.stderr.includes('Error: spawn cursor-agent ENOENT'));
    expect(bridge.agentPids()).toHaveLength(1);
    expect(bridge.agentPids()[0]).not.toBe(first);
    await again.close();
  });

  it('--shared: an agent that exits at start reports how before the close', async () => {
    const { url } = await failing('exit', { shared: true });
    const raw = await RawClient.open(url);
    expect((await raw.closed).code).toBe(1011);
    expect(reports(raw).at(-1)).toMatchObject({ exit: { code: 1 }, stderr: ['failing-agent: no configuration found, giving up'] });
  });
});

describe('the secrets a report hides', () => {
  it('are the token, every sign-in value, and the longer values of variables named as secrets', () => {
    const env = {
      OPENAI_API_KEY: 'sk-abcdefgh',
      GITHUB_TOKEN: 'ghp_12345678',
      DB_PASSWORD: 'hunter2-long',
      MY_KEY_ID: 'short',
      HOME: '/home/someone-long',
      DEBUG: '1',
    };
    expect(secretValues({ env, extraEnv: { REGION: 'eu', EMPTY: '' }, token: 'tok' }).sort()).toEqual(
      ['eu', 'ghp_12345678', 'hunter2-long', 'sk-abcdefgh', 'tok'].sort(),
    );
    expect(secretValues({ env: {}, extraEnv: {} })).toEqual([]);
  });

  it('are looked for in plain text: colours and other escape sequences are taken out first', () => {
    const tail = new StderrTail(createRedactor(['sk-secret']));
    tail.push('\x1b[31merror\x1b[39m: key sk-\x1b[1msecret\x1b[0m refused \x1b]8;;https://example.invalid\x07link\x1b]8;;\x07\r\tdone\x07');
    expect(tail.lines()).toEqual(['error: key [redacted] refused link\tdone']);
  });

  it('are replaced wherever they occur, the longest first', () => {
    const redact = createRedactor(['abc', 'xabcx']);
    expect(redact('key xabcx and abc, abcabc')).toBe('key [redacted] and [redacted], [redacted][redacted]');
    expect(createRedactor([])('nothing to hide')).toBe('nothing to hide');
  });
});
