/**
 * The page's side of the socket worker (`socket-worker-host.ts`): a class with the WebSocket
 * interface the SDK's stream uses (`readyState`, `send`, `close`, `open`/`message`/`close`/`error`
 * events), whose real socket lives in the worker. The client's tap wraps it as it wraps the
 * browser's WebSocket (`transport.ts`), so refusals, the traffic log and the `session/update`
 * routing are the same; only the frames come in batches, with runs of text chunks joined.
 *
 * One worker per page, shared by every client on it, started with the first connection (never at
 * import). Where it cannot start (a CSP without `worker-src`, a bundler that did not emit it) a
 * socket that has not opened yet is opened on the main thread instead, and so is every later one:
 * the connection works either way, only with the frames parsed on the main thread.
 */
import { countJoinedUpdates } from '../store.js';
import type { FromSocketWorker, ToSocketWorker } from './socket-worker-host.js';

export interface WorkerSocketOptions {
  /** Frames longer than this are passed on unread (the tap refuses them). */
  maxBytes: number;
  /** True while every frame must reach the page as the agent sent it (someone watches the traffic). */
  exactFrames(): boolean;
}

/** The worker's `name` (`self.name` inside it). */
export const SOCKET_WORKER_NAME = 'acp-react socket';

type SocketConstructor = new (url: string | URL, protocols?: string | string[]) => WebSocket;

/** The page's worker: undefined until the first socket, null once it failed to start. */
let host: SocketWorkerHost | null | undefined;

class SocketWorkerHost {
  readonly worker: Worker;
  readonly sockets = new Map<number, WorkerSocket>();
  #nextId = 1;

  constructor() {
    // The form bundlers recognise to emit the worker as a file of its own: keep it literal.
    // Named so it can be told apart (devtools, tests) where a bundler names its file by a hash.
    this.worker = new Worker(new URL('./socket-worker.js', import.meta.url), { type: 'module', name: SOCKET_WORKER_NAME });
    this.worker.addEventListener('message', (event: MessageEvent<FromSocketWorker>) => this.sockets.get(event.data.id)?.receive(event.data));
    this.worker.addEventListener('error', (event) => {
      // Handled here (every socket goes on without the worker), not reported again by the page.
      event.preventDefault();
      this.fail();
    });
  }

  open(socket: WorkerSocket, url: string, protocols: string[], maxBytes: number, join: boolean): number {
    const id = this.#nextId++;
    this.sockets.set(id, socket);
    this.post({ type: 'open', id, url, protocols, maxBytes });
    this.post({ type: 'join', id, on: join });
    return id;
  }

  post(message: ToSocketWorker) {
    this.worker.postMessage(message);
  }

  fail() {
    if (host === this) host = null;
    this.worker.terminate();
    const sockets = [...this.sockets.values()];
    this.sockets.clear();
    for (const socket of sockets) socket.workerFailed();
  }
}

/** The WebSocket class for the transport, or null where no worker can run (then the browser's is used). */
export function workerWebSocket(options: WorkerSocketOptions): SocketConstructor | null {
  if (host === null || typeof Worker === 'undefined' || typeof globalThis.WebSocket === 'undefined') return null;
  return class extends WorkerSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, options);
    }
  } as unknown as SocketConstructor;
}

/** The state constants, as the browser's WebSocket has them. */
const CONNECTING = 0;
const OPEN = 1;
const CLOSING = 2;
const CLOSED = 3;

class WorkerSocket extends EventTarget {
  static readonly CONNECTING = CONNECTING;
  static readonly OPEN = OPEN;
  static readonly CLOSING = CLOSING;
  static readonly CLOSED = CLOSED;

  readonly url: string;
  readyState = CONNECTING;
  protocol = '';
  binaryType: BinaryType = 'arraybuffer';
  readonly #protocols: string[];
  readonly #options: WorkerSocketOptions;
  #id = 0;
  #joining = false;
  /** The main-thread socket used instead when the worker could not start. */
  #native: WebSocket | null = null;

  constructor(url: string | URL, protocols: string | string[] | undefined, options: WorkerSocketOptions) {
    super();
    this.url = String(url);
    this.#protocols = protocols === undefined ? [] : Array.isArray(protocols) ? protocols : [protocols];
    this.#options = options;
    if (host === undefined) {
      try {
        host = new SocketWorkerHost();
      } catch {
        // Browsers that check the CSP before fetching the worker throw here.
        host = null;
      }
    }
    if (!host) {
      this.#openNative();
      return;
    }
    this.#joining = !options.exactFrames();
    this.#id = host.open(this, this.url, this.#protocols, options.maxBytes, this.#joining);
  }

  send(text: string) {
    if (this.#native) return this.#native.send(text);
    if (this.readyState !== OPEN) throw new DOMException('The socket is not open.', 'InvalidStateError');
    // Before a request goes out, so the frames it brings back are joined or not as they should be.
    this.#followWatchers();
    host?.post({ type: 'send', id: this.#id, text });
  }

  /** Joining follows whether someone watches the traffic: checked as a request goes out and as each batch arrives. */
  #followWatchers() {
    const join = !this.#options.exactFrames();
    if (join === this.#joining) return;
    this.#joining = join;
    host?.post({ type: 'join', id: this.#id, on: join });
  }

  close(code?: number, reason?: string) {
    if (this.#native) return this.#native.close(code, reason);
    if (this.readyState === CLOSING || this.readyState === CLOSED) return;
    this.readyState = CLOSING;
    host?.post({ type: 'close', id: this.#id, ...(code === undefined ? {} : { code }), ...(reason === undefined ? {} : { reason }) });
  }

  /** A message from the worker for this socket. */
  receive(message: FromSocketWorker) {
    switch (message.type) {
      case 'open':
        this.readyState = OPEN;
        this.protocol = message.protocol;
        this.dispatchEvent(new Event('open'));
        break;
      case 'frames': {
        this.#followWatchers();
        if (message.joined > 0) countJoinedUpdates(message.joined);
        for (const data of message.frames) {
          if (this.readyState === CLOSED) break;
          this.dispatchEvent(new MessageEvent('message', { data }));
        }
        break;
      }
      case 'error':
        this.dispatchEvent(new Event('error'));
        break;
      case 'close':
        this.#closed(message.code, message.reason, message.wasClean);
        break;
    }
  }

  /** The worker is gone: a socket still connecting opens on the main thread; an open one is lost. */
  workerFailed() {
    if (this.readyState === CONNECTING) return this.#openNative();
    if (this.readyState === CLOSED) return;
    this.dispatchEvent(new Event('error'));
    this.#closed(1006, 'The socket worker stopped.', false);
  }

  #closed(code: number, reason: string, wasClean: boolean) {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSED;
    // A client reconnecting opens a new socket each time: the closed one is forgotten.
    host?.sockets.delete(this.#id);
    this.dispatchEvent(new CloseEvent('close', { code, reason, wasClean }));
  }

  #openNative() {
    const Native = globalThis.WebSocket;
    const socket = new Native(this.url, this.#protocols);
    socket.binaryType = 'arraybuffer';
    this.#native = socket;
    socket.addEventListener('open', () => {
      this.readyState = OPEN;
      this.protocol = socket.protocol;
      this.dispatchEvent(new Event('open'));
    });
    socket.addEventListener('message', (event) => this.dispatchEvent(new MessageEvent('message', { data: event.data })));
    socket.addEventListener('error', () => this.dispatchEvent(new Event('error')));
    socket.addEventListener('close', (event) => this.#closed(event.code, event.reason, event.wasClean));
  }
}
