/**
 * Launcher mode (`--launcher`, `startBridge({ launcher: true })`): the page reads the registry,
 * installs an agent (its npx package, progress streamed) and connects to `/agents/<id>`, which
 * starts that agent for the connection; the bridge's checks guard every route. Real child
 * processes over loopback, a fixture registry whose npx package is a folder of this repository.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as acp from '@agentclientprotocol/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { createInstaller } from '../../bridge/install.mjs';
import { parseCliArgs, UsageError } from '../../bridge/options.mjs';
import { createServer } from 'node:http';
import { attachBridge, startBridge, type Bridge } from '../../bridge/server.mjs';
import { connectSdk, expectRefusal, initialize, isAlive, REPO_ROOT, waitForExit, waitForLog } from './helpers.js';

const FIXTURE_PACKAGE = fileURLToPath(new URL('../fixtures/registry-agent', import.meta.url));
const BIN = path.join(REPO_ROOT, 'bin', 'acp-react-bridge.mjs');

function fixtureRegistry(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'acp-launcher-'));
  const file = path.join(dir, 'registry.json');
  const agents = [
    {
      id: 'fixture-agent',
      name: 'Fixture Agent',
      version: '1.0.0',
      description: 'The stdio fixture agent',
      license: 'Apache-2.0',
      distribution: { npx: { package: FIXTURE_PACKAGE } },
    },
    // A package npx cannot install: a folder that does not exist.
    {
      id: 'broken-agent',
      name: 'Broken Agent',
      version: '0.0.1',
      description: 'Its install fails',
      distribution: { npx: { package: path.join(dir, 'missing') } },
    },
    {
      id: 'bin-agent',
      name: 'Binary Agent',
      version: '2.0.0',
      description: 'A binary',
      distribution: { binary: { 'linux-x86_64': { archive: 'https://example.invalid/bin-agent.tar.gz', cmd: './bin-agent' } } },
    },
  ];
  writeFileSync(file, JSON.stringify({ version: '1.0.0', agents }));
  return file;
}

const bridges: Bridge[] = [];
afterEach(async () => {
  await Promise.all(bridges.splice(0).map((bridge) => bridge.close()));
});

async function startLauncher(options: { token?: string } = {}) {
  const logs: string[] = [];
  const bridge = await startBridge({
    launcher: true,
    registry: fixtureRegistry(),
    host: '127.0.0.1',
    port: 0,
    killTimeoutMs: 2000,
    log: (level, message) => void logs.push(`${level}: ${message}`),
    ...options,
  });
  bridges.push(bridge);
  return { bridge, logs };
}

/** Reads an install's NDJSON stream to its end. */
async function install(httpUrl: string, id: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${httpUrl}/agents/${id}/install`, { method: 'POST', headers });
  const lines = (await response.text())
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { type: string; text?: string; message?: string; path?: string; error?: string });
  return { response, lines, last: lines.at(-1) };
}

describe('launcher mode', () => {
  it('lists the registry for allowed pages only, with CORS for them and the token required', async () => {
    const { bridge, logs } = await startLauncher({ token: 'sesame' });
    const auth = { Authorization: 'Bearer sesame' };

    const listed = await fetch(`${bridge.httpUrl}/registry`, { headers: { ...auth, Origin: 'http://localhost:5173' } });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const body = (await listed.json()) as { agents: Record<string, unknown>[] };
    expect(body.agents.map((a) => a.id)).toEqual(['fixture-agent', 'broken-agent', 'bin-agent']);
    expect(body.agents[0]).toMatchObject({ name: 'Fixture Agent', version: '1.0.0', license: 'Apache-2.0', distribution: 'npx', installed: false });
    expect(body.agents[2]).toMatchObject({ distribution: 'binary', installed: false, unavailable: expect.stringMatching(/does not download/) });

    const foreign = await fetch(`${bridge.httpUrl}/registry`, { headers: { ...auth, Origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    await waitForLog(logs, /refused GET \/registry .*evil\.example.*403/);
    expect((await fetch(`${bridge.httpUrl}/registry`)).status).toBe(401);
    expect((await fetch(`${bridge.httpUrl}/registry?token=sesame`)).status).toBe(200);
    // A preflight is answered for an allowed origin without the token (browsers send none with it).
    const preflight = await fetch(`${bridge.httpUrl}/agents/fixture-agent/install`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:4000', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);

    const elsewhere = await fetch(`${bridge.httpUrl}/nope`, { headers: auth });
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.text()).toMatch(/GET \/registry, POST \/agents\/<id>\/install/);
    // Upgrades pass the same checks before the path is looked at.
    expect((await expectRefusal(`${bridge.url}/agents/fixture-agent`, { origin: 'https://evil.example', protocols: ['acp-token.sesame'] })).status).toBe(403);
    expect((await expectRefusal(`${bridge.url}/agents/nope`)).status).toBe(401);
  });

  it('refuses unknown ids (listing the known ones), binaries, and an npx agent not installed yet', async () => {
    const { bridge } = await startLauncher();
    const unknown = await expectRefusal(`${bridge.url}/agents/nope`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatch(/no agent "nope".*known agents: fixture-agent, broken-agent, bin-agent/);
    const unknownInstall = await install(bridge.httpUrl, 'nope');
    expect(unknownInstall.response.status).toBe(404);
    expect(unknownInstall.last?.error).toMatch(/known agents: fixture-agent/);

    const binary = await expectRefusal(`${bridge.url}/agents/bin-agent`);
    expect(binary.status).toBe(422);
    expect(binary.body).toMatch(/does not download.*acp-react-bridge -- <path to bin-agent>/);
    expect((await install(bridge.httpUrl, 'bin-agent')).response.status).toBe(422);

    const early = await expectRefusal(`${bridge.url}/agents/fixture-agent`);
    expect(early.status).toBe(409);
    expect(early.body).toMatch(/not installed yet: POST \/agents\/fixture-agent\/install first/);
    expect((await fetch(`${bridge.httpUrl}/agents/fixture-agent/install`)).status).toBe(405);
  });

  it('installs an npx agent once for concurrent pages, then starts it per connection and stops its whole process tree', async () => {
    const { bridge, logs } = await startLauncher();
    const [first, second] = await Promise.all([install(bridge.httpUrl, 'fixture-agent'), install(bridge.httpUrl, 'fixture-agent')]);
    for (const result of [first, second]) {
      expect(result.response.status).toBe(200);
      expect(result.response.headers.get('content-type')).toMatch(/application\/x-ndjson/);
      expect(result.last).toEqual({ type: 'installed', path: '/agents/fixture-agent' });
    }
    expect(first.lines[0]).toMatchObject({ type: 'output', text: expect.stringMatching(/^Installing Fixture Agent 1\.0\.0 \(npx -y --package /) });
    expect(logs.filter((line) => /info: installing fixture-agent/.test(line))).toHaveLength(1);
    const listed = (await (await fetch(`${bridge.httpUrl}/registry`)).json()) as { agents: { id: string; installed: boolean }[] };
    expect(listed.agents.find((a) => a.id === 'fixture-agent')?.installed).toBe(true);

    const sdk = connectSdk(`${bridge.url}/agents/fixture-agent`);
    const init = await initialize(sdk.conn);
    expect(init.agentInfo?.name).toBe('stdio-fixture-agent');
    const { sessionId } = await sdk.conn.agent.request(acp.methods.agent.session.new, { cwd: process.cwd(), mcpServers: [] });
    await sdk.conn.agent.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'hello launcher' }] });
    expect(sdk.chunks().join('')).toContain('echo: hello launcher');
    await waitForLog(logs, /connected to fixture-agent 1\.0\.0/);

    // npx is the process the bridge started; the agent is its child, in the same process group.
    const { pid } = init._meta as { pid: number };
    const [npxPid] = bridge.agentPids();
    expect(npxPid).not.toBe(pid);
    expect(isAlive(pid)).toBe(true);
    sdk.conn.close?.();
    await waitForExit(pid);
    await waitForExit(npxPid!);
  });

  it('reports a failed install with the command to run by hand, and stays usable', async () => {
    const { bridge } = await startLauncher();
    const failed = await install(bridge.httpUrl, 'broken-agent');
    expect(failed.response.status).toBe(200);
    expect(failed.last).toMatchObject({
      type: 'failed',
      message: expect.stringMatching(/npx could not install .*missing.*run the agent by hand to see why: npx -y /),
    });
    expect(failed.lines.some((line) => line.type === 'output' && line.text !== failed.lines[0]?.text)).toBe(true); // npm's own words
    expect((await expectRefusal(`${bridge.url}/agents/broken-agent`)).status).toBe(409);
    expect((await install(bridge.httpUrl, 'fixture-agent')).last?.type).toBe('installed');
  });

  it('serves Streamable HTTP at the agent path too', async () => {
    const { bridge } = await startLauncher();
    await install(bridge.httpUrl, 'fixture-agent');
    const response = await fetch(`${bridge.httpUrl}/agents/fixture-agent`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: {} } }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('acp-connection-id')).toBeTruthy();
    expect(((await response.json()) as { result: { agentInfo: { name: string } } }).result.agentInfo.name).toBe('stdio-fixture-agent');
    const early = await fetch(`${bridge.httpUrl}/agents/broken-agent`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(early.status).toBe(409);
  });
});

describe('an install under way', () => {
  it('goes on when the page goes away, and close() waits for it to end', async () => {
    // An npx first on PATH that installs slowly: it prints, then waits for the test's go-ahead.
    const dir = mkdtempSync(path.join(tmpdir(), 'acp-slow-npx-'));
    const gate = path.join(dir, 'go');
    mkdirSync(path.join(dir, 'bin'));
    const npx = path.join(dir, 'bin', 'npx');
    writeFileSync(npx, `#!/bin/sh\necho "fetching the package"\nwhile [ ! -f "${gate}" ]; do sleep 0.05; done\necho "added 1 package"\n`);
    chmodSync(npx, 0o755);
    const logs: string[] = [];
    const bridge = await startBridge({
      launcher: true,
      registry: fixtureRegistry(),
      port: 0,
      env: { ...process.env, PATH: `${path.join(dir, 'bin')}${path.delimiter}${process.env.PATH}` },
      log: (level, message) => void logs.push(`${level}: ${message}`),
    });

    const page = new AbortController();
    const response = await fetch(`${bridge.httpUrl}/agents/fixture-agent/install`, { method: 'POST', signal: page.signal });
    const reader = response.body!.getReader();
    let seen = '';
    while (!seen.includes('fetching the package')) seen += new TextDecoder().decode((await reader.read()).value);
    page.abort(); // the page went away mid-install

    let closed = false;
    const closing = bridge.close().then(() => (closed = true));
    await waitForLog(logs, /waiting for 1 install\(s\) to finish/);
    expect(closed).toBe(false);
    expect(logs.join('\n')).not.toMatch(/installed fixture-agent|failed/);
    writeFileSync(gate, '');
    await closing;
    expect(logs.join('\n')).toMatch(/info: installed fixture-agent/);
  });
});

