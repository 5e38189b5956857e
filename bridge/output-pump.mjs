// @ts-check
/**
 * A program's output on its way to the page, for the agent's terminals (`terminals.mjs`) and the
 * sign-in terminal (`auth-terminal.mjs`). What the program writes is collected and pushed at most
 * once per `intervalMs`, at most `maxChunkChars` a push, in order, so a program that prints in
 * many small writes costs a few notifications, and one that floods cannot flood the socket.
 *
 * What waits for the next push is bounded: past `maxPendingChars` the oldest output is dropped
 * (a page that cannot keep up sees the latest), down to three quarters of the bound, so the
 * copying this costs stays O(1) per character written; the next push says output was dropped.
 * Cuts and chunks never split a surrogate pair.
 */

/**
 * @typedef {object} OutputPumpOptions
 * @property {number} intervalMs
 * @property {number} maxChunkChars
 * @property {number} maxPendingChars
 * @property {(data: string, dropped: boolean) => void} push sends one notification; `dropped`: output before `data` was lost
 */

/**
 * @typedef {object} OutputPump
 * @property {(text: string) => void} write output from the program
 * @property {() => void} drain pushes everything waiting now, in chunks (before an exit notification)
 * @property {() => void} cancel drops what waits and stops the timer (the page is gone, or no longer shows this program)
 */

/**
 * @param {OutputPumpOptions} options
 * @returns {OutputPump}
 */
export function createOutputPump({ intervalMs, maxChunkChars, maxPendingChars, push }) {
  let pending = '';
  let dropped = false;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;

  const pushChunk = () => {
    const data = pending.slice(0, charBoundary(pending, Math.min(maxChunkChars, pending.length)));
    pending = pending.slice(data.length);
    push(data, dropped);
    dropped = false;
  };
  const onTimer = () => {
    timer = undefined;
    if (pending !== '') pushChunk();
    if (pending !== '') timer = setTimeout(onTimer, intervalMs);
  };

  return {
    write(text) {
      if (text === '') return;
      pending += text;
      if (pending.length > maxPendingChars) {
        pending = pending.slice(charBoundary(pending, pending.length - maxPendingChars + (maxPendingChars >> 2)));
        dropped = true;
      }
      timer ??= setTimeout(onTimer, intervalMs);
    },
    drain() {
      clearTimeout(timer);
      timer = undefined;
      while (pending !== '') pushChunk();
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      pending = '';
    },
  };
}

/**
 * `index`, or one more when it falls between the two halves of a surrogate pair: text cut there
 * keeps the whole pair before the cut.
 * @param {string} text
 * @param {number} index
 */
function charBoundary(text, index) {
  const code = text.charCodeAt(index);
  return index > 0 && code >= 0xdc00 && code <= 0xdfff ? index + 1 : index;
}
