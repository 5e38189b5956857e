/**
 * Turns: `session/prompt` (checked against the session's state and the agent's prompt
 * capabilities, shown as a running turn until the agent answers) and `session/cancel`.
 */
import * as acp from '@agentclientprotocol/sdk';
import { toPromptBlocks } from '../content.js';
import { AcpClientError, ErrorCodes, toAcpError } from '../errors.js';
import { isRecord } from '../guards.js';
import { cancelTurn, endTurn, startTurn, type TurnOutcome } from '../reducer/index.js';
import type { MetaOptions, PromptOptions } from '../api.js';
import type { AcpSnapshot, SessionState } from '../types.js';
import type { Connection } from './connection.js';
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
) {
  /** The running prompt of each session, to settle when the session is closed or deleted. */
  const running = new Map<string, AbortController>();

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
    try {
      const response = await request<acp.PromptResponse>(
        acp.methods.agent.session.prompt,
        { sessionId, prompt: blocks, _meta: options?._meta },
        { timeoutMs: 0, conn, signal: settle.signal },
      );
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
      if (running.get(sessionId) === settle) running.delete(sessionId);
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
  };
}
