/**
 * `--terminals`: the agent's `terminal/*` requests served by the bridge with real processes, per
 * the protocol's terminals page, and their output pushed live to the page's client.
 */
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createAcpClient, type AcpClient } from '../../src/core/index.js';
import { truncateFromStart } from '../../bridge/terminals.mjs';
import { waitForSnapshot } from '../helpers/wait.js';
import { closeAllBridges, INIT_PARAMS, isAlive, RawClient, startTestBridge, waitForExit } from './helpers.js';

const AUTH_AGENT = fileURLToPath(new URL('../fixtures/auth-agent.mjs', import.meta.url));
const clients: AcpClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.disconnect()));
  await closeAllBridges();
});

const terminalBridge = (terminals = true) => startTestBridge({ args: [AUTH_AGENT], agentEnv: { AUTH_AGENT_API_KEY: 'right-key' }, terminals });

/** The real core client, signed in (the bridge was started with the right key in the agent's environment). */
async function signedInClient(url: string) {
  const client = createAcpClient({ url, WebSocket: WebSocket as never, scheduler: 'sync', reconnect: false });
  clients.push(client);
  await client.connect();
  await client.authenticate('api-key', { AUTH_AGENT_API_KEY: 'right-key' });
  return client;
}

const lastText = (client: AcpClient, sessionId: string) => {
  const items = client.getSnapshot().sessions[sessionId]!.thread.items.toArray();
  return JSON.stringify(items.at(-1));
};

