import { format } from '../shared/index.js';
import type { DiffFileState } from './diff-input.js';
import type { DiffMessages } from './messages.js';
import { pathParts } from './path-parts.js';

interface DiffTitleProps {
  path: string;
  fileState: DiffFileState;
  /** ACP v2 `DiffChange.operation` and, for a move or copy, where from. */
  operation?: string;
  oldPath?: string | null;
  messages: Pick<DiffMessages, 'badge_added' | 'badge_deleted' | 'badge_moved' | 'badge_copied' | 'from_path'>;
}

/** The file a diff is about: its name (directory first, shrinking) and a new/deleted (v2: moved/copied) badge. */
export function DiffTitle({ path, fileState, operation, oldPath, messages }: DiffTitleProps) {
  const { dir, name } = pathParts(path);
  // A future operation is shown as the agent named it.
  const other =
    operation === 'move' ? messages.badge_moved : operation === 'copy' ? messages.badge_copied : operation && !KNOWN.has(operation) ? operation : null;
  return (
    <>
      <span className="acp-diff__path" data-slot="diff-path" title={path}>
        {dir && <span className="acp-diff__dir">{dir}</span>}
        <span className="acp-diff__name">{name}</span>
      </span>
      {fileState !== 'modified' && (
        <span className="acp-diff__badge" data-slot="diff-badge" data-status={fileState}>
          {fileState === 'added' ? messages.badge_added : messages.badge_deleted}
        </span>
      )}
      {other !== null && (
        <span className="acp-diff__badge" data-slot="diff-badge" data-status={operation}>
          {other}
        </span>
      )}
      {oldPath && (operation === 'move' || operation === 'copy') && (
        <span className="acp-diff__from" data-slot="diff-old-path" title={oldPath} translate="no">
          {format(messages.from_path, { path: oldPath })}
        </span>
      )}
    </>
  );
}

const KNOWN = new Set(['add', 'delete', 'modify', 'move', 'copy']);
