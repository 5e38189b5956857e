/**
 * The sub-agent wire shape agents sent before `subagent_update` (codex-acp 1.7 and later;
 * claude-agent-acp's first implementation): `subagent_spawned` announces a child on its parent,
 * `subagent_state_update` ends its work. Each is read as the `subagent_update` patch that says the
 * same, so both shapes fold into one child-session model.
 */
import { describe, expect, it } from 'vitest';
import { readLegacySubagent } from '../../src/core/subagent-legacy.js';
import { parseSubagentUpdate } from '../../src/core/subagents.js';

const spawned = (fields: Record<string, unknown> = {}) => ({
  sessionUpdate: 'subagent_spawned',
  subagentSessionId: 'thread-paris',
  name: 'Agent ad-paris',
  task: 'Find the current weather in Paris.',
  capabilities: {},
  ...fields,
});
const stateUpdate = (state: unknown, fields: Record<string, unknown> = {}) => ({
  sessionUpdate: 'subagent_state_update',
  subagentSessionId: 'thread-paris',
  state,
  ...fields,
});
const idle = (stopReason: string) => ({ state: 'idle', stopReason, error: null, usage: null });

describe('subagent_spawned', () => {
  it('is the subagent_update announcing a running child with that title and description', () => {
    const expected = parseSubagentUpdate({
      sessionUpdate: 'subagent_update',
      sessionId: 'thread-paris',
      title: 'Agent ad-paris',
      description: 'Find the current weather in Paris.',
      state: { state: 'running' },
      capabilities: {},
    });
    expect(readLegacySubagent(spawned())).toEqual(expected);
  });

  it('cancel is allowed by `cancel: true` (the legacy boolean) or an object marker; `close` has no counterpart', () => {
    expect(readLegacySubagent(spawned({ capabilities: { cancel: true, close: true } }))).toMatchObject({ canCancel: true });
    expect(readLegacySubagent(spawned({ capabilities: { cancel: {} } }))).toMatchObject({ canCancel: true });
    for (const capabilities of [{ cancel: false }, { close: true }, {}, null, undefined, 'all']) {
      expect(readLegacySubagent(spawned({ capabilities }))).toMatchObject({ canCancel: false });
    }
  });

  it('keeps its _meta; a missing or malformed name or task leaves the title or description unset', () => {
    expect(readLegacySubagent(spawned({ _meta: { 'example.com/model': 'small' } }))).toMatchObject({ _meta: { 'example.com/model': 'small' } });
    const patch = readLegacySubagent(spawned({ name: 7, task: undefined }));
    expect(patch).toMatchObject({ sessionId: 'thread-paris', state: { state: 'running' } });
    expect(patch).not.toHaveProperty('title');
    expect(patch).not.toHaveProperty('description');
  });
});

describe('subagent_state_update', () => {
  it('completed, cancelled and failed end the work (idle) with the stop reason the UI reads, and withdraw cancel', () => {
    expect(readLegacySubagent(stateUpdate('completed'))).toEqual({ sessionId: 'thread-paris', state: idle('end_turn'), canCancel: false });
    expect(readLegacySubagent(stateUpdate('cancelled'))).toEqual({ sessionId: 'thread-paris', state: idle('cancelled'), canCancel: false });
    expect(readLegacySubagent(stateUpdate('failed'))).toEqual({ sessionId: 'thread-paris', state: idle('error'), canCancel: false });
  });

  it('disconnected (seen from codex-acp on replay) or a state this client does not know is an unknown state, not a finish', () => {
    for (const state of ['disconnected', 'paused']) {
      expect(readLegacySubagent(stateUpdate(state))).toEqual({
        sessionId: 'thread-paris',
        state: { state: 'unknown', stopReason: null, error: null, usage: null },
        canCancel: false,
      });
    }
  });

  it('keeps its _meta', () => {
    expect(readLegacySubagent(stateUpdate('completed', { _meta: { k: 1 } }))).toMatchObject({ _meta: { k: 1 } });
  });
});

describe('bad legacy updates', () => {
  it.each([
    ['spawned without a child id', spawned({ subagentSessionId: undefined }), /subagentSessionId/],
    ['spawned with an empty child id', spawned({ subagentSessionId: '' }), /subagentSessionId/],
    ['a state update without a child id', stateUpdate('completed', { subagentSessionId: 42 }), /subagentSessionId/],
    ['a state update without a state', stateUpdate(undefined), /state/],
    ['a state update whose state is an object', stateUpdate({ state: 'idle' }), /state/],
    ['another kind', { sessionUpdate: 'subagent_update', sessionId: 'c' }, /subagent_update/],
    ['not an object', null, /not an object/],
  ])('%s: the reason, never an exception', (_what, raw, reason) => {
    const read = readLegacySubagent(raw);
    expect(typeof read).toBe('string');
    expect(read).toMatch(reason);
  });
});
