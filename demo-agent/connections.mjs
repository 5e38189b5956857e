// @ts-check
/**
 * Per-connection state (capabilities, auth, open sessions). One agent app may serve several
 * connections; each one's state is kept apart, keyed by the SDK's connection context.
 */

/**
 * @typedef {import('@agentclientprotocol/sdk').AgentContext} AgentContext
 * @typedef {import('@agentclientprotocol/sdk').ClientCapabilities} ClientCapabilities
 */

/**
 * @typedef {object} ConnState
 * @property {boolean} initialized
 * @property {ClientCapabilities} caps
 * @property {boolean} authenticated
 * @property {Set<string>} openSessions  sessions created, loaded or resumed on this connection
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
      state = { initialized: false, caps: {}, authenticated: false, openSessions: new Set() };
      connections.set(key, state);
    }
    return state;
  };
}
