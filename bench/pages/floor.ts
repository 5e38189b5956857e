/**
 * The floor for bench/browser-streaming.bench.mjs: what any browser client must do at least to
 * receive the same stream. A bare WebSocket to the same agent, the same JSON-RPC requests sent
 * by hand (initialize, session/new, session/prompt), and each frame only `JSON.parse`d (plus the
 * id check that settles our three requests). No store, no React, no DOM. Frames are recorded as
 * the library's pages record them (`frame-record.ts`), in the one listener.
 *
 * `window.__run(n)` resolves when the prompt is answered, with when the first and the last
 * frames arrived.
 */
import { newRecording, recordFrame, resetRecording } from './frame-record.js';

const agentUrl = new URLSearchParams(location.search).get('agent') ?? 'ws://127.0.0.1:3031/acp';

const pending = new Map<number, (result: unknown) => void>();
let nextId = 0;
const rec = newRecording();
let parsedChars = 0;

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
  const { sessionId } = (await request('session/new', { cwd: '/tmp/acp-react-bench', mcpServers: [] })) as { sessionId: string };

  (window as unknown as { __run: (chunks: number) => Promise<unknown> }).__run = async (chunks: number) => {
    resetRecording(rec, `"w${chunks - 1} "`);
    parsedChars = 0;
    const start = performance.now();
    const result = (await request('session/prompt', { sessionId, prompt: [{ type: 'text', text: `/stream ${chunks}` }] })) as { stopReason: string };
    const { messages, firstMessage, lastMessage, lastChunk } = rec;
    return { stopReason: result.stopReason, chunks, messages, start, firstMessage, lastChunk, lastMessage, answered: performance.now(), parsedChars };
  };
  (window as unknown as { __ready: boolean }).__ready = true;
}

main().catch((error: unknown) => {
  (window as unknown as { __error: string }).__error = String((error as Error)?.stack ?? error);
});
