// @ts-check
/**
 * How a page learns what the bridge can do, without the agent ever seeing the bridge's part.
 *
 * - The page may say, in its `initialize` request, what it can show (`clientCapabilities._meta`,
 *   or ACP v2's `capabilities._meta`, under {@link BRIDGE_META_KEY}: `{ terminalAuth: true }` when
 *   it can show a sign-in terminal). The bridge removes that entry before the agent sees the request.
 * - The bridge adds its features to the agent's `initialize` result, under the same `_meta` key
 *   (the extensibility rules: custom data goes in `_meta`, never at the root of a spec type), and
 *   sends them again right after it as a `_acp-react/bridge/features` notification (which the
 *   acp-react client handles with code it fetches only then). A page talking straight to an agent
 *   gets neither and behaves as before.
 * - The bridge's own methods are `_`-prefixed extension methods it answers itself, never
 *   forwarded to the agent.
 */
import { isObject } from './jsonrpc.mjs';

/** The `_meta` key of the bridge's handshake, on both sides. */
export const BRIDGE_META_KEY = 'acp-react/bridge';
/** Version of the handshake and of the bridge methods below. */
export const BRIDGE_PROTOCOL_VERSION = 1;

/** The bridge's own methods (requests from the page, answered by the bridge). */
export const BridgeMethods = /** @type {const} */ ({
  /** `{ methodId, env: { NAME: value } }` → `{ initialize }`: restart the agent with an `env_var` method's values. */
  restartWithEnv: '_acp-react/bridge/restart_with_env',
  /** `{ methodId }` → `{ initialize }`: after a `terminal` sign-in program ended, a fresh agent process (it reads the stored credentials). */
  restart: '_acp-react/bridge/restart',
  /** `{ methodId, cols?, rows? }` → `{ terminalId }`: run a `terminal` sign-in method in a pseudo-terminal. */
  authTerminalStart: '_acp-react/bridge/auth_terminal/start',
  /** `{ terminalId, data }` → `{}`: keystrokes for the sign-in terminal. */
  authTerminalInput: '_acp-react/bridge/auth_terminal/input',
  /** `{ terminalId, cols, rows }` → `{}`. */
  authTerminalResize: '_acp-react/bridge/auth_terminal/resize',
  /** `{ terminalId }` → `{}`: stop the sign-in program (a wrong code keeps it running). */
  authTerminalKill: '_acp-react/bridge/auth_terminal/kill',
  /** `--shared`: `{ sessionId, role?, historyPolicy?, afterSeq? }` → `{ sessionId, role, pageId, seq, cwd, session, attached }`, after the replay. */
  sessionAttach: '_acp-react/bridge/session/attach',
  /** `--shared`: `{ sessionId }` → `{ sessionId, status: 'detached' }`. */
  sessionDetach: '_acp-react/bridge/session/detach',
  /** `--shared`: `{}` → `{ sessions: [{ sessionId, cwd, seq, running, attached }] }`. */
  sessions: '_acp-react/bridge/sessions',
});

/** The bridge's notifications to the page. */
export const BridgeNotifications = /** @type {const} */ ({
  /** The bridge's entry (`{ protocolVersion, version, features }`), right after each `initialize` result. */
  features: '_acp-react/bridge/features',
  /** `{ terminalId, data }`: sign-in terminal output. */
  authTerminalOutput: '_acp-react/bridge/auth_terminal/output',
  /** `{ terminalId, exitCode, signal }`: the sign-in program ended. */
  authTerminalExit: '_acp-react/bridge/auth_terminal/exit',
  /**
   * `{ code, reason }`: over Streamable HTTP, the last message before the bridge ends the
   * connection (a WebSocket carries the same in its close frame); `code` is the close code the
   * WebSocket would have had (1011 the agent exited, 1009 a message too big, 1001 shutting down).
   */
  closing: '_acp-react/bridge/closing',
  /**
   * `{ exit, stderr }`: why the agent is silent (`agent-report.mjs`), while it has not answered
   * `initialize` (`exit: null`) and when it dies (`exit: { code, signal, description }`); `stderr`
   * is the last lines it wrote, bounded, with the bridge's secrets redacted.
   */
  agentProcess: '_acp-react/bridge/agent_process',
  /** `--shared`: `{ sessionId, attached: Presence[] }`, to the pages attached, on each change. */
  sessionPresence: '_acp-react/bridge/session/presence',
  /** `--shared`, logged: `{ sessionId, prompt, by }`, a prompt went to the agent. */
  turnStarted: '_acp-react/bridge/session/turn_started',
  /** `--shared`, logged: `{ sessionId, by, stopReason }` or `{ sessionId, by, error }`. */
  turnEnded: '_acp-react/bridge/session/turn_ended',
  /** `--shared`, logged: `{ sessionId, requestId, method, by, toolCallId?, result?, error? }`, an agent request was answered. */
  requestResolved: '_acp-react/bridge/session/request_resolved',
  /** `--shared`: `{ sessionId, reason, firstSeq, seq }`, the page fell behind the log and is detached. */
  sessionReload: '_acp-react/bridge/session/reload',
  /** `--shared`: `{ method?, requestId?, error }`, a notification or an answer from the page was not forwarded. */
  refused: '_acp-react/bridge/refused',
});

