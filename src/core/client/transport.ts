/**
 * Opening a stream to the agent, with a tap in front of the SDK.
 *
 * The tap sees every inbound message first. It records traffic for the inspector, refuses
 * binary and oversized frames with a clear diagnostic, and may consume a message so the SDK
 * never sees it: the core handles `session/update` itself, because the SDK's stable parser
 * drops a whole notification it cannot validate (an unknown update kind or content type).
 *
 * For WebSockets the default transport is the SDK's `createWebSocketStream`; the tap is a
 * WebSocket subclass that filters `message` listeners, so each frame is parsed once on the hot
 * path and frames the SDK would refuse are still seen. An injected `Stream` is tapped at the
 * message level instead.
 */
import type { AnyMessage, Stream } from '@agentclientprotocol/sdk';
import { createWebSocketStream, type WebSocketConstructor } from '@agentclientprotocol/sdk/experimental/ws-client';
import { ErrorCodes } from '../errors.js';

export interface InboundTap {
  /**
   * A frame was refused before reaching the SDK (binary, oversized). For an oversized frame,
   * `envelope` is its top-level `id` and `method` when they could be found; the tap may return a
   * message to hand the SDK in its place (an error response that settles a pending request).
   */
  refused(raw: string, reason: string, envelope?: Envelope): AnyMessage | null | void;
  /** A frame that is not valid JSON (the SDK answers it with -32700). */
  malformed(raw: string): void;
  /** A parsed message; return true to consume it (the SDK will not see it). */
  message(msg: AnyMessage): boolean;
  /** A message the client sends. */
  outbound(msg: AnyMessage): void;
}

export interface TransportOptions {
  url?: string;
  stream?: Stream | (() => Stream);
  WebSocket?: WebSocketConstructor;
  protocols?: string[];
  /** Frames longer than this (in UTF-16 code units) are refused. Default 32 MiB. */
  maxMessageBytes?: number;
}

export const DEFAULT_MAX_MESSAGE_BYTES = 32 * 1024 * 1024;

export function canReconnect(options: TransportOptions): boolean {
  return Boolean(options.url) || typeof options.stream === 'function';
}

export function openStream(options: TransportOptions, tap: InboundTap): Stream {
  if (options.stream) {
    const stream = typeof options.stream === 'function' ? options.stream() : options.stream;
    return tapStream(stream, tap);
  }
  if (!options.url) throw new Error('createAcpClient needs a `url` or a `stream`.');
  const Base = options.WebSocket ?? (globalThis.WebSocket as unknown as WebSocketConstructor | undefined);
  if (!Base) throw new Error('No WebSocket implementation: pass `WebSocket` (for example from the `ws` package).');
  const limit = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const stream = createWebSocketStream(options.url, {
    WebSocket: tappedWebSocket(Base, tap, limit),
    ...(options.protocols ? { protocols: options.protocols } : {}),
  });
  return { readable: stream.readable, writable: tapWritable(stream.writable, tap) };
}

type Listener = (...args: unknown[]) => void;

/**
 * A WebSocket class whose `message` listeners only see frames the tap lets through. Works with
 * both listener styles the SDK uses: `addEventListener` (browsers) and `on` (the `ws` package).
 */
function tappedWebSocket(Base: WebSocketConstructor, tap: InboundTap, limit: number): WebSocketConstructor {
  const filter = (data: unknown, isBinary: boolean, socket: { send(text: string): void }): string | null => {
    if (isBinary || typeof data !== 'string') {
      const text = decodeText(data, isBinary);
      if (text === null) {
        tap.refused(describeBinary(data), 'Binary frames are not part of ACP; the frame was ignored.');
        return null;
      }
      data = text;
    }
    const text = data as string;
    if (text.length > limit) {
      const reason = `Message of ${text.length} characters exceeds the ${limit} limit; it was refused.`;
      // Refusing silently used to leave both sides hanging: a refused response kept the client's
      // request pending forever (prompts have no timeout), a refused request left the agent
      // waiting for an answer. Whoever waits is told instead.
      const envelope = peekEnvelope(text);
      const replacement = tap.refused(`${text.slice(0, 200)}…`, reason, envelope);
      if (envelope.id !== undefined && envelope.method !== undefined) {
        const reply = { jsonrpc: '2.0' as const, id: envelope.id, error: { code: ErrorCodes.invalidRequest, message: reason, data: { limit, size: text.length } } };
        tap.outbound(reply);
        socket.send(JSON.stringify(reply));
      }
      return replacement ? JSON.stringify(replacement) : null;
    }
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      tap.malformed(text);
      return text;
    }
    if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) {
      tap.refused(text, Array.isArray(msg) ? 'JSON-RPC batches are not supported in ACP.' : 'A frame must hold one JSON-RPC object.');
      return text;
    }
    return tap.message(msg as AnyMessage) ? null : text;
  };

  const Tapped = class extends (Base as unknown as new (...args: unknown[]) => Record<string, unknown>) {
    // The SDK constructs with `(url, protocols, { headers })` and passes `protocols` even when it
    // is undefined; Chromium then offers a subprotocol literally named "undefined", which a server
    // that selects none (such as acp-react-bridge) must refuse. Pass a real empty list instead.
    constructor(url: unknown, protocols?: unknown, ...rest: unknown[]) {
      super(url, protocols ?? [], ...rest);
    }

    addEventListener(type: string, listener: Listener, options?: unknown) {
      const parent = (Base.prototype as unknown as { addEventListener: (...a: unknown[]) => void }).addEventListener;
      if (type !== 'message') return parent.call(this, type, listener, options);
      const wrapped = (event: { data: unknown }) => {
        const text = filter(event.data, typeof event.data !== 'string', this as unknown as { send(text: string): void });
        if (text !== null) listener(text === event.data ? event : { data: text });
      };
      return parent.call(this, type, wrapped, options);
    }

    on(type: string, listener: Listener) {
      const parent = (Base.prototype as unknown as { on: (...a: unknown[]) => unknown }).on;
      if (type !== 'message') return parent.call(this, type, listener);
      return parent.call(this, type, (data: unknown, isBinary: boolean) => {
        const text = filter(data, isBinary === true, this as unknown as { send(text: string): void });
        if (text !== null) listener(text, false);
      });
    }
  };
  // Browsers' WebSocket has no `on`; keep the SDK on `addEventListener` there.
  if (typeof (Base.prototype as { on?: unknown }).on !== 'function') {
    delete (Tapped.prototype as { on?: unknown }).on;
  }
  return Tapped as unknown as WebSocketConstructor;
}

