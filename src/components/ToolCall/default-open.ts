import type { ToolCallDisplayStatus, ToolKind } from '../../core/types.js';

/**
 * Whether a card starts expanded. A finished read or search is rarely worth re-reading (the
 * agent summarises it), so it folds away; everything else, including anything awaiting
 * approval or still running, stays open.
 */
export function isOpenByDefault(kind: ToolKind, status: ToolCallDisplayStatus): boolean {
  return !(status === 'completed' && (kind === 'read' || kind === 'search'));
}
