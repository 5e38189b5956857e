/**
 * The floor for bench/long-session.bench.mjs: what any browser client must do at least to open
 * the same session. A bare WebSocket to the same agent, `initialize` and `session/load` sent by
 * hand, and every frame of the replay only `JSON.parse`d. No store, no React, no DOM.
 *
 * `window.__load(sessionId)` resolves when the load is answered (the replay has all arrived and
 * been parsed), with the time from the request and the frames and bytes received.
 */
const agentUrl = new URLSearchParams(location.search).get('agent') ?? 'ws://127.0.0.1:3031/acp';

const pending = new Map<number, (result: unknown) => void>();
let nextId = 0;
let frames = 0;
let bytes = 0;
let touched = 0;

const longTasks: { start: number; duration: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
}).observe({ type: 'longtask', buffered: true });

const socket = new WebSocket(agentUrl);
socket.addEventListener('message', (event: MessageEvent) => {
  const text = event.data as string;
  frames++;
  bytes += text.length;
  const msg = JSON.parse(text) as { id?: number; method?: string; result?: unknown; params?: { update?: { sessionUpdate?: string } } };
  // Touch what the client would read, so the parse cannot be optimised away.
  touched += msg.params?.update?.sessionUpdate?.length ?? 0;
  if (msg.method === undefined && typeof msg.id === 'number') {
    pending.get(msg.id)?.(msg.result);
    pending.delete(msg.id);
  }
});

function request(method: string, params: unknown): Promise<unknown> {
  const id = nextId++;
  socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
  return new Promise((resolve) => pending.set(id, resolve));
}

async function main() {
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`Cannot connect to ${agentUrl}`)), { once: true });
  });
  await request('initialize', {
    protocolVersion: 1,
    clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
    clientInfo: { name: 'bench-floor', version: '0' },
  });
  (window as unknown as { __load: (id: string) => Promise<unknown> }).__load = async (sessionId: string) => {
    frames = 0;
    bytes = 0;
    const firstTask = longTasks.length;
    const start = performance.now();
    await request('session/load', { sessionId, cwd: '/tmp/acp-react-bench', mcpServers: [] });
    const answeredMs = performance.now() - start;
    return { answeredMs, frames, bytes, touched, longTasks: longTasks.slice(firstTask) };
  };
  (window as unknown as { __ready: boolean }).__ready = true;
}

main().catch((error: unknown) => {
  (window as unknown as { __error: string }).__error = String((error as Error)?.stack ?? error);
});