export interface Envelope {
  id?: string | number;
  method?: string;
}

/**
 * The top-level `id` and `method` of a JSON-RPC frame, found by scanning it rather than parsing
 * it whole (it is too large to parse). `id` is undefined when there is none or it is unusable.
 */
export function peekEnvelope(text: string): Envelope {
  const found: Envelope = {};
  const n = text.length;
  const skipSpace = (j: number) => {
    while (j < n && text.charCodeAt(j) <= 32) j++;
    return j;
  };
  /** Index just past the string starting at `j` (a `"`). */
  const endOfString = (j: number) => {
    for (j++; j < n; j++) {
      const c = text.charCodeAt(j);
      if (c === 92) j++;
      else if (c === 34) return j + 1;
    }
    return n;
  };
  let i = skipSpace(0);
  if (text[i] !== '{') return found;
  i++;
  while (i < n) {
    i = skipSpace(i);
    if (text[i] !== '"') break;
    const keyEnd = endOfString(i);
    const key = text.slice(i + 1, keyEnd - 1);
    i = skipSpace(keyEnd);
    if (text[i] !== ':') break;
    const start = (i = skipSpace(i + 1));
    // Skip the value, whatever its size, without copying it.
    let depth = 0;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i = endOfString(i);
        continue;
      }
      if (c === 123 || c === 91) depth++;
      else if (c === 125 || c === 93) {
        if (depth === 0) break;
        depth--;
      } else if (c === 44 && depth === 0) break;
      i++;
    }
    if ((key === 'id' || key === 'method') && i - start < 1024) {
      let value: unknown;
      try {
        value = JSON.parse(text.slice(start, i));
      } catch {
        value = undefined;
      }
      if (key === 'method' && typeof value === 'string') found.method = value;
      if (key === 'id' && (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)))) found.id = value;
    }
    if (text[i] !== ',') break;
    i++;
  }
  return found;
}

function decodeText(data: unknown, isBinary: boolean): string | null {
  if (isBinary) return null;
  if (typeof data === 'string') return data;
  // `ws` hands text frames over as Buffers (with isBinary false).
  if (data instanceof ArrayBuffer) return new TextDecoder().decode(data);
  if (ArrayBuffer.isView(data)) return new TextDecoder().decode(data as ArrayBufferView);
  if (Array.isArray(data)) return data.map((part) => new TextDecoder().decode(part as ArrayBufferView)).join('');
  return null;
}

function describeBinary(data: unknown): string {
  if (data instanceof ArrayBuffer) return `<binary frame, ${data.byteLength} bytes>`;
  if (ArrayBuffer.isView(data)) return `<binary frame, ${data.byteLength} bytes>`;
  if (typeof Blob !== 'undefined' && data instanceof Blob) return `<binary frame, ${data.size} bytes>`;
  return '<binary frame>';
}

function tapStream(stream: Stream, tap: InboundTap): Stream {
  const readable = stream.readable.pipeThrough(
    new TransformStream<AnyMessage, AnyMessage>({
      transform(msg, controller) {
        if (!tap.message(msg)) controller.enqueue(msg);
      },
    }),
  );
  return { readable, writable: tapWritable(stream.writable, tap) };
}

function tapWritable(writable: WritableStream<AnyMessage>, tap: InboundTap): WritableStream<AnyMessage> {
  const writer = writable.getWriter();
  return new WritableStream<AnyMessage>({
    write(msg) {
      tap.outbound(msg);
      return writer.write(msg);
    },
    close: () => writer.close(),
    abort: (reason) => writer.abort(reason),
  });
}
