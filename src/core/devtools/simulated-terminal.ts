/**
 * A simulated terminal for demos and tests: it runs no processes, it interprets a handful of
 * commands (`ls`, `cat`, `echo`, `pwd`, `npm test`) against an in-memory workspace and prints
 * canned but realistic output. Hosts that can run real commands supply their own adapter.
 */
import type { TerminalAdapter, TerminalSink } from '../api.js';
import type { MemoryFs } from './memory-fs.js';
import { normalizePath } from '../paths.js';

export interface SimulatedTerminalOptions {
  fs?: MemoryFs;
  /** Delay between output lines, ms (0 in tests). */
  lineDelayMs?: number;
}

export function createSimulatedTerminal(options: SimulatedTerminalOptions = {}): TerminalAdapter {
  const delay = options.lineDelayMs ?? 0;
  return {
    create(request, sink) {
      let killed = false;
      const cwd = request.cwd ?? '/';
      const args = request.args ?? [];
      const [program, argv] =
        request.command.includes(' ') && args.length === 0
          ? [request.command.split(/\s+/)[0]!, request.command.split(/\s+/).slice(1)]
          : [request.command, args];
      const lines = run(program, argv, cwd, options.fs);
      void (async () => {
        for (const line of lines.output) {
          if (killed) return;
          if (delay > 0) await new Promise((r) => setTimeout(r, delay));
          if (killed) return;
          sink.write(`${line}\n`);
        }
        if (!killed) sink.exit({ exitCode: lines.exitCode, signal: null });
      })();
      return {
        kill() {
          if (killed) return;
          killed = true;
          sink.write('^C\n');
          sink.exit({ exitCode: null, signal: 'SIGTERM' });
        },
      };
    },
  };
}

interface RunResult {
  output: string[];
  exitCode: number;
}

function run(program: string, args: string[], cwd: string, fs: MemoryFs | undefined): RunResult {
  switch (program) {
    case 'echo':
      return { output: [args.join(' ')], exitCode: 0 };
    case 'pwd':
      return { output: [cwd], exitCode: 0 };
    case 'ls': {
      const dir = normalizePath(args[0]?.startsWith('/') ? args[0] : `${cwd}/${args[0] ?? ''}`) ?? cwd;
      const prefix = dir.endsWith('/') ? dir : `${dir}/`;
      const names = new Set<string>();
      for (const path of fs?.list() ?? []) {
        if (path.startsWith(prefix)) names.add(path.slice(prefix.length).split('/')[0]!);
      }
      return { output: [...names].sort(), exitCode: 0 };
    }
    case 'cat': {
      const out: string[] = [];
      for (const arg of args) {
        const path = normalizePath(arg.startsWith('/') ? arg : `${cwd}/${arg}`);
        const content = path ? safeRead(fs, path) : undefined;
        if (content === undefined) return { output: [...out, `cat: ${arg}: No such file or directory`], exitCode: 1 };
        out.push(...content.replace(/\n$/, '').split('\n'));
      }
      return { output: out, exitCode: 0 };
    }
    case 'npm':
      if (args[0] === 'test' || (args[0] === 'run' && args[1] === 'test')) return npmTest();
      return { output: [`npm: "${args.join(' ')}" is not available in the simulated terminal`], exitCode: 1 };
    default:
      return { output: [`${program}: command not found (simulated terminal: ls, cat, echo, pwd, npm test)`], exitCode: 127 };
  }
}

function safeRead(fs: MemoryFs | undefined, path: string): string | undefined {
  try {
    return fs?.read(path);
  } catch {
    return undefined;
  }
}

function npmTest(): RunResult {
  const green = '\u001b[32m';
  const dim = '\u001b[2m';
  const bold = '\u001b[1m';
  const reset = '\u001b[0m';
  return {
    output: [
      '',
      `> workspace@1.0.0 test`,
      `> vitest run`,
      '',
      `${bold} RUN ${reset} ${dim}v4.1.0 /workspace${reset}`,
      '',
      ` ${green}✓${reset} src/greeting.test.ts ${dim}(4 tests) 3ms${reset}`,
      ` ${green}✓${reset} src/format.test.ts ${dim}(7 tests) 5ms${reset}`,
      '',
      `${dim} Test Files ${reset} ${bold}${green}2 passed${reset} (2)`,
      `${dim}      Tests ${reset} ${bold}${green}11 passed${reset} (11)`,
      `${dim}   Duration ${reset} 412ms`,
    ],
    exitCode: 0,
  };
}

export type { TerminalSink };
