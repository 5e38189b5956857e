/**
 * The reducer's operations, what every protocol version's `session/update` parser produces. They
 * are shaped for ACP v2's upserts: chunk appends beside whole-message upserts by `messageId`,
 * tri-state patches (absent keeps, `null` resets, a value replaces), plans by id. Each version's
 * module (`protocol/v1.ts`) maps its own kinds onto them, so the reducer is never forked.
 */
import type * as acp from '@agentclientprotocol/sdk';
import { isRecord } from '../guards.js';
import type { AcpErrorInfo, Meta, PlanState, ReceivedContentBlock, TurnUsage } from '../types.js';

/**
 * Fields of a tool call upsert, each a tri-state patch: `undefined` (not sent) leaves the field,
 * `null` resets it to what a new card starts with (title: the id, kind `other`, status `pending`,
 * no name, no content or locations, no `_meta`), a value replaces it. `rawInput` and `rawOutput`
 * take any JSON value, `null` included, when sent.
 */
export interface ToolCallPatch {
  toolCallId: string;
  title?: string | null;
  name?: string | null;
  toolKind?: acp.ToolKind | null;
  status?: acp.ToolCallStatus | null;
  content?: acp.ToolCallContent[] | null;
  locations?: acp.ToolCallLocation[] | null;
  rawInput?: unknown;
  rawOutput?: unknown;
  _meta?: Meta | null;
  /** Items added after `content` is applied (ACP v2's `tool_call_content_chunk`). */
  appendContent?: acp.ToolCallContent[];
}

/**
 * The turn states of ACP v2's `state_update`.
 *
 * @inline
 */
export type TurnStateName = 'running' | 'requires_action' | 'idle';

/** @inline */
export type ChunkTarget = 'user_message' | 'agent_message' | 'thought';

/**
 * The `_meta` key naming a notice the client itself adds (`NoticeItem.code`), which a panel says
 * in its own language.
 */
export const NOTICE_CODE = 'acp-react/notice';

export type ParsedUpdate =
  /** Appends one block to the message (see `reducer/messages.ts`); `_meta`, when an object, replaces the message's. */
  | { kind: 'chunk'; target: ChunkTarget; content: ReceivedContentBlock; messageId: string | null; _meta?: Meta; parentToolCallId?: string | null }
  /** Whole-message upsert by `messageId`: `content` and `_meta` are tri-state patches (`[]` clears content too). */
  | {
      kind: 'message';
      target: ChunkTarget;
      messageId: string;
      content?: ReceivedContentBlock[] | null;
      _meta?: Meta | null;
      parentToolCallId?: string | null;
    }
  | { kind: 'tool_call'; patch: ToolCallPatch; isUpdate: boolean; parentToolCallId?: string | null }
  /** Replaces the plan with its id (adds it when new). */
  | { kind: 'plan'; plan: PlanState }
  | { kind: 'plan_removed'; planId: string }
  | { kind: 'commands'; commands: acp.AvailableCommand[] }
  | { kind: 'mode'; currentModeId: string }
  | { kind: 'config'; configOptions: acp.SessionConfigOption[] }
  | { kind: 'info'; title: string | null | undefined; updatedAt: string | null | undefined }
  | { kind: 'usage'; used: number; size: number; cost: acp.Cost | null }
  | { kind: 'notice'; severity: string; title: string; description: string | null; code: string | null }
  | {
      kind: 'compaction';
      compactionId: string;
      status: string | undefined;
      summary: ReceivedContentBlock[] | null | undefined;
      error: string | null | undefined;
    }
  | { kind: 'compaction_chunk'; compactionId: string; content: ReceivedContentBlock }
  /**
   * An agent-owned terminal's stored state (ACP v2 `terminal_update`), tri-state fields; `output`
   * is the whole output as bytes, replacing what was kept.
   */
  | {
      kind: 'terminal';
      terminalId: string;
      command?: string | null;
      cwd?: string | null;
      output?: Uint8Array | null;
      exitStatus?: { exitCode: number | null; signal: string | null } | null;
    }
  /** Bytes appended to an agent-owned terminal's output (ACP v2 `terminal_output_chunk`). */
  | { kind: 'terminal_output'; terminalId: string; data: Uint8Array }
  /** The session's turn state (ACP v2 `state_update`); the stop reason, error, usage and `_meta` come with `idle`. */
  | { kind: 'state'; state: TurnStateName; stopReason: string | null; error: AcpErrorInfo | null; usage: TurnUsage | null; _meta: Meta | null }
  /** An update of another ACP version than the connection's, used anyway: `message` says what to diagnose. */
  | { kind: 'oddity'; message: string; update: ParsedUpdate }
  | { kind: 'unsupported'; sessionUpdate: string | null; reason: string; raw: unknown };

/** The id a v1 agent's one plan is kept under (ACP's v1-to-v2 conversion uses it). */
export const MAIN_PLAN_ID = 'main';

/** What cannot be used at all: shown as such, with the reason and the raw JSON, never an exception. */
export function unsupported(sessionUpdate: string | null, reason: string, raw: unknown): ParsedUpdate {
  return { kind: 'unsupported', sessionUpdate, reason, raw };
}

/** A `_meta` as kept: the object, or null for anything else (ACP: omitted and `null` both mean none). */
export function metaOf(value: unknown): Meta | null {
  return isRecord(value) ? value : null;
}
