// @ts-check
/**
 * Who may open a WebSocket to the bridge: the Origin allowlist and the optional shared token.
 *
 * Browsers always send `Origin` on a WebSocket upgrade and never let a page forge it, and the
 * same-origin policy does not apply to WebSockets. Without this check, any web page the user
 * visits could connect to `ws://127.0.0.1:3030` and drive the agent (cross-site WebSocket
 * hijacking). Clients that are not browsers (tests, CLIs) send no Origin; they are not a
 * cross-site risk, so they are allowed and only the token (if set) applies to them.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

/** Prefix of the `Sec-WebSocket-Protocol` entry that carries the token: `acp-token.<token>`. */
export const TOKEN_PROTOCOL_PREFIX = 'acp-token.';
/** Name of the query parameter that carries the token: `ws://host:port/?token=<token>`. */
export const TOKEN_QUERY_PARAM = 'token';

const LOOPBACK_ORIGIN_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const DEFAULT_PORTS = /** @type {Record<string, string>} */ ({ 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443' });

/**
 * Canonical form of an origin (`scheme://host[:port]`, lower case, default port dropped), or
 * `undefined` when the value is not an origin. `"null"` (opaque origins: sandboxed iframes,
 * `file:` pages) stays `"null"`.
 * @param {string} value
 * @returns {string | undefined}
 */
export function normalizeOrigin(value) {
  const trimmed = value.trim();
  if (trimmed === 'null') return 'null';
  let url;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  if (!url.host || url.username || url.password || url.search || url.hash) return undefined;
  if (url.pathname !== '/' && url.pathname !== '') return undefined;
  // `URL#origin` is "null" for non-special schemes (chrome-extension:, vscode-webview:), so build it.
  const port = url.port && url.port !== DEFAULT_PORTS[url.protocol] ? `:${url.port}` : '';
  return `${url.protocol}//${url.hostname.toLowerCase()}${port}`;
}

/**
 * Validates one `--allow-origin` value: `*`, `null` or an origin such as `https://app.example.com`.
 * @param {string} value
 * @returns {string}
 * @throws {Error} when the value is not an origin
 */
export function normalizeAllowedOrigin(value) {
  if (value.trim() === '*') return '*';
  const origin = normalizeOrigin(value);
  if (origin === undefined) {
    throw new Error(`"${value}" is not an origin; expected scheme://host[:port] without a path, "null" or "*"`);
  }
  return origin;
}

/**
 * Whether an origin is a page served from this machine: http(s) on localhost, 127.0.0.1 or [::1], any port.
 * @param {string} origin normalized origin
 */
export function isLoopbackOrigin(origin) {
  const match = /^(https?):\/\/(\[[^\]]+\]|[^:/]+)(?::\d+)?$/.exec(origin);
  return match !== null && LOOPBACK_ORIGIN_HOSTS.has(match[2]);
}

/**
 * Whether a bind address only accepts connections from this machine.
 * @param {string} host
 */
export function isLoopbackHost(host) {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || bare === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(bare);
  return false;
}

/**
 * @typedef {{ ok: true } | { ok: false, reason: string }} Verdict
 */

/**
 * Builds the Origin check: loopback origins and requests without an Origin header always pass;
 * `allowOrigins` adds exact origins, or `*` for any.
 * @param {readonly string[]} allowOrigins normalized with {@link normalizeAllowedOrigin}
 * @returns {(originHeader: string | undefined) => Verdict}
 */
export function createOriginCheck(allowOrigins) {
  const allowAny = allowOrigins.includes('*');
  const allowed = new Set(allowOrigins);
  return (originHeader) => {
    if (originHeader === undefined || allowAny) return { ok: true };
    const origin = normalizeOrigin(originHeader);
    if (origin !== undefined && (isLoopbackOrigin(origin) || allowed.has(origin))) return { ok: true };
    return {
      ok: false,
      reason: `Origin ${JSON.stringify(originHeader)} is not allowed (start the bridge with --allow-origin <origin> to allow it)`,
    };
  };
}

/**
 * Compares two secrets in time independent of where they differ. Hashing first gives both
 * sides the same length, so the comparison does not reveal the token's length either.
 * @param {string} a
 * @param {string} b
 */
export function safeEqual(a, b) {
  const digest = (/** @type {string} */ value) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * The subprotocols a client offered in `Sec-WebSocket-Protocol`.
 * @param {string | string[] | undefined} header
 * @returns {string[]}
 */
export function offeredProtocols(header) {
  const joined = Array.isArray(header) ? header.join(',') : (header ?? '');
  return joined
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * Checks the token of a request, from `?token=`, an `acp-token.<token>` subprotocol (WebSocket) or
 * an `Authorization: Bearer <token>` header (Streamable HTTP).
 * Every candidate is compared, so the time taken does not depend on which one matched.
 * @param {string | undefined} expected the configured token; `undefined` disables the check
 * @param {{ url?: string, headers: Record<string, string | string[] | undefined> }} request
 * @returns {Verdict}
 */
export function checkToken(expected, request) {
  if (expected === undefined) return { ok: true };
  const candidates = offeredProtocols(request.headers['sec-websocket-protocol'])
    .filter((protocol) => protocol.startsWith(TOKEN_PROTOCOL_PREFIX))
    .map((protocol) => protocol.slice(TOKEN_PROTOCOL_PREFIX.length));
  const fromQuery = new URL(request.url ?? '/', 'http://bridge.invalid').searchParams.getAll(TOKEN_QUERY_PARAM);
  candidates.push(...fromQuery);
  // Streamable HTTP has no subprotocol; a client that can set headers may send the token there.
  const authorization = request.headers.authorization;
  const bearer = typeof authorization === 'string' ? /^Bearer\s+(.+)$/i.exec(authorization.trim()) : null;
  if (bearer) candidates.push(bearer[1]);
  if (candidates.length === 0) {
    return {
      ok: false,
      reason: `missing token (send ?${TOKEN_QUERY_PARAM}=<token>, subprotocol ${TOKEN_PROTOCOL_PREFIX}<token> or, over HTTP, Authorization: Bearer <token>)`,
    };
  }
  let matched = false;
  for (const candidate of candidates) matched = safeEqual(candidate, expected) || matched;
  return matched ? { ok: true } : { ok: false, reason: 'invalid token' };
}

/**
 * Picks the subprotocol to echo back. Browsers fail the handshake when they offered
 * subprotocols and the server selects none, so an `acp-token.*` entry is always echoed: the
 * matching one when a token is configured (the check has already passed), otherwise the first.
 * @param {Iterable<string>} protocols
 * @param {string | undefined} expected
 * @returns {string | false}
 */
export function selectProtocol(protocols, expected) {
  const tokenProtocols = [...protocols].filter((protocol) => protocol.startsWith(TOKEN_PROTOCOL_PREFIX));
  if (tokenProtocols.length === 0) return false;
  if (expected === undefined) return tokenProtocols[0];
  return tokenProtocols.find((protocol) => safeEqual(protocol.slice(TOKEN_PROTOCOL_PREFIX.length), expected)) ?? false;
}
