/**
 * The browser's six HTTP/1.1 connections per host, in real Chromium, and why the Streamable HTTP
 * transport stops at four sessions over http://.
 *
 * One loopback server is the page's origin: it serves the page (the core client bundled with
 * esbuild, the SDK and zod in it), the demo agent over Streamable HTTP (`/acp`, the SDK's
 * `AcpServer`), endless event streams (`/hold`) and a request that answers at once (`/seventh`).
 * What the server has received is read through `localhost`, another host to the browser and so
 * another six connections: a request the page sent first that the server has still not received
 * when the later one to `localhost` has made its whole round trip is waiting in the browser.
 * That is checked by state (what arrived, what settled), never by time.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AcpServer } from '@agentclientprotocol/sdk/experimental/server';
import { createNodeHttpHandler } from '@agentclientprotocol/sdk/experimental/node';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoAgent, DemoSessionStore } from '../../demo-agent/agent.mjs';
import type { createAcpClient } from '../../src/core/index.js';
import { launchChromium } from './helpers/chromium.js';

declare global {
  interface Window {
    createAcpClient: typeof createAcpClient;
  }
}

const repo = fileURLToPath(new URL('../../', import.meta.url));
const PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>HTTP connection limit</title></head><body><script type="module" src="/page.js"></script></body></html>';

let outdir: string;
let server: Server;
let acpServer: AcpServer;
let browser: Browser;
let page: Page;
let port: number;

/** What the server has received, read by the page through `localhost`. */
const received = { holds: 0, open: new Set<ServerResponse>(), seventh: 0, posts: 0 };

beforeAll(async () => {
  outdir = mkdtempSync(join(tmpdir(), 'acp-http-limit-'));
  await build({
    stdin: { contents: "import { createAcpClient } from './src/core/index.ts'; window.createAcpClient = createAcpClient;", resolveDir: repo, loader: 'ts' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir,
    entryNames: 'page',
    logLevel: 'error',
  });
  acpServer = new AcpServer({ createAgent: () => createDemoAgent({ store: new DemoSessionStore() }) });
  const acp = createNodeHttpHandler(acpServer);
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/acp') {
      if (request.method === 'POST') received.posts++;
      acp(request, response);
    } else if (url.pathname === '/hold') {
      received.holds++;
      received.open.add(response);
      response.on('close', () => received.open.delete(response));
      response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' }).write(': open\n\n');
    } else if (url.pathname === '/seventh') {
      received.seventh++;
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end('served');
    } else if (url.pathname === '/state') {
      const state = { holding: received.open.size, seventh: received.seventh, posts: received.posts };
      response.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' }).end(JSON.stringify(state));
    } else if (url.pathname === '/') {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE);
    } else if (/^\/[\w-]+\.js$/.test(url.pathname)) {
      response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(readFileSync(join(outdir, url.pathname)));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => typeof window.createAcpClient === 'function');
}, 60_000);

afterAll(async () => {
  await browser?.close();
  for (const response of received.open) response.destroy();
  await acpServer?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  if (outdir) rmSync(outdir, { recursive: true, force: true });
});

describe('six HTTP/1.1 connections per host in Chromium', () => {
  it('six open event streams hold them all: a seventh request waits in the browser until one closes', async () => {
    const result = await page.evaluate(async (probe) => {
      const streams = Array.from({ length: 6 }, (_, i) => new EventSource(`/hold?i=${i}`));
      await Promise.all(streams.map((s) => new Promise((resolve) => s.addEventListener('open', resolve, { once: true }))));
      let settled = false;
      const seventh = fetch('/seventh').then(async (r) => {
        settled = true;
        return r.text();
      });
      // Sent after the seventh, to another host: its whole round trip ends while the seventh waits.
      const whileSix = await (await fetch(probe)).json();
      const settledWhileSix = settled;
      streams[0]!.close();
      const text = await seventh;
      const afterOneClosed = await (await fetch(probe)).json();
      for (const s of streams) s.close();
      return { whileSix, settledWhileSix, text, afterOneClosed };
    }, `http://localhost:${port}/state`);
    expect(result.whileSix).toMatchObject({ holding: 6, seventh: 0 });
    expect(result.settledWhileSix).toBe(false);
    expect(result.text).toBe('served');
    expect(result.afterOneClosed).toMatchObject({ seventh: 1 });
  });

  it('the client refuses a fifth session over http:// with session_limit, and its four sessions keep working', async () => {
    const result = await page.evaluate(async () => {
      const client = window.createAcpClient({ url: `${location.origin}/acp`, reconnect: false, scheduler: 'sync' });
      await client.connect();
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) ids.push((await client.newSession({ cwd: '/workspace' })).sessionId);
      const refusal = await client.newSession({ cwd: '/workspace' }).then(
        () => null,
        (error: { code: unknown; message: string; data: unknown }) => ({ code: error.code, message: error.message, data: error.data }),
      );
      // The connection is not stalled: every session still takes a turn.
      const stops = [];
      for (const id of ids) stops.push(await client.prompt(id, '/hello'));
      // A closed session frees its stream for a new one.
      await client.closeSession(ids[3]!);
      const replacement = (await client.newSession({ cwd: '/workspace' })).sessionId;
      const replacementStop = await client.prompt(replacement, '/hello');
      await client.disconnect();
      return { refusal, stops, replacementStop };
    });
    expect(result.refusal).toMatchObject({ data: { reason: 'session_limit', limit: 4 } });
    expect(result.refusal!.message).toMatch(
      /already holds 4 sessions open over HTTP to 127\.0\.0\.1:\d+: a browser opens at most six HTTP\/1\.1 connections per host/,
    );
    expect(result.stops).toEqual(['end_turn', 'end_turn', 'end_turn', 'end_turn']);
    expect(result.replacementStop).toBe('end_turn');
  });

  it('without the limit, the sixth session is the stall it prevents: its request never leaves the browser', async () => {
    const result = await page.evaluate(async (probe) => {
      const client = window.createAcpClient({ url: `${location.origin}/acp`, reconnect: false, scheduler: 'sync', maxHttpSessions: 100 });
      await client.connect();
      // The connection's stream and five sessions' streams: the host's six connections.
      for (let i = 0; i < 5; i++) await client.newSession({ cwd: '/workspace' });
      const before = await (await fetch(probe)).json();
      let settled = false;
      void client.newSession({ cwd: '/workspace' }).finally(() => (settled = true));
      const after = await (await fetch(probe)).json();
      const sessions = Object.keys(client.getSnapshot().sessions).length;
      return { before, after, settled, sessions };
    }, `http://localhost:${port}/state`);
    // The sixth session/new was sent by the client but never reached the server.
    expect(result.after.posts).toBe(result.before.posts);
    expect(result.settled).toBe(false);
    expect(result.sessions).toBe(5);
    // Leaving the page drops every connection it holds (and the request still waiting).
    await page.goto('about:blank');
  });
});
