/**
 * UNSTABLE child sessions: whose a child's requests are (`childOwner`, the router's `owner`) and
 * the router's keeping of a child's early updates, over a plain snapshot (no connection).
 */
import { describe, expect, it } from 'vitest';
import { createSubagentRouter } from '../../src/core/client/subagents.js';
import { appendBlock, readContentBlock, textOf } from '../../src/core/content.js';
import { closeOpenThought } from '../../src/core/reducer/thoughts.js';
import { appendItem, replaceItem } from '../../src/core/thread.js';
import { addDiagnostic, initialSnapshot, putSession, removeSession, withSession } from '../../src/core/client/snapshot.js';
import { applySessionUpdate } from '../../src/core/reducer/index.js';
import { applyChildTerminalUpdate } from '../../src/core/reducer/snapshot-update.js';
import type { ProtocolVersion } from '../../src/core/parse-update.js';
import { createSessionState } from '../../src/core/session.js';
import { childOwner, createSubagent } from '../../src/core/subagents.js';
import type { AcpSnapshot, SessionState } from '../../src/core/types.js';
import { agentChunk, toolCall } from './helpers.js';

const reducers = { createSessionState, applySessionUpdate };
const parent = (fields: Partial<SessionState> = {}) => ({ ...createSessionState('p', { cwd: '/repo', additionalDirectories: ['/lib'] }), ...fields });

describe('childOwner', () => {
  const owner = (fields: Record<string, unknown>) => {
    const child = { ...createSubagent(parent(), 'c', reducers), ...fields };
    return childOwner(parent(), child);
  };

  it('is the top-level session, with the child’s own roots where it reports them', () => {
    expect(owner({ cwd: '/repo/pkg', additionalDirectories: ['/other'] })).toEqual({
      sessionId: 'p',
      subagentSessionId: 'c',
      cwd: '/repo/pkg',
      additionalDirectories: ['/other'],
    });
  });

  it('an unset (or cleared) cwd and additionalDirectories each inherit the parent’s; [] is no directories', () => {
    expect(owner({})).toMatchObject({ cwd: '/repo', additionalDirectories: ['/lib'] });
    expect(owner({ cwd: '/repo/pkg' })).toMatchObject({ cwd: '/repo/pkg', additionalDirectories: ['/lib'] });
    expect(owner({ additionalDirectories: [] })).toMatchObject({ cwd: '/repo', additionalDirectories: [] });
  });
});

describe('childOwner of a child’s own child (any depth)', () => {
  it('each unset value inherits its immediate parent’s effective one, up the chain to the top-level session', () => {
    let p = parent();
    const record = (id: string, by: string, fields: Record<string, unknown>) => {
      p = { ...p, subagents: { ...p.subagents, [id]: { ...createSubagent(p, id, reducers, by), ...fields } } };
    };
    record('c', 'p', { cwd: '/repo/pkg' });
    record('g', 'c', { additionalDirectories: ['/repo/pkg/gen'] });
    record('gg', 'g', {});
    expect(p.subagents!.g!.parentSessionId).toBe('c');
    expect(childOwner(p, p.subagents!.gg!)).toEqual({ sessionId: 'p', subagentSessionId: 'gg', cwd: '/repo/pkg', additionalDirectories: ['/repo/pkg/gen'] });
    expect(childOwner(p, p.subagents!.g!)).toMatchObject({ cwd: '/repo/pkg', additionalDirectories: ['/repo/pkg/gen'] });
    // Nothing set along the chain: the top-level session's.
    record('c', 'p', { cwd: null });
    record('g', 'c', {});
    expect(childOwner(p, p.subagents!.gg!)).toMatchObject({ cwd: '/repo', additionalDirectories: ['/lib'] });
  });
});

