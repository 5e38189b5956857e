// @ts-check
/**
 * The error that stops a turn, and small helpers (timing, chunking, paths, titles) used by
 * the turn, the scripts and the handlers.
 */

export class TurnStop extends Error {
  /** @param {'cancelled' | 'dropped'} kind */
  constructor(kind) {
    super(kind === 'cancelled' ? 'Turn cancelled' : 'Connection closed during the turn');
    this.kind = kind;
  }
}

/**
 * @param {number} ms
 * @param {AbortSignal} [signal]  resolves early (never rejects) when aborted
 * @returns {Promise<void>}
 */
export function sleep(ms, signal) {
  if (ms <= 0 || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Lets queued I/O (e.g. an incoming session/cancel) run during a long synchronous-looking loop. */
export function yieldToEventLoop() {
  const si = /** @type {((cb: () => void) => unknown) | undefined} */ (/** @type {any} */ (globalThis).setImmediate);
  return new Promise((resolve) => (si ? si(() => resolve(undefined)) : setTimeout(resolve, 0)));
}

/** Sizes (in characters) used to cut streamed text; cycled, so chunking is deterministic. */
const CHUNK_SIZES = [14, 19, 12, 23, 16, 21, 13, 24, 17, 20];

/**
 * Splits text into chunks of 12-24 characters (deterministic sizes, never inside a surrogate pair).
 * @param {string} text
 * @returns {string[]}
 */
export function chunkText(text) {
  const chars = Array.from(text);
  /** @type {string[]} */
  const chunks = [];
  for (let i = 0, k = 0; i < chars.length; k++) {
    const size = CHUNK_SIZES[k % CHUNK_SIZES.length];
    chunks.push(chars.slice(i, i + size).join(''));
    i += size;
  }
  return chunks;
}

/** @param {string} cwd @param {string} rel */
export function joinPath(cwd, rel) {
  return cwd.endsWith('/') || cwd.endsWith('\\') ? cwd + rel : `${cwd}/${rel}`;
}

/** @param {string} p */
export function isAbsolutePath(p) {
  return p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith('\\\\');
}

/** @param {unknown} error */
export function errorMessage(error) {
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object' && 'message' in error) return String(error.message);
  return String(error);
}

/** @param {number} n */
export function round4(n) {
  return Math.round(n * 10_000) / 10_000;
}

/**
 * @param {string} text
 * @returns {string}
 */
export function titleFrom(text) {
  const firstLine = text.trim().split('\n')[0].replace(/\s+/g, ' ');
  if (!firstLine) return 'Untitled session';
  return firstLine.length > 48 ? `${firstLine.slice(0, 47)}…` : firstLine;
}