/**
 * @typedef {object} BridgeFeatures what the bridge tells the page it can do
 * @property {boolean} envVarAuth restart the agent with an `env_var` method's values
 * @property {boolean} terminalAuth run a `terminal` sign-in method in a pseudo-terminal
 * @property {boolean} terminals serve the agent's `terminal/*` requests with real processes
 * @property {false | { role: 'controller' | 'observer', pageId: string }} [shared] `--shared`: this page's role and id
 */

/**
 * The page's half of the handshake, read from an `initialize` request; the returned request is
 * the one the agent gets (the page's entry removed, terminal sign-in advertised when the bridge
 * will run it for this page). The entry rides in the client capabilities' `_meta` of either ACP
 * version (v1 `clientCapabilities`, v2 `capabilities`; a page offering both sends it in both), and
 * terminal sign-in is each version's marker: v1 `auth.terminal: true`, v2 `auth.terminal: {}`.
 * With `terminals`, the bridge serves the agent's `terminal/*` requests, so `terminal` is
 * advertised whatever the page said (v1 only: v2 has no client terminals).
 * @param {Record<string, unknown>} request
 * @param {{ terminalAuth: boolean, terminals?: boolean }} bridgeCan
 * @returns {{ forwarded: Record<string, unknown>, page: { terminalAuth: boolean } }}
 */
export function readPageHandshake(request, bridgeCan) {
  const params = isObject(request.params) ? request.params : {};
  // The client capabilities of each version the request carries (a v2-only request has no v1 side).
  const sides = ['clientCapabilities', 'capabilities'].filter(
    (key) => isObject(params[key]) || (key === 'clientCapabilities' && !isObject(params.capabilities)),
  );
  /** @param {string} key */
  const metaOf = (key) => {
    const capabilities = params[key];
    return isObject(capabilities) && isObject(capabilities._meta) ? capabilities._meta : undefined;
  };
  const entries = sides.map((key) => metaOf(key)?.[BRIDGE_META_KEY]);
  const page = { terminalAuth: entries.some((entry) => isObject(entry) && entry.terminalAuth === true) };
  const serveTerminals = bridgeCan.terminals && sides.includes('clientCapabilities');
  if (!sides.some((key) => BRIDGE_META_KEY in (metaOf(key) ?? {})) && !serveTerminals) return { forwarded: request, page };
  /** @type {Record<string, unknown>} */
  const next = { ...params };
  for (const key of sides) {
    const capabilities = isObject(params[key]) ? params[key] : {};
    const { [BRIDGE_META_KEY]: _ours, ...otherMeta } = metaOf(key) ?? {};
    /** @type {Record<string, unknown>} */
    const nextCapabilities = { ...capabilities };
    if (Object.keys(otherMeta).length > 0) nextCapabilities._meta = otherMeta;
    else delete nextCapabilities._meta;
    if (key === 'clientCapabilities' && serveTerminals) nextCapabilities.terminal = true;
    if (page.terminalAuth && bridgeCan.terminalAuth) {
      nextCapabilities.auth = { ...(isObject(capabilities.auth) ? capabilities.auth : {}), terminal: key === 'capabilities' ? {} : true };
    }
    next[key] = nextCapabilities;
  }
  return { forwarded: { ...request, params: next }, page };
}

/**
 * The bridge's entry: its handshake version, package version and features.
 * @param {BridgeFeatures} features
 * @param {string} version
 */
function bridgeEntry(features, version) {
  return { protocolVersion: BRIDGE_PROTOCOL_VERSION, version, features };
}

/**
 * The notification that follows the agent's `initialize` result, with the same entry as its
 * `_meta` (the acp-react client reads this one, with code it fetches only when a bridge is there).
 * @param {BridgeFeatures} features
 * @param {string} version
 */
export function featuresNotification(features, version) {
  return JSON.stringify({ jsonrpc: '2.0', method: BridgeNotifications.features, params: bridgeEntry(features, version) });
}

