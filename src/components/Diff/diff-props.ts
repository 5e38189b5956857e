/** The props of `Diff` (and of its v1 and v2 views), in a leaf module both views import. */
import type { GitPatchFile } from '../../core/changes/git-patch.js';
import type { RootProps } from '../shared/root-props.js';
import type { DiffViewMode } from './DiffHeader.js';

/** @inline */
export interface DiffOwnProps {
  /** The file's path (absolute in ACP); the header shows its name and the full path on hover. */
  path: string;
  /** The original content; `null` or omitted means a new file (every line added). */
  oldText?: string | null;
  /** The content after the change (v1; not used with `patch`). */
  newText?: string;
  /** RFD "diff-delete": the file was deleted (shows `oldText` as removed, ignores `newText`). */
  deleted?: boolean;
  /**
   * ACP v2: this file's part of the diff's git patch (an entry of `readV2Diff(content).files`, or of
   * `parseGitPatch(text).files`), in place of `oldText`/`newText`; the rows are its `@@` blocks.
   * `null`: the diff names the file but has no lines for it (a binary file, a bare rename).
   */
  patch?: GitPatchFile | null;
  /** ACP v2 `DiffChange.operation` (`add`, `delete`, `modify`, `move`, `copy`); default: the patch's. */
  operation?: string;
  /** ACP v2: where a moved or copied file came from. */
  oldPath?: string | null;
  /** ACP v2 `DiffChange.fileType`: `binary` says why there are no lines. */
  fileType?: string | null;
  /** Controlled layout; leave undefined to let the toggle manage it. */
  view?: DiffViewMode;
  defaultView?: DiffViewMode;
  onViewChange?: (view: DiffViewMode) => void;
  /** Rows rendered before "Show more" (and added per click). Default 500. */
  pageSize?: number;
  /** Syntax colours by file extension, computed in idle time (default true). */
  highlight?: boolean;
  className?: string;
}

/** The diff's own props and the rest of its root `<div>`'s. */
export type DiffProps = RootProps<DiffOwnProps>;
