/**
 * A real loopback WebSocket to the demo agent that also keeps every message it receives, in order,
 * as it was on the wire: the tests see message order, and fields or whole updates the SDK's schema
 * would drop before a handler sees them.
 */
import { createWebSocketStream } from '@agentclientprotocol/sdk/experimental/ws-client';
import { WebSocket } from 'ws';

export function recordedStream(url: string) {
  const received: any[] = [];
  const socket = createWebSocketStream(url, { WebSocket: WebSocket as any });
  const readable = socket.readable.pipeThrough(
    new TransformStream({
      transform(msg, controller) {
        received.push(msg);
        controller.enqueue(msg);
      },
    }),
  );
  return { stream: { writable: socket.writable, readable }, received };
}

/** The updates of the `session/update` messages among those received, in order. */
export const wireUpdates = (received: readonly any[]): any[] => received.filter((msg) => msg?.method === 'session/update').map((msg) => msg.params.update);
