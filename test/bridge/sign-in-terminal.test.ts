/**
 * `terminalAuth` (`--terminal-auth`): the agent's `terminal` sign-in method run by the bridge in a
 * real pseudo-terminal (@lydell/node-pty), driven by the page over the bridge's own messages, on
 * loopback against the fixture agent whose login program reads a code from its tty.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { createAcpClient, type AcpClient } from '../../src/core/index.js';
import { waitForSnapshot } from '../helpers/wait.js';
import { closeAllBridges, INIT_PARAMS, isAlive, RawClient, startTestBridge, waitForExit } from './helpers.js';

const AUTH_AGENT = fileURLToPath(new URL('../fixtures/auth-agent.mjs', import.meta.url));
afterEach(closeAllBridges);

const OPT_IN = { ...INIT_PARAMS, clientCapabilities: { auth: { terminal: false }, _meta: { 'acp-react/bridge': { terminalAuth: true } } } };

async function signInBridge(terminalAuth = true) {
  const home = mkdtempSync(path.join(tmpdir(), 'auth-agent-home-'));
  const started = await startTestBridge({ args: [AUTH_AGENT], agentEnv: { AUTH_AGENT_API_KEY: '', AUTH_AGENT_HOME: home }, terminalAuth });
  return { ...started, home };
}

/** All the sign-in terminal's output so far. */
const screen = (raw: RawClient, terminalId: string) =>
  raw.messages
    .filter((m) => m.method === '_acp-react/bridge/auth_terminal/output' && (m.params as { terminalId: string }).terminalId === terminalId)
    .map((m) => (m.params as { data: string }).data)
    .join('');

async function waitForScreen(raw: RawClient, terminalId: string, pattern: RegExp) {
  await raw.waitFor(() => pattern.test(screen(raw, terminalId)));
}

