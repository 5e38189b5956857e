/**
 * The bridge handshake and `env_var` sign-in, end to end on loopback: the real core client
 * (createAcpClient over `ws`) → acp-react-bridge → a stdio agent that checks its environment.
 */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createAcpClient, type AcpClient } from '../../src/core/index.js';
import { startDemo } from '../helpers/demo.js';
import { waitForSnapshot } from '../helpers/wait.js';
import { closeAllBridges, INIT_PARAMS, isAlive, RawClient, startTestBridge, waitForExit } from './helpers.js';

const AUTH_AGENT = fileURLToPath(new URL('../fixtures/auth-agent.mjs', import.meta.url));
const clients: AcpClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.disconnect()));
  await closeAllBridges();
});

function connect(url: string) {
  const client = createAcpClient({
    url,
    WebSocket: WebSocket as never,
    scheduler: 'sync',
    reconnect: false,
    clientInfo: { name: 'sign-in-test', version: '0' },
  });
  clients.push(client);
  return client;
}

const authBridge = (options: { shared?: boolean } = {}) => startTestBridge({ args: [AUTH_AGENT], agentEnv: { AUTH_AGENT_API_KEY: '' }, ...options });

describe('the bridge handshake', () => {
  it('tells the page its features in the initialize result, and the agent never sees the handshake', async () => {
    const { url } = await authBridge();
    const raw = await RawClient.open(url);
    const capabilities = { ...INIT_PARAMS.clientCapabilities, _meta: { 'acp-react/bridge': { terminalAuth: true }, 'other.example/x': 1 } };
    const response = await raw.request('initialize', { ...INIT_PARAMS, clientCapabilities: capabilities });
    const result = response.result as { _meta: Record<string, unknown>; authMethods: { id: string }[] };
    expect(result._meta['acp-react/bridge']).toMatchObject({ protocolVersion: 1, features: { envVarAuth: true, terminalAuth: false, terminals: false } });
    // The fixture reports whether the request it got mentioned the bridge's entry.
    expect(result._meta.sawBridgeEntry).toBe(false);
    // Without a bridge able to run it, terminal sign-in is not advertised to the agent.
    expect(result.authMethods.map((m) => m.id)).toEqual(['api-key']);
    // The bridge's own methods are answered by the bridge: an unknown one is "Method not found".
    const unknown = await raw.request('_acp-react/bridge/nope', {});
    expect(unknown.error).toMatchObject({ code: -32601 });
    await raw.close();
  });

  it('a client reaches the bridge: snapshot.agent.bridge has its features; shared mode offers no restart', async () => {
    const { url } = await authBridge();
    const client = connect(url);
    await client.connect();
    // The features follow the initialize result as the bridge's notification, applied by code fetched then.
    await waitForSnapshot(client, (s) => s.agent?.bridge != null);
    expect(client.getSnapshot().agent?.bridge).toMatchObject({ version: expect.any(String), features: { envVarAuth: true } });

    const shared = await authBridge({ shared: true });
    const other = connect(shared.url);
    await other.connect();
    await waitForSnapshot(other, (s) => s.agent?.bridge != null);
    expect(other.getSnapshot().agent?.bridge?.features).toEqual({
      envVarAuth: false,
      terminalAuth: false,
      terminals: false,
      shared: { role: 'controller', pageId: expect.any(String) },
    });
    await expect(other.authenticate('api-key', { AUTH_AGENT_API_KEY: 'right-key' })).rejects.toThrow(/acp-react-bridge/);
  });
});

it('straight to an agent (no bridge): no bridge state and nothing of the handshake on the wire', async () => {
  const demo = await startDemo();
  try {
    const client = connect(demo.url);
    await client.connect();
    expect(client.getSnapshot().agent?.bridge ?? null).toBeNull();
    // Signing in with values needs a bridge: the agent does not know the bridge's method, and the error says what is needed.
    await expect(client.authenticate('nope', { X: '1' })).rejects.toThrow(/Unknown auth method/);
    const init = client.traffic.entries().find((e) => (e.msg as { method?: string } | undefined)?.method === 'initialize');
    expect(JSON.stringify(init?.msg)).not.toContain('acp-react/bridge');
  } finally {
    await demo.close();
  }
});

