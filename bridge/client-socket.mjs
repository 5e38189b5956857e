// @ts-check
/**
 * The browser side of a bridge connection: one `ws` WebSocket carrying one JSON-RPC message per
 * text frame. Validates incoming frames, closes with meaningful codes and reasons, keeps the
 * connection alive with pings, and reports when outgoing data backs up.
 */
import { errorResponse, INVALID_REQUEST, parseClientFrame } from './jsonrpc.mjs';

export const CloseCode = /** @type {const} */ ({
  NORMAL: 1000,
  GOING_AWAY: 1001,
  PROTOCOL_ERROR: 1002,
  INVALID_DATA: 1007,
  MESSAGE_TOO_BIG: 1009,
  INTERNAL_ERROR: 1011,
  TRY_AGAIN_LATER: 1013,
});

/** A close reason may not exceed 123 bytes of UTF-8 (RFC 6455 §5.5). */
const MAX_CLOSE_REASON_BYTES = 123;
/** Above this many bytes queued for the socket, stop reading the agent's stdout. */
const HIGH_WATER_BYTES = 8 * 1024 * 1024;
/** Resume reading once the queue is below this. */
const LOW_WATER_BYTES = 1024 * 1024;
/** How long the peer may take to answer a close frame during shutdown before the socket is cut. */
const CLOSE_HANDSHAKE_TIMEOUT_MS = 1000;

/**
 * Truncates a close reason to what the protocol allows, on a character boundary.
 * @param {string} reason
 */
export function fitCloseReason(reason) {
  if (Buffer.byteLength(reason) <= MAX_CLOSE_REASON_BYTES) return reason;
  let cut = reason;
  while (Buffer.byteLength(`${cut}…`) > MAX_CLOSE_REASON_BYTES) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/**
 * @typedef {object} ClientHandlers
 * @property {(message: Record<string, unknown>) => void} onMessage a valid JSON object from the browser
 * @property {(code: number, reason: string) => void} onClose the socket is closed (called once)
 * @property {() => void} onDrain the outgoing queue fell below the low-water mark after {@link ClientSocket#send} returned false
 */

/**
 * What the bridge's modes (`dedicated.mjs`, `shared.mjs`) see of a client, whatever its transport:
 * a {@link ClientSocket} (WebSocket) or an `HttpChannel` (Streamable HTTP).
 * @typedef {object} BridgeClient
 * @property {ClientHandlers} handlers
 * @property {string} label
 * @property {Promise<void>} closed
 * @property {boolean} isOpen
 * @property {(text: string) => boolean} send
 * @property {() => void} pause
 * @property {() => void} resume
 * @property {(code: number, reason: string) => void} close
 */

export class ClientSocket {
  /** @type {import('ws').WebSocket} */
  #ws;
  /** @type {ClientHandlers} */
  handlers = { onMessage: () => {}, onClose: () => {}, onDrain: () => {} };
  /** Remote address and Origin, for log lines. */
  label;
  #congested = false;
  #closed = false;
  /** @type {Promise<void>} */
  closed;
  /** @type {NodeJS.Timeout | undefined} */
  #pingTimer;

  /**
   * @param {import('ws').WebSocket} ws
   * @param {{ label: string, maxMessageBytes: number, pingIntervalMs: number, log: import('./log.mjs').Logger }} options
   */
  constructor(ws, options) {
    this.#ws = ws;
    this.label = options.label;
    const { log } = options;

    // `ws` closes the socket itself on a receiver error (oversized frame, invalid UTF-8), but
    // without a reason. Supply one, so the browser can tell the user what happened.
    const close = ws.close.bind(ws);
    /** @type {Record<number, string>} */
    const reasons = {
      [CloseCode.MESSAGE_TOO_BIG]: `message too big: the bridge accepts at most ${options.maxMessageBytes} bytes per message`,
      [CloseCode.INVALID_DATA]: 'invalid UTF-8 in a text frame',
      [CloseCode.PROTOCOL_ERROR]: 'WebSocket protocol error',
    };
    ws.close = (code, reason) => close(code, reason ?? (code !== undefined ? reasons[code] : undefined));

    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reasonBuffer) => {
        this.#closed = true;
        clearInterval(this.#pingTimer);
        this.handlers.onClose(code, reasonBuffer.toString());
        resolve();
      });
    });
    ws.on('error', (error) => {
      const code = /** @type {{ code?: string }} */ (error).code;
      if (code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') {
        log('warn', `${this.label}: closed the connection (1009): the client sent a message over ${options.maxMessageBytes} bytes`);
      } else {
        log('warn', `${this.label}: ${error.message}`);
      }
    });
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        this.send(errorResponse(null, INVALID_REQUEST, 'Invalid request: binary frames are not supported; send each JSON-RPC message as a text frame'));
        return;
      }
      const parsed = parseClientFrame(toText(data));
      if (parsed.ok) this.handlers.onMessage(parsed.message);
      else this.send(parsed.reply);
    });

    if (options.pingIntervalMs > 0) {
      // A peer that vanished without a close frame (sleep, network loss) would otherwise hold
      // its agent, or the shared agent's only slot, forever.
      let alive = true;
      ws.on('pong', () => {
        alive = true;
      });
      this.#pingTimer = setInterval(() => {
        if (!alive) {
          log('warn', `${this.label}: no answer to ping; dropping the connection`);
          ws.terminate();
          return;
        }
        alive = false;
        ws.ping();
      }, options.pingIntervalMs);
      this.#pingTimer.unref();
    }
  }

  get isOpen() {
    return !this.#closed && this.#ws.readyState === this.#ws.OPEN;
  }

  /**
   * Sends one serialized JSON-RPC message as a text frame.
   * @param {string} text
   * @returns {boolean} `false` when the outgoing queue is above the high-water mark: stop
   *   producing until `onDrain`
   */
  send(text) {
    if (!this.isOpen) return true;
    this.#ws.send(text, { binary: false }, () => {
      if (this.#congested && this.#ws.bufferedAmount < LOW_WATER_BYTES) {
        this.#congested = false;
        this.handlers.onDrain();
      }
    });
    if (this.#ws.bufferedAmount > HIGH_WATER_BYTES) this.#congested = true;
    return !this.#congested;
  }

  /** Stops reading frames from the browser (the agent's stdin is congested). */
  pause() {
    this.#ws.pause();
  }

  resume() {
    this.#ws.resume();
  }

  /**
   * Closes the connection with a code and a reason. If the peer does not complete the close
   * handshake promptly, the TCP connection is cut.
   * @param {number} code
   * @param {string} reason
   */
  close(code, reason) {
    if (this.#closed) return;
    const ws = this.#ws;
    if (ws.readyState === ws.CONNECTING || ws.readyState === ws.OPEN) ws.close(code, fitCloseReason(reason));
    const timer = setTimeout(() => ws.terminate(), CLOSE_HANDSHAKE_TIMEOUT_MS);
    timer.unref();
    void this.closed.then(() => clearTimeout(timer));
  }
}

/** @param {import('ws').RawData} data */
function toText(data) {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}
