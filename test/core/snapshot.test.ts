import { describe, expect, it } from 'vitest';
import { initialSnapshot, putSession, withSession } from '../../src/core/client/snapshot.js';
import { createSessionState } from '../../src/core/session.js';
import type { AcpSnapshot, SessionState } from '../../src/core/types.js';

const withSessions = (...ids: string[]): AcpSnapshot => ids.reduce((s, id) => putSession(s, createSessionState(id, { cwd: `/${id}` })), initialSnapshot());

const retitle =
  (title: string) =>
  (s: SessionState): SessionState => ({ ...s, info: { title, updatedAt: null } });

describe('withSession', () => {
  it('replaces one session and shares everything else with the previous snapshot', () => {
    const before = withSessions('a', 'b', 'c');
    const after = withSession(before, 'b', retitle('B'));
    expect(after).not.toBe(before);
    expect(after.sessions).not.toBe(before.sessions);
    expect(Object.keys(after.sessions)).toEqual(['a', 'b', 'c']);
    expect(after.sessions.b!.info.title).toBe('B');
    expect(after.sessions.a).toBe(before.sessions.a);
    expect(after.sessions.c).toBe(before.sessions.c);
    expect(before.sessions.b!.info.title).toBeNull();
    for (const key of Object.keys(before) as (keyof AcpSnapshot)[]) {
      if (key !== 'sessions') expect(after[key]).toBe(before[key]);
    }
    expect(Object.keys(after)).toEqual(Object.keys(before));
  });

  it('returns the same snapshot when the session is unknown or the update changes nothing', () => {
    const before = withSessions('a');
    expect(withSession(before, 'missing', retitle('x'))).toBe(before);
    expect(withSession(before, 'a', (s) => s)).toBe(before);
  });

  it.each(['toString', 'constructor', 'hasOwnProperty'])('an id named like an Object.prototype member (%s) is an unknown session', (id) => {
    const before = withSessions('a');
    let called = false;
    const after = withSession(before, id, (s) => {
      called = true;
      return s;
    });
    expect(called).toBe(false);
    expect(after).toBe(before);
  });

  it('a session with the id "__proto__" is an ordinary own key, before and after an update', () => {
    const before = withSessions('a', '__proto__');
    expect(Object.keys(before.sessions)).toEqual(['a', '__proto__']);
    const after = withSession(before, '__proto__', retitle('P'));
    expect(Object.hasOwn(after.sessions, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(after.sessions)).toBe(Object.prototype);
    expect(after.sessions['__proto__']!.info.title).toBe('P');
    expect(after.sessions.a).toBe(before.sessions.a);
    const again = withSession(after, 'a', retitle('A'));
    expect(Object.hasOwn(again.sessions, '__proto__')).toBe(true);
    expect(again.sessions['__proto__']).toBe(after.sessions['__proto__']);
    expect(again.sessions.a!.info.title).toBe('A');
  });
});
