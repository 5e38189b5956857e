// @ts-check
/**
 * The bridge's Streamable HTTP endpoint (the transports RFD: POST for the client's messages, a
 * long-lived SSE GET per connection and one per session, DELETE to end), next to the WebSocket
 * upgrade on the same path. The SDK's `AcpServer` and its Node adapter speak the protocol; this
 * puts the bridge's rules around them:
 *
 * - the same Origin and token checks as an upgrade, on every request (each HTTP request stands
 *   alone), and CORS for the origins the bridge allows, so a page can read the answers and the
 *   `Acp-Connection-Id` header;
 * - each connection is an `HttpChannel` served like a WebSocket (its own agent, or the shared one);
 * - abandoned connections end: a connection whose SSE stream has not been open for
 *   `idleTimeoutMs` (the page went away without a DELETE, or never opened it) is closed, and its
 *   agent's process group with it;
 * - an SSE stream starts with a comment at once, so a client can tell a stream that a proxy
 *   buffers (nothing arrives) from a quiet one, and says `X-Accel-Buffering: no` to nginx.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { AcpServer } from '@agentclientprotocol/sdk/experimental/server';
import { createNodeHttpHandler } from '@agentclientprotocol/sdk/experimental/node';
import { HttpChannel } from './http-channel.mjs';

export const CONNECTION_HEADER = 'acp-connection-id';
export const SESSION_HEADER = 'acp-session-id';
/** How long a connection may go without its SSE stream open before the bridge closes it. */
export const DEFAULT_HTTP_IDLE_TIMEOUT_MS = 10_000;

const ALLOWED_METHODS = 'GET, POST, DELETE';
const ALLOWED_HEADERS = 'Content-Type, Accept, Authorization, Acp-Connection-Id, Acp-Session-Id, Acp-Protocol-Version';
const EXPOSED_HEADERS = 'Acp-Connection-Id, Acp-Session-Id';

/**
 * @typedef {object} HttpEndpointOptions
 * @property {(origin: string | undefined) => import('./auth.mjs').Verdict} checkOrigin
 * @property {(request: import('node:http').IncomingMessage) => AccessVerdict} checkToken
 * @property {() => boolean} isClosing the bridge is shutting down
 * @property {(channel: HttpChannel, target: unknown, role: import('./shared-roles.mjs').PageRole | undefined) => void} serve connects a new
 *   connection to an agent (the `target` its request was handled with: in launcher mode, the agent its path names; the `role` its
 *   token gave it, with `--shared`)
 * @property {(who: string) => string} label a log label for a new connection
 * @property {number} maxMessageBytes largest request body
 * @property {number} idleTimeoutMs
 * @property {import('./log.mjs').Logger} log
 */

/** @typedef {{ ok: true, role?: import('./shared-roles.mjs').PageRole } | { ok: false, reason: string }} AccessVerdict */

/**
 * @param {HttpEndpointOptions} options
 */
