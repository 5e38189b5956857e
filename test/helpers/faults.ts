/**
 * Small shared pieces for the fault tests: clients against a raw agent, thread/traffic readers.
 */
import type { AcpClient, AcpClientOptions, AcpSnapshot, ThreadItem } from '../../src/core/index.js';
import type { MemoryFs } from '../../src/core/devtools/index.js';
import { makeClient } from './demo.js';
import { afterEach } from 'vitest';
import { startRawAgent, type RawAgent, type RawMessage } from './raw-agent.js';

/** Tracks clients so `afterEach` can disconnect them all. */
export function clientPool() {
  const clients: AcpClient[] = [];
  return {
    make(url: string, overrides: Partial<AcpClientOptions> = {}): { client: AcpClient; fs: MemoryFs } {
      // No reconnect unless a test asks for it: a fault test must not hide a failure behind a retry.
      const made = makeClient(url, { reconnect: false, ...overrides });
      clients.push(made.client);
      return made;
    },
    async disposeAll() {
      await Promise.all(clients.splice(0).map((c) => c.disconnect()));
    },
  };
}

/**
 * Raw agents started within a test and the clients made against them, all closed after each test
 * (a test that fails midway must not leave a port or a reconnect loop behind for the next one).
 */
export function perTestAgents() {
  const pool = clientPool();
  const agents: RawAgent[] = [];
  afterEach(async () => {
    await pool.disposeAll();
    await Promise.all(agents.splice(0).map((a) => a.close()));
  });
  return {
    pool,
    async rawAgent(...args: Parameters<typeof startRawAgent>): Promise<RawAgent> {
      const agent = await startRawAgent(...args);
      agents.push(agent);
      return agent;
    },
  };
}

export const itemsOf = (s: AcpSnapshot, sessionId: string): readonly ThreadItem[] => s.sessions[sessionId]!.thread.items.toArray();

export const textChunk = (text: string, messageId?: string) => ({
  sessionUpdate: 'agent_message_chunk',
  content: { type: 'text', text },
  ...(messageId ? { messageId } : {}),
});

/** Outbound (client → agent) messages of a method, from the client's own traffic log. */
export const sent = (client: AcpClient, method: string): RawMessage[] =>
  client.traffic
    .entries()
    .filter((e) => e.dir === 'out' && (e.msg as RawMessage | undefined)?.method === method)
    .map((e) => e.msg as RawMessage);

/** A promise and its resolver, for scripting an agent step by step. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Lets pending I/O (socket frames in flight on loopback) settle; used only to prove an absence. */
export const settle = (ms = 50) => new Promise((r) => setTimeout(r, ms));
