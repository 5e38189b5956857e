import { WebSocket } from 'ws';
import { startDemoAgentServer } from '../../demo-agent/server.mjs';
import { createAcpClient, type AcpClient, type AcpClientOptions } from '../../src/core/index.js';
import { createMemoryFs, createSimulatedTerminal, type MemoryFs } from '../../src/core/devtools/index.js';

export interface DemoServer {
  url: string;
  port: number;
  connections: number;
  dropConnections(): Promise<number>;
  close(): Promise<void>;
}

export function startDemo(options: Record<string, unknown> = {}): Promise<DemoServer> {
  return startDemoAgentServer({ port: 0, host: '127.0.0.1', ...options });
}

export const WORKSPACE = '/workspace';

export function workspaceFiles(): Record<string, string> {
  return {
    '/workspace/package.json': '{ "name": "workspace", "scripts": { "test": "vitest run" } }\n',
    '/workspace/src/greeting.ts':
      'export function greet(name: string): string {\n  return `Hello, ${name}!`;\n}\n\nexport function greetAll(names: string[]): string[] {\n  return names.map(greet);\n}\n',
    '/workspace/README.md': '# Workspace\n',
  };
}

export function makeClient(url: string, overrides: Partial<AcpClientOptions> = {}): { client: AcpClient; fs: MemoryFs } {
  const fs = createMemoryFs({ files: workspaceFiles(), writable: true });
  const client = createAcpClient({
    url,
    WebSocket: WebSocket as never,
    scheduler: 'sync',
    fs,
    terminal: createSimulatedTerminal({ fs }),
    reconnect: { initialDelayMs: 20, maxDelayMs: 200, jitter: 0 },
    clientInfo: { name: 'acp-react-tests', version: '0.0.0' },
    ...overrides,
  });
  return { client, fs };
}
