// @ts-check
/**
 * The connection's own requests: `initialize` (once per connection; what the agent advertises),
 * `authenticate` and `logout`.
 */
import * as acp from '@agentclientprotocol/sdk';
import { withUnstableCapabilities } from './unstable-capabilities.mjs';
import { AUTH_METHODS, AUTH_METHOD_ID, DEMO_AGENT_NAME, DEMO_AGENT_TITLE, DEMO_AGENT_VERSION, TERMINAL_AUTH_METHOD_ID } from './catalog.mjs';

/**
 * @typedef {import('@agentclientprotocol/sdk').AgentRequestHandlersByMethod} Handlers
 * @typedef {import('@agentclientprotocol/sdk').InitializeResponse} InitializeResponse
 * @typedef {import('./context.mjs').DemoAgentContext} DemoAgentContext
 */

const SDK_PROTOCOL_VERSION = 1;

/** @param {DemoAgentContext} ctx */
export function connectionHandlers(ctx) {
  /** @type {Handlers['initialize']} */
  const initialize = ({ params, client }) => {
    const c = ctx.conn(client);
    if (c.initialized) {
      throw acp.RequestError.invalidRequest(undefined, 'initialize was already called on this connection');
    }
    c.initialized = true;
    c.caps = withUnstableCapabilities(params.clientCapabilities, c.unstable);
    /** @type {InitializeResponse} */
    const response = {
      protocolVersion: SDK_PROTOCOL_VERSION,
      agentCapabilities: {
        loadSession: true,
        promptCapabilities: { image: true, audio: false, embeddedContext: true },
        mcpCapabilities: { http: false, sse: false },
        sessionCapabilities: { list: {}, resume: {}, close: {}, delete: {}, additionalDirectories: {} },
        auth: { logout: {} },
      },
      authMethods: AUTH_METHODS.map((method) => ({ ...method })),
      agentInfo: { name: DEMO_AGENT_NAME, title: DEMO_AGENT_TITLE, version: DEMO_AGENT_VERSION },
    };
    return response;
  };

  /** @type {Handlers['authenticate']} */
  const authenticate = ({ params, client }) => {
    const c = ctx.conn(client);
    if (params.methodId === TERMINAL_AUTH_METHOD_ID) {
      throw acp.RequestError.invalidParams(
        { methodId: params.methodId },
        'Terminal auth methods are run by launching the agent binary in a terminal; they cannot be passed to authenticate',
      );
    }
    if (params.methodId !== AUTH_METHOD_ID) {
      throw acp.RequestError.invalidParams({ methodId: params.methodId }, `Unknown auth method "${params.methodId}"`);
    }
    c.authenticated = true;
    return {};
  };

  /** @type {Handlers['logout']} */
  const logout = ({ client }) => {
    ctx.conn(client).authenticated = false;
    return {};
  };

  return { initialize, authenticate, logout };
}