/**
 * The agent's `initialize` result with the bridge's features in its `_meta`.
 * @param {unknown} result
 * @param {BridgeFeatures} features
 * @param {string} version the bridge's package version
 */
export function withBridgeMeta(result, features, version) {
  if (!isObject(result)) return result;
  const meta = isObject(result._meta) ? result._meta : {};
  return { ...result, _meta: { ...meta, [BRIDGE_META_KEY]: bridgeEntry(features, version) } };
}

/**
 * The `env_var` methods the agent advertised, from its `initialize` result: method id → the
 * variable names it asked for. Only these names can be set through the bridge, so a page cannot
 * set `NODE_OPTIONS` or `LD_PRELOAD` for the agent.
 * @param {unknown} initializeResult
 * @returns {Map<string, { name: string, optional: boolean }[]>}
 */
export function envVarMethods(initializeResult) {
  /** @type {Map<string, { name: string, optional: boolean }[]>} */
  const methods = new Map();
  const list = isObject(initializeResult) && Array.isArray(initializeResult.authMethods) ? initializeResult.authMethods : [];
  for (const method of list) {
    if (!isObject(method) || method.type !== 'env_var' || typeof method.id !== 'string' || !Array.isArray(method.vars)) continue;
    const vars = method.vars.flatMap((v) =>
      isObject(v) && typeof v.name === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(v.name) ? [{ name: v.name, optional: v.optional === true }] : [],
    );
    methods.set(method.id, vars);
  }
  return methods;
}

/**
 * The `terminal` sign-in methods the agent advertised: method id → its extra `args` and `env`.
 * Either version's `initialize` answer: v1 names a method by `id` and gives `env` as a record,
 * v2 by `methodId` with `env` as `{ name, value }` pairs.
 * @param {unknown} initializeResult
 * @returns {Map<string, { args: string[], env: Record<string, string> }>}
 */
export function terminalAuthMethods(initializeResult) {
  /** @type {Map<string, { args: string[], env: Record<string, string> }>} */
  const methods = new Map();
  const list = isObject(initializeResult) && Array.isArray(initializeResult.authMethods) ? initializeResult.authMethods : [];
  for (const method of list) {
    if (!isObject(method) || method.type !== 'terminal') continue;
    const id = typeof method.methodId === 'string' ? method.methodId : method.id;
    if (typeof id !== 'string' || id === '') continue;
    const args = Array.isArray(method.args) ? method.args.filter((a) => typeof a === 'string') : [];
    /** @type {Record<string, string>} */
    const env = {};
    if (Array.isArray(method.env)) {
      for (const v of method.env) if (isObject(v) && typeof v.name === 'string' && typeof v.value === 'string') env[v.name] = v.value;
    } else if (isObject(method.env)) {
      for (const [k, v] of Object.entries(method.env)) if (typeof v === 'string') env[k] = v;
    }
    methods.set(id, { args, env });
  }
  return methods;
}

/** Largest value accepted for one variable: keys and endpoints are short; this bounds memory. */
const MAX_ENV_VALUE_CHARS = 64 * 1024;

/**
 * Checks a `restart_with_env` request against the advertised method: only its variables, every
 * required one present, values plain strings. Error messages name variables, never values.
 * @param {unknown} params
 * @param {Map<string, { name: string, optional: boolean }[]>} methods
 * @returns {{ ok: true, methodId: string, env: Record<string, string> } | { ok: false, message: string }}
 */
export function checkEnvRequest(params, methods) {
  if (!isObject(params) || typeof params.methodId !== 'string' || !isObject(params.env)) {
    return { ok: false, message: 'Invalid params: expected { methodId: string, env: { NAME: value } }' };
  }
  const vars = methods.get(params.methodId);
  if (!vars) {
    const known = [...methods.keys()];
    return { ok: false, message: `The agent offers no env_var sign-in method "${params.methodId}"${known.length ? ` (it offers: ${known.join(', ')})` : ''}` };
  }
  /** @type {Record<string, string>} */
  const env = {};
  for (const [name, value] of Object.entries(params.env)) {
    if (!vars.some((v) => v.name === name)) return { ok: false, message: `The method "${params.methodId}" does not use the variable ${name}` };
    if (typeof value !== 'string' || value.includes('\0') || value.length > MAX_ENV_VALUE_CHARS) {
      return { ok: false, message: `The value of ${name} must be a string of at most ${MAX_ENV_VALUE_CHARS} characters without NUL` };
    }
    if (value !== '') env[name] = value;
  }
  const missing = vars.filter((v) => !v.optional && !(v.name in env)).map((v) => v.name);
  if (missing.length) return { ok: false, message: `Missing required variable${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}` };
  return { ok: true, methodId: params.methodId, env };
}