describe('launcher mode on a host server', () => {
  it('answers under its path and leaves the host its other routes', async () => {
    const server = createServer((_request, response) => response.end('host page'));
    const attached = attachBridge(server, { path: '/acp', launcher: true, registry: fixtureRegistry(), log: () => {} });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const listed = (await (await fetch(`http://127.0.0.1:${port}/acp/registry`)).json()) as { agents: unknown[] };
      expect(listed.agents).toHaveLength(3);
      expect(await (await fetch(`http://127.0.0.1:${port}/registry`)).text()).toBe('host page');
      const unknown = await expectRefusal(`ws://127.0.0.1:${port}/acp/agents/nope`);
      expect(unknown.status).toBe(404);
    } finally {
      await attached.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('installs', () => {
  it('run once per package for everyone asking meanwhile, replaying earlier output to a late joiner, and are remembered', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'acp-install-'));
    const runs = path.join(dir, 'runs');
    const installer = createInstaller({ log: () => {} });
    // Prints, then waits for a file the test writes, so the second caller joins while it runs.
    const gate = path.join(dir, 'go');
    const script = `require('fs').appendFileSync(${JSON.stringify(runs)}, 'x'); console.log('step one'); const t = setInterval(() => { if (require('fs').existsSync(${JSON.stringify(gate)})) { clearInterval(t); console.log('done'); } }, 20);`;
    const job = { command: process.execPath, args: ['-e', script] };
    const outA: string[] = [];
    const outB: string[] = [];
    const a = installer.install('pkg', job, (text) => outA.push(text));
    await expect.poll(() => outA.join('')).toContain('step one');
    const b = installer.install('pkg', job, (text) => outB.push(text));
    expect(installer.pending()).toHaveLength(1);
    writeFileSync(gate, '');
    expect(await Promise.all([a, b])).toEqual([0, 0]);
    expect(outB.join('')).toMatch(/step one[\s\S]*done/);
    expect(readFileSync(runs, 'utf8')).toBe('x');
    expect(installer.isInstalled('pkg')).toBe(true);
    expect(await installer.install('pkg', job, () => {})).toBe(0);
    expect(readFileSync(runs, 'utf8')).toBe('x');
  });
});

describe('acp-react-bridge --launcher', () => {
  it('is its own mode: not with --agent, a command or --shared', () => {
    expect(parseCliArgs(['--launcher', '--registry', 'r.json'])).toMatchObject({ kind: 'run', options: { launcher: true, registry: 'r.json', command: '' } });
    expect(() => parseCliArgs(['--launcher', '--agent', 'x'])).toThrow(UsageError);
    expect(() => parseCliArgs(['--launcher', '--', 'node', 'a.mjs'])).toThrow(/give no --agent and no command/);
    expect(() => parseCliArgs(['--launcher', '--shared'])).toThrow(/cannot be combined with --shared/);
  });

  it('starts, says where the registry is, and exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, [BIN, '--launcher', '--registry', fixtureRegistry(), '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await expect.poll(() => stdout, { timeout: 15_000 }).toMatch(/listening on ws:\/\//);
    const httpUrl = /listening on ws:\/\/(\S+)/.exec(stdout)![1]!;
    expect(stderr).toMatch(/launcher: the registry's agents at http:\/\/.*\/registry/);
    const listed = (await (await fetch(`http://${httpUrl}/registry`)).json()) as { agents: unknown[] };
    expect(listed.agents).toHaveLength(3);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('exits 2 for a registry it cannot read', async () => {
    const child = spawn(process.execPath, [BIN, '--launcher', '--registry', '/nonexistent/registry.json', '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(2);
    expect(stderr).toMatch(/cannot read the registry \/nonexistent\/registry\.json/);
  });
});
