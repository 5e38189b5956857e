/**
 * A terminal that floods: `flood N` prints N lines of coloured output as fast as the page can take
 * it, in batches of a few thousand lines per task, like `yes` or a chatty build piped through
 * ANSI colours. For the hostile-agent page and the benchmark; it runs no process.
 */
import type { TerminalAdapter } from 'acp-react';

const BATCH = 2000;
const COLOURS = ['31', '32', '33', '34', '35', '36', '1;31', '2'];

export function createFloodTerminal(): TerminalAdapter {
  return {
    create(request, sink) {
      let killed = false;
      const [countArg] = request.args ?? [];
      const total = request.command === 'flood' ? Math.max(0, Number(countArg) || 0) : 0;
      if (request.command !== 'flood') {
        sink.write(`${request.command}: command not found (this terminal only floods)\n`);
        sink.exit({ exitCode: 127, signal: null });
        return { kill() {} };
      }
      let line = 0;
      const step = () => {
        if (killed) return;
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
