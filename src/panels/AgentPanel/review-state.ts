/**
 * Which change review the panel shows: one turn's (opened from that turn's summary in the
 * thread) or the whole session's. A small store of its own, made once per panel, so opening a
 * review re-renders the review and the summaries' buttons, never the panel or the thread.
 */
import { useEffect, useState } from 'react';
import type { ChangeTracker, ChangeTrackerClient } from '../../core/changes/index.js';
import { createStore, type Store } from '../../core/store.js';

export interface ReviewScope {
  sessionId: string;
  /** The turn whose summary opened it. */
  turnId: string | null;
  /** Every turn of the session, not only `turnId`'s. */
  all: boolean;
}

export type ReviewState = Store<ReviewScope | null>;

export const createReviewState = (): ReviewState => createStore<ReviewScope | null>(null, 'sync');

/**
 * The panel's review state, and the tracker following the client from the panel's first render
 * (not once the review's code has arrived): a write in the first turn lands in that turn.
 */
export function usePanelReview(tracker: ChangeTracker | undefined, client: ChangeTrackerClient): ReviewState {
  const [review] = useState(createReviewState);
  useEffect(() => (tracker ? tracker.attach(client) : undefined), [tracker, client]);
  return review;
}
