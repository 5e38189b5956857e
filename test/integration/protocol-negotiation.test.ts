/**
 * The client's own `initialize` (`core/client/negotiate.ts`) over a real loopback WebSocket and
 * over Streamable HTTP, with agents built on the SDK's own apps: with default options it offers
 * version 2 with both versions' fields; a v1 agent answers 1 and a v2 agent 2 to the same one
 * request, the traffic log holds exactly one `initialize`, the app of that version then speaks on
 * the same stream, and the snapshot says which version is in use. A version the client is not set
 * to is refused with an error naming it, without a reconnect loop.
 */
import * as acp from '@agentclientprotocol/sdk';
import { agent as agentV2, agentProtocolRouter, methods as methodsV2 } from '@agentclientprotocol/sdk/experimental/v2';
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
/** The SDK's protocol router: with both apps, and with the v1 app only. */
let routed: SdkAgentServer;
let routedV1: SdkAgentServer;
/** A v1 agent that answers whatever version it was asked. */
let echo: SdkAgentServer;
let v2Agent: ReturnType<typeof v2OnlyAgent>;
const clients: AcpClient[] = [];

beforeAll(async () => {
  v1 = await serveSdkAgent(v1Agent());
  v2Agent = v2OnlyAgent();
  v2 = await serveSdkAgent(v2Agent.app as never);
  routed = await serveSdkAgent(agentProtocolRouter().withV1(v1Agent()).withV2(v2OnlyAgent().app) as never);
  routedV1 = await serveSdkAgent(agentProtocolRouter().withV1(v1Agent()) as never);
  echo = await serveSdkAgent(
    acp
      .agent({ name: 'echo-agent' })
      .onRequest(m.agent.initialize, ({ params }) => ({ protocolVersion: params.protocolVersion, agentInfo: { name: 'echo-agent', version: '1' } }))
      .onRequest(m.agent.session.new, () => ({ sessionId: 'echo-session' }))
      .onRequest(m.agent.session.prompt, () => ({ stopReason: 'end_turn' as const })),
  );
});
afterAll(async () => {
  await Promise.all([v1.close(), v2.close(), routed.close(), routedV1.close(), echo.close()]);
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
  it('a v1 agent, with default options: one initialize offering 2 with both field sets, answered 1, and a turn on the same stream', async () => {
    const c = client(to(v1.url));
    await c.connect();
    const s = c.getSnapshot();
    expect(s.agent).toMatchObject({ protocolVersion: 1, info: { name: 'v1-agent' }, capabilities: { loadSession: true } });
    const sent = initializes(c);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.msg).toMatchObject({
      id: 'acp-react/initialize',
      params: {
        protocolVersion: 2,
        info: { name: 'acp-react-tests' },
        capabilities: { elicitation: { form: {}, url: {} } },
        clientInfo: { name: 'acp-react-tests' },
        clientCapabilities: { plan: {}, subagents: {} },
      },
    });
    expect(offers.at(-1)).toMatchObject({
      protocolVersion: 2,
      clientInfo: { name: 'acp-react-tests' },
      clientCapabilities: { elicitation: { form: {}, url: {} } },
    });
    // The answer is in the traffic log, and nothing was refused as an answer to no request.
    expect(c.traffic.entries().filter((e) => e.dir === 'in' && (e.msg as { id?: unknown })?.id === 'acp-react/initialize')).toHaveLength(1);
    expect(s.diagnostics).toEqual([]);

    const { sessionId } = await c.newSession({ cwd: WORKSPACE });
    await expect(c.prompt(sessionId, 'hi')).resolves.toBe('end_turn');
    const items = c.getSnapshot().sessions[sessionId]!.thread.items.toArray();
    expect(items.map((i) => ('text' in i ? i.text : i.kind))).toEqual(['hi', 'Hello over v1.']);
  });

  it('protocol 1 is one initialize offering 1, with the v1 fields only', async () => {
    const c = client(to(v1.url), { protocol: 1 });
    await c.connect();
    expect(c.getSnapshot().agent?.protocolVersion).toBe(1);
    expect(initializes(c)).toHaveLength(1);
    expect(initializes(c)[0]!.msg).toMatchObject({ params: { protocolVersion: 1, clientCapabilities: { plan: {} } } });
    expect((initializes(c)[0]!.msg as { params: object }).params).not.toHaveProperty('info');
  });

  it('a v2-only agent, with default options: the same one initialize, answered 2, read by the v2 app', async () => {
    const c = client(to(v2.url));
    const before = v2Agent.initialized();
    await c.connect();
    expect(c.getSnapshot()).toMatchObject({ status: 'ready', agent: { protocolVersion: 2, info: { name: 'v2-agent' } } });
    expect(initializes(c)).toHaveLength(1);
    // The v2 app's own initialize was answered locally: the agent saw one.
    expect(v2Agent.initialized()).toBe(before + 1);
    expect(c.getSnapshot().diagnostics).toEqual([]);
  });

  it("a v1 agent echoing the version asked (2, in v1's shape) is spoken to in v1, with a protocol_oddity diagnostic", async () => {
    const c = client(to(echo.url));
    await c.connect();
    expect(c.getSnapshot().agent).toMatchObject({ protocolVersion: 1, info: { name: 'echo-agent' } });
    expect(c.getSnapshot().diagnostics.map((d) => d.kind)).toEqual(['protocol_oddity']);
    const { sessionId } = await c.newSession({ cwd: WORKSPACE });
    await expect(c.prompt(sessionId, 'hi')).resolves.toBe('end_turn');
  });

  it('an agent behind the SDK router with both versions answers 2; with v1 only, 1', async () => {
    const both = client(to(routed.url));
    await both.connect();
    expect(both.getSnapshot().agent).toMatchObject({ protocolVersion: 2, info: { name: 'v2-agent' } });
    const v1Only = client(to(routedV1.url));
    await v1Only.connect();
    expect(v1Only.getSnapshot().agent).toMatchObject({ protocolVersion: 1, info: { name: 'v1-agent' } });
    expect(initializes(v1Only)).toHaveLength(1);
  });

  it('protocol 1 against the v2-only agent names the setting', async () => {
    const c = client(to(v2.url), { protocol: 1 });
    await expect(c.connect()).rejects.toMatchObject({
      code: -32022,
      message: 'The agent speaks ACP protocol version 2 only; this client is set to protocol 1.',
    });
  });
});

describe('protocol 2', () => {
  it('speaks v2 to a v2 agent, offering the v2 fields only', async () => {
    const c = client(v2.url, { protocol: 2 });
    await c.connect();
    expect(c.getSnapshot().agent?.protocolVersion).toBe(2);
    const params = (initializes(c)[0]!.msg as { params: object }).params;
    expect(params).toMatchObject({ protocolVersion: 2, info: { name: 'acp-react-tests' } });
    expect(params).not.toHaveProperty('clientCapabilities');
  });

  it('against a v1 agent: a clear error naming the setting, and no reconnect loop', async () => {
    const c = client(v1.url, { protocol: 2, reconnect: { initialDelayMs: 10, maxDelayMs: 20, jitter: 0 } });
    await expect(c.connect()).rejects.toMatchObject({
      code: -32022,
      message: 'The agent answered ACP protocol version 1; this client is set to protocol 2.',
    });
    await settle(200);
    expect(c.getSnapshot()).toMatchObject({ status: 'error', reconnect: { nextAttemptAt: null } });
    expect(initializes(c)).toHaveLength(1);
  });
});