describe('the router', () => {
  /** As the client builds it: the reducers read updates as the connection's ACP `version` speaks them. */
  function setup(version: ProtocolVersion = 1) {
    let snapshot: AcpSnapshot = putSession(initialSnapshot(), parent());
    const strays = new Map<string, unknown[]>();
    const router = createSubagentRouter(
      {
        createSessionState,
        applySessionUpdate: (session, raw, at) => applySessionUpdate(session, raw, at, version),
        applyChildTerminalUpdate: (s, sessionId, childId, raw, at) => applyChildTerminalUpdate(s, sessionId, childId, raw, at, version),
        get: () => snapshot,
        peek: () => snapshot,
        update: (fn) => (snapshot = fn(snapshot)),
        now: () => 1000,
        diagnose: (kind, message, raw) => (snapshot = addDiagnostic(snapshot, kind, message, 1000, raw)),
        withSession,
        strays,
      },
      [readContentBlock, appendBlock, textOf, appendItem, replaceItem, closeOpenThought],
    );
    const announce = (fields: Record<string, unknown> = {}) =>
      router.route({ sessionId: 'p', update: { sessionUpdate: 'subagent_update', sessionId: 'c', ...fields } });
    return { router, strays, announce, get: () => snapshot, set: (next: AcpSnapshot) => (snapshot = next) };
  }
  const thread = (s: AcpSnapshot) =>
    s.sessions.p!.subagents!.c!.session.thread.items.toArray().map((i) => (i.kind === 'tool_call' ? i.toolCallId : 'text' in i ? i.text : i.kind));

  it('owner: only a known child has one; its roots follow its subagent_updates', () => {
    const { router, announce } = setup();
    expect(router.owner('c')).toBeNull();
    announce({ cwd: '/repo/pkg' });
    expect(router.owner('c')).toEqual({ sessionId: 'p', subagentSessionId: 'c', cwd: '/repo/pkg', additionalDirectories: ['/lib'] });
    announce({ cwd: null, additionalDirectories: [] });
    expect(router.owner('c')).toEqual({ sessionId: 'p', subagentSessionId: 'c', cwd: '/repo', additionalDirectories: [] });
    // A session's own id is no child's.
    expect(router.owner('p')).toBeNull();
  });

  it('a child is forgotten once its parent is gone, or no longer holds it (a session/load rebuilding the children)', () => {
    const { router, announce, get, set } = setup();
    announce();
    set(withSession(get(), 'p', (p) => ({ ...p, subagents: undefined })));
    expect(router.owner('c')).toBeNull();
    // Its update is left to the ordinary routing (kept as a stray until announced again).
    expect(router.route({ sessionId: 'c', update: agentChunk('late') })).toBe(false);
    announce();
    expect(router.owner('c')).not.toBeNull();
    set(removeSession(get(), 'p'));
    expect(router.owner('c')).toBeNull();
    expect(router.route({ sessionId: 'c', update: agentChunk('late') })).toBe(false);
  });

  it('adopts the child’s early updates (kept as strays) in order when it is announced, with a diagnostic', () => {
    const { router, strays, announce, get } = setup();
    // An inter-session message among them (its parent's brief) is adopted the same way.
    const brief = { sessionUpdate: 'session_message_chunk', messageId: 'b1', content: { type: 'text', text: 'Brief' } };
    strays.set('c', [brief, agentChunk('Look', 'm1'), toolCall('t1', { title: 'grep' })]);
    strays.set('other', [agentChunk('x')]);
    announce({ title: 'Explorer' });
    router.route({ sessionId: 'c', update: agentChunk('ed.', 'm2') });
    expect(thread(get())).toEqual(['Brief', 'Look', 't1', 'ed.']);
    expect(get().sessions.p!.subagents!.c!.session.thread.items.get(0)!.kind).toBe('session_message');
    expect(get().sessions.p!.subagents!.c!.run).toMatchObject({ steps: 1, latestStep: 2 });
    expect([...strays.keys()]).toEqual(['other']);
    expect(get().diagnostics.map((d) => [d.kind, d.message])).toEqual([
      ['protocol_error', '3 update(s) of child session c arrived before the subagent_update that announced it; they were added to it.'],
    ]);
  });

  it('on ACP v2 a child’s updates are read as v2: a null clears its tool call’s title, as on a session’s own', () => {
    const { router, announce, get } = setup(2);
    announce({ title: 'Explorer' });
    router.route({ sessionId: 'c', update: { sessionUpdate: 'tool_call_update', toolCallId: 't1', title: 'grep -r greet', kind: 'search' } });
    router.route({ sessionId: 'c', update: { sessionUpdate: 'tool_call_update', toolCallId: 't1', title: null } });
    expect(get().sessions.p!.subagents!.c!.session.thread.items.toArray()).toMatchObject([
      { kind: 'tool_call', toolCallId: 't1', title: 't1', toolKind: 'search' },
    ]);
    expect(get().diagnostics).toEqual([]);
  });

  it('a child’s agent-owned terminal (v2) is kept with the others, shown by the top-level session and naming the child', () => {
    const { router, strays, announce, get } = setup(2);
    const output = (text: string) => ({ sessionUpdate: 'terminal_output_chunk', terminalId: 'term-c', data: btoa(text) });
    // One came before the announcement: adopted with the rest.
    strays.set('c', [{ sessionUpdate: 'terminal_update', terminalId: 'term-c', command: 'npm test' }]);
    announce({ title: 'Test runner' });
    expect(router.route({ sessionId: 'c', update: output('PASS 3 tests\n') })).toBe(true);
    expect(get().terminals['term-c']).toMatchObject({ sessionId: 'p', subagentSessionId: 'c', command: 'npm test', output: 'PASS 3 tests\n' });
    // Nothing of it went into the child's transcript as an unsupported item.
    expect(get().sessions.p!.subagents!.c!.session.thread.items.size).toBe(0);
  });

  it('a child announced without early updates needs no diagnostic', () => {
    const { announce, get } = setup();
    announce();
    expect(get().diagnostics).toEqual([]);
    expect(Object.keys(get().sessions.p!.subagents!)).toEqual(['c']);
  });

  it('a subagent_update on a known child announces a child of its own, kept flat on the top-level session', () => {
    const { router, announce, get } = setup();
    announce({ title: 'Tests', cwd: '/repo/pkg' });
    expect(router.route({ sessionId: 'c', update: { sessionUpdate: 'subagent_update', sessionId: 'g', title: 'Fixtures' } })).toBe(true);
    router.route({ sessionId: 'g', update: agentChunk('Rebuilding', 'm1') });
    router.route({ sessionId: 'g', update: toolCall('t1', { title: 'npm run fixtures' }) });
    const p = get().sessions.p!;
    expect(p.subagents!.g).toMatchObject({ sessionId: 'g', parentSessionId: 'c', title: 'Fixtures', run: { steps: 1 } });
    expect(p.subagents!.c!.parentSessionId).toBe('p');
    // Not an item in its parent's thread, and its traffic is its own.
    expect(p.subagents!.c!.session.thread.items.size).toBe(0);
    expect(p.subagents!.g!.session.thread.items.size).toBe(2);
    expect(router.owner('g')).toEqual({ sessionId: 'p', subagentSessionId: 'g', cwd: '/repo/pkg', additionalDirectories: ['/lib'] });
    // A grandchild of a grandchild too.
    router.route({ sessionId: 'g', update: { sessionUpdate: 'subagent_update', sessionId: 'gg', cwd: '/repo/pkg/gen' } });
    expect(router.owner('gg')).toEqual({ sessionId: 'p', subagentSessionId: 'gg', cwd: '/repo/pkg/gen', additionalDirectories: ['/lib'] });
    expect(get().sessions.p!.subagents!.gg!.parentSessionId).toBe('g');
    expect(get().diagnostics).toEqual([]);
  });

  it('a child keeps the parent that announced it: another session or child naming it (a cycle) is refused with a diagnostic', () => {
    const { router, announce, get } = setup();
    announce();
    router.route({ sessionId: 'c', update: { sessionUpdate: 'subagent_update', sessionId: 'g' } });
    const before = get().sessions.p;
    router.route({ sessionId: 'g', update: { sessionUpdate: 'subagent_update', sessionId: 'c', title: 'Loop' } });
    router.route({ sessionId: 'p', update: { sessionUpdate: 'subagent_update', sessionId: 'g', title: 'Stolen' } });
    router.route({ sessionId: 'g', update: { sessionUpdate: 'subagent_update', sessionId: 'g' } });
    expect(get().sessions.p).toBe(before);
    expect(get().diagnostics.map((d) => [d.kind, d.message])).toEqual([
      ['invalid_update', 'The subagent update on g names session c, which is not a child of it.'],
      ['invalid_update', 'The subagent update on p names session g, which is not a child of it.'],
      ['invalid_update', 'The subagent update on g names session g, which is not a child of it.'],
    ]);
    // Its own parent updates it.
    router.route({ sessionId: 'c', update: { sessionUpdate: 'subagent_update', sessionId: 'g', title: 'Fixtures' } });
    expect(get().sessions.p!.subagents!.g!.title).toBe('Fixtures');
  });

  it('a child’s child is forgotten with the rest once the top-level session no longer holds it', () => {
    const { router, announce, get, set } = setup();
    announce();
    router.route({ sessionId: 'c', update: { sessionUpdate: 'subagent_update', sessionId: 'g' } });
    set(withSession(get(), 'p', (p) => ({ ...p, subagents: undefined })));
    expect(router.owner('g')).toBeNull();
    expect(router.route({ sessionId: 'g', update: agentChunk('late') })).toBe(false);
    // Announced again by the replay, through its parent: found again.
    announce();
    router.route({ sessionId: 'c', update: { sessionUpdate: 'subagent_update', sessionId: 'g' } });
    expect(router.owner('g')).toMatchObject({ sessionId: 'p', subagentSessionId: 'g' });
  });

  describe('the legacy shape (subagent_spawned, subagent_state_update)', () => {
    const spawned = (on: string, child: string, fields: Record<string, unknown> = {}) => ({
      sessionId: on,
      update: { sessionUpdate: 'subagent_spawned', subagentSessionId: child, name: `Agent ${child}`, task: 'Look', capabilities: { cancel: true }, ...fields },
    });
    const ended = (on: string, child: string, state: unknown) => ({
      sessionId: on,
      update: { sessionUpdate: 'subagent_state_update', subagentSessionId: child, state },
    });

    it('records, nests and ends children like subagent_update, adopting their early updates', () => {
      const { router, strays, get } = setup();
      strays.set('c', [agentChunk('early')]);
      expect(router.route(spawned('p', 'c'))).toBe(true);
      expect(router.route(spawned('c', 'g'))).toBe(true);
      expect(router.owner('g')).toMatchObject({ sessionId: 'p', subagentSessionId: 'g' });
      expect(get().sessions.p!.subagents!.c).toMatchObject({ title: 'Agent c', description: 'Look', canCancel: true, state: { state: 'running' } });
      expect(router.route(ended('c', 'g', 'failed'))).toBe(true);
      router.route(ended('p', 'c', 'cancelled'));
      const { c, g } = get().sessions.p!.subagents!;
      expect([c?.parentSessionId, c?.state?.stopReason, c?.canCancel, g?.parentSessionId, g?.state?.stopReason]).toEqual([
        'p',
        'cancelled',
        false,
        'c',
        'error',
      ]);
      expect(thread(get())).toEqual(['early']);
      expect(get().diagnostics.map((d) => d.kind)).toEqual(['protocol_error']);
    });

    it('a state update for a child nobody announced is recorded all the same, with a diagnostic; a malformed one is only a diagnostic', () => {
      const { router, get } = setup();
      router.route(ended('p', 'c', 'completed'));
      expect(get().sessions.p!.subagents!.c).toMatchObject({ title: null, parentSessionId: 'p', state: { state: 'idle', stopReason: 'end_turn' } });
      const before = get().sessions.p;
      router.route(ended('p', 'c', 42));
      router.route({ sessionId: 'p', update: { sessionUpdate: 'subagent_spawned', name: 'No id' } });
      // Only its own parent may end it.
      router.route(spawned('p', 'x'));
      router.route(ended('x', 'c', 'completed'));
      expect(get().sessions.p!.subagents!.c).toBe(before!.subagents!.c);
      expect(get().diagnostics.map((d) => [d.kind, d.message])).toEqual([
        ['protocol_error', 'A subagent_state_update on p names child session c, which no subagent_spawned announced.'],
        ['invalid_update', 'The subagent_state_update for c has no state.'],
        ['invalid_update', 'The subagent_spawned has no child subagentSessionId.'],
        ['invalid_update', 'The subagent update on x names session c, which is not a child of it.'],
      ]);
    });
  });
});