describe('terminal sign-in through the bridge', () => {
  it('offers the terminal method only to a page that opted in; the agent is told auth.terminal: true', async () => {
    const { url } = await signInBridge();
    const plain = await RawClient.open(url);
    const plainInit = (await plain.request('initialize', INIT_PARAMS)).result as {
      authMethods: { id: string }[];
      _meta: Record<string, { features: unknown }>;
    };
    expect(plainInit.authMethods.map((m) => m.id)).toEqual(['api-key']);
    expect(plainInit._meta['acp-react/bridge']!.features).toMatchObject({ terminalAuth: true });
    await plain.close();

    const page = await RawClient.open(url);
    const init = (await page.request('initialize', OPT_IN)).result as { authMethods: { id: string; type?: string }[]; _meta: Record<string, unknown> };
    expect(init.authMethods.map((m) => m.id)).toEqual(['api-key', 'cli-login']);
    expect(init._meta.sawBridgeEntry).toBe(false);
    await page.close();
  });

  it('runs the login in a real pty: colours and prompt out, the code in, the agent signed in after the restart', async () => {
    const { url, bridge, logs } = await signInBridge();
    const raw = await RawClient.open(url);
    await raw.request('initialize', OPT_IN);
    const before = await raw.request('authenticate', { methodId: 'cli-login' });
    expect(before.error).toMatchObject({ code: -32000 });

    const started = await raw.request('_acp-react/bridge/auth_terminal/start', { methodId: 'cli-login', cols: 100, rows: 30 });
    const { terminalId } = started.result as { terminalId: string };
    // The login program checks it has a tty and the method's env (else it exits 2 at once).
    await waitForScreen(raw, terminalId, /Code: /);
    expect(screen(raw, terminalId)).toContain('\x1b[1mSign in to auth-agent');
    await raw.request('_acp-react/bridge/auth_terminal/resize', { terminalId, cols: 120, rows: 40 });
    await raw.request('_acp-react/bridge/auth_terminal/input', { terminalId, data: '9999\r' });
    await waitForScreen(raw, terminalId, /Wrong code/);
    await raw.request('_acp-react/bridge/auth_terminal/input', { terminalId, data: 'otter-7\r' });
    const exit = await raw.waitFor((m) => m.method === '_acp-react/bridge/auth_terminal/exit');
    expect(exit.params).toEqual({ terminalId, exitCode: 0, signal: null });
    expect(screen(raw, terminalId)).toContain('Signed in.');
    // The typed code is never logged.
    expect(logs.join('\n')).not.toContain('otter-7');

    const [oldPid] = bridge.agentPids();
    const restarted = await raw.request('_acp-react/bridge/restart', { methodId: 'cli-login' });
    expect((restarted.result as { initialize: { authMethods: { id: string }[] } }).initialize.authMethods.map((m) => m.id)).toContain('cli-login');
    await waitForExit(oldPid!);
    expect((await raw.request('authenticate', { methodId: 'cli-login' })).result).toEqual({});
    const session = await raw.request('session/new', { cwd: tmpdir(), mcpServers: [] });
    expect(session.result).toMatchObject({ sessionId: expect.any(String) });
    await raw.close();
  });

  it('kill ends a login that keeps asking (its whole process group); the connection stays usable', async () => {
    const { url, logs } = await signInBridge();
    const raw = await RawClient.open(url);
    await raw.request('initialize', OPT_IN);
    const { terminalId } = (await raw.request('_acp-react/bridge/auth_terminal/start', { methodId: 'cli-login' })).result as { terminalId: string };
    await waitForScreen(raw, terminalId, /Code: /);
    const pid = Number(/\(pid (\d+)\)/.exec(logs.find((l) => l.includes(`sign-in terminal ${terminalId} (pid`)) ?? '')?.[1]);
    expect(isAlive(pid)).toBe(true);
    await raw.request('_acp-react/bridge/auth_terminal/kill', { terminalId });
    const exit = await raw.waitFor((m) => m.method === '_acp-react/bridge/auth_terminal/exit');
    expect(exit.params).toMatchObject({ terminalId, exitCode: null, signal: 'SIGKILL' });
    await waitForExit(pid);
    // Input for a program that ended is refused; the agent still answers.
    const late = await raw.request('_acp-react/bridge/auth_terminal/input', { terminalId, data: 'x' });
    expect(late.error).toMatchObject({ code: -32002 });
    expect((await raw.request('authenticate', { methodId: 'api-key' })).error).toMatchObject({ code: -32000 });
    await raw.close();
  });

  it('closing the page ends a running sign-in program', async () => {
    const { url, logs } = await signInBridge();
    const raw = await RawClient.open(url);
    await raw.request('initialize', OPT_IN);
    const { terminalId } = (await raw.request('_acp-react/bridge/auth_terminal/start', { methodId: 'cli-login' })).result as { terminalId: string };
    await waitForScreen(raw, terminalId, /Code: /);
    const pid = Number(/\(pid (\d+)\)/.exec(logs.find((l) => l.includes(`sign-in terminal ${terminalId} (pid`)) ?? '')?.[1]);
    await raw.close();
    await waitForExit(pid);
  });

  it('refuses methods the agent did not offer as terminal methods, and is off unless enabled', async () => {
    const { url } = await signInBridge();
    const raw = await RawClient.open(url);
    await raw.request('initialize', OPT_IN);
    const wrong = await raw.request('_acp-react/bridge/auth_terminal/start', { methodId: 'api-key' });
    expect(wrong.error).toMatchObject({ code: -32602, message: expect.stringContaining('it offers: cli-login') });
    const restart = await raw.request('_acp-react/bridge/restart', { methodId: 'api-key' });
    expect(restart.error).toMatchObject({ code: -32602 });
    await raw.close();

    const off = await signInBridge(false);
    const page = await RawClient.open(off.url);
    const init = (await page.request('initialize', OPT_IN)).result as { authMethods: { id: string }[]; _meta: Record<string, { features: unknown }> };
    expect(init._meta['acp-react/bridge']!.features).toMatchObject({ terminalAuth: false });
    // Without the feature the agent is not told auth.terminal, so it offers no terminal method.
    expect(init.authMethods.map((m) => m.id)).toEqual(['api-key']);
    const refused = await page.request('_acp-react/bridge/auth_terminal/start', { methodId: 'cli-login' });
    expect(refused.error).toMatchObject({ code: -32601 });
    await page.close();
  });
});

