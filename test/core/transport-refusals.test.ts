/**
 * The tap refuses binary and oversized frames with code it loads on demand (client/refused-frames.ts),
 * fetched as the socket opens. A frame that needs it before it has loaded must wait for it, and so
 * must every frame after it: a refused response must never be overtaken.
 */
import { describe, expect, it } from 'vitest';
import type { AnyMessage, Stream } from '@agentclientprotocol/sdk';
import { ON_DEMAND } from '../../src/core/client/connection-modules.js';
import { openStream, type InboundTap } from '../../src/core/client/transport.js';

/** A browser-style socket (EventTarget listeners) that the test drives by hand. */
class ScriptedSocket extends EventTarget {
  static last: ScriptedSocket;
  readonly readyState = 1;
  readonly sent: string[] = [];
  constructor() {
    super();
    ScriptedSocket.last = this;
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {}
  receive(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

function open(maxMessageBytes?: number) {
  const seen: string[] = [];
  const tap: InboundTap = {
    refused(_raw, reason) {
      seen.push(`refused: ${reason}`);
      return null;
    },
    malformed: () => seen.push('malformed'),
    message(msg) {
      seen.push(`message ${(msg as { method?: string }).method}`);
      return false;
    },
    outbound: (msg) => seen.push(`outbound ${JSON.stringify((msg as { error?: { code: number } }).error?.code)}`),
  };
  const stream = openStream({ url: 'ws://agent.test', WebSocket: ScriptedSocket as never, maxMessageBytes }, tap, ON_DEMAND) as Stream;
  const reader = stream.readable.getReader();
  return { seen, socket: ScriptedSocket.last, next: async () => (await reader.read()).value as AnyMessage };
}

const notification = (method: string) => JSON.stringify({ jsonrpc: '2.0', method, params: {} });

describe('frames refused before the refusal code has loaded', () => {
  it('a binary frame holds the frames after it until it has been refused, in order', async () => {
    const { seen, socket, next } = open();
    // Dispatched in the same task the socket was made in: the on-demand module cannot be there yet.
    socket.receive(new ArrayBuffer(4));
    socket.receive(notification('first'));
    socket.receive(notification('second'));
    expect(seen).toEqual([]);

    expect(await next()).toMatchObject({ method: 'first' });
    expect(await next()).toMatchObject({ method: 'second' });
    expect(seen).toEqual(['refused: Binary frames are not part of ACP; the frame was ignored.', 'message first', 'message second']);

    // Once nothing waits, frames go through at once again.
    socket.receive(notification('third'));
    expect(seen.at(-1)).toBe('message third');
  });

  it('an oversized request is answered with an error for the agent, and the frame after it is not overtaken', async () => {
    const { seen, socket, next } = open(64);
    socket.receive(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'fs/read_text_file', params: { path: 'x'.repeat(100) } }));
    socket.receive(notification('after'));

    expect(await next()).toMatchObject({ method: 'after' });
    expect(seen[0]).toMatch(/^refused: Message of \d+ characters exceeds the 64 limit/);
    expect(seen.slice(1)).toEqual(['outbound -32600', 'message after']);
    expect(JSON.parse(socket.sent[0]!)).toMatchObject({ id: 7, error: { code: -32600, data: { limit: 64 } } });
  });
});
