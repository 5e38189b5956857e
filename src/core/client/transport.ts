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
 * path and frames the SDK would refuse are still seen. In a browser the socket it wraps is the
 * socket worker's (`worker-socket.ts`): frames come in batches, runs of text chunks joined. An injected `Stream` is tapped at the
 * message level instead. Over Streamable HTTP (`http-transport.ts`, fetched only when used) the
 * tap sits in front of the SDK's SSE parser, so the same refusals and traffic apply.
 */
import type { AnyMessage, Stream } from '@agentclientprotocol/sdk';
import { createWebSocketStream, type WebSocketConstructor } from '@agentclientprotocol/sdk/experimental/ws-client';
import type { TransportOptions } from '../api.js';
import { AcpClientError, ErrorCodes } from '../errors.js';
import { isRecord } from '../guards.js';
import { workerWebSocket } from './worker-socket.js';

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
  /**
   * Whether frames must arrive exactly as the agent sent them (someone watches the traffic), so
   * the socket worker must not join text chunks. Absent: they need not.
   */
  exactFrames?(): boolean;
  /**
   * A message the client sends. Looked up on every send, so a module fetched later can put a
   * filter in front of it (the sign-in action redacts secrets before they are recorded).
   */
  outbound(msg: AnyMessage): void;
}

/**
 * The refusal of binary and oversized frames (`refused-frames.ts`), which the transport fetches
 * as it opens a socket; declared here, where it is used, so that module and this one do not
 * import each other.
 */
export interface FrameRefusals {
  refuseBinary(data: unknown, tap: InboundTap): null;
  /** What the SDK gets in place of the frame (a replacement error response), if anything. */
  refuseOversized(text: string, limit: number, tap: InboundTap, socket: Socket, invalidRequest: number): string | null;
}

/** Where the transport gets the refusals from (`ConnectionModules`: fetched, or already bundled). */
export interface RefusalSource {
  refusedFrames(): Promise<FrameRefusals>;
  /** The Streamable HTTP transport (`http-transport.ts`), fetched the first time a URL needs it. */
  httpTransport(): Promise<HttpTransport>;
}

/**
 * What the HTTP transport module offers; declared here, where it is used (as `FrameRefusals`).
 * It gets what it needs of the client as arguments, so its chunk imports nothing the entry has
 * (positional: every byte of this call is in the core entry).
 */
export interface HttpTransport {
  openHttpStream(
    url: string,
    options: TransportOptions,
    /** Stays the same across the client's reconnects: the transport keys its cookie jar on it. */
    tap: InboundTap,
    refusals: RefusalSource,
    errorClass: typeof AcpClientError,
    /** Records what the client sends (the tap's `outbound`). */
    tapOutbound: typeof tapWritable,
  ): Stream;
}

export const DEFAULT_MAX_MESSAGE_BYTES = 32 * 1024 * 1024;

export function canReconnect(options: TransportOptions): boolean {
  return Boolean(options.url) || typeof options.stream === 'function';
}

/** A stream to the agent; a promise only when its transport's code must be fetched first (HTTP). */
export function openStream(options: TransportOptions, tap: InboundTap, modules: RefusalSource): Stream | Promise<Stream> {
  if (options.stream) {
    const stream = typeof options.stream === 'function' ? options.stream() : options.stream;
    return tapStream(stream, tap);
  }
  const url = options.url;
  if (!url) throw new Error('createAcpClient needs a `url` or a `stream`.');
  // Streamable HTTP (its code fetched on first use) when `transport` says 'http', or, without
  // `transport`, for an `http(s)://` URL: one test covers both.
  if (/^http/i.test(options.transport ?? url)) {
    return modules.httpTransport().then((module) => module.openHttpStream(url, options, tap, modules, AcpClientError, tapWritable));
  }
  const limit = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const inWorker =
    !options.WebSocket && options.socketWorker !== false ? workerWebSocket({ maxBytes: limit, exactFrames: () => tap.exactFrames?.() ?? false }) : null;
  const Base = options.WebSocket ?? ((inWorker ?? globalThis.WebSocket) as unknown as WebSocketConstructor | undefined);
  if (!Base) throw new Error('No WebSocket implementation: pass `WebSocket` (for example from the `ws` package).');
  const stream = createWebSocketStream(url, {
    WebSocket: tappedWebSocket(Base, tap, limit, modules),
    ...(options.protocols ? { protocols: options.protocols } : {}),
  });
  return { readable: stream.readable, writable: tapWritable(stream.writable, tap) };
}

type Listener = (...args: unknown[]) => void;
/** The part of a socket a refusal uses: it answers a refused request itself. */
export interface Socket {
  send(text: string): void;
}

/**
 * A WebSocket class whose `message` listeners only see frames the tap lets through. Works with
 * both listener styles the SDK uses: `addEventListener` (browsers) and `on` (the `ws` package).
 */
function tappedWebSocket(Base: WebSocketConstructor, tap: InboundTap, limit: number, modules: RefusalSource): WebSocketConstructor {
  // Fetched now, with the socket, so it is there before a frame can need it. If it cannot be
  // loaded, the frames it would refuse are dropped without a diagnostic.
  let refusals: FrameRefusals | undefined;
  let loading: Promise<unknown> = modules.refusedFrames().then(
    (module) => (refusals = module),
    () => {},
  );
  /** Frames waiting, in order, behind one that needed the refusals before they had loaded. */
  let waiting = 0;

  const filter = (text: string | null, data: unknown, socket: Socket): string | null => {
    if (text === null) return refusals ? refusals.refuseBinary(data, tap) : null;
    if (text.length > limit) return refusals ? refusals.refuseOversized(text, limit, tap, socket, ErrorCodes.invalidRequest) : null;
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      tap.malformed(text);
      return text;
    }
    if (!isRecord(msg)) {
      tap.refused(text, Array.isArray(msg) ? 'ACP has no JSON-RPC batches.' : 'A frame must hold one JSON-RPC object.');
      return text;
    }
    return tap.message(msg as AnyMessage) ? null : text;
  };

  /** Hands `emit` what the SDK should see of a frame, if anything, keeping frames in order. */
  const receive = (data: unknown, isBinary: boolean, socket: Socket, emit: (text: string) => void) => {
    const text = isBinary ? null : decodeText(data);
    const run = () => {
      const out = filter(text, data, socket);
      if (out !== null) emit(out);
    };
    if (waiting === 0 && (refusals || (text !== null && text.length <= limit))) return run();
    const next = () => {
      waiting--;
      run();
    };
    waiting++;
    loading = loading.then(next, next);
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
        // Read once: `data` is a getter into the browser, and this runs for every frame.
        const data = event.data;
        receive(data, typeof data !== 'string', this as unknown as Socket, (text) => listener(text === data ? event : { data: text }));
      };
      return parent.call(this, type, wrapped, options);
    }

    on(type: string, listener: Listener) {
      const parent = (Base.prototype as unknown as { on: (...a: unknown[]) => unknown }).on;
      if (type !== 'message') return parent.call(this, type, listener);
      return parent.call(this, type, (data: unknown, isBinary: boolean) =>
        receive(data, isBinary === true, this as unknown as Socket, (text) => listener(text, false)),
      );
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

/** A text frame's text; `ws` hands text frames over as Buffers. Null for anything else. */
function decodeText(data: unknown): string | null {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return new TextDecoder().decode(data);
  if (Array.isArray(data)) return data.map((part) => new TextDecoder().decode(part as ArrayBufferView)).join('');
  return null;
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

export function tapWritable(writable: WritableStream<AnyMessage>, tap: InboundTap): WritableStream<AnyMessage> {
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
