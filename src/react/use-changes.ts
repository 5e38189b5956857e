/**
 * The change review in React: `useChanges(tracker)` follows the provider's client with the
 * tracker (its turns, its tool calls) and returns the review's snapshot, re-rendering only when
 * the review changes (not on every streamed chunk).
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { ChangeTracker, ChangesSnapshot } from '../core/changes/index.js';
import { useAcpContext } from './context.js';

const subscribeNone = () => () => {};
const none = () => null;

export function useChanges(tracker: ChangeTracker | null | undefined): ChangesSnapshot | null {
  const { client } = useAcpContext();
  useEffect(() => (tracker ? tracker.attach(client) : undefined), [tracker, client]);
  return useSyncExternalStore(tracker ? tracker.subscribe : subscribeNone, tracker ? tracker.getSnapshot : none, tracker ? tracker.getSnapshot : none);
}
