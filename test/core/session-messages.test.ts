/**
 * UNSTABLE inter-session messages (ACP RFD "subagents"): `session_message` upserts and
 * `session_message_chunk`s folded into a `'session_message'` thread item by `messageId`, with the
 * schema's tri-state fields, in any order, on a session's thread or a child's.
 */
import { describe, expect, it } from 'vitest';
import { appendBlock, readContentBlock, textOf } from '../../src/core/content.js';
import { applySessionUpdate } from '../../src/core/reducer/index.js';
import { closeOpenThought } from '../../src/core/reducer/thoughts.js';
import { createSessionState } from '../../src/core/session.js';
import { readSessionMessage, sessionMessageReducers, type SessionMessageTools } from '../../src/core/session-messages.js';
import { applyChildUpdate, applySubagentUpdate, parseSubagentUpdate, type SubagentPatch } from '../../src/core/subagents.js';
import { appendItem, replaceItem } from '../../src/core/thread.js';
import type { SessionMessageItem, SessionState } from '../../src/core/types.js';
import { agentChunk, freshSession, items, itemsOf, text, thoughtChunk } from './helpers.js';

const reducers = { createSessionState, applySessionUpdate };
const tools: SessionMessageTools = [readContentBlock, appendBlock, textOf, appendItem, replaceItem, closeOpenThought];
const kit = { readContentBlock, appendBlock, textOf, appendItem, replaceItem, closeOpenThought };
const reducersFor = sessionMessageReducers(reducers, tools);

/** Applies raw updates as the router does: inter-session messages through their reducers, the rest through the session's. Returns the problems reported. */
function fold(session: SessionState, updates: readonly unknown[], problems: string[] = []): SessionState {
  let s = session;
  updates.forEach((u, i) => {
    const r = reducersFor(u, (problem) => problems.push(problem));
    if (r !== null) s = (r ?? reducers).applySessionUpdate(s, u, 1000 + i);
  });
  return s;
}

const upsert = (messageId: unknown, fields: Record<string, unknown> = {}) => ({ sessionUpdate: 'session_message', messageId, ...fields });
const chunk = (messageId: unknown, t: string) => ({ sessionUpdate: 'session_message_chunk', messageId, content: text(t) });
const messages = (s: SessionState) => itemsOf(s, 'session_message');
const only = (s: SessionState): SessionMessageItem => {
  const [item, ...rest] = messages(s);
  expect(rest).toEqual([]);
  return item!;
};

describe('session_message upserts', () => {
  it('create the item, then patch each field: absent keeps, null clears, a value replaces', () => {
    let s = fold(freshSession(), [
      upsert('out-1', {
        senderSessionId: 'parent',
        recipientSessionId: 'child',
        content: [text('Find the greeting')],
        _meta: { trace: 1 },
      }),
    ]);
    expect(only(s)).toMatchObject({
      kind: 'session_message',
      messageId: 'out-1',
      senderSessionId: 'parent',
      recipientSessionId: 'child',
      senderMessageId: null,
      recipientMessageId: null,
      content: [text('Find the greeting')],
      text: 'Find the greeting',
      _meta: { trace: 1 },
    });

    // The recipient's view id arrives later; nothing else changes.
    s = fold(s, [upsert('out-1', { recipientMessageId: 'in-7' })]);
    expect(only(s)).toMatchObject({ senderSessionId: 'parent', recipientMessageId: 'in-7', text: 'Find the greeting', _meta: { trace: 1 } });

    s = fold(s, [upsert('out-1', { recipientSessionId: null, _meta: null, senderMessageId: 'x' })]);
    expect(only(s)).toMatchObject({ senderSessionId: 'parent', recipientSessionId: null, senderMessageId: 'x', _meta: null, text: 'Find the greeting' });
  });

  it('content: a non-empty array replaces it, null and [] clear it', () => {
    let s = fold(freshSession(), [upsert('m', { content: [text('one')] }), chunk('m', ' two')]);
    expect(only(s).text).toBe('one two');
    s = fold(s, [upsert('m', { content: [text('new'), { type: 'resource_link', uri: 'file:///a.ts', name: 'a.ts' }] })]);
    expect(only(s).content).toEqual([text('new'), { type: 'resource_link', uri: 'file:///a.ts', name: 'a.ts' }]);
    expect(only(s).text).toBe('new');
    s = fold(s, [upsert('m', { content: [] })]);
    expect(only(s)).toMatchObject({ content: [], text: '' });
    s = fold(s, [upsert('m', { content: [text('back')] }), upsert('m', { content: null })]);
    expect(only(s)).toMatchObject({ content: [], text: '' });
  });

  it('messages with different ids are different items, in arrival order', () => {
    const s = fold(freshSession(), [upsert('a', { content: [text('A')] }), agentChunk('between', 'x'), upsert('b', { content: [text('B')] }), chunk('a', '!')]);
    expect(items(s).map((i) => [i.kind, 'text' in i ? i.text : null])).toEqual([
      ['session_message', 'A!'],
      ['agent_message', 'between'],
      ['session_message', 'B'],
    ]);
  });
});

