/**
 * Launching agents from the ACP registry: the bundled snapshot, a fixture registry (`--registry`),
 * `--list`, `--agent <id>` with an npx distribution installed before the bridge accepts
 * connections, and the refusals (unknown id, binary, uvx without uv). No network: the fixture's
 * npx package is a folder of this repository.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findAgent, formatList, launchCommand, loadRegistry, RegistryError } from '../../bridge/registry.mjs';
import { connectSdk, initialize, isAlive, REPO_ROOT, waitForExit } from './helpers.js';

const FIXTURE_PACKAGE = fileURLToPath(new URL('../fixtures/registry-agent', import.meta.url));
const BIN = path.join(REPO_ROOT, 'bin', 'acp-react-bridge.mjs');

function fixtureRegistry(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'acp-registry-')), 'registry.json');
  const agents = [
    {
      id: 'fixture-agent',
      name: 'Fixture Agent',
      version: '1.0.0',
      description: 'The stdio fixture agent',
      license: 'Apache-2.0',
      distribution: { npx: { package: FIXTURE_PACKAGE } },
    },
    { id: 'py-agent', name: 'Python Agent', version: '0.1.0', description: 'Runs with uvx', distribution: { uvx: { package: 'py-agent', args: ['--acp'] } } },
    {
      id: 'bin-agent',
      name: 'Binary Agent',
      version: '2.0.0',
      description: 'A binary',
      distribution: { binary: { 'linux-x86_64': { archive: 'https://example.invalid/bin-agent.tar.gz', cmd: './bin-agent' } } },
    },
    { id: 'Bad Id', name: 'skipped', version: '1', distribution: { npx: { package: 'x' } } },
  ];
  writeFileSync(file, JSON.stringify({ version: '1.0.0', agents }));
  return file;
}

function runCli(args: string[]) {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

describe('the registry', () => {
  it('ships a dated snapshot with npx and binary agents', () => {
    const registry = loadRegistry();
    expect(registry.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(registry.agents.length).toBeGreaterThan(5);
    expect(launchCommand(findAgent(registry, 'claude-code-acp'), { hasUvx: false })).toMatchObject({
      command: 'npx',
      args: ['-y', expect.stringMatching(/^@zed-industries\/claude-code-acp@/)],
    });
  });

  it('skips malformed entries, lists the agents, and names the known ids for an unknown one', () => {
    const registry = loadRegistry(fixtureRegistry());
    expect(registry.agents.map((a) => a.id)).toEqual(['fixture-agent', 'py-agent', 'bin-agent']);
    expect(formatList(registry)).toContain('fixture-agent  Fixture Agent 1.0.0 (npx, Apache-2.0): The stdio fixture agent');
    expect(() => findAgent(registry, 'nope')).toThrow('no agent "nope" in');
    expect(() => findAgent(registry, 'nope')).toThrow(/known agents: fixture-agent, py-agent, bin-agent/);
  });

  it('runs uvx only when uv is there, and never downloads binaries, saying how to run each by hand', () => {
    const registry = loadRegistry(fixtureRegistry());
    expect(launchCommand(findAgent(registry, 'py-agent'), { hasUvx: true })).toMatchObject({ command: 'uvx', args: ['py-agent', '--acp'] });
    expect(() => launchCommand(findAgent(registry, 'py-agent'), { hasUvx: false })).toThrow(/uvx, which is not on PATH.*uvx py-agent --acp/);
    const binary = () => launchCommand(findAgent(registry, 'bin-agent'), { hasUvx: false });
    expect(binary).toThrow(RegistryError);
    expect(binary).toThrow(/does not download.*acp-react-bridge -- <path to bin-agent>/);
  });
});

describe('acp-react-bridge --agent / --list', () => {
  it('--list prints the registry', async () => {
    const cli = runCli(['--list', '--registry', fixtureRegistry()]);
    expect(await cli.exited).toBe(0);
    expect(cli.out()).toContain('fixture-agent  Fixture Agent 1.0.0');
  });

  it('an unknown id exits 2 listing the known ones', async () => {
    const cli = runCli(['--agent', 'nope', '--registry', fixtureRegistry()]);
    expect(await cli.exited).toBe(2);
    expect(cli.err()).toMatch(/no agent "nope".*known agents: fixture-agent/);
  });

  it('--agent installs the npx package before listening, serves the agent, and stops its whole process tree', async () => {
    const cli = runCli(['--agent', 'fixture-agent', '--registry', fixtureRegistry(), '--port', '0']);
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = /listening on (ws:\/\/\S+)/.exec(cli.out());
        if (match) {
          clearInterval(timer);
          resolve(match[1]!);
        }
      }, 50);
      void cli.exited.then((code) => {
        clearInterval(timer);
        reject(new Error(`exited ${code}: ${cli.err()}`));
      });
    });
    expect(cli.err()).toMatch(/installing fixture-agent 1\.0\.0 with npx[\s\S]*acp-react-bridge: installed \//);
    const sdk = connectSdk(url);
    const init = await initialize(sdk.conn);
    expect(init.agentInfo?.name).toBe('stdio-fixture-agent');
    const { pid } = init._meta as { pid: number };
    expect(isAlive(pid)).toBe(true);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    // npx started the agent as its child: the agent went with the bridge's process group.
    await waitForExit(pid);
  });
});
