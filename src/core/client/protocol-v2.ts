/**
 * The ACP v2 client: the SDK's v2 client app with the client's handlers, for an agent whose
 * `initialize` answer (`negotiate.ts`) chose version 2. Fetched on demand (`connection-modules.ts`):
 * the SDK's v2 entry is large and most agents speak v1. The only runtime import of
 * `@agentclientprotocol/sdk/experimental/v2` in the library.
 *
 * The v2 app lets nothing through before its own `initialize` has completed, and a second
 * `initialize` on the wire is the round trip negotiation exists to avoid. So the app is connected
 * to a shim (`answerInitializeLocally`) that takes its `initialize` off the wire and answers it with
 * the agent's real answer: the SDK still validates that answer and opens its gate, and the traffic
 * log holds exactly one `initialize`. `session/update` never reaches the app (the tap hands it to
 * the client first, as on v1); there are no `fs/*` or `terminal/*` handlers (v2 has none). What the
 * answers and requests mean is read in the core (`protocol/v2.ts`): this chunk imports nothing of
 * the entry at run time (see `on-demand.ts` for why).
 */
import type * as acp from '@agentclientprotocol/sdk';
import * as v2 from '@agentclientprotocol/sdk/experimental/v2';
import type { HandlerApp } from './agent-peer.js';

// What v2 sends, read into the views every version shares: here, so only a v2 connection loads it.
export { readInitializeV2, readPermissionV2 } from '../protocol/v2.js';

type Message = Record<string, unknown>;

/**
 * `rest` with the app's own `initialize` answered locally with `result`; what the agent sent is
 * released to the app only after that answer, so it reaches the app in the order it came.
 */
export function answerInitializeLocally(rest: acp.Stream, result: Record<string, unknown>): acp.Stream {
  let controller!: ReadableStreamDefaultController<acp.AnyMessage>;
  let answered!: () => void;
  const released = new Promise<void>((resolve) => (answered = resolve));
  const reader = rest.readable.getReader();
  const writer = rest.writable.getWriter();
  const readable = new ReadableStream<acp.AnyMessage>({
    start: (c) => void (controller = c),
    pull: async (c) => {
      await released;
      const { value, done } = await reader.read();
      if (done) c.close();
      else c.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  const writable = new WritableStream<acp.AnyMessage>({
    write(msg) {
      const m = msg as Message;
      if (m.method === 'initialize' && m.id != null) {
        controller.enqueue({ jsonrpc: '2.0', id: m.id, result } as acp.AnyMessage);
        answered();
        return;
      }
      return writer.write(msg);
    },
    close: () => writer.close(),
    abort: (reason) => writer.abort(reason),
  });
  return { readable, writable };
}

/**
 * Connects the v2 app, with the client's handlers (`register`), over `rest` and completes its
 * `initialize` locally with the agent's `result` (the SDK validates it: an answer that is not ACP v2
 * fails here, with the connection closed, as a -32022 error). `offer`: the `initialize` params the
 * client sent.
 */
export async function connectV2(
  rest: acp.Stream,
  result: Record<string, unknown>,
  offer: Record<string, unknown>,
  register: (app: HandlerApp) => void,
  name: string,
): Promise<v2.ClientConnection> {
  const app = v2.client({ name });
  register(app as unknown as HandlerApp);
  const conn = app.connect(answerInitializeLocally(rest, result) as unknown as v2.Stream);
  try {
    await conn.agent.request(v2.methods.agent.initialize, offer as never);
  } catch (error) {
    conn.close();
    // The SDK's reason may be its validator's whole report: one line of it says enough.
    const reason = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 300);
    throw { code: -32022, message: `The agent's initialize answer is not valid ACP v2: ${reason}` };
  }
  return conn;
}
