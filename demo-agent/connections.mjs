// @ts-check
/**
 * Per-connection state (capabilities, auth, open sessions). One agent app may serve several
 * connections; each one's state is kept apart, keyed by the SDK's connection context.
 */

import { noUnstableCapabilities } from './unstable-capabilities.mjs';

/**
 * @typedef {import('@agentclientprotocol/sdk').AgentContext} AgentContext
 * @typedef {import('./unstable-capabilities.mjs').DemoClientCapabilities} DemoClientCapabilities
 * @typedef {import('./unstable-capabilities.mjs').UnstableCapabilities} UnstableCapabilities
 * @typedef {import('./turn.mjs').Turn} Turn
 */

/**
 * @typedef {object} ConnState
 * @property {boolean} initialized
 * @property {DemoClientCapabilities} caps  what the accepted `initialize` advertised
 * @property {UnstableCapabilities} unstable  read from the raw `initialize` (see `unstable-capabilities.mjs`)
 * @property {boolean} authenticated
 * @property {Set<string>} openSessions  sessions created, loaded or resumed on this connection
 * @property {1 | 2} protocol  the ACP version this connection speaks
 * @property {Map<string, Turn>} children  this connection's child sessions at work, by id (`/subagents`; `session/cancel` finds them here)
 */

/** @type {symbol | null | undefined} */
let connectionSymbol;

/**
 * The SDK keeps one connection context per connection behind a symbol-keyed method on every
 * handler context. It is not exported, so find it by description; fall back to one shared key.
 * @param {AgentContext} client
 * @returns {object | null}
 */
function connectionKeyOf(client) {
  if (connectionSymbol === undefined) {
    connectionSymbol = null;
    for (let proto = Object.getPrototypeOf(client); proto && !connectionSymbol; proto = Object.getPrototypeOf(proto)) {
      for (const sym of Object.getOwnPropertySymbols(proto)) {
        if (sym.description === 'connectionContextOf') connectionSymbol = sym;
      }
    }
  }
  if (!connectionSymbol) return null;
  try {
    const key = /** @type {any} */ (client)[connectionSymbol]();
    return key && typeof key === 'object' ? key : null;
  } catch {
    return null;
  }
}

/**
 * The signal that aborts when the handler's connection closes (a v2 turn outlives its
 * `session/prompt` request, so it follows the connection instead); one that never aborts when the
 * SDK's connection context cannot be found.
 * @param {AgentContext} client
 * @returns {AbortSignal}
 */
export function connectionSignalOf(client) {
  const signal = /** @type {{ signal?: unknown } | null} */ (connectionKeyOf(client))?.signal;
  return signal instanceof AbortSignal ? signal : new AbortController().signal;
}

/**
 * A fresh registry for one agent app: returns the state of the connection a handler runs on,
 * created on first use.
 * @returns {(client: AgentContext) => ConnState}
 */
export function createConnectionStates() {
  /** @type {WeakMap<object, ConnState>} */
  const connections = new WeakMap();
  const fallbackKey = {};

  return (client) => {
    const key = connectionKeyOf(client) ?? fallbackKey;
    let state = connections.get(key);
    if (!state) {
      state = {
        initialized: false,
        protocol: 1,
        caps: {},
        unstable: noUnstableCapabilities(),
        authenticated: false,
        openSessions: new Set(),
        children: new Map(),
      };
      connections.set(key, state);
    }
    return state;
  };
}
