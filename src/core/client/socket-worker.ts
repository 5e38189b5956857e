/**
 * The socket worker's entry: one per page, started by `worker-socket.ts` with
 * `new Worker(new URL('./socket-worker.js', import.meta.url), { type: 'module' })`, the form every
 * bundler recognises and emits as a file of its own (as the highlighting worker is). What it does:
 * `socket-worker-host.ts`.
 */
import { serveSockets, type SocketWorkerScope } from './socket-worker-host.js';

serveSockets(globalThis as unknown as SocketWorkerScope);
