import type { DiffFileState } from './diff-input.js';
import type { DiffMessages } from './messages.js';
import { pathParts } from './path-parts.js';

interface DiffTitleProps {
  path: string;
  fileState: DiffFileState;
  messages: Pick<DiffMessages, 'badge_added' | 'badge_deleted'>;
}

/** The file a diff is about: its name (directory first, shrinking) and a new/deleted badge. */
export function DiffTitle({ path, fileState, messages }: DiffTitleProps) {
  const { dir, name } = pathParts(path);
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
    </>
  );
}
