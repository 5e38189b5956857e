// @ts-check
/**
 * The little JSON-RPC 2.0 the bridge needs: recognising message kinds and building error replies.
 * The bridge never interprets ACP methods, except `initialize` and `$/cancel_request` in shared mode.
 */

/** @typedef {string | number | null} JsonRpcId */
/** @typedef {Record<string, unknown>} JsonObject */

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const INTERNAL_ERROR = -32603;

/**
 * @param {unknown} value
 * @returns {value is JsonObject}
 */
export function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A request: has a `method` and an `id` (expects a response).
 * @param {JsonObject} message
 */
export function isRequest(message) {
  return typeof message.method === 'string' && 'id' in message && message.id !== undefined;
}

/**
 * A response: no `method`, an `id`, and a `result` or an `error`.
 * @param {JsonObject} message
 */
export function isResponse(message) {
  return message.method === undefined && 'id' in message && ('result' in message || 'error' in message);
}

/**
 * A JSON-RPC error response.
 * @param {JsonRpcId} id
 * @param {number} code
 * @param {string} message
 * @param {unknown} [data]
 * @returns {JsonObject}
 */
export function errorMessage(id, code, message, data) {
  /** @type {JsonObject} */
  const error = { code, message };
  if (data !== undefined) error.data = data;
  return { jsonrpc: '2.0', id, error };
}

/**
 * A JSON-RPC error response, serialized.
 * @param {JsonRpcId} id
 * @param {number} code
 * @param {string} message
 * @param {unknown} [data]
 * @returns {string}
 */
export function errorResponse(id, code, message, data) {
  return JSON.stringify(errorMessage(id, code, message, data));
}

/**
 * Validates one text frame from the browser the way the SDK's own transports do: it must be a
 * single JSON object. Anything else gets the SDK's error reply (`id: null`).
 * @param {string} text
 * @returns {{ ok: true, message: JsonObject } | { ok: false, reply: string }}
 */
export function parseClientFrame(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reply: errorResponse(null, PARSE_ERROR, 'Parse error') };
  }
  if (Array.isArray(value)) {
    return { ok: false, reply: errorResponse(null, INVALID_REQUEST, 'Invalid request: JSON-RPC batches are not supported') };
  }
  if (!isObject(value)) {
    return { ok: false, reply: errorResponse(null, INVALID_REQUEST, 'Invalid request: a message must be a JSON object', value) };
  }
  return { ok: true, message: value };
}

/**
 * Serializes a message as one ndjson line. `JSON.stringify` already escapes `\n` and `\r`;
 * U+2028 and U+2029 are escaped too, because some line readers treat them as line breaks.
 * @param {unknown} message
 * @returns {string}
 */
export function toLine(message) {
  return `${JSON.stringify(message).replace(/[\u2028\u2029]/g, (c) => (c === '\u2028' ? '\\u2028' : '\\u2029'))}\n`;
}

/**
 * A short, single-line preview of untrusted text for logs.
 * @param {string} text
 * @param {number} [max]
 */
export function preview(text, max = 200) {
  const flat = JSON.stringify(text.length > max ? text.slice(0, max) : text);
  return text.length > max ? `${flat}… (${text.length} chars)` : flat;
}

/**
 * Serves a request the bridge answers itself (the agent's `terminal/*`, the page's sign-in
 * terminal) from a table of handlers: false when the method is not in the table; otherwise the
 * handler's result, or what it threw as a JSON-RPC error, goes to `reply`.
 * @param {Record<string, (params: Record<string, unknown>) => unknown>} handlers
 * @param {Record<string, unknown>} message
 * @param {(response: Record<string, unknown>) => void} reply
 * @returns {boolean}
 */
export function serveRequest(handlers, message, reply) {
  const handler = typeof message.method === 'string' ? handlers[message.method] : undefined;
  if (!handler) return false;
  const params = isObject(message.params) ? message.params : {};
  Promise.resolve()
    .then(() => handler(params))
    .then(
      (result) => reply({ result }),
      (error) =>
        reply({
          error: { code: typeof error?.code === 'number' ? error.code : INTERNAL_ERROR, message: error instanceof Error ? error.message : String(error) },
        }),
    );
  return true;
}
