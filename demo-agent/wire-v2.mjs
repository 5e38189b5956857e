// @ts-check
/**
 * The one place that knows how ACP v2's wire differs from v1's, for what the demo agent sends. The
 * scripts and handlers speak v1 shapes; on a v2 connection everything they send goes through here:
 *
 * - `tool_call` becomes `tool_call_update` (v2 has one upsert); a v1 `null` ("unchanged") is omitted
 *   (in v2 `null` clears);
 * - a diff `{ path, oldText, newText }` becomes `{ changes: [{ operation, path }], patch: { format:
 *   'git_patch', text } }` (`diff-writer.mjs`);
 * - the legacy `plan` becomes a `plan_update` checklist keyed `main`; `current_mode_update` goes
 *   nowhere (v2 modes are the `mode`-category config option, announced by `config_option_update`);
 * - config options carry `configId` (groups `groupId`), commands `type: 'command'` and a typed input,
 *   auth methods `methodId` and a `type`;
 * - a permission `{ toolCall }` becomes `{ title, subject: { type: 'tool_call', toolCall } }`.
 *
 * Pure functions, browser-safe. A schema bump of the v2 Preview should touch this file only.
 */
import { gitPatch } from './diff-writer.mjs';

/**
 * v1 shapes as the scripts build them, loosely typed: this module reads them field by field.
 * @typedef {Record<string, any>} Loose
 */

/**
 * A v1 session update as v2 sends it, or null when v2 has no such update.
 * @param {Loose} update
 * @returns {Loose | null}
 */
export function toV2Update(update) {
  switch (update.sessionUpdate) {
    case 'tool_call':
    case 'tool_call_update':
      return { ...toV2ToolCall(update), sessionUpdate: 'tool_call_update' };
    case 'plan':
      return { sessionUpdate: 'plan_update', plan: { type: 'items', planId: 'main', entries: update.entries }, ...meta(update) };
    case 'current_mode_update':
      return null;
    case 'available_commands_update':
      return { ...update, availableCommands: update.availableCommands.map(toV2Command) };
    case 'config_option_update':
      return { ...update, configOptions: toV2ConfigOptions(update.configOptions) };
    default:
      return update;
  }
}

/**
 * A v1 tool call or tool-call update (without its `sessionUpdate`) in v2 shape.
 * @param {Loose} call
 * @returns {Loose}
 */
export function toV2ToolCall(call) {
  /** @type {Loose} */
  const out = {};
  for (const [key, value] of Object.entries(call)) {
    if (value === null || key === 'sessionUpdate') continue; // v1 null: unchanged
    out[key] = key === 'content' && Array.isArray(value) ? value.map(toV2ToolCallContent) : value;
  }
  return out;
}

/**
 * @param {Loose} content
 * @returns {Loose}
 */
export function toV2ToolCallContent(content) {
  if (content.type !== 'diff' || !('newText' in content)) return content;
  const { path, oldText, newText, _meta } = content;
  const text = gitPatch([{ path, oldText, newText }]);
  return {
    type: 'diff',
    changes: [{ operation: oldText == null ? 'add' : 'modify', path }],
    ...(text ? { patch: { format: 'git_patch', text } } : {}),
    ...(_meta ? { _meta } : {}),
  };
}

/**
 * v1 `session/request_permission` params in v2 shape: a title, and the tool call as the subject.
 * @param {Loose} params  `{ sessionId, toolCall, options }`
 * @returns {Loose}
 */
export function toV2Permission({ toolCall, ...rest }) {
  const call = toV2ToolCall(toolCall);
  return { ...rest, title: call.title ?? 'Allow this tool call?', subject: { type: 'tool_call', toolCall: call } };
}

/**
 * @param {Loose[]} options  v1 `SessionConfigOption`s
 * @returns {Loose[]}
 */
export function toV2ConfigOptions(options) {
  return options.map(({ id, options: choices, ...rest }) => ({
    ...rest,
    configId: id,
    ...(Array.isArray(choices) ? { options: choices.map((c) => ('group' in c ? { groupId: c.group, name: c.name, options: c.options } : c)) } : {}),
  }));
}

/**
 * @param {Loose} command  v1 `AvailableCommand`
 * @returns {Loose}
 */
export function toV2Command({ input, ...rest }) {
  return { type: 'command', ...rest, ...(input ? { input: { type: 'text', ...input } } : {}) };
}

/**
 * @param {Loose} method  v1 `AuthMethod` (`{ id, … }`, or `{ type: 'terminal', id, … }`)
 * @returns {Loose}
 */
export function toV2AuthMethod({ id, type, ...rest }) {
  return { type: type ?? 'agent', methodId: id, ...rest };
}

/**
 * v2 `session/set_config_option` params as the v1 handler takes them (`type: 'id'` is v1's default).
 * @param {Loose} params
 * @returns {Loose}
 */
export function toV1SetConfigOption({ type, ...rest }) {
  return type === 'id' ? rest : { ...rest, type };
}

/** @param {Loose} update */
function meta(update) {
  return update._meta ? { _meta: update._meta } : {};
}
