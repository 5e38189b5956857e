// @ts-check
/**
 * Prompt turns: `session/prompt` runs the script its text picks (one turn at a time per
 * session; the prompt goes into the history, not echoed live), and `session/cancel` stops it.
 */
import * as acp from '@agentclientprotocol/sdk';
import { TurnStop, titleFrom } from './helpers.mjs';
import { pickScript } from './scripts.mjs';
import { assertAuthenticated, openSession } from './session-access.mjs';
import { Turn } from './turn.mjs';

/**
 * @typedef {import('@agentclientprotocol/sdk').AgentNotificationHandlersByMethod} NotificationHandlers
 * @typedef {import('@agentclientprotocol/sdk').AgentRequestHandlersByMethod} Handlers
 * @typedef {import('./context.mjs').DemoAgentContext} DemoAgentContext
 */

/** @param {DemoAgentContext} ctx */
export function promptHandlers(ctx) {
  const store = ctx.store;

  /** @type {NotificationHandlers['session/cancel']} */
  const cancel = ({ params, client }) => {
    const session = store.get(params.sessionId);
    if (session) session.activeTurn?.cancel();
    // Or a child session at work (`/subagents`): only that child stops, its parent's turn goes on.
    else ctx.conn(client).children.get(params.sessionId)?.cancel();
  };

  /**
   * Checks a prompt and sets up its turn (an error here answers the request); `run` then plays
   * the script and resolves with the stop reason. v1 answers the prompt with it; v2 answers the
   * prompt with `userMessageId` at once and reports the stop reason in its `state_update`.
   * @param {{ params: import('@agentclientprotocol/sdk').PromptRequest, client: import('@agentclientprotocol/sdk').AgentContext, signal: AbortSignal }} request
   * @returns {{ userMessageId: string | undefined, run: () => Promise<import('@agentclientprotocol/sdk').StopReason> }}
   */
  const begin = ({ params, client, signal }) => {
    const c = ctx.conn(client);
    const session = openSession(ctx, c, params.sessionId);
    assertAuthenticated(ctx, c);
    if (session.activeTurn) {
      throw acp.RequestError.invalidRequest({ sessionId: session.sessionId }, 'A prompt turn is already running in this session');
    }
    for (const block of params.prompt) {
      if (block.type === 'audio') throw acp.RequestError.invalidParams(undefined, 'Audio prompts are not supported (promptCapabilities.audio is false)');
    }
    const text = params.prompt.find((b) => b.type === 'text')?.text ?? '';
    const { name, script, args } = pickScript(text, params.prompt);

    session.turns++;
    const turn = new Turn({
      session,
      store,
      client,
      caps: c.caps,
      delayMs: ctx.delayMs,
      messageIds: ctx.messageIds,
      cancelGraceMs: ctx.cancelGraceMs,
      elicitationCompleteDelayMs: ctx.elicitationCompleteDelayMs,
      requestSignal: signal,
      children: c.children,
    });
    session.activeTurn = turn;
    // The prompt goes into the history only (session/load replays it); it is not echoed live.
    const userMessageId = turn.messageId('user');
    for (const block of params.prompt) {
      store.record(session, { sessionUpdate: 'user_message_chunk', messageId: userMessageId, content: block });
    }
    const firstPrompt = session.title === null;
    if (firstPrompt) session.title = titleFrom(text);
    store.touch(session);
    turn.tokens += Math.ceil(text.length / 4);

    const run = async () => {
      try {
        if (name !== 'stream') {
          await turn.send(
            firstPrompt
              ? { sessionUpdate: 'session_info_update', title: session.title, updatedAt: session.updatedAt }
              : { sessionUpdate: 'session_info_update', updatedAt: session.updatedAt },
            { record: false },
          );
        }
        return await script(turn, args, text, params.prompt);
      } catch (error) {
        if (error instanceof TurnStop && turn.stopped === 'cancelled') {
          try {
            await turn.finishCancelled();
          } catch {
            // the connection went away while sending late updates
          }
          return /** @type {const} */ ('cancelled');
        }
        if (turn.stopped === 'cancelled') return /** @type {const} */ ('cancelled');
        throw error;
      } finally {
        turn.release();
        if (session.activeTurn === turn) session.activeTurn = null;
      }
    };
    return { userMessageId, run };
  };

  /** @type {Handlers['session/prompt']} */
  const prompt = async (request) => ({ stopReason: await begin(request).run() });

  return { cancel, prompt, begin };
}
