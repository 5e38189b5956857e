/**
 * The Streamable HTTP transport: the SDK's `createHttpStream` (its experimental HTTP client; this
 * is the one module that imports it, so a change there touches only this file), with the client's
 * tap in front of the SDK's SSE parser. Fetched only for an `http(s)://` agent.
 *
 * The SDK calls `fetch` for every POST, SSE GET and DELETE; it gets ours, which:
 * - reads each SSE body through the tap (`sse-events.ts`): traffic, refusal of oversized
 *   messages (the agent's request answered with an error, a pending request settled), malformed
 *   events recorded, `session/update` handled by the client, as on a WebSocket;
 * - turns what the SDK would report as a bare status into a sentence that says what is wrong
 *   (no ACP endpoint, no SSE, 415/406, a forgotten connection) and whether a retry can help;
 * - notices a stream that delivers nothing (a buffering proxy) and fails it, so the client
 *   reconnects and says why, instead of waiting for ever;
 * - refuses a session past `maxSessions`: over HTTP/1.1 a browser opens six connections per
 *   host, each open session holds one for its stream, and past that every request waits;
 * - ends a session's stream once `session/close` or `session/delete` succeeds (the SDK keeps it
 *   open, holding one of those connections).
 *
 * Cookies: `credentials: 'include'`. The RFD requires clients to keep and send the server's
 * cookies (load balancers use them for affinity). In a browser only `include` does that: page
 * code can neither read `Set-Cookie` nor send `Cookie`, the browser's own jar does both (for
 * another origin, when the server allows credentials, as the bridge does). Elsewhere (Node) the
 * SDK's cookie store does it; it is kept across reconnects, so a reconnect lands on the same
 * backend.
 */
import type { AnyMessage, Stream } from '@agentclientprotocol/sdk';
import type { TransportOptions } from '../api.js';
import { createHttpStream, MemoryAcpCookieStore, type AcpCookieStore } from '@agentclientprotocol/sdk/experimental/http-client';
import { createSseReader } from './sse-events.js';
import type { AcpClientError, ErrorCodes } from '../errors.js';

/** The client's codes this transport reports with (`ErrorCodes`; the values, so the chunk imports nothing of the entry). */
const codes = {
  connectionFailed: 'connection_failed',
  connectionClosed: 'connection_closed',
  invalidRequest: -32600,
  internalError: -32603,
} as const satisfies Partial<typeof ErrorCodes>;
import type { FrameRefusals, InboundTap, RefusalSource, Socket, tapWritable } from './transport.js';

const CONNECTION_HEADER = 'Acp-Connection-Id';
const SESSION_HEADER = 'Acp-Session-Id';
/** The bridge's last word on a connection it ends (a WebSocket would carry it in its close frame). */
const CLOSING_METHOD = '_acp-react/bridge/closing';
/** Marks the refusal of a session past the limit, so the SDK's error for it can be replaced. */
const LIMIT_MARK = 'acp-react/session_limit';

type Message = Record<string, unknown>;
type Id = string | number;

const DEFAULT_MAX_MESSAGE_BYTES = 32 * 1024 * 1024;
const DEFAULT_EVENT_STREAM_TIMEOUT_MS = 20_000;
/** Six HTTP/1.1 connections per host: the connection's stream, four sessions, one for requests. */
const HTTP1_SESSIONS = 4;

/** The cookie jar of each client (keyed on its tap, which lives as long as the client). */
const jars = new WeakMap<InboundTap, AcpCookieStore>();

