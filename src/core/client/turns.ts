/**
 * Turns: `session/prompt` (checked against the session's state and the agent's prompt
 * capabilities, shown as a running turn until the agent answers) and `session/cancel`.
 *
 * On ACP v2 the agent answers `session/prompt` at acceptance (`{ messageId }`, within the normal
 * request timeout) and ends the turn with a `state_update` idle, which the reducer folds into the
 * turn's record; `prompt()` waits for that record (`watch`, called after each update and after a
 * drop) so it still resolves with the stop reason at the turn's end, as on v1.
 */
import * as acp from '@agentclientprotocol/sdk';
import { toPromptBlocks } from '../content.js';
import { AcpClientError, ErrorCodes, toAcpError } from '../errors.js';
import { isRecord } from '../guards.js';
import { cancelTurn, endTurn, startTurn, withPromptMessageId, type TurnOutcome } from '../reducer/index.js';
import type { MetaOptions, PromptOptions } from '../api.js';
import type { AcpSnapshot, SessionState, TurnRecord } from '../types.js';
import type { Connection } from './connection.js';
import { agentError } from './request.js';
import { nextTurnId } from './turn-id.js';
import { withSession } from './snapshot.js';

/** The prompt capability each content type needs (text and resource links need none). */
const MIME_CAPABILITY: Record<string, keyof acp.PromptCapabilities> = {
  image: 'image',
  audio: 'audio',
  resource: 'embeddedContext',
};

