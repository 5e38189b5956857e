/** Small builders shared by the core tests: raw `session/update` payloads and a session to fold them into. */
import { applySessionUpdate } from '../../src/core/reducer/index.js';
import { createSessionState } from '../../src/core/session.js';
import type { SessionState, ThreadItem } from '../../src/core/types.js';

export const SESSION_ID = 'sess-1';

export function freshSession(): SessionState {
  return createSessionState(SESSION_ID, { cwd: '/workspace' });
}

/** Applies raw updates in order, the clock advancing by 1 ms per update from `start`. */
export function applyAll(session: SessionState, updates: readonly unknown[], start = 1000): SessionState {
  let s = session;
  let t = start;
  for (const u of updates) s = applySessionUpdate(s, u, t++);
  return s;
}

export function items(session: SessionState): readonly ThreadItem[] {
  return session.thread.items.toArray();
}

export function itemsOf<K extends ThreadItem['kind']>(session: SessionState, kind: K): Extract<ThreadItem, { kind: K }>[] {
  return items(session).filter((i): i is Extract<ThreadItem, { kind: K }> => i.kind === kind);
}

type Id = string | null | undefined;
const withId = (messageId: Id) => (messageId === undefined ? {} : { messageId });

export const text = (t: string) => ({ type: 'text' as const, text: t });

export const agentChunk = (t: string, messageId?: Id) => ({ sessionUpdate: 'agent_message_chunk', content: text(t), ...withId(messageId) });
export const userChunk = (t: string, messageId?: Id) => ({ sessionUpdate: 'user_message_chunk', content: text(t), ...withId(messageId) });
export const thoughtChunk = (t: string, messageId?: Id) => ({ sessionUpdate: 'agent_thought_chunk', content: text(t), ...withId(messageId) });

export const toolCall = (toolCallId: string, extra: Record<string, unknown> = {}) => ({
  sessionUpdate: 'tool_call',
  toolCallId,
  title: `Tool ${toolCallId}`,
  ...extra,
});

export const toolUpdate = (toolCallId: string, extra: Record<string, unknown> = {}) => ({
  sessionUpdate: 'tool_call_update',
  toolCallId,
  ...extra,
});
