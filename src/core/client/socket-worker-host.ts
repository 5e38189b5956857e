/**
 * The socket worker's side (`socket-worker.ts` starts it; `worker-socket.ts` is the page's side):
 * the page's WebSockets to agents live here, off the main thread, and their frames go to the page
 * in batches, at most one a frame's time apart (`BATCH_MS`) while an agent streams, the first
 * frame after a quiet spell at once.
 *
 * What makes it worth a thread: an agent streaming at full speed sends thousands of tiny text
 * chunks a second, and the page paid a message event and a `JSON.parse` for each before it could
 * join them (`chunk-coalescer.ts`). Here consecutive chunks that `joinable-chunk.ts` allows to
 * join become one frame, so the page parses one frame where the agent sent hundreds. Everything
 * else passes as the agent sent it, in order. While someone watches the traffic (the inspector,
 * a recorder) the page turns joining off, so every frame is seen as it was sent.
 */
import { isRecord, isString } from '../guards.js';
import { continuesChunk, isJoinableChunk, type TextChunk } from './joinable-chunk.js';

/** At most one batch per this many ms while frames keep coming. */
export const BATCH_MS = 8;

/** The page to the worker. */
export type ToSocketWorker =
  | { type: 'open'; id: number; url: string; protocols: string[]; maxBytes: number }
  | { type: 'send'; id: number; text: string }
  | { type: 'close'; id: number; code?: number; reason?: string }
  | { type: 'join'; id: number; on: boolean };

/** A frame as the page gets it: text, or a binary frame's bytes (which the page refuses). */
export type Frame = string | ArrayBuffer;

/** The worker to the page. */
export type FromSocketWorker =
  | { type: 'open'; id: number; protocol: string }
  | { type: 'frames'; id: number; frames: Frame[]; joined: number }
  | { type: 'close'; id: number; code: number; reason: string; wasClean: boolean }
  | { type: 'error'; id: number };

/** What the worker needs of its global scope (a `DedicatedWorkerGlobalScope`), so tests can give a stand-in. */
export interface SocketWorkerScope {
  addEventListener(type: 'message', listener: (event: { data: ToSocketWorker }) => void): void;
  postMessage(message: FromSocketWorker, transfer?: Transferable[]): void;
}

interface SocketLike {
  binaryType: string;
  readonly protocol: string;
  send(text: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: string, listener: (event: { data?: unknown; code?: number; reason?: string; wasClean?: boolean }) => void): void;
}

type SocketClass = new (url: string, protocols: string[]) => SocketLike;

/** A run of joinable chunks waiting to become one frame. */
interface Run {
  sessionId: string;
  update: TextChunk;
  /** The first chunk's frame, parsed, and its text (sent as it came when nothing joined it). */
  msg: Record<string, unknown>;
  raw: string;
  texts: string[];
}

export function serveSockets(scope: SocketWorkerScope, WebSocketClass: SocketClass = globalThis.WebSocket as unknown as SocketClass, now = () => Date.now()) {
  const sockets = new Map<number, Connection>();

  class Connection {
    readonly socket: SocketLike;
    join = true;
    #batch: Frame[] = [];
    #transfer: ArrayBuffer[] = [];
    #joined = 0;
    #run: Run | null = null;
    #lastPost = -Infinity;
    #timer: ReturnType<typeof setTimeout> | null = null;

    constructor(
      readonly id: number,
      url: string,
      protocols: string[],
      readonly maxBytes: number,
    ) {
      this.socket = new WebSocketClass(url, protocols);
      this.socket.binaryType = 'arraybuffer';
      this.socket.addEventListener('open', () => scope.postMessage({ type: 'open', id, protocol: this.socket.protocol }));
      this.socket.addEventListener('message', (event) => this.#receive(event.data));
      this.socket.addEventListener('error', () => {
        this.flush();
        scope.postMessage({ type: 'error', id });
      });
      this.socket.addEventListener('close', (event) => {
        this.flush();
        sockets.delete(id);
        scope.postMessage({ type: 'close', id, code: event.code ?? 1005, reason: event.reason ?? '', wasClean: event.wasClean ?? false });
      });
    }

    #receive(data: unknown) {
      if (typeof data !== 'string') {
        this.#endRun();
        if (data instanceof ArrayBuffer) {
          this.#batch.push(data);
          this.#transfer.push(data);
        }
      } else if (!this.join || data.length > this.maxBytes || !this.#joinChunk(data)) {
        this.#endRun();
        this.#batch.push(data);
      }
      this.#schedule();
    }

    /** Takes `text` into the current run when it is a joinable chunk; false to pass it as it is. */
    #joinChunk(text: string): boolean {
      // Cheap test first: only a session/update can be a chunk, and most other frames are not one.
      if (!text.includes('"session/update"')) return false;
      let msg: unknown;
      try {
        msg = JSON.parse(text);
      } catch {
        return false;
      }
      if (!isRecord(msg) || msg.method !== 'session/update' || !isRecord(msg.params)) return false;
      const params = msg.params;
      const update = params.update;
      if (!isString(params.sessionId) || !isJoinableChunk(params, update)) return false;
      const run = this.#run;
      if (run && continuesChunk(run, params.sessionId, update)) {
        run.texts.push(update.content.text);
        this.#joined++;
        return true;
      }
      this.#endRun();
      this.#run = { sessionId: params.sessionId, update, msg, raw: text, texts: [update.content.text] };
      return true;
    }

    #endRun() {
      const run = this.#run;
      if (!run) return;
      this.#run = null;
      if (run.texts.length === 1) {
        this.#batch.push(run.raw);
        return;
      }
      const params = run.msg.params as Record<string, unknown>;
      const content = { ...run.update.content, text: run.texts.join('') };
      this.#batch.push(JSON.stringify({ ...run.msg, params: { ...params, update: { ...run.update, content } } }));
    }

    #schedule() {
      if (this.#timer !== null) return;
      const wait = this.#lastPost + BATCH_MS - now();
      if (wait <= 0) this.flush();
      else this.#timer = setTimeout(() => this.flush(), wait);
    }

    /** Posts what is waiting, the run in progress included. */
    flush() {
      if (this.#timer !== null) clearTimeout(this.#timer);
      this.#timer = null;
      this.#endRun();
      if (this.#batch.length === 0) return;
      const frames = this.#batch;
      const transfer = this.#transfer;
      const joined = this.#joined;
      this.#batch = [];
      this.#transfer = [];
      this.#joined = 0;
      this.#lastPost = now();
      scope.postMessage({ type: 'frames', id: this.id, frames, joined }, transfer);
    }
  }

  scope.addEventListener('message', ({ data }) => {
    const connection = sockets.get(data.id);
    switch (data.type) {
      case 'open':
        try {
          sockets.set(data.id, new Connection(data.id, data.url, data.protocols, data.maxBytes));
        } catch {
          // A URL the WebSocket constructor refuses: the page's socket reports it as it would.
          scope.postMessage({ type: 'error', id: data.id });
          scope.postMessage({ type: 'close', id: data.id, code: 1006, reason: '', wasClean: false });
        }
        break;
      case 'send':
        connection?.socket.send(data.text);
        break;
      case 'close':
        connection?.socket.close(data.code, data.reason);
        break;
      case 'join':
        if (connection && connection.join !== data.on) {
          // What was joined so far goes first, so frames stay in order.
          if (!data.on) connection.flush();
          connection.join = data.on;
        }
        break;
    }
  });
}
