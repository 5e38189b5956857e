// @ts-check
/**
 * What `createDemoAgent` accepts, and the subset a browser page can pick per connection in the
 * WebSocket URL query (`server.mjs` reads it).
 */

/**
 * @typedef {import('./session-store.mjs').DemoSessionStore} DemoSessionStore
 */

/**
 * @typedef {object} DemoAgentOptions
 * @property {string} [name]  app name used in SDK diagnostics (default `acp-react-demo-agent`)
 * @property {boolean} [messageIds]  send `messageId` on message chunks (default true); false acts as the many v1 agents that send none
 * @property {number} [delayMs]  pause between streamed chunks in ms; steps (tool calls, plan changes) pause 4x this. Default 0.
 * @property {boolean} [requireAuth]  `session/new` and `session/prompt` fail with -32000 until `authenticate` (per connection)
 * @property {number} [listPageSize]  `session/list` page size (default 5)
 * @property {DemoSessionStore} [store]  session store; share one between agents so sessions survive reconnects
 * @property {number} [cancelGraceMs]  after `session/cancel`, how long to wait for the client to answer pending requests (default 1500)
 * @property {number} [elicitationCompleteDelayMs]  `/login`: delay between the client's accept and `elicitation/complete` (default 300)
 * @property {1 | 2 | 'auto'} [protocol]  the ACP version served (`createDemoAgentFor`, the server): 1 (default), 2, or 'auto' (what each client's `initialize` asks for)
 */

/**
 * Reads a `protocol` option's text (`1`, `2`, `auto`); undefined when it is none of them.
 * @param {string | null | undefined} text
 * @returns {1 | 2 | 'auto' | undefined}
 */
export function parseProtocol(text) {
  if (text === '1') return 1;
  if (text === '2') return 2;
  if (text === 'auto') return 'auto';
  return undefined;
}

/**
 * Reads the per-connection options a browser page can pick in the WebSocket URL query.
 * `auth=required`, `delay=<ms>`, `pageSize=<n>`, `name=<app name>`, `messageIds=off`, `protocol=1|2|auto`.
 * @param {URLSearchParams} params
 * @returns {DemoAgentOptions}
 */
export function parseDemoAgentQuery(params) {
  /** @type {DemoAgentOptions} */
  const out = {};
  const auth = params.get('auth');
  if (auth !== null) out.requireAuth = auth === 'required' || auth === '1' || auth === 'true';
  const delay = params.get('delay');
  if (delay !== null && delay !== '' && Number.isFinite(Number(delay))) {
    out.delayMs = Math.min(5_000, Math.max(0, Math.round(Number(delay))));
  }
  const pageSize = params.get('pageSize') ?? params.get('listPageSize');
  if (pageSize !== null && Number.isInteger(Number(pageSize)) && Number(pageSize) > 0) {
    out.listPageSize = Math.min(1_000, Number(pageSize));
  }
  const messageIds = params.get('messageIds');
  if (messageIds !== null) out.messageIds = !(messageIds === 'off' || messageIds === '0' || messageIds === 'false');
  const protocol = parseProtocol(params.get('protocol'));
  if (protocol !== undefined) out.protocol = protocol;
  const name = params.get('name');
  if (name) out.name = name;
  return out;
}
