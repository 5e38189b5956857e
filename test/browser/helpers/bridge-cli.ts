/**
 * The real `acp-react-bridge` CLI as a host developer runs it, for the browser tests: started on a
 * free loopback port, its address read from the line it prints, stopped (and waited for) after.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../../../bin/acp-react-bridge.mjs', import.meta.url));

export interface BridgeCli {
  /** The WebSocket address it printed (`ws://127.0.0.1:<port>`). */
  url: string;
  /** Everything it wrote to stderr so far, for failure messages. */
  stderr(): string;
  stop(): Promise<void>;
}

/**
 * Starts the CLI with `args` (plus `--port 0`, among the bridge's options: before a `--` and the
 * agent command) and resolves once it listens; rejects if it exits first.
 */
export async function startBridgeCli(args: readonly string[]): Promise<BridgeCli> {
  const end = args.includes('--') ? args.indexOf('--') : args.length;
  const cli = spawn(process.execPath, [bin, ...args.slice(0, end), '--port', '0', ...args.slice(end)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  cli.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    cli.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
      const match = /listening on (ws:\/\/\S+)/.exec(stdout);
      if (match) resolve(match[1]!);
    });
    cli.on('exit', (code) => reject(new Error(`the bridge exited ${code}: ${stderr}`)));
  });
  return {
    url,
    stderr: () => stderr,
    async stop() {
      if (cli.exitCode !== null) return;
      const exited = new Promise((resolve) => cli.once('exit', resolve));
      cli.kill('SIGTERM');
      await exited;
    },
  };
}
