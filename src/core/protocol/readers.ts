/**
 * Guards for the wire shapes that every ACP version shares (plan entries, commands, config
 * options, costs, locations). An item that fails one is skipped, as the schema's
 * `x-deserialize-skip-invalid-items` asks; what differs between versions stays in its module.
 */
import type * as acp from '@agentclientprotocol/sdk';
import { isFiniteNumber, isRecord, isString } from '../guards.js';

const TOOL_KINDS: ReadonlySet<string> = new Set(['read', 'edit', 'delete', 'move', 'search', 'execute', 'think', 'fetch', 'switch_mode', 'other']);
const TOOL_STATUSES: ReadonlySet<string> = new Set(['pending', 'in_progress', 'completed', 'failed']);
const PLAN_STATUSES: ReadonlySet<string> = new Set(['pending', 'in_progress', 'completed']);
const PLAN_PRIORITIES: ReadonlySet<string> = new Set(['high', 'medium', 'low']);

export function isLocation(value: unknown): value is acp.ToolCallLocation {
  return isRecord(value) && isString(value.path) && (value.line == null || isFiniteNumber(value.line));
}

export function isPlanEntry(value: unknown): value is acp.PlanEntry {
  return (
    isRecord(value) &&
    isString(value.content) &&
    isString(value.status) &&
    PLAN_STATUSES.has(value.status) &&
    isString(value.priority) &&
    PLAN_PRIORITIES.has(value.priority)
  );
}

export function isCommand(value: unknown): value is acp.AvailableCommand {
  return (
    isRecord(value) && isString(value.name) && isString(value.description) && (value.input == null || (isRecord(value.input) && isString(value.input.hint)))
  );
}

export function isConfigOption(value: unknown): value is acp.SessionConfigOption {
  if (!isRecord(value) || !isString(value.id) || !isString(value.name)) return false;
  if (value.type === 'boolean') return typeof value.currentValue === 'boolean';
  if (value.type === 'select') return isString(value.currentValue) && Array.isArray(value.options);
  // Unknown option types are kept: the UI ignores them, as the spec asks.
  return isString(value.type);
}

export function isCost(value: unknown): value is acp.Cost {
  return isRecord(value) && isFiniteNumber(value.amount) && isString(value.currency);
}

/** A tool kind as sent, `other` for one this client does not know (the schema's default on error). */
export function toolKindOf(kind: string): acp.ToolKind {
  return TOOL_KINDS.has(kind) ? (kind as acp.ToolKind) : 'other';
}

export function isToolStatus(value: unknown): value is acp.ToolCallStatus {
  return isString(value) && TOOL_STATUSES.has(value);
}

/**
 * Tool-call content of either version: text or other content, a terminal, or a diff as v1 sends it
 * (`path`, `oldText`, `newText`) or as v2 does (`changes`, an optional `git_patch`). Kept as
 * received; the diff view reads both.
 */
export function isToolCallContent(value: unknown): value is acp.ToolCallContent {
  if (!isRecord(value)) return false;
  switch (value.type) {
    case 'content':
      return isRecord(value.content) && isString(value.content.type);
    case 'diff':
      return isV1Diff(value) || (Array.isArray(value.changes) && (value.patch == null || (isRecord(value.patch) && isString(value.patch.text))));
    case 'terminal':
      return isString(value.terminalId);
    default:
      return false;
  }
}

function isV1Diff(value: Record<string, unknown>): boolean {
  return isString(value.path) && isString(value.newText) && (value.oldText == null || isString(value.oldText));
}