describe('terminal sign-in from the core client', () => {
  const clients: AcpClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.disconnect()));
  });
  const connect = (url: string, terminalAuth: boolean) => {
    const client = createAcpClient({ url, WebSocket: WebSocket as never, scheduler: 'sync', reconnect: false, terminalAuth });
    clients.push(client);
    return client;
  };

  it('signs in by typing the code into the program, then the agent answers; keystrokes and the echoed screen are redacted in the traffic log', async () => {
    const { url } = await signInBridge();
    const client = connect(url, true);
    await client.connect();
    await expect(client.newSession({ cwd: tmpdir() })).rejects.toThrow();
    await waitForSnapshot(client, (s) => s.agent?.bridge?.features.terminalAuth === true);
    expect(client.getSnapshot().agent?.authMethods.map((m) => m.id)).toEqual(['api-key', 'cli-login']);

    const signIn = await client.authenticateInTerminal('cli-login', { cols: 100, rows: 30 });
    expect(client.getSnapshot().auth.pendingMethodId).toBe('cli-login');
    let screen = '';
    signIn.onData((data) => (screen += data));
    await vi.waitFor(() => expect(screen).toContain('Code: '), { timeout: 15_000 });
    signIn.write('otter-7\r');
    await signIn.result;
    expect(await signIn.exit).toEqual({ exitCode: 0, signal: null });
    expect(client.getSnapshot().auth).toEqual({ required: false, pendingMethodId: null, error: null, reason: null });
    const session = await client.newSession({ cwd: tmpdir() });
    await client.prompt(session.sessionId, 'hello');
    expect(JSON.stringify(client.getSnapshot().sessions[session.sessionId]!.thread.items.toArray())).toContain('signed in with cli-login');
    const traffic = JSON.stringify(client.traffic.entries());
    expect(traffic).toContain('auth_terminal/input');
    expect(traffic).not.toContain('otter-7');
  });

  it('stopping the program (the dialog closed) leaves the client usable, with an error that says so', async () => {
    const { url } = await signInBridge();
    const client = connect(url, true);
    await client.connect();
    await waitForSnapshot(client, (s) => s.agent?.bridge?.features.terminalAuth === true);
    const signIn = await client.authenticateInTerminal('cli-login');
    let screen = '';
    signIn.onData((data) => (screen += data));
    await vi.waitFor(() => expect(screen).toContain('Code: '), { timeout: 15_000 });
    signIn.kill();
    await expect(signIn.result).rejects.toThrow(/closed before the sign-in finished/);
    expect(client.getSnapshot().auth).toMatchObject({ pendingMethodId: null, error: { message: expect.stringContaining('closed before') } });
    // Another attempt can start at once.
    const again = await client.authenticateInTerminal('cli-login');
    again.kill();
    await expect(again.result).rejects.toThrow();
  });

  it('without the opt-in the agent offers no terminal method, and nothing of it goes on the wire', async () => {
    const { url } = await signInBridge();
    const client = connect(url, false);
    await client.connect();
    await waitForSnapshot(client, (s) => s.agent?.bridge != null);
    expect(client.getSnapshot().agent?.authMethods.map((m) => m.id)).toEqual(['api-key']);
    const init = client.traffic.entries().find((e) => (e.msg as { method?: string } | undefined)?.method === 'initialize');
    expect(JSON.stringify(init?.msg)).not.toContain('terminalAuth');
    await expect(client.authenticateInTerminal('api-key')).rejects.toThrow(/not a terminal sign-in method/);
  });
});
