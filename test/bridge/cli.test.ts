// The real `acp-react-bridge` executable, spawned as a user would run it.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AGENT_SCRIPT, INIT_PARAMS, REPO_ROOT, RawClient, isAlive, waitForExit } from './helpers';

const BIN = path.join(REPO_ROOT, 'bin', 'acp-react-bridge.mjs');
const children: ChildProcess[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
});

interface Cli {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function runCli(args: string[], env: Record<string, string> = {}): Cli {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

async function listeningUrl(cli: Cli): Promise<string> {
  for (;;) {
    const match = /^acp-react-bridge listening on (ws:\/\/\S+)$/m.exec(cli.stdout());
    if (match) return match[1];
    const outcome = await Promise.race([cli.exited, new Promise((resolve) => setTimeout(resolve, 25))]);
    if (outcome) throw new Error(`the bridge exited early: ${JSON.stringify(outcome)}\n${cli.stderr()}`);
  }
}

describe('acp-react-bridge CLI', () => {
  it('prints the URL, serves the agent, and exits 0 on SIGTERM after stopping it', async () => {
    const cli = runCli(['--port', '0', '--', process.execPath, AGENT_SCRIPT]);
    const url = await listeningUrl(cli);
    expect(url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    expect(cli.stdout().trim().split('\n')).toEqual([`acp-react-bridge listening on ${url}`]);
    expect(cli.stderr()).toMatch(/one process per connection/);

    const client = await RawClient.open(url, { origin: 'http://localhost:5173' });
    const init = await client.request('initialize', INIT_PARAMS);
    const pid = (init.result as { _meta: { pid: number } })._meta.pid;
    expect(isAlive(pid)).toBe(true);

    cli.child.kill('SIGTERM');
    expect(await cli.exited).toEqual({ code: 0, signal: null });
    expect(await client.closed).toEqual({ code: 1001, reason: 'the bridge is shutting down' });
    await waitForExit(pid);
    expect(cli.stderr()).toMatch(/SIGTERM: shutting down/);
  });

  it('exits 0 on SIGINT too', async () => {
    const cli = runCli(['--port', '0', '--shared', '--', process.execPath, AGENT_SCRIPT]);
    await listeningUrl(cli);
    cli.child.kill('SIGINT');
    expect(await cli.exited).toEqual({ code: 0, signal: null });
  });

  it.each([
    [[], /missing agent command/],
    [['--port', 'nope', '--', 'node'], /--port must be an integer/],
    [['node', 'agent.mjs'], /after "--"/],
  ])('prints usage and exits 2 for %j', async (args, message) => {
    const cli = runCli(args as string[]);
    expect((await cli.exited).code).toBe(2);
    expect(cli.stderr()).toMatch(message);
    expect(cli.stderr()).toMatch(/Usage: acp-react-bridge \[options\] -- <agent command>/);
  });

  it('prints usage for --help and the version for --version', async () => {
    const help = runCli(['--help']);
    expect((await help.exited).code).toBe(0);
    expect(help.stdout()).toMatch(/^Usage: acp-react-bridge/);
    expect(help.stdout()).toMatch(/--allow-origin/);

    const version = runCli(['--version']);
    expect((await version.exited).code).toBe(0);
    const { version: expected } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(version.stdout().trim()).toBe(expected);
  });

  it('exits non-zero with a clear message when the agent command does not exist', async () => {
    const cli = runCli(['--port', '0', '--', 'acp-react-bridge-no-such-agent']);
    expect((await cli.exited).code).toBe(127);
    expect(cli.stderr()).toMatch(/cannot start the agent: agent command "acp-react-bridge-no-such-agent" not found on PATH/);
  });
});
