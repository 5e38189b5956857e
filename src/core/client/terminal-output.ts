/**
 * A terminal's output budget: how much is kept, and how it is cut (from the front, at a character
 * boundary, counted in UTF-8 bytes as the spec's `outputByteLimit` is). Apart from the terminal
 * manager (`terminals.ts`, fetched only for a host's `TerminalAdapter`) because the bridge's
 * terminals (`bridge-notices.ts`) keep their output by the same rule from the first page on.
 */

/** Output kept per terminal (UTF-8 bytes) when the agent asks for more, or for no limit. */
export const TERMINAL_OUTPUT_BYTES = 1024 * 1024;

/** UTF-8 bytes of the code point starting at `i` (a lone surrogate encodes as U+FFFD: 3). */
function codePointBytes(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  if (code >= 0xd800 && code <= 0xdbff) {
    const next = text.charCodeAt(i + 1);
    if (next >= 0xdc00 && next <= 0xdfff) return 4;
  }
  return 3;
}

/** UTF-8 length of `text` in bytes, as TextEncoder would encode it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length;) {
    const size = codePointBytes(text, i);
    bytes += size;
    i += size === 4 ? 2 : 1;
  }
  return bytes;
}

/**
 * Keeps the last `limit` bytes (UTF-8) of `text`, cutting at a character boundary: whole code
 * points are dropped from the front until the rest fits. Counting, not encoding: O(length), and
 * the kept part is a slice of the text.
 */
export function truncateFromStart(text: string, limit: number | null): { output: string; truncated: boolean } {
  if (limit === null || text.length * 3 <= limit) return { output: text, truncated: false };
  const excess = utf8Length(text) - limit;
  if (excess <= 0) return { output: text, truncated: false };
  return { output: dropFromStart(text, excess).output, truncated: true };
}

/**
 * Drops whole code points from the front of `text` until at least `bytes` bytes (UTF-8) are
 * gone. O(what is dropped): a buffer that knows its own size cuts without counting what it keeps.
 */
export function dropFromStart(text: string, bytes: number): { output: string; dropped: number } {
  let dropped = 0;
  let start = 0;
  while (dropped < bytes && start < text.length) {
    const size = codePointBytes(text, start);
    dropped += size;
    start += size === 4 ? 2 : 1;
  }
  return { output: text.slice(start), dropped };
}
