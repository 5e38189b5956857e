/**
 * An agent that starts but never answers, exits at start, or dies mid-turn, behind the real
 * acp-react-bridge (test/fixtures/failing-agent.mjs), reached by the real client over `ws`: the
 * last failure's reason stays in the snapshot while the client retries, the bridge's report of the
 * agent process (`snapshot.agentProcess`) says what the agent wrote and how it ended, and after
 * the same failure twice the client stops reconnecting and says so, leaving `retryNow()`.
 */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { AcpClient, AcpSnapshot } from '../../src/core/index.js';
import { closeAllBridges, startTestBridge } from '../bridge/helpers.js';
import { WORKSPACE } from '../helpers/demo.js';
import { clientPool } from '../helpers/faults.js';
import { waitForSnapshot } from '../helpers/wait.js';

const FAILING_AGENT = fileURLToPath(new URL('../fixtures/failing-agent.mjs', import.meta.url));
const FAST = { initialDelayMs: 20, maxDelayMs: 50, jitter: 0 };

const pool = clientPool();
afterEach(async () => {
  await pool.disposeAll();
  await closeAllBridges();
});

/** Every snapshot the client publishes from now on. */
function record(client: AcpClient): AcpSnapshot[] {
  const seen: AcpSnapshot[] = [];
  client.subscribe(() => seen.push(client.getSnapshot()));
  return seen;
}

const connections = (logs: string[]) => logs.filter((line) => /client #\d+ .*: connected$/.test(line)).length;
const stopped = (s: AcpSnapshot) => s.status === 'error' && s.reconnect.repeatedFailure === true;

describe('a failing agent behind acp-react-bridge', () => {
  it('hangs on initialize: the reason stays on while retrying, with what the agent wrote; the same failure twice stops reconnecting', async () => {
    const { url, logs } = await startTestBridge({ args: [FAILING_AGENT, 'hang'] });
    // Long enough for the bridge to start the agent process and the agent to read the request
    // (a busy machine takes a second or more to start node), which the report must show.
    const { client } = pool.make(url, { initializeTimeoutMs: 2500, reconnect: FAST });
    const seen = record(client);
    await expect(client.connect()).rejects.toMatchObject({ code: 'timeout' });
    const done = await waitForSnapshot(client, stopped, 10_000, 'reconnecting stopped');

    expect(done.error).toMatchObject({ code: 'timeout', message: expect.stringMatching(/did not answer initialize/) });
    expect(done.agentProcess).toEqual({
      exit: null,
      stderr: ['[cursor-agent-acp] info: starting the cursor-agent program', 'Error: spawn cursor-agent ENOENT', expect.stringMatching(/^got initialize/)],
    });
    expect(done.reconnect.nextAttemptAt).toBeNull();
    expect(connections(logs)).toBe(2);
    // From the first failure on, the reason never left the snapshot, not even while an attempt ran.
    const firstFailure = seen.findIndex((s) => s.error !== null);
    expect(seen.slice(firstFailure).every((s) => s.error?.code === 'timeout')).toBe(true);
    expect(seen.some((s) => s.status === 'reconnecting' && s.reconnect.nextAttemptAt === null && s.error !== null)).toBe(true);

    // Retry: a fresh connection, so a fresh agent process; failing the same way, it stops again at once.
    client.retryNow();
    await waitForSnapshot(client, (s) => s.status !== 'error', 5000, 'retrying');
    await waitForSnapshot(client, stopped, 10_000, 'stopped again');
    expect(connections(logs)).toBe(3);
    expect(logs.filter((line) => /agent \d+ started/.test(line))).toHaveLength(3);
  });

  it('exits with status 1 at start: the snapshot says how it ended and what it said, and reconnecting stops after two', async () => {
    const { url, logs } = await startTestBridge({ args: [FAILING_AGENT, 'exit'] });
    const { client } = pool.make(url, { reconnect: FAST });
    await expect(client.connect()).rejects.toMatchObject({ code: 'connection_closed' });
    const done = await waitForSnapshot(client, (s) => stopped(s) && s.agentProcess?.exit != null, 10_000, 'stopped, with the exit');
    expect(done.agentProcess).toEqual({
      exit: { code: 1, signal: null, description: 'agent exited with code 1' },
      stderr: ['failing-agent: no configuration found, giving up'],
    });
    expect(done.error).toMatchObject({ code: 'connection_closed' });
    expect(connections(logs)).toBe(2);
  });

  it.each([
    ['WebSocket', (bridge: { url: string }) => bridge.url],
    ['Streamable HTTP', (bridge: { httpUrl: string }) => bridge.httpUrl],
  ])('logs while it starts, over %s: connected, with nothing said of its silence left once it answers', async (transport, urlOf) => {
    const { bridge } = await startTestBridge({ args: [FAILING_AGENT, 'slow-start'] });
    const { client } = pool.make(urlOf(bridge), { reconnect: FAST });
    const seen = record(client);
    await client.connect();
    await waitForSnapshot(client, (s) => s.agent?.bridge != null, 5000, 'the features');
    expect(client.getSnapshot()).toMatchObject({ status: 'ready', error: null, agentProcess: null });
    // Over WebSocket its words were there while it started.
    if (transport === 'WebSocket') expect(seen.some((s) => s.status === 'connecting' && s.agentProcess?.stderr[0] === 'failing-agent: warming up')).toBe(true);
  });

  it('dies mid-turn: the turn ends interrupted, the report says how while reconnecting, and the new agent clears it', async () => {
    const { url } = await startTestBridge({ args: [FAILING_AGENT, 'die-mid-turn'] });
    const { client } = pool.make(url, { reconnect: FAST });
    const seen = record(client);
    await client.connect();
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    await expect(client.prompt(sessionId, 'go')).rejects.toMatchObject({ code: 'connection_closed' });
    const report = await waitForSnapshot(client, (s) => s.agentProcess?.exit != null, 5000, 'the report of its death');
    expect(report.agentProcess).toEqual({
      exit: { code: 2, signal: null, description: 'agent exited with code 2' },
      stderr: ['failing-agent: session created', 'failing-agent: out of memory, dying mid-turn'],
    });
    expect(report.sessions[sessionId]!.turns.at(-1)!.status).toBe('interrupted');
    // Reconnected to a fresh agent (which cannot restore the session): the report and the error are gone.
    const back = await waitForSnapshot(client, (s) => s.status === 'ready' && s.agentProcess == null, 10_000, 'reconnected');
    expect(back.error).toBeNull();
    expect(seen.some((s) => s.status === 'reconnecting' && s.agentProcess?.exit?.code === 2)).toBe(true);
  });
});
