/**
 * The floor for bench/browser-streaming.bench.mjs and bench/many-sessions.bench.mjs: what any
 * browser client must do at least to receive the same stream. A bare WebSocket to the same agent,
 * the same JSON-RPC requests sent by hand (initialize, session/new, session/prompt), and each frame
 * only `JSON.parse`d (plus the id check that settles our three requests). No store, no React, no DOM.
 * Frames are recorded as the library's pages record them (`frame-record.ts`), in the one listener.
 *
 * `?n=N` (default 1) opens N such sockets, one session each; `window.__run(chunks)` prompts every
 * session at once and resolves when all are answered, with when the first and the last frames arrived
 * and the page's long tasks meanwhile.
 */
import { newRecording, recordFrame, resetRecording } from './frame-record.js';

const query = new URLSearchParams(location.search);
const agentUrl = query.get('agent') ?? 'ws://127.0.0.1:3031/acp';
const count = Math.max(1, Number(query.get('n') ?? 1));

const rec = newRecording();
let parsedChars = 0;

// The floor's own long tasks: on a quiet machine it has none, so a long task of ours is ours.
const longTasks: { start: number; duration: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
}).observe({ type: 'longtask', buffered: true });

/** One bare socket with one session; `request` sends a JSON-RPC request and resolves with its result. */
async function openSession(): Promise<{ request: (method: string, params: unknown) => Promise<unknown>; sessionId: string }> {
  const pending = new Map<number, (result: unknown) => void>();
  let nextId = 0;
  const socket = new WebSocket(agentUrl);
  socket.addEventListener('message', (event: MessageEvent) => {
    recordFrame(rec, event.data);
    const msg = JSON.parse(event.data as string) as { id?: number; method?: string; result?: unknown; params?: { update?: { content?: { text?: string } } } };
    // Touch what the client would read, so the parse cannot be optimised away.
    parsedChars += msg.params?.update?.content?.text?.length ?? 0;
    if (msg.method === undefined && typeof msg.id === 'number') {
      pending.get(msg.id)?.(msg.result);
      pending.delete(msg.id);
    }
  });
  const request = (method: string, params: unknown): Promise<unknown> => {
    const id = nextId++;
    socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    return new Promise((resolve) => pending.set(id, resolve));
  };
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`Cannot connect to ${agentUrl}`)), { once: true });
  });
  await request('initialize', {
    protocolVersion: 1,
    clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
    clientInfo: { name: 'bench-floor', version: '0' },
  });
  const { sessionId } = (await request('session/new', { cwd: '/tmp/acp-react-bench', mcpServers: [] })) as { sessionId: string };
  return { request, sessionId };
}

async function main() {
  const sessions = [];
  for (let i = 0; i < count; i++) sessions.push(await openSession());

  (window as unknown as { __run: (chunks: number) => Promise<unknown> }).__run = async (chunks: number) => {
    resetRecording(rec, `"w${chunks - 1} "`);
    parsedChars = 0;
    const start = performance.now();
    const results = (await Promise.all(
      sessions.map(({ request, sessionId }) => request('session/prompt', { sessionId, prompt: [{ type: 'text', text: `/stream ${chunks}` }] })),
    )) as { stopReason: string }[];
    const answered = performance.now();
    // Let the longtask observer deliver.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const during = longTasks.filter((t) => t.start + t.duration >= start && t.start <= answered);
    return {
      stopReason: results[0]?.stopReason,
      sessions: count,
      chunks,
      messages: rec.messages,
      start,
      firstMessage: rec.firstMessage,
      lastChunk: rec.lastChunk,
      lastMessage: rec.lastMessage,
      answered,
      parsedChars,
      longTasks: during,
    };
  };
  (window as unknown as { __ready: boolean }).__ready = true;
}

main().catch((error: unknown) => {
  (window as unknown as { __error: string }).__error = String((error as Error)?.stack ?? error);
});
