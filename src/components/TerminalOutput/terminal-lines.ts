import { parseAnsiLine, type ParsedLine } from './ansi-line.js';
import { ansiStateKey, createAnser, INITIAL_ANSI_STATE } from './ansi-state.js';

/**
 * Incremental parsing of a terminal's whole output into lines.
 *
 * A line's result depends only on its text and the state it starts in, so results are cached
 * on that pair. When output grows, only the new and the last (still open) lines are parsed;
 * when the client truncates from the beginning (`outputByteLimit`), the surviving lines are
 * found in the cache too. The cache is rebuilt on each pass, so it only holds current lines.
 */
export class TerminalLineParser {
  private cache = new Map<string, ParsedLine>();

  parse(output: string): ParsedLine[] {
    const raw = output.split('\n');
    // A final newline ends the last line rather than starting an empty one.
    if (raw.length > 1 && raw[raw.length - 1] === '') raw.pop();
    const next = new Map<string, ParsedLine>();
    const lines: ParsedLine[] = new Array(raw.length);
    let state = INITIAL_ANSI_STATE;
    for (let i = 0; i < raw.length; i++) {
      const key = `${ansiStateKey(state)}\u0000${raw[i]}`;
      let line = this.cache.get(key) ?? next.get(key);
      if (!line) line = parseAnsiLine(raw[i], createAnser(state), state);
      next.set(key, line);
      lines[i] = line;
      state = line.endState;
    }
    this.cache = next;
    return lines;
  }
}
