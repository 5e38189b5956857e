/**
 * A scripted ACP v2 agent made with the SDK's own v2 agent app (`experimental/v2/unstable`
 * `agent()`), for integration tests over a real WebSocket (`serveSdkAgent`). A prompt is answered
 * `{ messageId }` at once; its turn then runs as `state_update`s, chosen by the prompt's text:
 *
 * - `hello`: running, the `user_message` echo (the prompt's messageId), two text chunks, idle `end_turn`;
 * - `gate`: running, one chunk, then waits for `release()` before idle `end_turn`;
 * - `ask`: running, `requires_action`, a permission request (v2 `title` + `subject`), running, idle `end_turn`;
 * - `wait`: running, one chunk, then waits for `session/cancel` (idle `cancelled`);
 * - `auth`: running, idle `error` with -32000 "Authentication required";
 * - `ext`: running, the extension request `_test/lookup` (its answer as the reply) and the
 *   extension notification `_test/progress`, idle `end_turn`.
 *
 * Every update a session got is kept as its history: `session/resume` with `replayFrom` sends it
 * again (unless `refuseReplay`), without it sends only the state.
 */
import * as v2 from '@agentclientprotocol/sdk/experimental/v2/unstable';

const m = v2.methods;

export interface V2AgentOptions {
  /** `session/resume` with `replayFrom` answers an error. */
  refuseReplay?: boolean;
  /** Commands in `session/new`'s answer. */
  availableCommands?: v2.AvailableCommand[];
  /** The MCP transports advertised (default: stdio). */
  mcp?: Record<string, object>;
}

export interface Call {
  method: string;
  params: any;
}

export function scriptedV2Agent(options: V2AgentOptions = {}) {
  const calls: Call[] = [];
  const history = new Map<string, unknown[]>();
  const waiting = new Map<string, () => void>();
  let gates: Array<() => void> = [];
  let sessions = 0;
  let messages = 0;
  const log = (method: string, params: unknown) => calls.push({ method, params });

  const app = v2
    .agent({ name: 'scripted-v2-agent' })
    .onRequest(m.agent.initialize, ({ params }) => {
      log('initialize', params);
      return {
        protocolVersion: 2,
        info: { name: 'scripted-v2-agent', version: '1.0.0' },
        capabilities: { session: { prompt: { image: {} }, mcp: options.mcp ?? { stdio: {} }, delete: {} } },
        authMethods: [{ methodId: 'login', name: 'Log in' }],
      } as never;
    })
    .onRequest(m.agent.auth.login, ({ params }) => {
      log('auth/login', params);
      return {};
    })
    .onRequest(m.agent.auth.logout, ({ params }) => {
      log('auth/logout', params);
      return {};
    })
    .onRequest(m.agent.session.new, ({ params }) => {
      log('session/new', params);
      const sessionId = `v2-session-${++sessions}`;
      history.set(sessionId, []);
      return { sessionId, ...(options.availableCommands && { availableCommands: options.availableCommands }) };
    })
    .onRequest(m.agent.session.resume, async ({ params, client }) => {
      log('session/resume', params);
      const past = history.get(params.sessionId);
      if (!past) throw v2.RequestError.resourceNotFound(params.sessionId);
      if (params.replayFrom) {
        if (options.refuseReplay) throw new v2.RequestError(-32602, 'This agent cannot replay sessions.');
        for (const update of past) await client.notify(m.client.session.update, { sessionId: params.sessionId, update } as never);
      }
      await client.notify(m.client.session.update, {
        sessionId: params.sessionId,
        update: { sessionUpdate: 'state_update', state: 'idle', stopReason: 'end_turn' },
      } as never);
      return {};
    })
    .onRequest(m.agent.session.close, ({ params }) => {
      log('session/close', params);
      return {};
    })
    .onNotification(m.agent.session.cancel, ({ params }) => {
      log('session/cancel', params);
      waiting.get(params.sessionId)?.();
    })
    .onRequest(m.agent.session.prompt, ({ params, client }) => {
      log('session/prompt', params);
      const { sessionId } = params;
      const messageId = `user-${++messages}`;
      const reply = `agent-${messages}`;
      const text = params.prompt.map((b) => (b.type === 'text' ? b.text : '')).join('');
      const send = async (update: Record<string, unknown>) => {
        history.get(sessionId)?.push(update);
        await client.notify(m.client.session.update, { sessionId, update } as never);
      };
      const state = (state: string, more: Record<string, unknown> = {}) => send({ sessionUpdate: 'state_update', state, ...more });
      const chunk = (t: string) => send({ sessionUpdate: 'agent_message_chunk', messageId: reply, content: { type: 'text', text: t } });
      const run = async () => {
        await state('running');
        await send({ sessionUpdate: 'user_message', messageId, content: params.prompt });
        if (text === 'hello') {
          await chunk('Hello ');
          await chunk('over v2.');
          return state('idle', { stopReason: 'end_turn' });
        }
        if (text === 'gate') {
          await chunk('Waiting at the gate.');
          await new Promise<void>((resolve) => gates.push(resolve));
          return state('idle', { stopReason: 'end_turn' });
        }
        if (text === 'ask') {
          await state('requires_action');
          const toolCall = { toolCallId: 'tool-1', title: 'Edit main.ts', kind: 'edit', status: 'pending' };
          await send({ sessionUpdate: 'tool_call_update', ...toolCall });
          const answer = await client.request(m.client.session.requestPermission, {
            sessionId,
            title: 'Allow editing main.ts?',
            subject: { type: 'tool_call', toolCall },
            options: [
              { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
              { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
            ],
          } as never);
          await state('running');
          await chunk(`Permission: ${(answer.outcome as { optionId?: string }).optionId ?? 'cancelled'}.`);
          return state('idle', { stopReason: 'end_turn' });
        }
        if (text === 'wait') {
          await chunk('Working until cancelled.');
          await new Promise<void>((resolve) => waiting.set(sessionId, resolve));
          waiting.delete(sessionId);
          return state('idle', { stopReason: 'cancelled' });
        }
        if (text === 'ext') {
          const found = await client.request('_test/lookup', { key: 'answer' });
          await client.notify('_test/progress', { done: 1 });
          await chunk(`Lookup: ${JSON.stringify(found)}.`);
          return state('idle', { stopReason: 'end_turn' });
        }
        if (text === 'auth') return state('idle', { stopReason: 'error', error: { code: -32000, message: 'Authentication required' } });
        await chunk(`Unknown script: ${text}`);
        return state('idle', { stopReason: 'end_turn' });
      };
      // After the answer: the turn is reported by state updates, not by the response.
      setTimeout(() => void run().catch(() => {}), 0);
      return { messageId };
    });

  return {
    app,
    calls,
    /** The requests of one method, in order. */
    of: (method: string) => calls.filter((c) => c.method === method).map((c) => c.params),
    /** Lets every `gate` turn end. */
    release() {
      const open = gates;
      gates = [];
      for (const go of open) go();
    },
  };
}
