// @ts-check
/**
 * One session's log in `--shared` mode: what concerns the session, in the order it happened, each
 * entry numbered from 1 (its `seq`, stamped into the message's `params._meta`), bounded in bytes.
 *
 * When an entry would take the log past its bound, the oldest entries are dropped; the log keeps
 * the number of the first one it still holds ({@link SessionLog#firstSeq}), so a reader that needs
 * a dropped entry is told (and reloads) instead of being handed a thread with a silent gap. The
 * newest entry is always kept, even alone over the bound: pages reading live must still get it.
 */
import { isObject } from './jsonrpc.mjs';

/** The `_meta` key of an entry's sequence number. */
export const SEQ_META_KEY = 'acp-react/seq';
/** The `_meta` key naming the log of an entry about another session (a sub-agent's, in its parent's log). */
export const LOG_META_KEY = 'acp-react/log';

/** Dropped entries are compacted out of the array once this many have piled up at its start. */
const COMPACT_AFTER = 1024;

export class SessionLog {
  #limit;
  /** Serialized entries; those before `#head` are dropped. @type {string[]} */
  #texts = [];
  /** Their sizes in bytes, index for index. @type {number[]} */
  #sizes = [];
  #head = 0;
  /** The seq of `#texts[0]`. */
  #baseSeq = 1;
  #bytes = 0;

  #sessionId;

  /**
   * @param {number} limit bytes
   * @param {string} sessionId the session whose log it is
   */
  constructor(limit, sessionId) {
    this.#limit = limit;
    this.#sessionId = sessionId;
  }

  /** The number of the last entry logged (0 before the first). */
  get lastSeq() {
    return this.#baseSeq + this.#texts.length - 1;
  }

  /** The number of the oldest entry still held (`lastSeq + 1` when none is). */
  get firstSeq() {
    return this.#baseSeq + this.#head;
  }

  /** Bytes held. */
  get bytes() {
    return this.#bytes;
  }

  /**
   * Logs a message: stamps its number into `params._meta` and serializes it once, for every page.
   * @param {Record<string, unknown>} message a notification or request whose params are an object
   * @returns {{ seq: number, text: string }}
   */
  append(message) {
    const seq = this.lastSeq + 1;
    const params = isObject(message.params) ? message.params : {};
    const meta = isObject(params._meta) ? params._meta : {};
    // A sub-agent's message keeps its own session id: the log it is numbered in is named.
    const stamp = params.sessionId === this.#sessionId ? { [SEQ_META_KEY]: seq } : { [SEQ_META_KEY]: seq, [LOG_META_KEY]: this.#sessionId };
    const text = JSON.stringify({ ...message, params: { ...params, _meta: { ...meta, ...stamp } } });
    const size = Buffer.byteLength(text);
    this.#texts.push(text);
    this.#sizes.push(size);
    this.#bytes += size;
    while (this.#bytes > this.#limit && this.#head < this.#texts.length - 1) {
      this.#bytes -= this.#sizes[this.#head] ?? 0;
      this.#texts[this.#head] = '';
      this.#head++;
    }
    if (this.#head >= COMPACT_AFTER && this.#head * 2 >= this.#texts.length) {
      this.#texts = this.#texts.slice(this.#head);
      this.#sizes = this.#sizes.slice(this.#head);
      this.#baseSeq += this.#head;
      this.#head = 0;
    }
    return { seq, text };
  }

  /**
   * The entry numbered `seq`, or `undefined` when it was dropped or is not logged yet.
   * @param {number} seq
   */
  text(seq) {
    if (seq < this.firstSeq || seq > this.lastSeq) return undefined;
    return this.#texts[seq - this.#baseSeq];
  }

  /**
   * Whether every entry after `afterSeq` is still held (a reader at `afterSeq` can catch up).
   * @param {number} afterSeq
   */
  covers(afterSeq) {
    return afterSeq >= this.firstSeq - 1;
  }
}
