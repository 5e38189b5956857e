/**
 * Reconnecting stops hammering an agent that failed the same way twice in a row, and says so
 * (`reconnect.repeatedFailure`, status `error`, the reason kept), leaving `retryNow()`. Failures
 * that differ go on being retried, and so does a server that cannot be reached at all (a bridge
 * restarting, a laptop waking up): that is the network, not the agent failing.
 */
import { describe, expect, it } from 'vitest';
import type { AcpClient, AcpSnapshot } from '../../../src/core/index.js';
import { perTestAgents } from '../../helpers/faults.js';
import { isRequest, startRawAgent } from '../../helpers/raw-agent.js';
import { waitForSnapshot } from '../../helpers/wait.js';

const { pool, rawAgent } = perTestAgents();
const FAST = { initialDelayMs: 20, maxDelayMs: 50, jitter: 0 };
const stopped = (s: AcpSnapshot) => s.status === 'error' && s.reconnect.repeatedFailure === true;

/** The attempt number of every reconnect scheduled from now on. */
function scheduledAttempts(client: AcpClient): number[] {
  const attempts: number[] = [];
  client.subscribe(() => {
    const { attempt, nextAttemptAt } = client.getSnapshot().reconnect;
    if (nextAttemptAt !== null && attempts.at(-1) !== attempt) attempts.push(attempt);
  });
  return attempts;
}

describe('repeated failures', () => {
  it('different failures keep it reconnecting; the same one twice in a row stops it, and Retry connects', async () => {
    const messages = ['boom A', 'boom B', 'boom A', 'boom B', 'boom B'];
    let answer = false;
    const agent = await rawAgent({
      onMessage: (m, conn) => {
        if (!isRequest(m, 'initialize') || (answer && conn.index >= messages.length)) return false;
        conn.respondError(m.id, -32603, messages[conn.index] ?? 'boom B');
        return true;
      },
    });
    const { client } = pool.make(agent.url, { reconnect: FAST });
    const attempts = scheduledAttempts(client);
    await expect(client.connect()).rejects.toMatchObject({ message: 'boom A' });
    const done = await waitForSnapshot(client, stopped, 10_000, 'stopped');
    expect(agent.connections).toHaveLength(5);
    expect(attempts).toEqual([1, 2, 3, 4]);
    expect(done.error).toEqual({ code: -32603, message: 'boom B' });
    expect(done.reconnect).toEqual({ attempt: 4, nextAttemptAt: null, repeatedFailure: true });

    // Retry is the user's: it tries again, and the agent now answers.
    answer = true;
    client.retryNow();
    const ready = await waitForSnapshot(client, (s) => s.status === 'ready', 5000, 'ready');
    expect(ready.error).toBeNull();
    expect(ready.reconnect).toEqual({ attempt: 0, nextAttemptAt: null });
  });

  it('a socket closed before initialize is answered is one failure: the attempts count up, and the same close twice stops', async () => {
    const agent = await rawAgent({
      onMessage: (m, conn) => {
        if (!isRequest(m, 'initialize')) return false;
        conn.close(1011);
        return true;
      },
    });
    const { client } = pool.make(agent.url, { reconnect: FAST });
    const attempts = scheduledAttempts(client);
    await expect(client.connect()).rejects.toMatchObject({ code: 'connection_closed' });
    const done = await waitForSnapshot(client, stopped, 10_000, 'stopped');
    expect(done.error).toMatchObject({ code: 'connection_closed' });
    expect(attempts).toEqual([1]);
    expect(agent.connections).toHaveLength(2);
  });

  it('a server that cannot be reached is retried on', async () => {
    const gone = await startRawAgent();
    await gone.close();
    const { client } = pool.make(gone.url, { reconnect: FAST });
    await expect(client.connect()).rejects.toMatchObject({ code: 'connection_failed' });
    const later = await waitForSnapshot(client, (s) => s.reconnect.attempt >= 4, 10_000, 'a fourth attempt');
    expect(later.status).toBe('reconnecting');
    expect(later.error).toMatchObject({ code: 'connection_failed' });
    expect(later.reconnect.repeatedFailure).toBeUndefined();
  });
});
