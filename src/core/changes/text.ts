/**
 * Text as the change review handles it: lines that keep their terminators (`\n`, `\r\n`, or none
 * on a last line without a final newline), so joining them gives back the exact bytes. CRLF
 * files, a missing final newline and a change of either round-trip exactly.
 */

/** The lines of `text`, each with its terminator; `''` has none. */
export function splitLines(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    if (end === -1) break;
    lines.push(text.slice(start, end + 1));
    start = end + 1;
  }
  if (start < text.length) lines.push(text.slice(start));
  return lines;
}

/** A line without its terminator, for display. */
export function lineText(line: string): string {
  if (line.endsWith('\r\n')) return line.slice(0, -2);
  if (line.endsWith('\n')) return line.slice(0, -1);
  return line;
}

/** A file with a NUL character is treated as binary: compared and restored whole, never by lines. */
export function isBinaryText(text: string | null): boolean {
  return text !== null && text.includes('\0');
}

/** FNV-1a over a string, as 8 hex digits: short stable ids for hunks. */
export function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
