/**
 * The shape of a tool call's ACP v2 `diff` content, told apart from v1's without reading its patch
 * (that is `diff-content.ts`, fetched only when a v2 diff is shown or recorded): small enough for
 * the entries that only need to recognise one.
 */
import type { DiffOperation } from './git-patch.js';

/** One entry of a v2 diff's `changes`. `operation` may be a custom or future value, kept as sent. */
export interface DiffChangeInfo {
  operation: DiffOperation | (string & {});
  path: string;
  /** The source of a `move` or `copy`. */
  oldPath: string | null;
  /** `text`, `binary`, `directory`, `symlink` or a future value; null when unknown. */
  fileType: string | null;
  mimeType: string | null;
}

/** The v2 shape as it may arrive: only `type` and `changes` are relied on. */
export interface V2DiffContent {
  type: 'diff';
  changes: readonly unknown[];
  patch?: { format?: unknown; text?: unknown } | null;
}

export function isV2Diff(content: unknown): content is V2DiffContent {
  return (
    typeof content === 'object' &&
    content !== null &&
    (content as { type?: unknown }).type === 'diff' &&
    Array.isArray((content as { changes?: unknown }).changes)
  );
}

/** The review's file status for an operation (a move or copy changes the file at its new path). */
export const operationStatus = (operation: string): 'added' | 'deleted' | 'modified' =>
  operation === 'add' || operation === 'copy' ? 'added' : operation === 'delete' ? 'deleted' : 'modified';

/** An entry of `changes`, read leniently: one without a string `path` and `operation` is skipped. */
export function changeInfo(raw: unknown): DiffChangeInfo[] {
  if (typeof raw !== 'object' || raw === null) return [];
  const r = raw as Record<string, unknown>;
  if (typeof r.path !== 'string' || typeof r.operation !== 'string') return [];
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return [{ operation: r.operation, path: r.path, oldPath: text(r.oldPath), fileType: text(r.fileType), mimeType: text(r.mimeType) }];
}
