// @ts-check
/**
 * What one agent app's handlers share, passed to them explicitly: the options with their
 * defaults applied, the session store, and the per-connection state.
 */
import { DEFAULT_LIST_PAGE_SIZE } from './catalog.mjs';
import { createConnectionStates } from './connections.mjs';
import { DemoSessionStore } from './session-store.mjs';

/**
 * @typedef {import('@agentclientprotocol/sdk').AgentContext} AgentContext
 * @typedef {import('./connections.mjs').ConnState} ConnState
 * @typedef {import('./options.mjs').DemoAgentOptions} DemoAgentOptions
 */

/**
 * @typedef {object} DemoAgentContext
 * @property {DemoSessionStore} store
 * @property {number} delayMs
 * @property {boolean} messageIds
 * @property {boolean} requireAuth
 * @property {number} listPageSize
 * @property {number} cancelGraceMs
 * @property {number} elicitationCompleteDelayMs
 * @property {(client: AgentContext) => ConnState} conn  the state of the connection a handler runs on
 */

/**
 * @param {DemoAgentOptions} options
 * @returns {DemoAgentContext}
 */
export function createAgentContext(options) {
  return {
    store: options.store ?? new DemoSessionStore(),
    delayMs: Math.max(0, options.delayMs ?? 0),
    messageIds: options.messageIds ?? true,
    requireAuth: options.requireAuth ?? false,
    listPageSize: Math.max(1, options.listPageSize ?? DEFAULT_LIST_PAGE_SIZE),
    cancelGraceMs: options.cancelGraceMs ?? 1_500,
    elicitationCompleteDelayMs: options.elicitationCompleteDelayMs ?? 300,
    conn: createConnectionStates(),
  };
}