export function createTurns(
  get: () => AcpSnapshot,
  update: (fn: (snapshot: AcpSnapshot) => AcpSnapshot) => void,
  now: () => number,
  { request, requireConnection }: Connection,
  /** Answers the session's pending permission and elicitation requests `cancelled`. */
  cancelRequests: (sessionId: string) => void,
  /** The snapshot without the deferred text chunks applied (`Store.peek`): they never end a turn. */
  peek: () => AcpSnapshot,
) {
  /** The running prompt of each session, to settle when the session is closed or deleted. */
  const running = new Map<string, AbortController>();
  /** v2: each session's prompt waiting for its turn's end, by session id; true once settled. */
  const waiting = new Map<string, () => boolean>();

  /**
   * v2: the record of the turn once it ended (the reducer ended it on `state_update` idle, or a
   * drop interrupted it); null when the session is gone or was settled (closed, deleted).
   */
  const turnEnd = (sessionId: string, turnId: string, settled: AbortSignal) =>
    new Promise<TurnRecord | null>((resolve) => {
      const done = (record: TurnRecord | null) => {
        waiting.delete(sessionId);
        resolve(record);
        return true;
      };
      const check = () => {
        const session = peek().sessions[sessionId];
        if (!session || settled.aborted) return done(null);
        const record = session.turns.findLast((t) => t.turnId === turnId);
        return !record ? done(null) : record.status !== 'running' && record.status !== 'cancelling' && done(record);
      };
      settled.addEventListener('abort', () => check(), { once: true });
      if (!check()) waiting.set(sessionId, check);
    });

  /** v2: the outcome of an accepted prompt, from its turn's record. */
  async function awaitTurn(sessionId: string, turnId: string, settled: AbortSignal): Promise<acp.StopReason> {
    const record = await turnEnd(sessionId, turnId, settled);
    if (!record || record.status === 'ended') return record?.stopReason ?? 'cancelled';
    const info = record.error ?? { code: ErrorCodes.internalError, message: 'The turn failed.' };
    // An "auth required" error marks the snapshot's `auth`, as any request's does.
    const error = agentError(new AcpClientError(info.code, info.message, info.data), undefined, update);
    error.turnStarted = true;
    throw error;
  }

  async function prompt(sessionId: string, input: string | acp.ContentBlock[], options?: PromptOptions): Promise<acp.StopReason> {
    const conn = requireConnection();
    const session = get().sessions[sessionId];
    if (!session) throw new AcpClientError(ErrorCodes.invalidState, `Unknown session: ${sessionId}`);
    if (session.status !== 'active') throw new AcpClientError(ErrorCodes.invalidState, `The session is ${session.status}; it cannot take a prompt now.`);
    if (session.turn.state !== 'idle') throw new AcpClientError(ErrorCodes.invalidState, 'A turn is already running in this session.');
    const blocks = toPromptBlocks(input);
    const promptCaps = get().agent?.capabilities.promptCapabilities ?? {};
    for (const block of blocks) {
      const needed = MIME_CAPABILITY[block.type];
      if (needed && !promptCaps[needed]) {
        throw new AcpClientError(ErrorCodes.unsupported, `The agent does not accept ${block.type} content in prompts.`);
      }
    }
    const turnId = nextTurnId();
    const inSession = (fn: (session: SessionState) => SessionState) => update((s) => withSession(s, sessionId, fn));
    const end = (outcome: TurnOutcome) => inSession((ss) => endTurn(ss, turnId, outcome, now()));
    inSession((ss) => startTurn(ss, turnId, blocks, now()));
    const settle = new AbortController();
    running.set(sessionId, settle);
    const v2 = get().agent?.protocolVersion === 2;
    const forget = () => running.get(sessionId) === settle && running.delete(sessionId);
    let accepted: Promise<acp.StopReason> | undefined;
    try {
      const response = await request<acp.PromptResponse>(
        acp.methods.agent.session.prompt,
        { sessionId, prompt: blocks, _meta: options?._meta },
        // On v2 this is the acceptance only, within the normal timeout; the turn's end comes as a state update.
        { timeoutMs: v2 ? undefined : 0, conn, signal: settle.signal },
      );
      // Past the `catch` below: the reducer has ended the turn already, and `settle` stays until then.
      if (v2) {
        // The agent's `user_message` echo with this id updates the local prompt rather than adding one.
        const { messageId } = response as { messageId?: unknown };
        if (typeof messageId === 'string') inSession((ss) => withPromptMessageId(ss, turnId, messageId));
        accepted = awaitTurn(sessionId, turnId, settle.signal).finally(forget);
        return accepted;
      }
      const usage = isRecord((response as { usage?: unknown }).usage) ? ((response as { usage?: unknown }).usage as SessionState['lastTurnUsage']) : undefined;
      end({ stopReason: response.stopReason, usage, _meta: response._meta });
      return response.stopReason;
    } catch (error) {
      const normalized = toAcpError(error);
      const cancelling = get().sessions[sessionId]?.turn.state === 'cancelling';
      // Agents must answer a cancelled turn with stopReason "cancelled"; some answer with an
      // error instead. After our own cancel, that is still a cancellation, not a failure.
      // A session closed or deleted mid-turn (`settle`) ends its turn the same way.
      if ((cancelling || settle.signal.aborted) && normalized.code === ErrorCodes.requestCancelled) {
        end({ stopReason: 'cancelled' });
        return 'cancelled';
      }
      // A dropped connection interrupts the turn; the agent may still have finished it.
      const interrupted = conn.signal.aborted || normalized.code === ErrorCodes.connectionClosed;
      end({ error: normalized.toInfo(), interrupted });
      normalized.turnStarted = true;
      throw normalized;
    } finally {
      if (!accepted) forget();
    }
  }

  async function cancel(sessionId: string, options?: MetaOptions): Promise<void> {
    const session = get().sessions[sessionId];
    if (!session || session.turn.state !== 'running') return;
    // Check the connection first: without it no session/cancel can go out, and the turn must not
    // be left showing "cancelling".
    const conn = requireConnection();
    update((s) => withSession(s, sessionId, cancelTurn));
    cancelRequests(sessionId);
    await conn.notify(acp.methods.agent.session.cancel, { sessionId, _meta: options?._meta });
  }

  return {
    prompt,
    cancel,
    /** Stops waiting for the session's running prompt (sending `$/cancel_request`); it resolves `cancelled`. */
    settle: (sessionId: string) => running.get(sessionId)?.abort(),
    /** v2: after an update of `sessionId` (or of any session, after a drop), a waiting prompt whose turn ended settles. */
    watch(sessionId?: string) {
      if (waiting.size === 0) return;
      if (sessionId !== undefined) waiting.get(sessionId)?.();
      else for (const check of [...waiting.values()]) check();
    },
  };
}