export function createHttpEndpoint(options) {
  const { log, idleTimeoutMs } = options;
  /** Who sent the request being handled (for the label of a connection it opens) and what it connects to. */
  /** @type {AsyncLocalStorage<{ who: string, target: unknown, role: import('./shared-roles.mjs').PageRole | undefined }>} */
  const requester = new AsyncLocalStorage();
  /** @type {Map<string, { channel: HttpChannel, streams: number, timer: NodeJS.Timeout | undefined }>} */
  const connections = new Map();

  const acpServer = new AcpServer({
    // Every connection gets its connector per request (below); this one is never used.
    agent: {
      connect: () => {
        throw new Error('unreachable');
      },
    },
  });

  /** @param {string} id */
  const arm = (id) => {
    const entry = connections.get(id);
    if (!entry || entry.streams > 0) return;
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => {
      log('info', `${entry.channel.label}: no event stream open for ${idleTimeoutMs} ms; closing the connection`);
      void forget(id);
    }, idleTimeoutMs);
    entry.timer.unref();
  };

  /** Ends a connection as a DELETE would: the SDK shuts it down and our channel sees its end. @param {string} id */
  const forget = (id) =>
    acpServer.handleRequest(new Request('http://bridge.invalid/', { method: 'DELETE', headers: { 'Acp-Connection-Id': id } })).catch(() => undefined);

  const sdkHandler = createNodeHttpHandler(
    /** @type {AcpServer} */ ({
      // The SDK's adapter only calls `handleRequest`; each initialize gets its own connector, so the
      // channel it creates is known, with its connection id, once the answer is ready.
      handleRequest: async (request) => {
        /** @type {HttpChannel | undefined} */
        let channel;
        const agent = {
          /** @param {{ readable: ReadableStream<unknown>, writable: WritableStream<unknown> }} stream */
          connect: (stream) => {
            const store = requester.getStore();
            channel = new HttpChannel(stream, { label: options.label(store?.who ?? 'unknown') });
            options.serve(channel, store?.target, store?.role);
            return { closed: channel.closed };
          },
        };
        const response = await acpServer.handleRequest(request, { agent: /** @type {never} */ (agent) });
        const id = response.headers.get('Acp-Connection-Id');
        const opened = /** @type {HttpChannel | undefined} */ (channel);
        if (opened && id && response.ok) {
          connections.set(id, { channel: opened, streams: 0, timer: undefined });
          log('info', `${opened.label}: connected over HTTP (${id})`);
          void opened.closed.then(() => {
            clearTimeout(connections.get(id)?.timer);
            connections.delete(id);
          });
          arm(id);
        }
        return response;
      },
    }),
    { maxRequestBodyBytes: options.maxMessageBytes },
  );

  /**
   * The checks every request passes first: the Origin allowlist (403), CORS headers for an allowed
   * origin, a preflight answered (without the token: browsers send none with it), the token (401).
   * Answers the request and returns undefined when it stops there.
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   * @returns {{ who: string, answer: (status: number, text: string, quiet?: boolean) => void, role: import('./shared-roles.mjs').PageRole | undefined } | undefined}
   */
  const admit = (request, response) => {
    const origin = request.headers.origin;
    const who = `${request.socket.remoteAddress ?? 'unknown'}${origin ? ` (Origin ${origin})` : ''}`;
    /** @param {number} status @param {string} text @param {boolean} [quiet] */
    const answer = (status, text, quiet = false) => {
      if (!quiet) log('warn', `refused ${request.method} ${request.url ?? ''} from ${who}: ${status} ${text}`);
      response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(request.method === 'HEAD' ? undefined : `${text}\n`);
    };

    const originVerdict = options.checkOrigin(origin);
    if (!originVerdict.ok) return void answer(403, originVerdict.reason);
    if (origin !== undefined) {
      // Credentials are allowed so cookies (the RFD's affinity) work; hence the exact origin, never `*`.
      response.setHeader('Access-Control-Allow-Origin', origin);
      response.setHeader('Access-Control-Allow-Credentials', 'true');
      response.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
      response.setHeader('Vary', 'Origin');
    }
    if (request.method === 'OPTIONS') {
      // A preflight carries no credentials: it is answered for allowed origins without the token.
      response.writeHead(204, {
        'Access-Control-Allow-Methods': ALLOWED_METHODS,
        'Access-Control-Allow-Headers': ALLOWED_HEADERS,
        'Access-Control-Max-Age': '600',
      });
      response.end();
      return undefined;
    }
    if (options.isClosing()) return void answer(503, 'the bridge is shutting down');
    const tokenVerdict = options.checkToken(request);
    if (!tokenVerdict.ok) return void answer(401, tokenVerdict.reason);
    return { who, answer, role: tokenVerdict.role };
  };

  /**
   * Serves an admitted request as Streamable HTTP.
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   * @param {NonNullable<ReturnType<typeof admit>>} admitted
   * @param {unknown} [target] what a connection this request opens connects to (launcher mode)
   */
  const serve = (request, response, { who, answer, role }, target) => {
    const connectionId = headerValue(request.headers[CONNECTION_HEADER]);
    const wantsEvents = /text\/event-stream/i.test(headerValue(request.headers.accept) ?? '');
    if ((request.method === 'GET' || request.method === 'HEAD') && !connectionId && !wantsEvents) {
      response.setHeader('Upgrade', 'websocket');
      return answer(
        426,
        'This is an ACP bridge (acp-react-bridge): connect with a WebSocket, or with Streamable HTTP (POST an initialize request with Content-Type: application/json).',
        true,
      );
    }
    if (request.method === 'GET') {
      response.setHeader('X-Accel-Buffering', 'no');
      // The first bytes of a stream go out at once (see above), not at the SDK's first keep-alive.
      const flushHeaders = response.flushHeaders.bind(response);
      response.flushHeaders = () => {
        flushHeaders();
        if (response.statusCode === 200 && /^text\/event-stream/.test(String(response.getHeader('content-type')))) response.write(': stream open\n\n');
      };
      const entry = connectionId && !request.headers[SESSION_HEADER] ? connections.get(connectionId) : undefined;
      if (connectionId && entry) {
        entry.streams++;
        clearTimeout(entry.timer);
        response.once('close', () => {
          entry.streams--;
          arm(connectionId);
        });
      }
    }
    requester.run({ who, target, role }, () => sdkHandler(request, response));
  };

  /**
   * Answers one HTTP request to the endpoint (any method; a WebSocket upgrade is not one).
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   */
  const handle = (request, response) => {
    const admitted = admit(request, response);
    if (admitted) serve(request, response, admitted);
  };

  return {
    handle,
    admit,
    serve,
    /** Closes every HTTP connection (their channels end, and their agents with them). */
    close: async () => {
      for (const entry of connections.values()) clearTimeout(entry.timer);
      await acpServer.close();
    },
  };
}

/** @param {string | string[] | undefined} value */
function headerValue(value) {
  return Array.isArray(value) ? value[0] : value;
}
