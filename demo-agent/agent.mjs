// @ts-check
/**
 * Scripted, deterministic, offline demo ACP agent (SDK 2.4 stable app API; its app is a stable
 * `AgentApp` that also reads the unstable `subagents` client capability, see
 * `unstable-capabilities.mjs`).
 *
 * Browser-safe: no Node imports here or in any module it imports, so Storybook fixtures can
 * connect a client app to it in process (`createDemoAgent().connect(clientApp)`); `server.mjs`
 * serves it over WebSocket. See README.md in this folder for the prompt-to-script table and
 * the map of the modules below.
 */
import * as acp from '@agentclientprotocol/sdk';
import { agentAppOptions, withHandlers } from './agent-app.mjs';
import { createAgentContext } from './context.mjs';
import { configHandlers } from './handlers-config.mjs';
import { connectionHandlers } from './handlers-connection.mjs';
import { promptHandlers } from './handlers-prompt.mjs';
import { sessionHandlers } from './handlers-sessions.mjs';
import { DemoAgentApp } from './unstable-capabilities.mjs';

export {
  AUTH_METHODS,
  AUTH_METHOD_ID,
  CONTEXT_WINDOW_SIZE,
  DEFAULT_LIST_PAGE_SIZE,
  DEMO_AGENT_NAME,
  DEMO_AGENT_TITLE,
  DEMO_AGENT_VERSION,
  DEMO_COMMANDS,
  STREAM_MAX_CHUNKS,
  TERMINAL_AUTH_METHOD_ID,
} from './catalog.mjs';
export { chunkText } from './helpers.mjs';
export { parseDemoAgentQuery } from './options.mjs';
export { pickScript } from './scripts.mjs';
export { DemoSessionStore } from './session-store.mjs';

/**
 * @typedef {import('./options.mjs').DemoAgentOptions} DemoAgentOptions
 */

const m = acp.methods;

/**
 * Creates the demo agent. One app may serve many connections (per-connection state is keyed by
 * the SDK connection); pass the same `store` to several apps to share sessions between them.
 * @param {DemoAgentOptions} [options]
 * @returns {DemoAgentApp}
 */
export function createDemoAgent(options = {}) {
  // Everything the handlers share (options, store, per-connection state) travels in one object.
  const ctx = createAgentContext(options);
  const connection = connectionHandlers(ctx);
  const sessions = sessionHandlers(ctx);
  const config = configHandlers(ctx);
  const turns = promptHandlers(ctx);

  const app = new DemoAgentApp(agentAppOptions(options), (client, seen) => {
    ctx.conn(client).unstable = seen;
  });
  /** @type {import('./agent-app.mjs').HandlersByMethod<acp.AgentRequestHandlersByMethod, acp.AgentNotificationHandlersByMethod>} */
  const handlers = {
    requests: {
      [m.agent.initialize]: connection.initialize,
      [m.agent.authenticate]: connection.authenticate,
      [m.agent.logout]: connection.logout,
      [m.agent.session.new]: sessions.new,
      [m.agent.session.load]: sessions.load,
      [m.agent.session.resume]: sessions.resume,
      [m.agent.session.list]: sessions.list,
      [m.agent.session.close]: sessions.close,
      [m.agent.session.delete]: sessions.delete,
      [m.agent.session.setMode]: config.setMode,
      [m.agent.session.setConfigOption]: config.setConfigOption,
      [m.agent.session.prompt]: turns.prompt,
    },
    notifications: { [m.agent.session.cancel]: turns.cancel },
  };
  return withHandlers(app, handlers);
}
