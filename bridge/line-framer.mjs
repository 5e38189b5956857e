// @ts-check
/**
 * Splits the agent's stdout byte stream into newline-delimited lines (ACP's stdio framing).
 *
 * Works on bytes, not text: a `\n` byte never occurs inside a multi-byte UTF-8 sequence, so a
 * line is only decoded once it is complete and a character split across pipe chunks is never
 * broken. Pieces of a partial line are kept as a list and joined once, at the end of the line,
 * so a long line arriving in many 64 KiB chunks costs linear time, not quadratic.
 *
 * - `\r\n` is accepted as a line end (the `\r` is dropped).
 * - Lines that are empty or whitespace only are skipped.
 * - A line longer than `maxLineBytes` is reported once through `onOversizedLine` as soon as it
 *   crosses the limit; its bytes are discarded up to the next newline and never buffered.
 */

const LF = 0x0a;
const CR = 0x0d;

/**
 * @typedef {object} LineFramerOptions
 * @property {number} maxLineBytes Largest line accepted, in bytes, without its line terminator.
 * @property {(line: string) => void} onLine Called with each complete, non-blank line (trimmed).
 * @property {(info: { limit: number }) => void} [onOversizedLine] Called once per line over the limit.
 */

export class LineFramer {
  /** @type {Buffer[]} */
  #pieces = [];
  #length = 0;
  #discarding = false;
  #maxLineBytes;
  #onLine;
  #onOversizedLine;

  /** @param {LineFramerOptions} options */
  constructor(options) {
    if (!Number.isSafeInteger(options.maxLineBytes) || options.maxLineBytes <= 0) {
      throw new RangeError('maxLineBytes must be a positive integer');
    }
    this.#maxLineBytes = options.maxLineBytes;
    this.#onLine = options.onLine;
    this.#onOversizedLine = options.onOversizedLine ?? (() => {});
  }

  /** Bytes of the incomplete line currently held. */
  get pendingBytes() {
    return this.#length;
  }

  /**
   * Feeds one chunk of bytes. Calls `onLine` for every line the chunk completes.
   * @param {Uint8Array} chunk
   */
  push(chunk) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    while (start < bytes.length) {
      const newline = bytes.indexOf(LF, start);
      const end = newline === -1 ? bytes.length : newline;
      if (!this.#discarding && end > start) this.#append(bytes.subarray(start, end));
      if (newline === -1) return;
      this.#finishLine();
      start = newline + 1;
    }
  }

  /** Signals the end of the stream: a final line without a trailing newline is still delivered. */
  end() {
    this.#finishLine();
  }

  /** @param {Buffer} piece */
  #append(piece) {
    // One extra byte of headroom for a `\r` that may turn out to be part of `\r\n`.
    if (this.#length + piece.length > this.#maxLineBytes + 1) {
      this.#startDiscarding();
      return;
    }
    this.#pieces.push(piece);
    this.#length += piece.length;
  }

  #startDiscarding() {
    this.#pieces = [];
    this.#length = 0;
    this.#discarding = true;
    this.#onOversizedLine({ limit: this.#maxLineBytes });
  }

  #finishLine() {
    if (this.#discarding) {
      this.#discarding = false;
      return;
    }
    if (this.#length === 0) return;
    let line = this.#pieces.length === 1 ? this.#pieces[0] : Buffer.concat(this.#pieces, this.#length);
    this.#pieces = [];
    this.#length = 0;
    if (line[line.length - 1] === CR) line = line.subarray(0, line.length - 1);
    if (line.length > this.#maxLineBytes) {
      this.#onOversizedLine({ limit: this.#maxLineBytes });
      return;
    }
    const text = line.toString('utf8').trim();
    if (text !== '') this.#onLine(text);
  }
}
