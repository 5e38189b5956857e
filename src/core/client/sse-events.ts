/**
 * Server-sent events read incrementally, for the HTTP transport's tap (`http-transport.ts`): the
 * bytes of an SSE body in, the `data` of each event out, and a word when any byte arrived (the
 * transport's watch for a stream held back by a buffering proxy). Only `data` lines matter to
 * ACP; comments (keep-alives) and other fields are skipped.
 *
 * Each chunk is scanned once: a line cut across chunks is kept in parts and joined when its end
 * arrives, so a large event costs its length, not its length times its number of chunks.
 */
export interface SseReader {
  /** Feeds a chunk; calls `onEvent` for each event it completes. */
  push(chunk: Uint8Array): void;
  /** The body ended: an event left without its blank line is still delivered. */
  end(): void;
}

export function createSseReader(onEvent: (data: string) => void): SseReader {
  const decoder = new TextDecoder('utf-8');
  /** The current line's text so far (when it spans chunks). */
  let line: string[] = [];
  /** The current event's `data` lines. */
  let data: string[] = [];
  /** The last chunk ended with CR: a LF starting the next one belongs to it. */
  let afterCr = false;

  const takeLine = (text: string) => {
    if (text === '') {
      if (data.length > 0) {
        const event = data.join('\n');
        data = [];
        onEvent(event);
      }
      return;
    }
    if (text.startsWith('data:')) data.push(text.charCodeAt(5) === 32 ? text.slice(6) : text.slice(5));
  };

  const feed = (text: string) => {
    let start = 0;
    if (afterCr && text.charCodeAt(0) === 10) start = 1;
    afterCr = false;
    for (let i = start; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      const piece = text.slice(start, i);
      const whole = line.length ? line.join('') + piece : piece;
      line = [];
      takeLine(whole.charCodeAt(0) === 0xfeff ? whole.slice(1) : whole);
      if (c === 13) {
        if (i + 1 === text.length) afterCr = true;
        else if (text.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;
    }
    if (start < text.length) line.push(text.slice(start));
  };

  return {
    push: (chunk) => feed(decoder.decode(chunk, { stream: true })),
    end() {
      feed(decoder.decode());
      if (line.length) takeLine(line.join(''));
      line = [];
      takeLine('');
    },
  };
}