describe('--terminals', () => {
  it('advertises terminal to the agent and runs a real command in the session directory; its output streams to the page', async () => {
    const { url } = await terminalBridge();
    const client = await signedInClient(url);
    expect(client.getSnapshot().agent?.bridge?.features.terminals).toBe(true);
    const cwd = realpathSync(mkdtempSync(path.join(tmpdir(), 'bridge-term-')));
    const session = await client.newSession({ cwd });
    await client.prompt(session.sessionId, 'run pwd; printf "line1\\nline2\\n"; echo oops >&2; exit 3');
    expect(lastText(client, session.sessionId)).toContain('exit 3 signal none; truncated false');
    // The page's side applies the bridge's notifications with a module fetched on the first one.
    await waitForSnapshot(client, (s) => Object.values(s.terminals)[0]?.exitStatus != null);
    const terminals = Object.values(client.getSnapshot().terminals);
    expect(terminals).toHaveLength(1);
    const [terminal] = terminals;
    expect(terminal).toMatchObject({ sessionId: session.sessionId, command: '/bin/sh', cwd, exitStatus: { exitCode: 3, signal: null } });
    expect(terminal!.output).toBe(`${cwd}\nline1\nline2\noops\n`);
  });

  it('truncates a runaway command from the start at its byte limit, at a character boundary', async () => {
    const { url } = await terminalBridge();
    const client = await signedInClient(url);
    const session = await client.newSession({ cwd: tmpdir() });
    // 20,000 lines of "é-N" (multi-byte): far over the fixture's 4096-byte limit.
    await client.prompt(session.sessionId, 'run i=0; while [ $i -lt 20000 ]; do echo "é-$i"; i=$((i+1)); done');
    const text = lastText(client, session.sessionId);
    expect(text).toContain('exit 0 signal none; truncated true');
    expect(text).toContain('é-19999\\\\n');
    const chars = Number(/; (\d+) chars;/.exec(text)?.[1]);
    expect(chars).toBeGreaterThan(3000);
    expect(chars).toBeLessThanOrEqual(4096);
  });

  it('kill ends the whole process tree and keeps the terminal for output and wait_for_exit; release makes it unknown', async () => {
    const { url } = await terminalBridge();
    const client = await signedInClient(url);
    const session = await client.newSession({ cwd: tmpdir() });
    await client.prompt(session.sessionId, 'runkill sleep 30 & echo "child $!"; echo ready; wait');
    const text = lastText(client, session.sessionId);
    expect(text).toMatch(
      /killed: exit null signal SIGKILL; output \\"child \d+\\\\nready\\\\n\\"; exitStatus \{\\"exitCode\\":null,\\"signal\\":\\"SIGKILL\\"\}; after release error -32002/,
    );
    // The shell's own child (a grandchild of the bridge) went with it.
    const childPid = Number(/child (\d+)/.exec(text)?.[1]);
    await waitForExit(childPid);
    await waitForSnapshot(client, (s) => Object.values(s.terminals)[0]?.exitStatus?.signal === 'SIGKILL');
  });

  it('closing the page ends the commands still running', async () => {
    const { url } = await terminalBridge();
    const raw = await RawClient.open(url);
    await raw.request('initialize', INIT_PARAMS);
    await raw.request('authenticate', { methodId: 'api-key' });
    const { result } = await raw.request('session/new', { cwd: tmpdir(), mcpServers: [] });
    const { sessionId } = result as { sessionId: string };
    void raw.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'run sleep 30 & echo "child $!"; wait' }] }).catch(() => {});
    const line = await raw.waitFor((m) => m.method === '_acp-react/bridge/terminal/output' && String((m.params as { data: string }).data).includes('child '));
    const childPid = Number(/child (\d+)/.exec((line.params as { data: string }).data)?.[1]);
    expect(isAlive(childPid)).toBe(true);
    await raw.close();
    await waitForExit(childPid);
  });

  it('restarting the agent to sign in ends the commands the old process started, while the page stays connected', async () => {
    const { url, bridge } = await terminalBridge();
    const raw = await RawClient.open(url);
    await raw.request('initialize', INIT_PARAMS);
    await raw.request('authenticate', { methodId: 'api-key' });
    const { result } = await raw.request('session/new', { cwd: tmpdir(), mcpServers: [] });
    const { sessionId } = result as { sessionId: string };
    const prompt = raw.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'run sleep 30 & echo "child $!"; wait' }] });
    const line = await raw.waitFor((m) => m.method === '_acp-react/bridge/terminal/output' && String((m.params as { data: string }).data).includes('child '));
    const { terminalId } = line.params as { terminalId: string };
    const childPid = Number(/child (\d+)/.exec((line.params as { data: string }).data)?.[1]);
    const [oldAgent] = bridge.agentPids();

    const restarted = await raw.request('_acp-react/bridge/restart_with_env', { methodId: 'api-key', env: { AUTH_AGENT_API_KEY: 'right-key' } });
    expect(restarted.result).toBeDefined();
    // The old process's turn is answered with an error, its terminal's command (and the command's own child) is ended,
    // and the page is told how it ended.
    expect((await prompt).error).toMatchObject({ message: expect.stringContaining('restarted to sign in') });
    await waitForExit(childPid);
    const exit = await raw.waitFor((m) => m.method === '_acp-react/bridge/terminal/exit' && (m.params as { terminalId: string }).terminalId === terminalId);
    expect(exit.params).toMatchObject({ sessionId, exitCode: null, signal: 'SIGKILL' });
    await waitForExit(oldAgent!);
    // The connection and the new agent are fine: a new session runs a new command.
    await raw.request('authenticate', { methodId: 'api-key' });
    const again = await raw.request('session/new', { cwd: tmpdir(), mcpServers: [] });
    const next = (again.result as { sessionId: string }).sessionId;
    const done = await raw.request('session/prompt', { sessionId: next, prompt: [{ type: 'text', text: 'run echo fine' }] });
    expect(done.result).toMatchObject({ stopReason: 'end_turn' });
    expect(raw.ws.readyState).toBe(WebSocket.OPEN);
    await raw.close();
  });
});

it('without --terminals the bridge does not serve terminal/*: the agent is not offered terminals', async () => {
  const { url } = await terminalBridge(false);
  const raw = await RawClient.open(url);
  const init = await raw.request('initialize', INIT_PARAMS);
  expect((init.result as { _meta: Record<string, { features: { terminals: boolean } }> })._meta['acp-react/bridge']!.features.terminals).toBe(false);
  await raw.close();
});

describe('truncateFromStart (bridge)', () => {
  it('keeps the last bytes, never splitting a character', () => {
    expect(truncateFromStart('abcdef', 3)).toEqual({ output: 'def', truncated: true });
    expect(truncateFromStart('abc', 3)).toEqual({ output: 'abc', truncated: false });
    // "é" is 2 bytes: a cut in its middle drops it whole.
    expect(truncateFromStart('aébc', 3)).toEqual({ output: 'bc', truncated: true });
    expect(truncateFromStart('🦀🦀', 5)).toEqual({ output: '🦀', truncated: true });
  });
});
