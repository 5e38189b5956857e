import { format } from '../shared/index.js';
import type { PermissionMessages } from './messages.js';

/** The shield and "Permission needed: <tool call title>". */
export function PermissionHeader({ titleId, toolTitle, messages }: { titleId: string; toolTitle: string | null; messages: PermissionMessages }) {
  return (
    <div className="acp-permission__header" data-slot="permission-header">
      <svg className="acp-permission__icon" data-slot="permission-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path d="M8 1.5 2.5 3.5v4c0 3.3 2.3 5.9 5.5 7 3.2-1.1 5.5-3.7 5.5-7v-4L8 1.5Z" />
      </svg>
      <span id={titleId} className="acp-permission__title" data-slot="permission-title">
        {toolTitle ? format(messages.title_with_tool, { title: toolTitle }) : messages.title}
      </span>
    </div>
  );
}
