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
 * the client first, as on v1); there are no `fs/*` or `terminal/*` handlers (v2 has none).
 */
import type * as acp from '@agentclientprotocol/sdk';
import * as v2 from '@agentclientprotocol/sdk/experimental/v2';
import type { AgentState } from '../types.js';
import type { ConnectionHooks, HandlerApp } from './connection.js';

type Message = Record<string, unknown>;

// Local, not `guards.ts`: a module both the core entry and this chunk import would become a chunk
// of its own, one more file for the entry to load (see `on-demand.ts`).
const isRecord = (value: unknown): value is Message => typeof value === 'object' && value !== null && !Array.isArray(value);

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
 * Connects the v2 app, with the client's handlers, over `rest` and completes its `initialize`
 * locally with the agent's `result` (the SDK validates it: an answer that is not ACP v2 fails here,
 * with the connection closed, as a -32022 error). `offer`: the `initialize` params the client sent.
 */
export async function connectV2(
  rest: acp.Stream,
  result: Record<string, unknown>,
  offer: Record<string, unknown>,
  register: ConnectionHooks['register'],
  name: string,
): Promise<v2.ClientConnection> {
  const app = v2.client({ name });
  register(app as unknown as HandlerApp, readPermission);
  const conn = app.connect(answerInitializeLocally(rest, result) as unknown as v2.Stream);
  try {
    await conn.agent.request(v2.methods.agent.initialize, offer as never);
  } catch (error) {
    conn.close();
    const reason = error instanceof Error ? error.message : String(error);
    throw { code: -32022, message: `The agent's initialize answer is not valid ACP v2: ${reason}` };
  }
  return conn;
}

/**
 * A v2 `session/request_permission` as the client's permission prompt takes it (v1's shape): the
 * tool call of a `tool_call` subject, or one named by the request's title for a `command` subject
 * or none, so the prompt always says what is being approved.
 */
export function readPermission(params: unknown): acp.RequestPermissionRequest {
  const p = (isRecord(params) ? params : {}) as Message;
  const subject = isRecord(p.subject) ? p.subject : null;
  const title = typeof p.title === 'string' ? p.title : 'Permission';
  const toolCall =
    subject?.type === 'tool_call' && isRecord(subject.toolCall)
      ? subject.toolCall
      : { toolCallId: typeof subject?.toolCallId === 'string' ? subject.toolCallId : `permission:${title}`, title };
  return { ...p, toolCall, options: Array.isArray(p.options) ? p.options : [] } as unknown as acp.RequestPermissionRequest;
}

/**
 * A v2 `initialize` answer as the snapshot's agent: `capabilities` keeps the v1-shaped view every
 * component reads (v2 `session` present means list, resume and close; loading is resuming with a
 * replay; sign-out is always there), and auth methods keep their v1 `id`.
 */
export function readInitialize(result: Record<string, unknown>): AgentState {
  const caps = isRecord(result.capabilities) ? result.capabilities : {};
  const session = isRecord(caps.session) ? caps.session : null;
  const prompt = isRecord(session?.prompt) ? session.prompt : {};
  const mcp = isRecord(session?.mcp) ? session.mcp : {};
  const has = (record: Record<string, unknown> | null, key: string) => record != null && record[key] != null;
  const capabilities: acp.AgentCapabilities = {
    loadSession: session != null,
    promptCapabilities: { image: has(prompt, 'image'), audio: has(prompt, 'audio'), embeddedContext: has(prompt, 'embeddedContext') },
    mcpCapabilities: { http: has(mcp, 'http'), sse: false },
    auth: { logout: {} },
    ...(session && {
      sessionCapabilities: {
        list: {},
        resume: {},
        close: {},
        ...(has(session, 'delete') && { delete: {} }),
        ...(has(session, 'additionalDirectories') && { additionalDirectories: {} }),
      },
    }),
  } as acp.AgentCapabilities;
  const methods = Array.isArray(result.authMethods) ? result.authMethods.filter(isRecord) : [];
  return {
    info: isRecord(result.info) ? (result.info as acp.Implementation) : null,
    capabilities,
    authMethods: methods.map((m) => ({ ...m, id: m.methodId ?? m.id })) as acp.AuthMethod[],
    protocolVersion: 2,
    _meta: (isRecord(result._meta) ? result._meta : null) as AgentState['_meta'],
  };
}
