/** Summaries of JSON-RPC frames for the inspector's rows and filters. */
import type { TrafficEntry } from '../../core/index.js';
import { jsonText } from '../../core/json-text.js';

/** @inline */
export interface FrameSummary {
  /** `session/update`, `initialize`, or `response #3` / `error #3`. */
  method: string;
  /** The `sessionUpdate` discriminator for session updates. */
  kind: string | null;
  id: string | null;
  isError: boolean;
}

export function describeFrame(entry: TrafficEntry): FrameSummary {
  const msg = entry.msg as Record<string, unknown> | undefined;
  if (!msg || typeof msg !== 'object') {
    return { method: entry.error ? 'refused frame' : 'frame', kind: null, id: null, isError: Boolean(entry.error) };
  }
  const id = msg.id === undefined || msg.id === null ? null : String(msg.id);
  if (typeof msg.method === 'string') {
    const params = msg.params as { update?: { sessionUpdate?: unknown } } | undefined;
    const kind = msg.method === 'session/update' && typeof params?.update?.sessionUpdate === 'string' ? params.update.sessionUpdate : null;
    return { method: msg.method, kind, id, isError: false };
  }
  const isError = 'error' in msg;
  return { method: `${isError ? 'error' : 'response'} #${id ?? '?'}`, kind: null, id, isError };
}

/**
 * A frame as one line of JSON, for the row's preview and the filter: at most `maxChars` of it
 * (a frame can be megabytes, or nested deeper than `JSON.stringify` can go).
 */
export function frameText(entry: TrafficEntry, maxChars: number): string {
  return entry.msg !== undefined ? jsonText(entry.msg, { indent: 0, maxChars }).text : (entry.raw ?? '').slice(0, maxChars);
}
