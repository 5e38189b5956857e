/**
 * Compaction markers: the first notification for a `compactionId` fixes its position in the
 * timeline; later ones patch it in place (omitted leaves unchanged, `null` or `[]` clears the
 * summary). Summary chunks append; a first-seen id creates an in-progress marker.
 */
import { appendBlock, textOf } from '../content.js';
import { appendItem, findIndex, replaceItem } from '../thread.js';
import type { CompactionItem, ReceivedContentBlock, SessionState } from '../types.js';
import { closeOpenThought } from './thoughts.js';
import { withThread } from './copy.js';

interface CompactionPatch {
  status?: string;
  summary?: ReceivedContentBlock[] | null;
  error?: string | null;
  appendSummary?: ReceivedContentBlock;
}

export function applyCompaction(session: SessionState, compactionId: string, patch: CompactionPatch, now: number): SessionState {
  let thread = session.thread;
  const position = findIndex(thread, `c:${compactionId}`);
  if (position >= 0) {
    const current = thread.items.get(position) as CompactionItem;
    thread = replaceItem(thread, position, patchCompaction(current, patch));
    return withThread(session, thread);
  }
  thread = closeOpenThought(thread, now);
  thread = appendItem(thread, (id) =>
    patchCompaction({ id, kind: 'compaction', compactionId, status: 'in_progress', summary: [], summaryText: '', error: null }, patch),
  );
  return withThread(session, thread);
}

function patchCompaction(current: CompactionItem, patch: CompactionPatch): CompactionItem {
  let summary = current.summary;
  let summaryText = current.summaryText;
  if (patch.summary !== undefined) {
    summary = patch.summary ?? [];
    summaryText = summary.map(textOf).join('');
  }
  if (patch.appendSummary) {
    summary = appendBlock(summary, patch.appendSummary);
    summaryText += textOf(patch.appendSummary);
  }
  return {
    ...current,
    status: patch.status ?? current.status,
    error: patch.error !== undefined ? patch.error : current.error,
    summary,
    summaryText,
  };
}
