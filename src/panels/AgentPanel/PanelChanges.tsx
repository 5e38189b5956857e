/**
 * The agent panel's change review: the last turn's summary ("3 files changed +42 −7") under the
 * thread, and the session's review behind its button, wired to the host's change tracker.
 */
import { useMemo, useState } from 'react';
import { countChanges, sessionTurns, type ChangeTracker } from '../../core/changes/index.js';
import { ChangeReview, ChangeSummary } from '../../components/ChangeReview/index.js';
import { useChanges } from '../../react/use-changes.js';

export function PanelChanges({ tracker, sessionId }: { tracker: ChangeTracker; sessionId: string }) {
  const changes = useChanges(tracker);
  const [open, setOpen] = useState(false);
  const turns = useMemo(() => (changes ? sessionTurns(changes, sessionId) : []), [changes, sessionId]);
  const last = turns[turns.length - 1];
  if (!changes || !last) return null;
  return (
    <div className="acp-agent-panel__changes" data-slot="agent-panel-changes">
      <ChangeSummary counts={countChanges(last.files)} restored={last.restored} reviewOpen={open} onReview={() => setOpen(!open)} />
      {open && (
        <ChangeReview
          turns={turns}
          writable={changes.writable}
          busy={changes.busy}
          error={changes.error}
          onAcceptHunk={(file, hunk) => void tracker.acceptHunk(file, hunk)}
          onRejectHunk={(file, hunk) => void tracker.rejectHunk(file, hunk)}
          onAcceptFile={(file) => void tracker.acceptFile(file)}
          onRejectFile={(file) => void tracker.rejectFile(file)}
          onAcceptAll={() => void tracker.acceptAll({ sessionId })}
          onRejectAll={() => void tracker.rejectAll({ sessionId })}
          onPreviewRestore={(turnId) => tracker.previewRestore(sessionId, turnId)}
          onRestore={(turnId) => void tracker.restoreCheckpoint(sessionId, turnId)}
          onDismissError={tracker.clearError}
        />
      )}
    </div>
  );
}
