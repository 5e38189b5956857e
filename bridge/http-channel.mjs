// @ts-check
/**
 * One Streamable HTTP connection, seen by the bridge's modes (`dedicated.mjs`, `shared.mjs`) as the
 * same thing as a WebSocket (`ClientSocket`): messages in, serialized messages out, pause/resume,
 * close with a code and a reason. The SDK's `AcpServer` owns the HTTP side (POSTs, the SSE
 * streams, routing by `Acp-Connection-Id`/`Acp-Session-Id`); it hands each new connection a
 * `Stream` of JSON-RPC objects, which this wraps.
 *
 * A close has no close frame over HTTP, so the reason travels as a last notification on the
 * connection's stream (`_acp-react/bridge/closing`), which the acp-react client shows; then the
 * agent's side of the stream ends, the SDK delivers what is queued, finishes the SSE streams and
 * forgets the connection (later requests get 404, which tells any client it is gone).
 *
 * The SDK's server answers the `initialize` POST with the first message the bridge sends, and
 * fails the connection (500) when that is not the answer. What the bridge sends before it (its
 * report of an agent that logs while starting, `agent-report.mjs`) waits until the answer has gone.
 */
import { BridgeNotifications } from './handshake.mjs';
import { isObject, isResponse } from './jsonrpc.mjs';

/**
 * @typedef {object} HttpChannelOptions
 * @property {string} label for log lines
 */

export class HttpChannel {
  /** @type {import('./client-socket.mjs').ClientHandlers} */
  handlers = { onMessage: () => {}, onClose: () => {}, onDrain: () => {} };
  label;
  /** @type {Promise<void>} */
  closed;
  #writer;
  #closing = false;
  #ended = false;
  #congested = false;
  #paused = false;
  /** @type {(() => void) | undefined} */
  #wake;
  /** @type {ReadableStreamDefaultReader<unknown>} */
  #reader;
  /** @type {(code: number, reason: string) => void} */
  #finish = () => {};
  /** Messages sent before the answer to `initialize`, waiting for it; `undefined` once it has gone. */
  /** @type {Record<string, unknown>[] | undefined} */
  #early = [];

  /**
   * @param {{ readable: ReadableStream<unknown>, writable: WritableStream<unknown> }} stream the SDK's side of the connection
   * @param {HttpChannelOptions} options
   */
  constructor(stream, options) {
    this.label = options.label;
    this.#writer = stream.writable.getWriter();
    this.closed = new Promise((resolve) => {
      this.#finish = (code, reason) => {
        if (this.#ended) return;
        this.#ended = true;
        this.handlers.onClose(code, reason);
        resolve();
      };
    });
    this.#reader = stream.readable.getReader();
    void this.#read(this.#reader);
  }

  /** @param {ReadableStreamDefaultReader<unknown>} reader */
  async #read(reader) {
    try {
      for (;;) {
        while (this.#paused) await new Promise((resolve) => (this.#wake = () => resolve(undefined)));
        const { done, value } = await reader.read();
        if (done) break;
        // The SDK has parsed and checked the envelope already; anything else is not ours to send on.
        if (isObject(value)) this.handlers.onMessage(value);
      }
      this.#finish(1000, 'the client closed the connection');
    } catch (error) {
      this.#finish(1001, error instanceof Error ? error.message : 'the connection was closed');
    }
  }

  get isOpen() {
    return !this.#ended && !this.#closing;
  }

  /**
   * Sends one serialized JSON-RPC message to the client (on the stream the SDK routes it to).
   * @param {string} text
   * @returns {boolean} `false` while the SDK holds as much output as it allows: stop producing until `onDrain`
   */
  send(text) {
    if (!this.isOpen) return true;
    const message = JSON.parse(text);
    if (this.#early) {
      if (!isResponse(message)) {
        this.#early.push(message);
        return true;
      }
      const early = this.#early;
      this.#early = undefined;
      this.#writer.write(message).catch(() => {});
      for (const waiting of early) this.#writer.write(waiting).catch(() => {});
    } else {
      this.#writer.write(message).catch(() => {});
    }
    if (!this.#congested && (this.#writer.desiredSize ?? 1) <= 0) {
      this.#congested = true;
      void this.#writer.ready.then(
        () => {
          this.#congested = false;
          this.handlers.onDrain();
        },
        () => {},
      );
    }
    return !this.#congested;
  }

  /** Stops taking the client's messages (the agent's stdin is congested). */
  pause() {
    this.#paused = true;
  }

  resume() {
    this.#paused = false;
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  /**
   * Ends the connection: the reason goes to the client as a last notification, then the stream ends.
   * @param {number} code the WebSocket close code the same event would have (1011 agent exited, 1009 too big…)
   * @param {string} reason
   */
  close(code, reason) {
    if (this.#closing || this.#ended) return;
    this.#closing = true;
    this.#writer.write({ jsonrpc: '2.0', method: BridgeNotifications.closing, params: { code, reason } }).catch(() => {});
    // Ending the agent's side lets the SDK deliver what is queued (the reason included), finish
    // the SSE streams and forget the connection; the client's side is not read any more.
    this.#writer.close().catch(() => {});
    this.#finish(code, reason);
    void this.#reader.cancel().catch(() => {});
  }
}
