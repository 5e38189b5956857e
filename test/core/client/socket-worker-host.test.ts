/**
 * The socket worker's side (`socket-worker-host.ts`), run in Node with a real WebSocket (`ws`) to
 * a real server on loopback; the worker's global scope is a stand-in that keeps what it posts.
 * What must hold: runs of joinable text chunks reach the page as one frame with the whole text,
 * everything else as the agent sent it, all in order; a chunk the reducer reads more of is never
 * joined; with joining off every frame is passed as sent; what waits is posted before the close.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { serveSockets, type FromSocketWorker, type SocketWorkerScope, type ToSocketWorker } from '../../../src/core/client/socket-worker-host.js';

const servers: WebSocketServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

/** A server that sends `frames` (all at once) to the first client, then closes if asked. */
async function agent(frames: Array<string | Buffer>, close = false) {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  server.on('connection', (socket) => {
    for (const frame of frames) socket.send(frame, { binary: typeof frame !== 'string' });
    if (close) socket.close(1000, 'done');
  });
  return `ws://127.0.0.1:${(server.address() as { port: number }).port}`;
}

function worker() {
  const posted: FromSocketWorker[] = [];
  let listener: ((event: { data: ToSocketWorker }) => void) | null = null;
  const scope: SocketWorkerScope = {
    addEventListener: (_type, l) => (listener = l),
    postMessage: (message) => posted.push(message),
  };
  serveSockets(scope, WebSocket as never);
  const send = (data: ToSocketWorker) => listener!({ data });
  const frames = () => posted.flatMap((m) => (m.type === 'frames' ? m.frames : []));
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  return { posted, send, frames, until };
}

const chunk = (text: string, fields: Record<string, unknown> = {}, sessionId = 's1') =>
  JSON.stringify({
    jsonrpc: '2.0',
    method: 'session/update',
    params: { sessionId, update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text }, ...fields } },
  });
const toolCall = JSON.stringify({
  jsonrpc: '2.0',
  method: 'session/update',
  params: { sessionId: 's1', update: { sessionUpdate: 'tool_call', toolCallId: 't1', title: 'Read' } },
});
const answer = JSON.stringify({ jsonrpc: '2.0', id: 3, result: { stopReason: 'end_turn' } });

/** The text of each frame's chunk, or the frame's kind. */
const read = (frames: Array<string | ArrayBuffer>) =>
  frames.map((f) => {
    if (typeof f !== 'string') return 'binary';
    const msg = JSON.parse(f);
    const update = msg.params?.update;
    return update?.sessionUpdate === 'agent_message_chunk' ? update.content.text : (update?.sessionUpdate ?? `id ${msg.id}`);
  });

describe('the socket worker', () => {
  it('joins runs of text chunks into one frame each, passing everything else as sent, in order', async () => {
    const words = Array.from({ length: 400 }, (_, i) => `w${i} `);
    const url = await agent([...words.slice(0, 200).map((w) => chunk(w)), toolCall, ...words.slice(200).map((w) => chunk(w)), answer], true);
    const w = worker();
    w.send({ type: 'open', id: 1, url, protocols: [], maxBytes: 1 << 20 });
    w.send({ type: 'join', id: 1, on: true });
    await w.until(() => w.posted.some((m) => m.type === 'close'));
    const frames = w.frames();
    // The tool call and the answer are passed exactly as the agent sent them.
    expect(frames).toContain(toolCall);
    expect(frames).toContain(answer);
    const texts = read(frames);
    // Every word, in order, with the tool call between the two halves.
    expect(texts.join('|').replace(/\|/g, '')).toBe(`${words.slice(0, 200).join('')}tool_call${words.slice(200).join('')}id 3`);
    // Far fewer frames than the agent sent (runs are cut only where a batch was posted).
    expect(frames.length).toBeLessThan(100);
    const joined = w.posted.reduce((n, m) => n + (m.type === 'frames' ? m.joined : 0), 0);
    expect(joined + frames.length).toBe(402);
    // The close comes after everything.
    expect(w.posted.at(-1)).toMatchObject({ type: 'close', id: 1, code: 1000, reason: 'done' });
  });

  it('never joins across messages, sessions, or a chunk the reducer reads more of (_meta, annotations)', async () => {
    const sent = [
      chunk('a', { messageId: 'm1' }),
      chunk('b', { messageId: 'm2' }),
      chunk('c', {}, 's2'),
      chunk('d', { _meta: { x: 1 } }),
      chunk('e'),
      JSON.stringify({
        jsonrpc: '2.0',
        method: 'session/update',
        params: { sessionId: 's1', update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'f', annotations: {} } } },
      }),
      chunk('g'),
      chunk('h'),
    ];
    const url = await agent(sent, true);
    const w = worker();
    w.send({ type: 'open', id: 1, url, protocols: [], maxBytes: 1 << 20 });
    await w.until(() => w.posted.some((m) => m.type === 'close'));
    expect(read(w.frames())).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'gh']);
  });

  it('with joining off passes every frame as it was sent; binary frames pass as bytes', async () => {
    const sent = [chunk('a'), chunk('b'), Buffer.from([1, 2, 3]), chunk('c')];
    const url = await agent(sent, true);
    const w = worker();
    w.send({ type: 'open', id: 1, url, protocols: [], maxBytes: 1 << 20 });
    w.send({ type: 'join', id: 1, on: false });
    await w.until(() => w.posted.some((m) => m.type === 'close'));
    expect(read(w.frames())).toEqual(['a', 'b', 'binary', 'c']);
    expect(w.frames().filter((f) => typeof f === 'string')).toEqual([sent[0], sent[1], sent[3]]);
  });

  it('sends what the page sends and opens with the protocol the server chose', async () => {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0, handleProtocols: (protocols) => [...protocols][0] ?? false });
    servers.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    const received: string[] = [];
    server.on('connection', (socket) => socket.on('message', (data) => received.push(String(data))));
    const w = worker();
    w.send({ type: 'open', id: 7, url: `ws://127.0.0.1:${(server.address() as { port: number }).port}`, protocols: ['acp-token.t'], maxBytes: 1 << 20 });
    await w.until(() => w.posted.some((m) => m.type === 'open'));
    expect(w.posted[0]).toEqual({ type: 'open', id: 7, protocol: 'acp-token.t' });
    w.send({ type: 'send', id: 7, text: answer });
    await w.until(() => received.length === 1);
    expect(received).toEqual([answer]);
    w.send({ type: 'close', id: 7 });
    await w.until(() => w.posted.some((m) => m.type === 'close'));
  });
});