describe('session_message_chunk', () => {
  it('before any upsert creates the item with no participants; the upsert that follows fills them in and keeps the text', () => {
    let s = fold(freshSession(), [chunk('in-7', 'Line 1 '), chunk('in-7', 'of greeting.ts')]);
    expect(only(s)).toMatchObject({ senderSessionId: null, recipientSessionId: null, content: [text('Line 1 of greeting.ts')], text: 'Line 1 of greeting.ts' });
    s = fold(s, [upsert('in-7', { senderSessionId: 'child', recipientSessionId: 'parent', senderMessageId: 'out-3' }), chunk('in-7', '.')]);
    expect(only(s)).toMatchObject({ senderSessionId: 'child', senderMessageId: 'out-3', text: 'Line 1 of greeting.ts.' });
  });

  it('appends blocks: texts merge into one block, other blocks follow', () => {
    const s = fold(freshSession(), [
      chunk('m', 'See '),
      { sessionUpdate: 'session_message_chunk', messageId: 'm', content: { type: 'resource_link', uri: 'file:///a.ts', name: 'a.ts' } },
      chunk('m', 'done'),
    ]);
    expect(only(s).content).toEqual([text('See '), { type: 'resource_link', uri: 'file:///a.ts', name: 'a.ts' }, text('done')]);
    expect(only(s).text).toBe('See done');
  });

  it('a chunk’s own _meta is the chunk’s: the message keeps the upsert’s', () => {
    const s = fold(freshSession(), [upsert('m', { _meta: { from: 'upsert' } }), { ...chunk('m', 'x'), _meta: { chunk: true } }]);
    expect(only(s)._meta).toEqual({ from: 'upsert' });
  });

  it('ends an open thought, like any item that follows it', () => {
    const s = fold(freshSession(), [thoughtChunk('hmm'), chunk('m', 'hi')]);
    expect(itemsOf(s, 'thought')[0]!.endedAt).toBe(1001);
  });
});

