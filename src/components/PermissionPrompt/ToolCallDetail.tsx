/**
 * Exactly what a permission would approve, shown before the user decides: the tool's name, and
 * what it will do: the edit as a diff for each file it changes (v1's one file per content, or v2's
 * git patch of several), the command for `execute` (in the summary above), and otherwise the raw
 * input the agent sent.
 */
import { isV2Diff, type V2DiffContent } from '../../core/changes/diff-shape.js';
import type { ToolCallContent, ToolCallUpdate } from '../../core/types.js';
import { Diff } from '../Diff/Diff.js';
import { isDeletedDiff } from '../Diff/diff-input.js';
import { PatchDiffs } from '../Diff/PatchDiffs.js';
import { displayJson } from '../shared/json-display.js';
import { isRecord } from '../../core/guards.js';
import type { PermissionMessages } from './messages.js';
import type { ToolCallInfo } from './tool-call-info.js';

type DiffContent = Extract<ToolCallContent, { type: 'diff' }>;

export function ToolCallDetail({ toolCall, info, t }: { toolCall: ToolCallUpdate; info: ToolCallInfo; t: PermissionMessages }) {
  const name = typeof (toolCall as { name?: unknown }).name === 'string' ? (toolCall as { name: string }).name : null;
  const content: readonly unknown[] = Array.isArray(toolCall.content) ? toolCall.content : [];
  const diffs = content.filter((c): c is DiffContent => isRecord(c) && c.type === 'diff' && typeof c.path === 'string');
  const patches = content.filter((c): c is V2DiffContent => isV2Diff(c));
  const edits = diffs.length + patches.length;
  const raw = toolCall.rawInput;
  // The raw input says what an approval covers when nothing else does (no command, no diff).
  const showInput = edits === 0 && !info.command && raw !== undefined && raw !== null && !(typeof raw === 'object' && Object.keys(raw).length === 0);
  if (!name && edits === 0 && !showInput) return null;
  const input = showInput ? displayJson(raw, 4000) : null;
  return (
    <div className="acp-permission__detail" data-slot="permission-detail">
      {name && (
        <p className="acp-permission__tool-name" data-slot="permission-tool-name">
          {t.tool_name_label}: <code translate="no">{name}</code>
        </p>
      )}
      {diffs.map((diff, i) => (
        <Diff key={`${i}:${diff.path}`} path={diff.path} oldText={diff.oldText} newText={diff.newText} deleted={isDeletedDiff(diff)} pageSize={80} />
      ))}
      {patches.map((patch, i) => (
        <PatchDiffs key={i} content={patch} pageSize={80} />
      ))}
      {input && (
        <div data-slot="permission-input">
          <p className="acp-permission__input-label">{t.input_label}</p>
          <pre className="acp-permission__input" role="region" tabIndex={0} aria-label={t.input_label}>
            <code translate="no">{input.text}</code>
            {input.cut && <span className="acp-permission__cut">{`\n${t.input_cut}`}</span>}
          </pre>
        </div>
      )}
    </div>
  );
}
