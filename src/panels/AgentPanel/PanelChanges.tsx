/**
 * The agent panel's change review, fetched only for a panel given a change tracker (`changes`):
 *
 * - `PanelTurnChanges`, at the end of each turn in the thread that changed files: the turn's
 *   summary ("3 files changed +42 −7"), whose button opens the review of that turn;
 * - `PanelChanges`, under the thread: the review that is open (a turn's, widened to the whole
 *   session on demand), the summary of changes made outside any turn, and the note that tells the
 *   agent, with the next prompt, which changes the user rejected.
 */
import { memo, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { countChanges, sessionTurns, turnChanges, type ChangeTracker } from '../../core/changes/index.js';
import { ChangeReview, ChangeSummary } from '../../components/ChangeReview/index.js';
import { changeReviewModule } from '../../components/ChangeReview/ChangeReview.js';
import { useLazyModule, useMessages } from '../../components/shared/index.js';
import { agentPanelChangesMessages } from './changes-messages.js';
import type { ReviewScope, ReviewState } from './review-state.js';

/** Opens the review of this turn, or closes it when it is the one open. */
function toggleTurnReview(review: ReviewState, sessionId: string, turnId: string | null): void {
  const open = review.getSnapshot();
  review.setState(open && open.sessionId === sessionId && open.turnId === turnId ? null : { sessionId, turnId, all: false });
}

/** Whether the review open is this turn's (its summary's button is then expanded). */
const isTurnReviewOpen = (scope: ReviewScope | null, sessionId: string, turnId: string | null): boolean =>
  scope !== null && scope.sessionId === sessionId && scope.turnId === turnId;

export interface PanelTurnChangesProps {
  tracker: ChangeTracker;
  review: ReviewState;
  sessionId: string;
  turnId: string | null;
}

/**
 * One turn's summary in the thread. It follows its own turn's record and whether its review is
 * open, nothing else: a streamed chunk or another turn's decision leaves it alone.
 */
export const PanelTurnChanges = /* @__PURE__ */ memo(function PanelTurnChanges({ tracker, review, sessionId, turnId }: PanelTurnChangesProps) {
  const turn = useSyncExternalStore(tracker.subscribe, () => turnChanges(tracker.getSnapshot(), sessionId, turnId));
  const open = useSyncExternalStore(review.subscribe, () => isTurnReviewOpen(review.getSnapshot(), sessionId, turnId));
  const root = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    // The review closed and took the focus with it: give it back to the button that opened it.
    if (wasOpen.current && !open && (document.activeElement === null || document.activeElement === document.body))
      root.current?.querySelector('button')?.focus();
    wasOpen.current = open;
  }, [open]);
  useEffect(() => {
    // Have the review's code before the user asks for it, so it opens (and takes the focus) at once.
    if (turn) changeReviewModule.load().catch(() => {});
  }, [turn]);
  if (!turn) return null;
  return (
    <ChangeSummary
      ref={root}
      className="acp-agent-panel__turn-changes"
      counts={countChanges(turn.files)}
      restored={turn.restored}
      reviewOpen={open}
      onReview={() => toggleTurnReview(review, sessionId, turnId)}
    />
  );
});

export interface PanelChangesProps {
  tracker: ChangeTracker;
  review: ReviewState;
  sessionId: string;
}

export function PanelChanges({ tracker, review, sessionId }: PanelChangesProps) {
  // The panel attached the tracker to its client (`usePanelReview`).
  const changes = useSyncExternalStore(tracker.subscribe, tracker.getSnapshot);
  const m = useMessages('agentPanelChanges', agentPanelChangesMessages);
  const scope = useSyncExternalStore(review.subscribe, review.getSnapshot);
  const open = scope && scope.sessionId === sessionId ? scope : null;
  const all = useMemo(() => sessionTurns(changes, sessionId), [changes, sessionId]);
  const turns = useMemo(() => (!open ? [] : open.all ? all : all.filter((t) => t.turnId === open.turnId)), [all, open]);
  const reviewRef = useRef<HTMLElement>(null);
  const opened = open ? `${open.sessionId}\u0000${open.turnId}` : null;
  // The review itself, not its loading frame (which it replaces), takes the focus.
  const loaded = useLazyModule(changeReviewModule, open !== null).module !== undefined;
  useEffect(() => {
    // Opened from a summary in the thread: the keys (J, K, A, R) work where the focus is.
    if (opened !== null && loaded) reviewRef.current?.focus();
  }, [opened, loaded]);
  // Changes made outside any turn have no place in the thread: their summary is here.
  const outside = all.find((t) => t.turnId === null);
  const note = tracker.peekRejectionNote(sessionId);
  if (!open && !outside && !note) return null;
  const scoped = open && !open.all ? { sessionId, turnId: open.turnId } : { sessionId };
  return (
    <div className="acp-agent-panel__changes" data-slot="agent-panel-changes">
      {outside && (
        <ChangeSummary
          counts={countChanges(outside.files)}
          restored={outside.restored}
          reviewOpen={isTurnReviewOpen(scope, sessionId, null)}
          onReview={() => toggleTurnReview(review, sessionId, null)}
        />
      )}
      {open && (
        <>
          <div className="acp-agent-panel__review-bar" data-slot="agent-panel-review-bar">
            {all.length > 1 && (
              <button
                type="button"
                className="acp-button"
                data-variant="ghost"
                aria-pressed={open.all}
                onClick={() => review.setState({ ...open, all: !open.all })}
              >
                {m.all_turns}
              </button>
            )}
            <button type="button" className="acp-button" data-variant="ghost" onClick={() => review.setState(null)}>
              {m.close_review}
            </button>
          </div>
          <ChangeReview
            ref={reviewRef}
            tabIndex={-1}
            turns={turns}
            writable={changes.writable}
            busy={changes.busy}
            error={changes.error}
            onAcceptHunk={(file, hunk) => void tracker.acceptHunk(file, hunk)}
            onRejectHunk={(file, hunk) => void tracker.rejectHunk(file, hunk)}
            onAcceptFile={(file) => void tracker.acceptFile(file)}
            onRejectFile={(file) => void tracker.rejectFile(file)}
            onAcceptAll={() => void tracker.acceptAll(scoped)}
            onRejectAll={() => void tracker.rejectAll(scoped)}
            onPreviewRestore={(turnId) => tracker.previewRestore(sessionId, turnId)}
            onRestore={(turnId) => void tracker.restoreCheckpoint(sessionId, turnId)}
            onDismissError={tracker.clearError}
          />
        </>
      )}
      {note && (
        <div className="acp-agent-panel__rejection-note" data-slot="agent-panel-rejection-note">
          <span className="acp-agent-panel__rejection-note-label">{m.rejection_note}</span> <q className="acp-agent-panel__rejection-note-text">{note}</q>{' '}
          <button
            type="button"
            className="acp-button"
            data-variant="ghost"
            aria-label={m.rejection_note_remove_label}
            onClick={() => tracker.takeRejectionNote(sessionId)}
          >
            {m.rejection_note_remove}
          </button>
        </div>
      )}
    </div>
  );
}
