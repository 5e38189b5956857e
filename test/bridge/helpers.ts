// Shared helpers for the bridge tests: start bridges on loopback, talk to them with the real
// SDK client or with a raw `ws` socket, and watch processes come and go.
import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';
import { WebSocket } from 'ws';
import * as acp from '@agentclientprotocol/sdk';
import { createWebSocketStream } from '@agentclientprotocol/sdk/experimental/ws-client';
import { startBridge, type Bridge, type BridgeOptions } from '../../bridge/server.mjs';

export const AGENT_SCRIPT = fileURLToPath(new URL('../fixtures/stdio-agent.mjs', import.meta.url));
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Mirrors the fixture agent's constants (the fixture is a script, so it cannot be imported). */
export const BIG_CHUNK_BYTES = 200 * 1024;
export const EMOJI_TEXT = 'emoji 🦀🚀 héllo wörld 世界 ✓';
export function bigText(bytes: number): string {
  const unit = 'abcdefgh-é-世-🦀-';
  return unit.repeat(Math.ceil(bytes / Buffer.byteLength(unit)));
}

export interface TestBridge {
  bridge: Bridge;
  url: string;
  logs: string[];
}

const running: Bridge[] = [];

/** Starts a bridge on 127.0.0.1 with a free port, running the fixture agent; logs are collected. */
export async function startTestBridge(options: Partial<BridgeOptions> & { agentEnv?: Record<string, string> } = {}): Promise<TestBridge> {
  const logs: string[] = [];
  const { agentEnv, ...rest } = options;
  const bridge = await startBridge({
    command: process.execPath,
    args: [AGENT_SCRIPT],
    host: '127.0.0.1',
    port: 0,
    killTimeoutMs: 2000,
    env: { ...process.env, ...agentEnv },
    log: (level, message) => {
      logs.push(`${level}: ${message}`);
    },
    ...rest,
  });
  running.push(bridge);
  return { bridge, url: bridge.url, logs };
}

export async function closeAllBridges(): Promise<void> {
  await Promise.all(running.splice(0).map((bridge) => bridge.close()));
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function waitForExit(pid: number): Promise<void> {
  await vi.waitFor(
    () => {
      if (isAlive(pid)) throw new Error(`process ${pid} is still running`);
    },
    { timeout: 15_000, interval: 50 },
  );
}

export async function waitForLog(logs: string[], pattern: RegExp): Promise<string> {
  return vi.waitFor(
    () => {
      const line = logs.find((entry) => pattern.test(entry));
      if (!line) throw new Error(`no log line matches ${pattern}:\n${logs.join('\n')}`);
      return line;
    },
    { timeout: 15_000, interval: 20 },
  );
}

// ---------------------------------------------------------------------------------------------
// The real SDK client over the bridge.

export interface SdkClient {
  conn: acp.ClientConnection;
  updates: acp.SessionNotification[];
  /** Concatenated text of agent_message_chunk updates, per chunk. */
  chunks(): string[];
}

export function connectSdk(url: string, options: { protocols?: string[]; headers?: Record<string, string> } = {}): SdkClient {
  const updates: acp.SessionNotification[] = [];
  const conn = acp
    .client({ name: 'bridge-test' })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      updates.push(params);
    })
    .onRequest(acp.methods.client.session.requestPermission, () => ({ outcome: { outcome: 'selected', optionId: 'allow' } }))
    .connect(createWebSocketStream(url, { WebSocket: WebSocket as never, cookies: 'omit', ...options }));
  return {
    conn,
    updates,
    chunks: () =>
      updates.flatMap(({ update }) => (update.sessionUpdate === 'agent_message_chunk' && update.content.type === 'text' ? [update.content.text] : [])),
  };
}

export async function initialize(conn: acp.ClientConnection): Promise<acp.InitializeResponse> {
  return conn.agent.request(acp.methods.agent.initialize, {
    protocolVersion: acp.PROTOCOL_VERSION,
    clientCapabilities: {},
    clientInfo: { name: 'bridge-test', version: '0.0.0' },
  });
}

export interface FixtureInfo {
  pid: number;
  initializeCount: number;
  sessions: number;
  lastPermission: unknown;
}

export async function fixtureInfo(conn: acp.ClientConnection): Promise<FixtureInfo> {
  return conn.agent.request<FixtureInfo>('_fixture/info', {});
}

// ---------------------------------------------------------------------------------------------
// A raw WebSocket client, for close codes, subprotocols and malformed frames.

export interface Closed {
  code: number;
  reason: string;
}

export class RawClient {
  readonly messages: Record<string, unknown>[] = [];
  readonly closed: Promise<Closed>;
  private nextId = 0;
  private waiters: (() => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      if (!isBinary) this.messages.push(JSON.parse(String(data)) as Record<string, unknown>);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        for (const wake of this.waiters.splice(0)) wake();
      });
    });
  }

  /** Opens a connection; rejects with the HTTP status and body if the upgrade is refused. */
  static open(url: string, options: { origin?: string; protocols?: string[] } = {}): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, options.protocols ?? [], options.origin ? { origin: options.origin } : {});
      const client = new RawClient(ws);
      ws.once('open', () => resolve(client));
      ws.once('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on('end', () => reject(new HttpRefusal(response.statusCode ?? 0, body)));
      });
      ws.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Sends a request and resolves with its response. */
  async request(method: string, params: unknown = {}): Promise<Record<string, unknown>> {
    const id = this.nextId++;
    this.send({ jsonrpc: '2.0', id, method, params });
    return this.waitFor((message) => message.id === id && !('method' in message));
  }

  /** Resolves with the first message (already received or future) matching `predicate`. */
  async waitFor(predicate: (message: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
    for (;;) {
      const found = this.messages.find(predicate);
      if (found) return found;
      if (this.ws.readyState === WebSocket.CLOSED) throw new Error('socket closed while waiting for a message');
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  close(): Promise<Closed> {
    this.ws.close();
    return this.closed;
  }
}

export class HttpRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`HTTP ${status}: ${body}`);
  }
}

export async function expectRefusal(url: string, options: { origin?: string; protocols?: string[] } = {}): Promise<HttpRefusal> {
  try {
    const client = await RawClient.open(url, options);
    await client.close();
  } catch (error) {
    if (error instanceof HttpRefusal) return error;
    throw error;
  }
  throw new Error('the connection was accepted');
}

export const INIT_PARAMS = { protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: {} };