describe('env_var sign-in through the bridge', () => {
  it('restarts the agent with the key, authenticates, and then the agent answers a prompt', async () => {
    const { url, bridge, logs } = await authBridge();
    const client = connect(url);
    await client.connect();
    await expect(client.newSession({ cwd: '/tmp' })).rejects.toThrow();
    expect(client.getSnapshot().auth.required).toBe(true);
    const [firstPid] = bridge.agentPids();

    await client.authenticate('api-key', { AUTH_AGENT_API_KEY: 'right-key', AUTH_AGENT_REGION: 'eu-west' });
    expect(client.getSnapshot().auth).toEqual({ required: false, pendingMethodId: null, error: null, reason: null });
    await waitForExit(firstPid!);
    expect(bridge.agentPids()).toHaveLength(1);
    expect(bridge.agentPids()[0]).not.toBe(firstPid);

    const session = await client.newSession({ cwd: '/tmp' });
    await client.prompt(session.sessionId, 'hello');
    const text = JSON.stringify(client.getSnapshot().sessions[session.sessionId]!.thread.items.toArray());
    expect(text).toContain('signed in with api-key; region eu-west; echo: hello');

    // The secret is nowhere but in the agent's environment: not in the bridge's log, not in the traffic log.
    expect(logs.join('\n')).not.toContain('right-key');
    expect(logs.join('\n')).toMatch(/AUTH_AGENT_API_KEY, AUTH_AGENT_REGION set \(values not logged\)/);
    const traffic = JSON.stringify(client.traffic.entries());
    expect(traffic).not.toContain('right-key');
    expect(traffic).toContain('[redacted]');
  });

  it('a wrong key says so and lets the user try again; the open session is restored after the retry', async () => {
    const { url } = await authBridge();
    const client = connect(url);
    await client.connect();
    // Sign in once to get a session, then sign in again with a wrong key: the session must not vanish.
    await client.authenticate('api-key', { AUTH_AGENT_API_KEY: 'right-key' });
    const session = await client.newSession({ cwd: '/tmp' });

    await expect(client.authenticate('api-key', { AUTH_AGENT_API_KEY: 'wrong-key' })).rejects.toThrow(/Invalid API key/);
    let snapshot = client.getSnapshot();
    expect(snapshot.auth.required).toBe(true);
    expect(snapshot.auth.error?.message).toMatch(/Invalid API key/);
    expect(snapshot.sessions[session.sessionId]?.status).toBe('lost');

    await client.authenticate('api-key', { AUTH_AGENT_API_KEY: 'right-key' });
    snapshot = client.getSnapshot();
    expect(snapshot.auth.error).toBeNull();
    expect(snapshot.sessions[session.sessionId]?.status).toBe('active');
    await client.prompt(session.sessionId, 'after');
    expect(JSON.stringify(client.getSnapshot().sessions[session.sessionId]!.thread.items.toArray())).toContain('echo: after');
  });

  it('refuses variables the method did not ask for, and missing required ones, naming them but never the values', async () => {
    const { url, bridge } = await authBridge();
    const raw = await RawClient.open(url);
    await raw.request('initialize', INIT_PARAMS);
    const [pid] = bridge.agentPids();
    const foreign = await raw.request('_acp-react/bridge/restart_with_env', {
      methodId: 'api-key',
      env: { AUTH_AGENT_API_KEY: 'k', NODE_OPTIONS: '--require evil' },
    });
    expect(foreign.error).toMatchObject({ code: -32602, message: expect.stringContaining('NODE_OPTIONS') });
    expect(JSON.stringify(foreign)).not.toContain('evil');
    const missing = await raw.request('_acp-react/bridge/restart_with_env', { methodId: 'api-key', env: { AUTH_AGENT_REGION: 'x' } });
    expect(missing.error).toMatchObject({ message: 'Missing required variable: AUTH_AGENT_API_KEY' });
    const unknownMethod = await raw.request('_acp-react/bridge/restart_with_env', { methodId: 'nope', env: {} });
    expect(unknownMethod.error).toMatchObject({ message: expect.stringContaining('it offers: api-key') });
    // Nothing was restarted.
    expect(bridge.agentPids()).toEqual([pid]);
    expect(isAlive(pid!)).toBe(true);
    await raw.close();
  });

  it('answers requests the old agent left open when it restarts, and the new agent has the key', async () => {
    const { url } = await authBridge();
    const raw = await RawClient.open(url);
    await raw.request('initialize', INIT_PARAMS);
    const hanging = raw.request('_fixture/hang', {});
    const restarted = await raw.request('_acp-react/bridge/restart_with_env', { methodId: 'api-key', env: { AUTH_AGENT_API_KEY: 'right-key' } });
    expect((await hanging).error).toMatchObject({ message: 'The agent was restarted to sign in before it answered this request' });
    expect((restarted.result as { initialize: { agentInfo: { name: string } } }).initialize.agentInfo.name).toBe('auth-fixture-agent');
    const env = await raw.request('_fixture/env', {});
    expect(env.result).toMatchObject({ hasKey: true, signedInWith: null });
    await raw.close();
  });
});

it('a client can wait for the restart in its snapshot', async () => {
  const { url } = await authBridge();
  const client = connect(url);
  await client.connect();
  const done = client.authenticate('api-key', { AUTH_AGENT_API_KEY: 'right-key' });
  await waitForSnapshot(client, (s) => s.auth.pendingMethodId === 'api-key');
  await done;
  expect(client.getSnapshot().auth.pendingMethodId).toBeNull();
});
