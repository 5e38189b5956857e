/**
 * Copies of the objects the streaming path replaces on every update, written out field by field.
 *
 * Object spread (`{ ...session, thread }`) of an object that was itself made by a spread falls off
 * V8's fast clone path: on Node 20 it costs ~0.5–0.8 µs for a session, more than the rest of a
 * chunk's work. An explicit literal costs ~20 ns. The `Exact` type makes the compiler reject a
 * literal that misses a field (optional ones included), so a field added to the types later
 * cannot be dropped here silently.
 */
import type { AgentMessageItem, Meta, ReceivedContentBlock, SessionState, ThoughtItem, ToolCallItem, UserMessageItem } from '../types.js';

type Exact<T> = { [K in keyof Required<T>]: T[K] };

/** A tri-state patch of one field: `undefined` keeps `current`, `null` gives `reset`, a value replaces it. */
export function patched<T>(incoming: T | null | undefined, current: T, reset: T): T {
  return incoming === undefined ? current : incoming === null ? reset : incoming;
}

/** `{ ...session, thread }`, fast. Key order as in `createSessionState`. */
export function withThread(s: SessionState, thread: SessionState['thread']): SessionState {
  const next: Exact<SessionState> = {
    sessionId: s.sessionId,
    cwd: s.cwd,
    additionalDirectories: s.additionalDirectories,
    mcpServers: s.mcpServers,
    setupMeta: s.setupMeta,
    status: s.status,
    statusReason: s.statusReason,
    thread,
    turns: s.turns,
    turn: s.turn,
    plan: s.plan,
    plans: s.plans,
    commands: s.commands,
    modes: s.modes,
    configOptions: s.configOptions,
    usage: s.usage,
    lastTurnUsage: s.lastTurnUsage,
    info: s.info,
    _meta: s._meta,
    subagents: s.subagents,
    role: s.role,
    attached: s.attached,
  };
  return next;
}

export type MessageLike = UserMessageItem | AgentMessageItem | ThoughtItem;

/** `{ ...item, content, text, _meta }` for the three message-like kinds, key order as created. */
export function withContent(item: MessageLike, content: ReceivedContentBlock[], text: string, _meta: Meta | null | undefined = item._meta): MessageLike {
  switch (item.kind) {
    case 'agent_message': {
      const next: Exact<AgentMessageItem> = { id: item.id, messageId: item.messageId, content, text, kind: item.kind, _meta };
      return next;
    }
    case 'thought': {
      const next: Exact<ThoughtItem> = {
        id: item.id,
        messageId: item.messageId,
        content,
        text,
        kind: item.kind,
        startedAt: item.startedAt,
        endedAt: item.endedAt,
        _meta,
      };
      return next;
    }
    case 'user_message':
      // Rare (prompt echoes and replays): a spread keeps the key order of either creator.
      return { ...item, content, text, _meta };
  }
}

/** `{ ...current, ...fields, run }` for a tool call, key order as created. */
export function toolCallItem(
  current: ToolCallItem,
  fields: Omit<ToolCallItem, 'id' | 'kind' | 'toolCallId' | 'createdByUpdate' | 'run'>,
  run: ToolCallItem['run'] = current.run,
): ToolCallItem {
  const next: Exact<ToolCallItem> = {
    id: current.id,
    kind: current.kind,
    toolCallId: current.toolCallId,
    title: fields.title,
    name: fields.name,
    toolKind: fields.toolKind,
    status: fields.status,
    content: fields.content,
    locations: fields.locations,
    rawInput: fields.rawInput,
    rawOutput: fields.rawOutput,
    createdByUpdate: current.createdByUpdate,
    _meta: fields._meta,
    run,
  };
  return next;
}
