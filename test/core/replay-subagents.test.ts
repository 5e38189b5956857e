/**
 * A recorded transcript with child sessions replays them in either wire shape: the legacy
 * `subagent_spawned` / `subagent_state_update` fixture builds the same children as the
 * `subagent_update` one (test/fixtures/subagents).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTranscript, replayTranscript } from '../../src/core/devtools/index.js';

/** The fixture after the `session/new` exchange that opens the session `parent`. */
function replay(name: string) {
  const opening = [
    { dir: 'client->agent', t: 0, msg: { jsonrpc: '2.0', id: 1, method: 'session/new', params: { cwd: '/workspace', mcpServers: [] } } },
    { dir: 'agent->client', t: 0, msg: { jsonrpc: '2.0', id: 1, result: { sessionId: 'parent' } } },
  ].map((entry) => JSON.stringify(entry));
  const text = [...opening, readFileSync(new URL(`../fixtures/subagents/${name}`, import.meta.url), 'utf8')].join('\n');
  return replayTranscript(parseTranscript(text)).sessions.parent!;
}

describe('replayTranscript: sub-agents', () => {
  it('the legacy fixture replays into the children of the subagent_update fixture', () => {
    const current = replay('subagent-update.ndjson');
    const legacy = replay('subagents-legacy.ndjson');
    expect(Object.keys(current.subagents ?? {})).toEqual(['child-1', 'grandchild-1']);
    expect(legacy.subagents).toEqual(current.subagents);
    expect(legacy.thread.items.toArray().map((i) => i.kind)).toEqual(['agent_message']);
  });
});
