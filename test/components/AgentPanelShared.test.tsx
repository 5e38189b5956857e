/**
 * AgentPanel on acp-react-bridge --shared (issue 30): a page whose client attaches to a session
 * another page runs shows that session (not a new one of its own), and an observer's prompt is
 * read-only. The real bridge with the SDK fixture agent, real clients over loopback WebSockets.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { WebSocket } from 'ws';
import { AcpProvider, AgentPanel, createAcpClient, type AcpClient, type AcpClientOptions } from '../../src/index.js';
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

// Paths from the working directory: jsdom's URL cannot make a file path of `import.meta.url`, and
// the bridge runs as its own process, as a host runs it (its modules read their own paths too).
const BIN = resolve(process.cwd(), 'bin/acp-react-bridge.mjs');
const AGENT_SCRIPT = resolve(process.cwd(), 'test/fixtures/stdio-agent.mjs');
const clients: AcpClient[] = [];
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.disconnect()));
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

/** `acp-react-bridge --shared` on a free loopback port, with the fixture agent; resolves with its URL once it listens. */
async function startSharedBridge(): Promise<string> {
  const cli = spawn(process.execPath, [BIN, '--shared', '--port', '0', '--', process.execPath, AGENT_SCRIPT], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  cli.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  stops.push(async () => {
    if (cli.exitCode !== null) return;
    const exited = new Promise((done) => cli.once('exit', done));
    cli.kill('SIGTERM');
    await exited;
  });
  return new Promise<string>((done, fail) => {
    let stdout = '';
    cli.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
      const match = /listening on (ws:\/\/\S+)/.exec(stdout);
      if (match?.[1]) done(match[1]);
    });
    cli.on('exit', (code) => fail(new Error(`the bridge exited ${code}: ${stderr}`)));
  });
}

function makeClient(url: string, name: string, extra: Partial<AcpClientOptions> = {}): AcpClient {
  const client = createAcpClient({ url, WebSocket: WebSocket as never, scheduler: 'sync', reconnect: false, clientInfo: { name, version: '1.0.0' }, ...extra });
  clients.push(client);
  return client;
}

describe('AgentPanel on a shared bridge', () => {
  it('shows the session its client attached to, read-only for an observer, and never starts one of its own', async () => {
    const url = await startSharedBridge();
    const ada = makeClient(url, 'Ada');
    await ada.connect();
    const { sessionId } = await ada.newSession({ cwd: process.cwd() });
    await ada.prompt(sessionId, 'flood 2 3');

    const bob = makeClient(url, 'Bob', { attach: { sessionId, role: 'observer' } });
    render(
      <AcpProvider client={bob}>
        <AgentPanel cwd={process.cwd()} showSessionList={false} autoStartSession={false} />
      </AcpProvider>,
    );
    const panel = screen.getByRole('region', { name: 'Agent' });
    await waitFor(() => expect(panel).toHaveTextContent('1:xxx2:xxx'));
    expect(panel).toHaveTextContent('flood 2 3');
    const input = await screen.findByRole('textbox');
    await waitFor(() => expect(input).toHaveAttribute('placeholder', 'Watching: only a controller can prompt in this session.'));
    expect(input).toBeDisabled();
    expect(Object.keys(bob.getSnapshot().sessions)).toEqual([sessionId]);
  });

  it('lets a controller that attached prompt as usual', async () => {
    const url = await startSharedBridge();
    const ada = makeClient(url, 'Ada');
    await ada.connect();
    const { sessionId } = await ada.newSession({ cwd: process.cwd() });
    const bob = makeClient(url, 'Bob', { attach: { sessionId } });
    render(
      <AcpProvider client={bob}>
        <AgentPanel cwd={process.cwd()} showSessionList={false} autoStartSession={false} />
      </AcpProvider>,
    );
    const input = await screen.findByRole('textbox');
    await waitFor(() => expect(input).toBeEnabled());
    expect(input).toHaveAttribute('placeholder', 'Ask the agent… (/ for commands)');
  });
});