describe('malformed input', () => {
  it('without a messageId nothing is applied and the problem is reported', () => {
    const problems: string[] = [];
    const s = fold(freshSession(), [upsert(undefined, { content: [text('x')] }), chunk('', 'x'), chunk(7, 'x')], problems);
    expect(items(s)).toEqual([]);
    expect(problems).toEqual([
      'The session message has no messageId.',
      'The session message chunk has no messageId.',
      'The session message chunk has no messageId.',
    ]);
  });

  it('a chunk without content is reported and changes nothing', () => {
    const problems: string[] = [];
    const before = fold(freshSession(), [chunk('m', 'kept')]);
    const after = fold(before, [{ sessionUpdate: 'session_message_chunk', messageId: 'm' }], problems);
    expect(after).toBe(before);
    expect(problems).toEqual(['The session message chunk for message m has no content.']);
  });

  it('a malformed field is reported and left as it was; the other fields apply', () => {
    const problems: string[] = [];
    let s = fold(freshSession(), [upsert('m', { senderSessionId: 'parent', content: [text('kept')], _meta: { a: 1 } })]);
    s = fold(s, [upsert('m', { senderSessionId: 42, recipientSessionId: 'child', content: 'not a list', _meta: 'nope' })], problems);
    expect(only(s)).toMatchObject({ senderSessionId: 'parent', recipientSessionId: 'child', text: 'kept', _meta: { a: 1 } });
    expect(problems).toEqual(['The session message m has a malformed senderSessionId, content, _meta, left as it was.']);
  });

  it('content blocks of unknown or malformed types are kept as unknown blocks', () => {
    const s = fold(freshSession(), [
      upsert('m', { content: [{ type: 'hologram', data: 1 }] }),
      { sessionUpdate: 'session_message_chunk', messageId: 'm', content: 5 },
    ]);
    expect(only(s).content).toEqual([
      { type: 'hologram', unsupported: true, raw: { type: 'hologram', data: 1 } },
      { type: 'invalid', unsupported: true, raw: 5 },
    ]);
  });

  it('other updates are not taken: the caller applies them its own way', () => {
    expect(reducersFor(agentChunk('x'), () => {})).toBeUndefined();
    expect(reducersFor({ sessionUpdate: 'subagent_update', sessionId: 'c' }, () => {})).toBeUndefined();
    expect(reducersFor(null, () => {})).toBeUndefined();
  });

  it('without the opt-in’s router the session reducer still keeps them as unsupported items', () => {
    const s = applySessionUpdate(freshSession(), chunk('m', 'x'), 1000);
    expect(items(s).map((i) => i.kind)).toEqual(['unsupported']);
  });
});

describe('on a child’s transcript', () => {
  const CHILD = 'child-1';
  function patch(raw: Record<string, unknown>): SubagentPatch {
    const read = parseSubagentUpdate({ sessionUpdate: 'subagent_update', sessionId: CHILD, ...raw });
    if (typeof read === 'string') throw new Error(read);
    return read;
  }

  it('builds the item in the child’s thread (its run too), not the parent’s; steps count tool calls only', () => {
    let s = applySubagentUpdate(freshSession(), patch({ title: 'Explorer' }), reducers);
    for (const [i, u] of [
      upsert('in-1', { senderSessionId: 'sess-1', recipientSessionId: CHILD, senderMessageId: 'out-1' }),
      chunk('in-1', 'Find the '),
      chunk('in-1', 'greeting'),
    ].entries()) {
      s = applyChildUpdate(s, CHILD, u, 1000 + i, reducersFor(u, () => {}) ?? reducers);
    }
    const child = s.subagents![CHILD]!;
    expect(items(s)).toEqual([]);
    expect(child.run.thread).toBe(child.session.thread);
    expect(child.run).toMatchObject({ steps: 0, latestStep: -1 });
    expect(child.session.thread.items.toArray()).toEqual([
      expect.objectContaining({ kind: 'session_message', messageId: 'in-1', senderSessionId: 'sess-1', senderMessageId: 'out-1', text: 'Find the greeting' }),
    ]);
    expect(child.session.thread.items.get(0)!.id).toMatch(/^ia1\./);
  });
});

describe('readSessionMessage', () => {
  it('reads each field; absent ones stay absent', () => {
    expect(readSessionMessage(upsert('m'), kit)).toEqual({ update: { kind: 'upsert', messageId: 'm' }, problem: null });
    expect(readSessionMessage(upsert('m', { senderSessionId: null, content: [], _meta: null }), kit)).toEqual({
      update: { kind: 'upsert', messageId: 'm', senderSessionId: null, content: null, _meta: null },
      problem: null,
    });
  });
});
