/** The tool call behind a permission request: kind, the command it would run, the files it touches. */
import type { PermissionMessages } from './messages.js';
import type { ToolCallInfo } from './tool-call-info.js';

/** ACP tool kinds to message keys; an unknown kind is shown as sent. */
const KIND_LABELS: Record<string, keyof PermissionMessages> = {
  read: 'kind_read',
  edit: 'kind_edit',
  delete: 'kind_delete',
  move: 'kind_move',
  search: 'kind_search',
  execute: 'kind_execute',
  think: 'kind_think',
  fetch: 'kind_fetch',
  switch_mode: 'kind_switch_mode',
  other: 'kind_other',
};

export function ToolCallSummary({ info, messages }: { info: ToolCallInfo; messages: PermissionMessages }) {
  if (!info.kind && !info.command && info.paths.length === 0) return null;
  const labelKey = info.kind && Object.hasOwn(KIND_LABELS, info.kind) ? KIND_LABELS[info.kind] : undefined;
  const kindLabel = labelKey ? messages[labelKey] : info.kind;
  return (
    <div className="acp-permission__tool" data-slot="permission-tool-call">
      {kindLabel && (
        <span className="acp-permission__kind" data-slot="permission-kind" data-kind={info.kind}>
          {kindLabel}
        </span>
      )}
      {info.command && (
        <div className="acp-permission__command" data-slot="permission-command">
          <span className="acp-visually-hidden">{messages.command_label}: </span>
          <code translate="no">
            <span aria-hidden="true" className="acp-permission__prompt-sign">
              ${' '}
            </span>
            {info.command}
          </code>
        </div>
      )}
      {info.paths.length > 0 && (
        <ul className="acp-permission__paths" data-slot="permission-locations" aria-label={messages.locations_label}>
          {info.paths.map((path, i) => (
            <li key={`${i}:${path}`}>
              <code translate="no">{path}</code>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
