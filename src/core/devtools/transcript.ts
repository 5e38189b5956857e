/**
 * The transcript format: newline-delimited JSON, one `{dir, t, msg}` line per JSON-RPC message,
 * `t` in milliseconds since the recording started. The protocol inspector exports it
 * (`toTranscript`), the fixtures are recorded in it, and `replay.ts` turns it back into a
 * snapshot.
 */
import { isRecord } from '../guards.js';
import { jsonText } from '../json-text.js';
import type { TrafficEntry } from '../client/traffic.js';

export interface TranscriptEntry {
  dir: 'client->agent' | 'agent->client';
  /** Milliseconds since the recording started. */
  t: number;
  msg: unknown;
}

export function parseTranscript(text: string): TranscriptEntry[] {
  const entries: TranscriptEntry[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`Transcript line ${index + 1} is not valid JSON.`);
    }
    if (!isRecord(value) || (value.dir !== 'client->agent' && value.dir !== 'agent->client')) {
      throw new Error(`Transcript line ${index + 1} has no valid "dir".`);
    }
    entries.push({ dir: value.dir, t: typeof value.t === 'number' ? value.t : 0, msg: value.msg });
  }
  return entries;
}

/** Traffic-log entries as a transcript; frames that did not parse as a message (binary, oversized, malformed) are left out. */
export function toTranscript(entries: readonly TrafficEntry[]): string {
  const start = entries[0]?.at ?? 0;
  return (
    entries
      .filter((e) => e.msg !== undefined)
      // `jsonText`: a message nested deeper than `JSON.stringify` can go is still exported whole.
      .map((e) => jsonText({ dir: e.dir === 'out' ? 'client->agent' : 'agent->client', t: e.at - start, msg: e.msg }, { indent: 0 }).text)
      .join('\n')
      .concat(entries.length ? '\n' : '')
  );
}