export function openHttpStream(
  url: string,
  options: TransportOptions,
  tap: InboundTap,
  modules: RefusalSource,
  errorClass: typeof AcpClientError,
  tapOutbound: typeof tapWritable,
): Stream {
  if (!/^https?:/i.test(url)) throw new Error(`The HTTP transport needs an http:// or https:// URL; got ${url}.`);
  const limit = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const maxSessions = options.maxHttpSessions ?? (/^http:/i.test(url) ? HTTP1_SESSIONS : Infinity);
  const eventStreamTimeoutMs = options.eventStreamTimeoutMs ?? DEFAULT_EVENT_STREAM_TIMEOUT_MS;
  const host = new URL(url).host;
  // Kept across reconnects, so a reconnect reaches the backend the cookies pin (affinity).
  let cookieStore = jars.get(tap);
  if (!cookieStore) jars.set(tap, (cookieStore = new MemoryAcpCookieStore()));
  let refusals: FrameRefusals | undefined;
  const loadingRefusals = modules.refusedFrames().then(
    (module) => (refusals = module),
    () => undefined,
  );
  let connectionId: string | null = null;
  /** Why the server ended the connection, when it said so. */
  let closing: string | undefined;
  /** Each open session stream, by session id: a call ends it. */
  const sessionStreams = new Map<string, () => void>();
  /** Answers the tap has seen on the streams, until the SDK hands them on (see `fromSdk`). */
  const answered = new Set<Id>();
  /** `session/close` and `session/delete` waiting for their answer: request id → session. */
  const ending = new Map<Id, string>();

  const failure = (code: 'connectionFailed' | 'connectionClosed', message: string) => new errorClass(codes[code], message);
  const stalledError = () =>
    failure(
      'connectionFailed',
      `Nothing arrived on the agent's event stream for ${Math.round(eventStreamTimeoutMs / 100) / 10} s: a proxy between this page and ${host} ` +
        `may be buffering it (turn response buffering off for text/event-stream).`,
    );
  const limitMessage = () =>
    `This page already holds ${maxSessions} sessions open over HTTP to ${host}: a browser opens at most six HTTP/1.1 connections per host, ` +
    `and each session holds one. Close a session, or reach the agent over WebSocket or HTTPS (HTTP/2).`;
  const refuseSession = (status: number) =>
    new Response(JSON.stringify({ [LIMIT_MARK]: true, message: limitMessage() }), { status, headers: { 'Content-Type': 'application/json' } });

  const ourFetch: typeof fetch = async (input, init = {}) => {
    const method = init.method ?? 'GET';
    const sessionId = new Headers(init.headers).get(SESSION_HEADER);
    if (method === 'POST' && typeof init.body === 'string') {
      const msg = parseObject(init.body);
      const id = msg?.id;
      if ((msg?.method === 'session/new' || msg?.method === 'session/fork') && sessionStreams.size >= maxSessions) return refuseSession(429);
      if ((msg?.method === 'session/close' || msg?.method === 'session/delete') && sessionId && (typeof id === 'string' || typeof id === 'number')) {
        ending.set(id, sessionId);
      }
    }
    // A session reattached (`session/load`, `session/resume`) or one the agent opened: its stream
    // comes first. 409 makes the SDK fail that session's requests, not the connection.
    if (method === 'GET' && sessionId && !sessionStreams.has(sessionId) && sessionStreams.size >= maxSessions) return refuseSession(409);
    // A session's stream counts from its request on: the next `session/new` may be on its way.
    const reserved = () => {};
    if (method === 'GET' && sessionId && !sessionStreams.has(sessionId)) sessionStreams.set(sessionId, reserved);
    const unreserve = () => {
      if (sessionId && sessionStreams.get(sessionId) === reserved) sessionStreams.delete(sessionId);
    };

    // A stream whose answer does not even start is watched too (a proxy holding the headers back).
    const watch = method === 'GET' ? new AbortController() : undefined;
    if (watch && init.signal) {
      const outer = init.signal;
      outer.addEventListener('abort', () => watch.abort(outer.reason), { once: true });
    }
    const timer = watch && setTimeout(() => watch.abort(stalledError()), eventStreamTimeoutMs);
    let response: Response;
    try {
      response = await fetch(input, watch ? { ...init, signal: watch.signal } : init);
    } catch (error) {
      unreserve();
      if (init.signal?.aborted) throw error;
      if (watch?.signal.aborted) throw watch.signal.reason;
      throw failure('connectionFailed', `Could not reach the agent at ${url}${reasonOf(error)}.`);
    } finally {
      clearTimeout(timer);
    }
    if (method === 'POST' && connectionId === null) {
      if (!response.ok) throw explain(response.status, await textOf(response), 'initialize');
      connectionId = response.headers.get(CONNECTION_HEADER);
      if (!connectionId) {
        throw failure(
          'connectionFailed',
          `The server at ${url} answered initialize without an Acp-Connection-Id header: it is not an ACP Streamable HTTP endpoint ` +
            `(or, on another origin, it does not expose that header to the page).`,
        );
      }
      return response;
    }
    if (method === 'POST' && [401, 403, 404, 410].includes(response.status)) throw explain(response.status, await textOf(response), 'request');
    if (method !== 'GET') return response;
    if (!response.ok) unreserve();
    if (response.status === 409) return response;
    if (!response.ok) throw explain(response.status, await textOf(response), 'event stream');
    const type = response.headers.get('Content-Type') ?? '';
    if (!/^text\/event-stream/i.test(type) || !response.body) {
      unreserve();
      void response.body?.cancel().catch(() => {});
      throw failure(
        'connectionFailed',
        `The server at ${url} answered the event stream request with ${type || 'no content type'}, not text/event-stream: it does not serve ACP's Streamable HTTP (SSE).`,
      );
    }
    return new Response(tapEvents(response.body, sessionId), { status: response.status, headers: response.headers });
  };

  /** A sentence for a refused request, by status. */
  const explain = (status: number, body: string, what: string): Error => {
    const said = `${status}${body ? `: ${body.slice(0, 200)}` : ''}`;
    if (status === 404 && what !== 'initialize') {
      return failure('connectionClosed', `The server at ${url} no longer knows this connection (HTTP ${said}).`);
    }
    const why: Record<number, string> = {
      401: 'check the token',
      403: 'check the token and the origins the server allows',
      404: 'nothing answers ACP at this URL; check its path',
      405: 'it is not an ACP Streamable HTTP endpoint, or it serves no event streams (SSE)',
      406: 'it serves no ACP event streams (SSE)',
      410: 'the connection is gone',
      415: 'it does not take JSON-RPC over POST; it is not an ACP Streamable HTTP endpoint',
    };
    const hint = why[status] ? `: ${why[status]}` : '';
    return failure('connectionFailed', `The server at ${url} refused the ${what} (HTTP ${said})${hint}.`);
  };

  /** An SSE body seen through the tap; what the SDK should see of it comes out. */
  function tapEvents(body: ReadableStream<Uint8Array>, sessionId: string | null): ReadableStream<Uint8Array> {
    const reader = body.getReader();
    const encoder = new TextEncoder();
    let events: string[] = [];
    const sse = createSseReader((data) => events.push(data));
    let heard = false;
    let endAfter = false;
    /** Failed by the watch below: the stream is errored, whatever the reader does next. */
    let stalled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const release = () => {
      clearTimeout(timer);
      if (sessionId && sessionStreams.get(sessionId) === end) sessionStreams.delete(sessionId);
    };
    const end = () => {
      endAfter = true;
      void reader.cancel().catch(() => {});
    };
    if (sessionId) sessionStreams.set(sessionId, end);
    // The agent answers the refusal of its own oversized request on the stream's session.
    const socket: Socket = {
      send(text) {
        const headers: Record<string, string> = { 'Content-Type': 'application/json', [CONNECTION_HEADER]: connectionId ?? '' };
        if (sessionId) headers[SESSION_HEADER] = sessionId;
        void fetch(url, { method: 'POST', headers, body: text, credentials: 'include' }).catch(() => {});
      },
    };

    /** What the SDK gets of one event, as SSE text ('' for nothing). */
    const pass = (data: string): string => {
      let msg: unknown;
      try {
        msg = JSON.parse(data);
      } catch {
        tap.malformed(data);
        return '';
      }
      if (!isRecord(msg)) {
        tap.refused(data, Array.isArray(msg) ? 'JSON-RPC batches are not supported in ACP.' : 'An event must hold one JSON-RPC object.');
        return '';
      }
      if (msg.method === CLOSING_METHOD) {
        const params = isRecord(msg.params) ? msg.params : {};
        closing = typeof params.reason === 'string' ? params.reason : 'no reason given';
      }
      if (tap.message(msg as AnyMessage) || msg.method === CLOSING_METHOD) return '';
      if (!('method' in msg) && (typeof msg.id === 'string' || typeof msg.id === 'number')) answered.add(msg.id);
      if (!('method' in msg) && 'result' in msg && (typeof msg.id === 'string' || typeof msg.id === 'number') && ending.has(msg.id)) {
        const ended = ending.get(msg.id) as string;
        ending.delete(msg.id);
        const endStream = sessionStreams.get(ended);
        // Delivered first, then that session's stream goes (on this stream: right after it).
        if (endStream === end) endAfter = true;
        else endStream?.();
      }
      return toSse(data);
    };

    const refuse = async (data: string): Promise<string> => {
      await loadingRefusals;
      // Without the module (it failed to load), the message is dropped without a diagnostic.
      const replacement = refusals ? refusals.refuseOversized(data, limit, tap, socket, codes.invalidRequest) : null;
      return replacement ? toSse(replacement) : '';
    };

    return new ReadableStream<Uint8Array>({
      start(controller) {
        timer = setTimeout(() => {
          if (heard) return;
          stalled = true;
          controller.error(stalledError());
          release();
          void reader.cancel().catch(() => {});
        }, eventStreamTimeoutMs);
      },
      async pull(controller) {
        for (;;) {
          let chunk: ReadableStreamReadResult<Uint8Array>;
          try {
            chunk = await reader.read();
          } catch (error) {
            release();
            if (stalled) return;
            if (!endAfter) controller.error(failure('connectionClosed', `The agent's event stream broke${reasonOf(error)}.`));
            else controller.close();
            return;
          }
          if (stalled) return;
          if (chunk.done) sse.end();
          else {
            if (!heard) clearTimeout(timer);
            heard = true;
            sse.push(chunk.value);
          }
          const taken = events;
          events = [];
          let out = '';
          for (const data of taken) out += data.length > limit ? await refuse(data) : pass(data);
          if (out) controller.enqueue(encoder.encode(out));
          if (chunk.done || endAfter) {
            release();
            controller.close();
            if (!chunk.done) void reader.cancel().catch(() => {});
            return;
          }
          if (out) return;
        }
      },
      cancel(reason) {
        release();
        return reader.cancel(reason);
      },
    });
  }

  const sdk = createHttpStream(url, {
    fetch: ourFetch,
    cookies: 'include',
    cookieStore,
    // The tap refuses what is over `limit` (UTF-16 units) first; the SDK counts UTF-8 bytes.
    maxMessageBytes: limit * 3 + 1024,
  });

  const sdkReader = sdk.readable.getReader();
  const ended = () => failure('connectionClosed', `The agent's server ended the connection: ${closing}.`);
  const readable = new ReadableStream<AnyMessage>({
    async pull(controller) {
      let next: ReadableStreamReadResult<AnyMessage>;
      try {
        next = await sdkReader.read();
      } catch (error) {
        controller.error(closing ? ended() : error);
        return;
      }
      if (next.done) {
        if (closing) controller.error(ended());
        else controller.close();
        return;
      }
      controller.enqueue(fromSdk(next.value));
    },
    cancel: (reason) => sdkReader.cancel(reason),
  });

  /**
   * The SDK answers some requests itself (a POST refused, a session stream lost or refused); the
   * tap never saw those answers, so they are shown to it here. The refusal of a session past the
   * limit gets its own error.
   */
  function fromSdk(msg: AnyMessage): AnyMessage {
    const id = (msg as { id?: unknown }).id;
    if ('method' in msg || (typeof id !== 'string' && typeof id !== 'number') || answered.delete(id)) return msg;
    const error = (msg as { error?: { data?: { body?: unknown } } }).error;
    const body = error?.data?.body;
    if (isRecord(body) && body[LIMIT_MARK] === true) {
      msg = {
        jsonrpc: '2.0',
        id,
        error: { code: codes.internalError, message: String(body.message), data: { reason: 'session_limit', limit: maxSessions } },
      } as AnyMessage;
    }
    tap.message(msg);
    return msg;
  }

  return { readable, writable: tapOutbound(sdk.writable, tap) };
}

/** An event's data as SSE text again (a line break in the data becomes another `data:` line). */
function toSse(data: string): string {
  return data.includes('\n') ? `data: ${data.split('\n').join('\ndata: ')}\n\n` : `data: ${data}\n\n`;
}

/** A plain object (not an array); `guards.ts` has the same, but this chunk imports nothing the entry has. */
function isRecord(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseObject(text: string): Message | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

async function textOf(response: Response): Promise<string> {
  try {
    return (await response.text()).trim();
  } catch {
    return '';
  }
}

/** ` (ECONNREFUSED)`-style detail of a network failure, when there is one. */
function reasonOf(error: unknown): string {
  const cause = isRecord(error) && isRecord(error.cause) ? error.cause : undefined;
  const code = cause && typeof cause.code === 'string' ? cause.code : undefined;
  if (code) return ` (${code})`;
  return error instanceof Error && error.message ? ` (${error.message})` : '';
}
