/**
 * The raw JSON-RPC traffic of a connection, both directions, for the protocol inspector and for
 * transcripts (`devtools/transcript.ts`). Frames the SDK refuses (malformed JSON, binary, oversized) are recorded too.
 * Bounded: the oldest frames are dropped once `capacity` is reached. Kept in full only while someone
 * watches (a subscriber: the inspector, a recorder): with none, only the last `unwatched` frames
 * stay, so a page that never opens the inspector does not hold thousands of parsed frames (a
 * long session's replay) for the life of the tab.
 */

export type TrafficDirection = 'in' | 'out';

export interface TrafficEntry {
  seq: number;
  dir: TrafficDirection;
  /** Epoch ms. */
  at: number;
  /** The parsed JSON-RPC message, when the frame parsed as one. */
  msg?: unknown;
  /** The frame's text when it could not be parsed (or a description of a binary frame). */
  raw?: string;
  /** Why the frame was refused, when it was. */
  error?: string;
}

export interface TrafficLog {
  entries(): readonly TrafficEntry[];
  subscribe(listener: (entry: TrafficEntry) => void): () => void;
  /** Whether someone watches (subscribes): then every frame is kept, and must come as it was sent. */
  watched(): boolean;
  record(entry: Omit<TrafficEntry, 'seq' | 'at'>): void;
  clear(): void;
}

export function createTrafficLog(capacity = 5000, now: () => number = Date.now, unwatched = 100): TrafficLog {
  const buffer: TrafficEntry[] = [];
  const keep = () => (listeners.size || capacity < unwatched ? capacity : unwatched);
  let view: readonly TrafficEntry[] | null = null;
  let seq = 0;
  const listeners = new Set<(entry: TrafficEntry) => void>();
  return {
    // A stable copy per change, built only when someone reads it (the inspector, throttled).
    entries: () => (view ??= buffer.slice(-keep())),
    watched: () => listeners.size > 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    record(partial) {
      if (capacity <= 0 && listeners.size === 0) return;
      // Object.assign then two writes: a spread with extra keys is several times slower on the hot path.
      const entry = Object.assign({}, partial) as TrafficEntry;
      entry.seq = ++seq;
      entry.at = now();
      buffer.push(entry);
      // Trim in bulk so recording stays O(1) amortized per frame.
      if (buffer.length >= keep() * 2) buffer.splice(0, buffer.length - keep());
      view = null;
      for (const listener of listeners) listener(entry);
    },
    clear() {
      buffer.length = 0;
      view = null;
    },
  };
}
