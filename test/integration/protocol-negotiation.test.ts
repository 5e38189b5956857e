/**
 * The client's own `initialize` (`core/client/negotiate.ts`) over a real loopback WebSocket and
 * over Streamable HTTP, with agents built on the SDK's own apps: the traffic log holds exactly one
 * `initialize`, the v1 app then speaks on the same stream, and the snapshot says which version is
 * in use. Agents on the SDK's v2 app refuse a v1 offer: the client says so, naming both versions,
 * and does not loop on reconnects.
 */
import * as acp from '@agentclientprotocol/sdk';
import { agent as agentV2, methods as methodsV2 } from '@agentclientprotocol/sdk/experimental/v2';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AcpClient, AcpClientOptions } from '../../src/core/index.js';
import { makeClient, WORKSPACE } from '../helpers/demo.js';
import { settle } from '../helpers/faults.js';
import { serveSdkAgent, type SdkAgentServer } from '../helpers/sdk-agent-server.js';

const m = acp.methods;
/** The `initialize` params each connection arrived with, as the v1 app parsed them. */
const offers: acp.InitializeRequest[] = [];

function v1Agent() {
  return acp
    .agent({ name: 'v1-agent' })
    .onRequest(m.agent.initialize, ({ params }) => {
      offers.push(params);
      return { protocolVersion: 1, agentCapabilities: { loadSession: true }, agentInfo: { name: 'v1-agent', version: '1.0.0' }, authMethods: [] };
    })
    .onRequest(m.agent.session.new, () => ({ sessionId: 'v1-session' }))
    .onRequest(m.agent.session.prompt, async ({ params, client }) => {
      await client.notify(m.client.session.update, {
        sessionId: params.sessionId,
        update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Hello over v1.' } },
      });
      return { stopReason: 'end_turn' as const };
    });
}

/** An agent on the SDK's v2 app only: it answers a v1 offer with -32022. */
function v2OnlyAgent() {
  let connections = 0;
  const app = agentV2({ name: 'v2-agent' }).onRequest(methodsV2.agent.initialize, () => {
    connections++;
    return { protocolVersion: 2, info: { name: 'v2-agent', version: '1.0.0' }, capabilities: {} };
  });
  return { app, initialized: () => connections };
}

let v1: SdkAgentServer;
let v2: SdkAgentServer;
let v2Agent: ReturnType<typeof v2OnlyAgent>;
const clients: AcpClient[] = [];

beforeAll(async () => {
  v1 = await serveSdkAgent(v1Agent());
  v2Agent = v2OnlyAgent();
  v2 = await serveSdkAgent(v2Agent.app as never);
});
afterAll(async () => {
  await Promise.all([v1.close(), v2.close()]);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.disconnect()));
});

function client(url: string, overrides: Partial<AcpClientOptions> = {}) {
  const made = makeClient(url, { fs: undefined, terminal: undefined, ...overrides });
  clients.push(made.client);
  return made.client;
}

const initializes = (c: AcpClient) => c.traffic.entries().filter((e) => e.dir === 'out' && (e.msg as { method?: string }).method === 'initialize');
const httpUrl = (url: string) => url.replace(/^ws:/, 'http:');

describe.each([
  ['WebSocket', (url: string) => url],
  ['Streamable HTTP', httpUrl],
])('negotiating the version over %s', (_, to) => {
  it('a v1 agent, with default options: one initialize, protocol version 1, and a turn on the same stream', async () => {
    const c = client(to(v1.url));
    await c.connect();
    const s = c.getSnapshot();
    expect(s.agent).toMatchObject({ protocolVersion: 1, info: { name: 'v1-agent' }, capabilities: { loadSession: true } });
    const sent = initializes(c);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.msg).toMatchObject({ id: 'acp-react/initialize', params: { protocolVersion: 1, clientCapabilities: { plan: {}, subagents: {} } } });
    expect(offers.at(-1)).toMatchObject({ protocolVersion: 1, clientInfo: { name: 'acp-react-tests' } });
    // The answer is in the traffic log, and nothing was refused as an answer to no request.
    expect(c.traffic.entries().filter((e) => e.dir === 'in' && (e.msg as { id?: unknown })?.id === 'acp-react/initialize')).toHaveLength(1);
    expect(s.diagnostics).toEqual([]);

    const { sessionId } = await c.newSession({ cwd: WORKSPACE });
    await expect(c.prompt(sessionId, 'hi')).resolves.toBe('end_turn');
    const items = c.getSnapshot().sessions[sessionId]!.thread.items.toArray();
    expect(items.map((i) => ('text' in i ? i.text : i.kind))).toEqual(['hi', 'Hello over v1.']);
  });

  it('protocol 1 is the same one initialize', async () => {
    const c = client(to(v1.url), { protocol: 1 });
    await c.connect();
    expect(c.getSnapshot().agent?.protocolVersion).toBe(1);
    expect(initializes(c)).toHaveLength(1);
  });

  it('a v2-only agent: a clear error naming both versions, and no reconnect loop', async () => {
    const c = client(to(v2.url), { reconnect: { initialDelayMs: 10, maxDelayMs: 20, jitter: 0 } });
    await expect(c.connect()).rejects.toMatchObject({
      code: -32022,
      message: 'The agent speaks ACP protocol version 2 only; this client speaks version 1.',
    });
    await settle(200);
    expect(c.getSnapshot()).toMatchObject({ status: 'error', error: { code: -32022 }, reconnect: { nextAttemptAt: null } });
    expect(initializes(c)).toHaveLength(1);
    expect(v2Agent.initialized()).toBe(0);
  });

  it('protocol 1 against the v2-only agent names the setting', async () => {
    const c = client(to(v2.url), { protocol: 1 });
    await expect(c.connect()).rejects.toMatchObject({
      code: -32022,
      message: 'The agent speaks ACP protocol version 2 only; this client is set to protocol 1.',
    });
  });
});

describe('protocol 2 in this build', () => {
  it('fails at once with a clear error, opening no connection and retrying nothing', async () => {
    const c = client(v1.url, { protocol: 2, reconnect: { initialDelayMs: 10, maxDelayMs: 20, jitter: 0 } });
    const before = offers.length;
    await expect(c.connect()).rejects.toMatchObject({
      code: -32022,
      message: 'ACP v2 is not available in this build of acp-react: use protocol 1 or auto.',
    });
    await settle(200);
    expect(c.getSnapshot()).toMatchObject({ status: 'error', reconnect: { nextAttemptAt: null } });
    expect(c.traffic.entries()).toEqual([]);
    expect(offers.length).toBe(before);
  });
});
