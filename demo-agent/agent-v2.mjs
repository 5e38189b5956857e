// @ts-check
/**
 * The demo agent for ACP v2, and the choice of version per connection (`protocol` option):
 *
 * - `createDemoAgentV2(options)`: an SDK v2 `AgentApp` (its unstable entry, which knows plan
 *   operations and child sessions) whose handlers reuse the v1 agent's sessions, turns and scripts
 *   through one translation layer (`handlers-v2.mjs`, `wire-v2.mjs`). A v1 `initialize` gets -32022.
 * - `createDemoAgentFor(options)`: what a transport connects: the v1 app (`protocol: 1`, the
 *   default), the v2 app (`2`), or the SDK's protocol router with both (`'auto'`: each connection
 *   gets the version its `initialize` asks for), sharing one session store.
 *
 * Browser-safe like `agent.mjs`: the SDK's v2 entry and its router import no Node modules.
 */
import * as v2 from '@agentclientprotocol/sdk/experimental/v2/unstable';
import { createDemoAgent } from './agent.mjs';
import { agentAppOptions, withHandlers } from './agent-app.mjs';
import { createAgentContext } from './context.mjs';
import { v2Handlers } from './handlers-v2.mjs';
import { DemoSessionStore } from './session-store.mjs';

/**
 * @typedef {import('./options.mjs').DemoAgentOptions} DemoAgentOptions
 */

/**
 * Creates the demo agent's v2 app. Chunks always carry message ids (v2 requires them), whatever
 * `messageIds` says.
 * @param {DemoAgentOptions} [options]
 * @returns {v2.AgentApp}
 */
export function createDemoAgentV2(options = {}) {
  return withHandlers(v2.agent(agentAppOptions(options)), v2Handlers(createAgentContext({ ...options, messageIds: true })));
}

/**
 * The agent a transport connects for the `protocol` option: the v1 app, the v2 app, or both behind
 * the SDK's protocol router. Every shape has `connect(stream, options)`, which is what `AcpServer`
 * and `agent.connect(stream)` use.
 * @param {DemoAgentOptions} [options]
 * @returns {import('@agentclientprotocol/sdk/experimental/v2/unstable').AgentConnector}
 */
export function createDemoAgentFor(options = {}) {
  const protocol = options.protocol ?? 1;
  if (protocol === 1) return createDemoAgent(options);
  if (protocol === 2) return createDemoAgentV2(options);
  const shared = { ...options, store: options.store ?? new DemoSessionStore() };
  return v2.agentProtocolRouter().withV1(createDemoAgent(shared)).withV2(createDemoAgentV2(shared));
}
