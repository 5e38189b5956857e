/**
 * A terminal that floods, for the hostile-agent page and the benchmark; it runs no process.
 * - `flood N` prints N lines of coloured output as fast as the page can take it, in batches of a
 *   few thousand lines per task, like `yes` or a chatty build piped through ANSI colours.
 * - `ansi BYTES` prints about BYTES of escape-heavy output, as a build tool drawing on a real
 *   terminal would: 256-colour and true-colour text, `\r` progress bars redrawn dozens of times
 *   on one line, cursor moves and line erases, in pieces of 64 KB (a pipe's buffer) that cut escapes in two.
 */
import type { TerminalAdapter, TerminalSink } from 'acp-react';

const BATCH = 2000;
const COLOURS = ['31', '32', '33', '34', '35', '36', '1;31', '2'];
/** Bytes of `ansi` output written per task, as a pipe would hand them over. */
const PIECE = 64 * 1024;

/** `ansi`'s output: about `bytes` characters of escape-heavy text. */
export function ansiOutput(bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let step = 0; size < bytes; step++) {
    let part: string;
    if (step % 4 === 0) {
      // A progress bar redrawn 40 times on one line, then finished.
      part = '';
      for (let p = 0; p <= 40; p++) {
        const done = Math.round((p / 40) * 30);
        part += `\r\u001b[2K\u001b[1;34m⠿\u001b[0m package ${step} \u001b[38;5;${(step + p) % 256}m[${'#'.repeat(done)}${'.'.repeat(30 - done)}]\u001b[0m ${Math.round((p / 40) * 100)}%`;
      }
      part += '\n';
    } else if (step % 4 === 1) {
      // Three status lines rewritten in place: up, erase, rewrite.
      part = `\u001b[3A\u001b[2K\u001b[38;2;${step % 256};200;120mfetch\u001b[0m one ${step}\n\u001b[2K\u001b[48;5;236m\u001b[33mlink\u001b[0m two ${step}\n\u001b[2K\u001b[4;35mbuild\u001b[24;39m three ${step}\n`;
    } else {
      // A coloured log line with a bold word, a dim time and a true-colour tag.
      part = `\u001b[90m${String(step).padStart(6, '0')}\u001b[0m \u001b[1m\u001b[38;2;${(step * 7) % 256};${(step * 13) % 256};255mcompile\u001b[22;39m src/module-${step % 997}.ts \u001b[2m(${(step * 31) % 1000} ms)\u001b[0m\u001b[K\n`;
    }
    parts.push(part);
    size += part.length;
  }
  return `${parts.join('')}\u001b[1;32mdone\u001b[0m in ${parts.length} steps\n`;
}

function flood(total: number, sink: TerminalSink, killed: () => boolean): void {
  let line = 0;
  const step = () => {
    if (killed()) return;
    let text = '';
    const end = Math.min(total, line + BATCH);
    for (; line < end; line++) {
      const colour = COLOURS[line % COLOURS.length];
      text += `\u001b[${colour}m[${String(line).padStart(6, '0')}]\u001b[0m building module ${line % 977} of the flood \u001b[2m(${(line * 31) % 1000} ms)\u001b[0m\n`;
    }
    sink.write(text);
    if (line < total) setTimeout(step, 0);
    else sink.exit({ exitCode: 0, signal: null });
  };
  setTimeout(step, 0);
}

function ansi(bytes: number, sink: TerminalSink, killed: () => boolean): void {
  const text = ansiOutput(bytes);
  let at = 0;
  const step = () => {
    if (killed()) return;
    sink.write(text.slice(at, at + PIECE));
    at += PIECE;
    if (at < text.length) setTimeout(step, 0);
    else sink.exit({ exitCode: 0, signal: null });
  };
  setTimeout(step, 0);
}

export function createFloodTerminal(): TerminalAdapter {
  return {
    create(request, sink) {
      let killed = false;
      const [countArg] = request.args ?? [];
      const count = Math.max(0, Number(countArg) || 0);
      if (request.command === 'flood') flood(count, sink, () => killed);
      else if (request.command === 'ansi') ansi(count, sink, () => killed);
      else {
        sink.write(`${request.command}: command not found (this terminal only floods)\n`);
        sink.exit({ exitCode: 127, signal: null });
        return { kill() {} };
      }
      return {
        kill() {
          if (killed) return;
          killed = true;
          sink.exit({ exitCode: null, signal: 'SIGTERM' });
        },
      };
    },
  };
}
