import type { AcpClient, AcpSnapshot } from '../../src/core/index.js';

/** Resolves with the first snapshot that satisfies `predicate` (rejects after `timeoutMs`). */
export function waitForSnapshot(
  client: AcpClient,
  predicate: (snapshot: AcpSnapshot) => boolean,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<AcpSnapshot> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const snapshot = client.getSnapshot();
      if (predicate(snapshot)) {
        cleanup();
        resolve(snapshot);
      }
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`Timed out waiting for ${what}; status=${client.getSnapshot().status}`));
    }, timeoutMs);
    const unsubscribe = client.subscribe(check);
    const cleanup = () => {
      clearTimeout(timer);
      unsubscribe();
    };
    check();
  });
}
