import { describe, expect, it } from 'vitest';
import { applySessionUpdate, cancelTurn, endTurn, startTurn } from '../../src/core/reducer/index.js';
import type { SessionState, ThreadItem, ToolCallItem } from '../../src/core/types.js';
import { agentChunk, applyAll, freshSession, items, itemsOf, text, thoughtChunk, toolCall, toolUpdate, userChunk } from './helpers.js';

const tool = (s: SessionState, toolCallId: string): ToolCallItem => {
  const found = itemsOf(s, 'tool_call').filter((t) => t.toolCallId === toolCallId);
  expect(found).toHaveLength(1);
  return found[0]!;
};

const summary = (s: SessionState) => items(s).map((i) => (i.kind === 'tool_call' ? `tool:${i.toolCallId}` : 'text' in i ? `${i.kind}:${i.text}` : i.kind));

describe('message chunks', () => {
  it.each([
    ['agent_message', agentChunk],
    ['user_message', userChunk],
    ['thought', thoughtChunk],
  ] as const)('%s: chunks with the same messageId join, a new id starts a new item', (kind, chunk) => {
    const s = applyAll(freshSession(), [chunk('Hel', 'm1'), chunk('lo', 'm1'), chunk('Bye', 'm2')]);
    const list = items(s);
    expect(list.map((i) => i.kind)).toEqual([kind, kind]);
    expect(list[0]).toMatchObject({ messageId: 'm1', text: 'Hello', content: [{ type: 'text', text: 'Hello' }] });
    expect(list[1]).toMatchObject({ messageId: 'm2', text: 'Bye' });
  });

  it.each([
    ['agent_message', agentChunk],
    ['user_message', userChunk],
    ['thought', thoughtChunk],
  ] as const)('%s: a chunk with a known id appends to the original item even after a tool call', (kind, chunk) => {
    const s = applyAll(freshSession(), [chunk('first ', 'm1'), toolCall('t1'), chunk('second', 'm1')]);
    expect(summary(s)).toEqual([`${kind}:first second`, 'tool:t1']);
  });

  it('the same messageId on different chunk kinds gives separate items', () => {
    const s = applyAll(freshSession(), [thoughtChunk('hmm', 'm1'), agentChunk('answer', 'm1'), thoughtChunk(' more', 'm1')]);
    expect(summary(s)).toEqual(['thought:hmm more', 'agent_message:answer']);
  });

  it('without ids, consecutive chunks of one kind join', () => {
    const s = applyAll(freshSession(), [agentChunk('a'), agentChunk('b'), agentChunk('c')]);
    expect(summary(s)).toEqual(['agent_message:abc']);
    expect(items(s)[0]).toMatchObject({ messageId: null, content: [{ type: 'text', text: 'abc' }] });
  });

  it('without ids, a different kind in between starts a new item', () => {
    const s = applyAll(freshSession(), [agentChunk('a'), thoughtChunk('t'), agentChunk('b'), userChunk('u'), agentChunk('c')]);
    expect(summary(s)).toEqual(['agent_message:a', 'thought:t', 'agent_message:b', 'user_message:u', 'agent_message:c']);
  });

  it('without ids, a tool call in between starts a new item', () => {
    const s = applyAll(freshSession(), [agentChunk('before'), toolCall('t1'), agentChunk('after')]);
    expect(summary(s)).toEqual(['agent_message:before', 'tool:t1', 'agent_message:after']);
  });

  it('a null messageId counts as no id', () => {
    const s = applyAll(freshSession(), [agentChunk('a', null), agentChunk('b', null)]);
    expect(summary(s)).toEqual(['agent_message:ab']);
  });

  it('a malformed messageId is dropped (the chunk is still shown)', () => {
    const s = applyAll(freshSession(), [agentChunk('a'), { ...agentChunk('b'), messageId: 42 }]);
    expect(summary(s)).toEqual(['agent_message:ab']);
  });

  it('joins text in `text`, merges consecutive text blocks and appends non-text blocks', () => {
    const image = { type: 'image', data: 'AAAA', mimeType: 'image/png' };
    const link = { type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt' };
    const s = applyAll(freshSession(), [
      agentChunk('one '),
      agentChunk('two'),
      { sessionUpdate: 'agent_message_chunk', content: image },
      agentChunk(' three'),
      { sessionUpdate: 'agent_message_chunk', content: link },
    ]);
    const [item] = items(s);
    expect(items(s)).toHaveLength(1);
    expect(item).toMatchObject({ kind: 'agent_message', text: 'one two three' });
    expect((item as Extract<ThreadItem, { kind: 'agent_message' }>).content).toEqual([text('one two'), image, text(' three'), link]);
  });

  it('keeps annotations on text blocks instead of merging them away', () => {
    const annotated = { type: 'text', text: 'secret', annotations: { audience: ['assistant'] } };
    const s = applyAll(freshSession(), [agentChunk('a'), { sessionUpdate: 'agent_message_chunk', content: annotated }, agentChunk('b')]);
    const item = itemsOf(s, 'agent_message')[0]!;
    expect(item.text).toBe('asecretb');
    expect(item.content).toContainEqual(annotated);
  });

  it('keeps chunks with an unknown content type as UnknownContentBlock', () => {
    const video = { type: 'video', url: 'https://example.com/v.mp4' };
    const s = applyAll(freshSession(), [agentChunk('see: '), { sessionUpdate: 'agent_message_chunk', content: video }]);
    const item = itemsOf(s, 'agent_message')[0]!;
    expect(item.text).toBe('see: ');
    expect(item.content[1]).toEqual({ type: 'video', unsupported: true, raw: video });
  });

  it('keeps a known content type with missing fields as UnknownContentBlock, never as broken text', () => {
    const broken = { type: 'text', text: 42 };
    const s = applyAll(freshSession(), [{ sessionUpdate: 'agent_message_chunk', content: broken }]);
    const item = itemsOf(s, 'agent_message')[0]!;
    expect(item.text).toBe('');
    expect(item.content).toEqual([{ type: 'text', unsupported: true, raw: broken }]);
  });

  it('a chunk without content is unsupported', () => {
    const raw = { sessionUpdate: 'agent_message_chunk' };
    const s = applyAll(freshSession(), [raw]);
    expect(items(s)).toEqual([expect.objectContaining({ kind: 'unsupported', sessionUpdate: 'agent_message_chunk', raw })]);
  });
});

describe('thoughts', () => {
  it('is open while streaming and gets endedAt when something else follows', () => {
    let s = applySessionUpdate(freshSession(), thoughtChunk('thinking'), 100);
    s = applySessionUpdate(s, thoughtChunk(' more'), 150);
    expect(items(s)[0]).toMatchObject({ kind: 'thought', text: 'thinking more', startedAt: 100, endedAt: null });
    s = applySessionUpdate(s, agentChunk('answer'), 400);
    expect(items(s)[0]).toMatchObject({ kind: 'thought', startedAt: 100, endedAt: 400 });
  });

  it.each([
    ['a tool call', toolCall('t1')],
    ['a notice', { sessionUpdate: 'notice', severity: 'info', title: 'Heads up' }],
    ['a compaction', { sessionUpdate: 'compaction_update', compactionId: 'c1', status: 'in_progress' }],
    ['a thought with another id', thoughtChunk('other', 'm2')],
    ['an unsupported update', { sessionUpdate: 'plan_update', plan: {} }],
  ])('ends when followed by %s', (_label, next) => {
    let s = applySessionUpdate(freshSession(), thoughtChunk('thinking', 'm1'), 100);
    s = applySessionUpdate(s, next, 300);
    expect(items(s)[0]).toMatchObject({ kind: 'thought', messageId: 'm1', endedAt: 300 });
  });

  it('ends when the turn ends', () => {
    let s = startTurn(freshSession(), 'turn-1', [text('q')], 50);
    s = applySessionUpdate(s, thoughtChunk('thinking'), 100);
    s = endTurn(s, 'turn-1', { stopReason: 'end_turn' }, 900);
    expect(itemsOf(s, 'thought')[0]).toMatchObject({ endedAt: 900 });
  });

  it('a thought chunk without id after an ended thought starts a new thought', () => {
    let s = startTurn(freshSession(), 'turn-1', [text('q')], 50);
    s = applySessionUpdate(s, thoughtChunk('one'), 100);
    s = endTurn(s, 'turn-1', { stopReason: 'end_turn' }, 200);
    s = applySessionUpdate(s, thoughtChunk('two'), 300);
    expect(itemsOf(s, 'thought').map((t) => [t.text, t.endedAt])).toEqual([
      ['one', 200],
      ['two', null],
    ]);
  });

  it('never reports an end before the start', () => {
    let s = applySessionUpdate(freshSession(), thoughtChunk('t'), 500);
    s = applySessionUpdate(s, agentChunk('a'), 400);
    expect(itemsOf(s, 'thought')[0]!.endedAt).toBe(500);
  });
});

describe('tool calls', () => {
  it('tool_call creates a card with every field', () => {
    const s = applyAll(freshSession(), [
      toolCall('t1', {
        title: 'Read README',
        name: 'Read',
        kind: 'read',
        status: 'in_progress',
        content: [{ type: 'content', content: text('hi') }],
        locations: [{ path: '/workspace/README.md', line: 3 }],
        rawInput: { path: 'README.md' },
        rawOutput: { ok: true },
      }),
    ]);
    expect(tool(s, 't1')).toMatchObject({
      kind: 'tool_call',
      title: 'Read README',
      name: 'Read',
      toolKind: 'read',
      status: 'in_progress',
      content: [{ type: 'content', content: text('hi') }],
      locations: [{ path: '/workspace/README.md', line: 3 }],
      rawInput: { path: 'README.md' },
      rawOutput: { ok: true },
      createdByUpdate: false,
    });
  });

  it('tool_call defaults kind to other and status to pending', () => {
    const s = applyAll(freshSession(), [toolCall('t1')]);
    expect(tool(s, 't1')).toMatchObject({ toolKind: 'other', status: 'pending', content: [], locations: [], name: null });
  });

  it('tool_call_update for an unknown id creates the card (createdByUpdate)', () => {
    const s = applyAll(freshSession(), [toolUpdate('t9', { status: 'in_progress', kind: 'execute' })]);
    expect(tool(s, 't9')).toMatchObject({ createdByUpdate: true, status: 'in_progress', toolKind: 'execute', title: 't9' });
  });

  it('tool_call_update patches: content and locations replace, omitted fields stay', () => {
    const s = applyAll(freshSession(), [
      toolCall('t1', {
        kind: 'edit',
        content: [
          { type: 'content', content: text('old 1') },
          { type: 'content', content: text('old 2') },
        ],
        locations: [{ path: '/a' }, { path: '/b' }],
        rawInput: { x: 1 },
      }),
      toolUpdate('t1', { status: 'in_progress', content: [{ type: 'diff', path: '/a', oldText: 'x', newText: 'y' }] }),
      toolUpdate('t1', { locations: [{ path: '/c' }] }),
      toolUpdate('t1', { title: 'Renamed' }),
    ]);
    expect(tool(s, 't1')).toMatchObject({
      title: 'Renamed',
      toolKind: 'edit',
      status: 'in_progress',
      content: [{ type: 'diff', path: '/a', oldText: 'x', newText: 'y' }],
      locations: [{ path: '/c' }],
      rawInput: { x: 1 },
    });
  });

  it('null content and locations clear them', () => {
    const s = applyAll(freshSession(), [
      toolCall('t1', { content: [{ type: 'terminal', terminalId: 'term-1' }], locations: [{ path: '/a' }] }),
      toolUpdate('t1', { content: null, locations: null }),
    ]);
    expect(tool(s, 't1')).toMatchObject({ content: [], locations: [] });
  });

  it('an unknown kind becomes other; an unknown status is ignored', () => {
    let s = applyAll(freshSession(), [toolCall('t1', { kind: 'teleport', status: 'levitating' })]);
    expect(tool(s, 't1')).toMatchObject({ toolKind: 'other', status: 'pending' });
    s = applyAll(s, [toolUpdate('t1', { status: 'completed' }), toolUpdate('t1', { status: 'exploded' })]);
    expect(tool(s, 't1').status).toBe('completed');
  });

  it('invalid items inside content and locations are skipped, not the whole update', () => {
    const s = applyAll(freshSession(), [
      toolCall('t1', {
        content: [{ type: 'diff', path: '/a' }, { type: 'hologram' }, 7, { type: 'terminal', terminalId: 'term-1' }],
        locations: [{ line: 3 }, { path: '/ok', line: 'x' }, { path: '/fine' }],
      }),
    ]);
    expect(tool(s, 't1')).toMatchObject({ content: [{ type: 'terminal', terminalId: 'term-1' }], locations: [{ path: '/fine' }] });
  });

  it('rawInput / rawOutput / name update only when sent', () => {
    const s = applyAll(freshSession(), [
      toolCall('t1', { rawInput: { a: 1 }, name: 'Bash' }),
      toolUpdate('t1', { rawOutput: 'done' }),
      toolUpdate('t1', { status: 'completed' }),
    ]);
    expect(tool(s, 't1')).toMatchObject({ rawInput: { a: 1 }, rawOutput: 'done', name: 'Bash', status: 'completed' });
  });

  it('each toolCallId stays one card across tool_call and updates', () => {
    const s = applyAll(freshSession(), [toolUpdate('t1'), toolCall('t1'), agentChunk('x'), toolUpdate('t1', { status: 'failed' })]);
    expect(summary(s)).toEqual(['tool:t1', 'agent_message:x']);
    expect(tool(s, 't1').status).toBe('failed');
  });

  it.each([
    ['no toolCallId', { sessionUpdate: 'tool_call_update', status: 'completed' }],
    ['a numeric toolCallId', { sessionUpdate: 'tool_call', toolCallId: 42, title: 'x' }],
    ['a tool_call without title', { sessionUpdate: 'tool_call', toolCallId: 't1' }],
  ])('%s is unsupported', (_label, raw) => {
    const s = applyAll(freshSession(), [raw]);
    expect(items(s)).toEqual([expect.objectContaining({ kind: 'unsupported', raw })]);
    expect(itemsOf(s, 'unsupported')[0]!.reason).toMatch(/\w/);
  });
});

describe('session state updates', () => {
  const entry = (content: string) => ({ content, priority: 'high', status: 'pending' });

  it('plan replaces the whole plan and skips invalid entries', () => {
    let s = applyAll(freshSession(), [{ sessionUpdate: 'plan', entries: [entry('a'), entry('b')] }]);
    expect(s.plan).toEqual([entry('a'), entry('b')]);
    s = applyAll(s, [{ sessionUpdate: 'plan', entries: [entry('c'), { content: 'bad', priority: 'urgent', status: 'pending' }] }]);
    expect(s.plan).toEqual([entry('c')]);
    expect(items(s)).toEqual([]);
  });

  it('a plan without an entries list is unsupported and leaves the plan alone', () => {
    let s = applyAll(freshSession(), [{ sessionUpdate: 'plan', entries: [entry('a')] }]);
    s = applyAll(s, [{ sessionUpdate: 'plan', entries: 'nope' }]);
    expect(s.plan).toEqual([entry('a')]);
    expect(itemsOf(s, 'unsupported')).toHaveLength(1);
  });

  it('available_commands_update replaces the list', () => {
    const cmd = (name: string) => ({ name, description: `${name} command` });
    let s = applyAll(freshSession(), [{ sessionUpdate: 'available_commands_update', availableCommands: [cmd('a'), cmd('b')] }]);
    s = applyAll(s, [{ sessionUpdate: 'available_commands_update', availableCommands: [cmd('c'), { name: 'broken' }] }]);
    expect(s.commands).toEqual([cmd('c')]);
  });

  it('config_option_update replaces the options', () => {
    const opt = (id: string, currentValue: string) => ({ id, name: id, type: 'select', currentValue, options: [] });
    let s = applyAll(freshSession(), [{ sessionUpdate: 'config_option_update', configOptions: [opt('mode', 'a'), opt('model', 'b')] }]);
    s = applyAll(s, [{ sessionUpdate: 'config_option_update', configOptions: [opt('mode', 'z')] }]);
    expect(s.configOptions).toEqual([opt('mode', 'z')]);
  });

  it('current_mode_update accepts currentModeId and the docs’ modeId, keeping the available modes', () => {
    const modes = {
      currentModeId: 'ask',
      availableModes: [
        { id: 'ask', name: 'Ask' },
        { id: 'code', name: 'Code' },
      ],
    };
    let s: SessionState = { ...freshSession(), modes };
    s = applyAll(s, [{ sessionUpdate: 'current_mode_update', currentModeId: 'code' }]);
    expect(s.modes).toEqual({ ...modes, currentModeId: 'code' });
    s = applyAll(s, [{ sessionUpdate: 'current_mode_update', modeId: 'ask' }]);
    expect(s.modes).toEqual(modes);
    s = applyAll(s, [{ sessionUpdate: 'current_mode_update' }]);
    expect(s.modes).toEqual(modes);
    expect(itemsOf(s, 'unsupported')).toHaveLength(1);
  });

  it('session_info_update patches: omitted unchanged, null clears', () => {
    let s = applyAll(freshSession(), [{ sessionUpdate: 'session_info_update', title: 'Fix bug', updatedAt: '2026-01-01T00:00:00Z' }]);
    expect(s.info).toEqual({ title: 'Fix bug', updatedAt: '2026-01-01T00:00:00Z' });
    s = applyAll(s, [{ sessionUpdate: 'session_info_update', updatedAt: '2026-01-02T00:00:00Z' }]);
    expect(s.info).toEqual({ title: 'Fix bug', updatedAt: '2026-01-02T00:00:00Z' });
    s = applyAll(s, [{ sessionUpdate: 'session_info_update', title: null }]);
    expect(s.info).toEqual({ title: null, updatedAt: '2026-01-02T00:00:00Z' });
    s = applyAll(s, [{ sessionUpdate: 'session_info_update', title: 42, updatedAt: null }]);
    expect(s.info).toEqual({ title: null, updatedAt: null });
  });

  it('usage_update is a snapshot: replaced, never added', () => {
    let s = applyAll(freshSession(), [{ sessionUpdate: 'usage_update', used: 53000, size: 200000, cost: { amount: 0.5, currency: 'USD' } }]);
    expect(s.usage).toEqual({ used: 53000, size: 200000, cost: { amount: 0.5, currency: 'USD' } });
    s = applyAll(s, [{ sessionUpdate: 'usage_update', used: 1000, size: 200000, cost: { amount: 0.7, currency: 'USD' } }]);
    expect(s.usage).toEqual({ used: 1000, size: 200000, cost: { amount: 0.7, currency: 'USD' } });
    s = applyAll(s, [{ sessionUpdate: 'usage_update', used: 1200, size: 200000, cost: { amount: 'lots' } }]);
    expect(s.usage).toEqual({ used: 1200, size: 200000, cost: null });
  });

  it('usage_update with non-numeric used/size is unsupported and keeps the last snapshot', () => {
    let s = applyAll(freshSession(), [{ sessionUpdate: 'usage_update', used: 10, size: 100 }]);
    s = applyAll(s, [{ sessionUpdate: 'usage_update', used: '20', size: 100 }]);
    expect(s.usage).toEqual({ used: 10, size: 100, cost: null });
    expect(itemsOf(s, 'unsupported')).toHaveLength(1);
  });

  it('state updates never touch the thread', () => {
    const before = applyAll(freshSession(), [agentChunk('a'), toolCall('t1')]);
    const after = applyAll(before, [
      { sessionUpdate: 'plan', entries: [] },
      { sessionUpdate: 'usage_update', used: 1, size: 2 },
      { sessionUpdate: 'session_info_update', title: 'x' },
    ]);
    expect(after.thread).toBe(before.thread);
  });
});

describe('notices', () => {
  it('keeps severity, title and description; unknown severities stay strings', () => {
    const s = applyAll(freshSession(), [
      { sessionUpdate: 'notice', severity: 'warning', title: 'Rate limited', description: 'Retrying in 5 s' },
      { sessionUpdate: 'notice', severity: 'catastrophic', title: 'Odd' },
      { sessionUpdate: 'notice', title: 'No severity' },
    ]);
    expect(itemsOf(s, 'notice').map(({ severity, title, description }) => ({ severity, title, description }))).toEqual([
      { severity: 'warning', title: 'Rate limited', description: 'Retrying in 5 s' },
      { severity: 'catastrophic', title: 'Odd', description: null },
      { severity: 'info', title: 'No severity', description: null },
    ]);
  });

  it('a notice without a title is unsupported', () => {
    const s = applyAll(freshSession(), [{ sessionUpdate: 'notice', severity: 'info', title: '' }]);
    expect(items(s).map((i) => i.kind)).toEqual(['unsupported']);
  });
});

describe('compaction', () => {
  const cu = (extra: Record<string, unknown>) => ({ sessionUpdate: 'compaction_update', compactionId: 'c1', ...extra });

  it('the first notification fixes the position; later ones patch in place', () => {
    const s = applyAll(freshSession(), [
      agentChunk('a'),
      cu({ status: 'in_progress' }),
      agentChunk('b'),
      cu({ status: 'completed', summary: [text('We did X.')] }),
    ]);
    expect(items(s).map((i) => i.kind)).toEqual(['agent_message', 'compaction', 'agent_message']);
    expect(itemsOf(s, 'compaction')[0]).toMatchObject({ status: 'completed', summaryText: 'We did X.', summary: [text('We did X.')], error: null });
  });

  it('omitted fields are unchanged; null and [] clear the summary; null clears the error', () => {
    let s = applyAll(freshSession(), [cu({ status: 'failed', summary: [text('S')], error: 'boom' })]);
    s = applyAll(s, [cu({})]);
    expect(itemsOf(s, 'compaction')[0]).toMatchObject({ status: 'failed', summaryText: 'S', error: 'boom' });
    s = applyAll(s, [cu({ summary: null, error: null })]);
    expect(itemsOf(s, 'compaction')[0]).toMatchObject({ status: 'failed', summary: [], summaryText: '', error: null });
    s = applyAll(s, [cu({ summary: [text('again')] }), cu({ summary: [] })]);
    expect(itemsOf(s, 'compaction')[0]).toMatchObject({ summary: [], summaryText: '' });
  });

  it('unknown statuses are kept as strings', () => {
    const s = applyAll(freshSession(), [cu({ status: 'paused' })]);
    expect(itemsOf(s, 'compaction')[0]!.status).toBe('paused');
  });

  it('summary chunks append to the summary', () => {
    const s = applyAll(freshSession(), [
      cu({ status: 'in_progress' }),
      { sessionUpdate: 'compaction_summary_chunk', compactionId: 'c1', content: text('Part 1. ') },
      { sessionUpdate: 'compaction_summary_chunk', compactionId: 'c1', content: text('Part 2.') },
    ]);
    expect(itemsOf(s, 'compaction')[0]).toMatchObject({ summaryText: 'Part 1. Part 2.', summary: [text('Part 1. Part 2.')] });
  });

  it('a summary chunk for an unknown id creates an in_progress marker', () => {
    const s = applyAll(freshSession(), [{ sessionUpdate: 'compaction_summary_chunk', compactionId: 'c7', content: text('Hi') }]);
    expect(items(s)).toEqual([expect.objectContaining({ kind: 'compaction', compactionId: 'c7', status: 'in_progress', summaryText: 'Hi' })]);
  });

  it('distinct compaction ids are distinct markers', () => {
    const s = applyAll(freshSession(), [cu({ status: 'completed' }), { ...cu({ status: 'in_progress' }), compactionId: 'c2' }]);
    expect(itemsOf(s, 'compaction').map((c) => [c.compactionId, c.status])).toEqual([
      ['c1', 'completed'],
      ['c2', 'in_progress'],
    ]);
  });
});

describe('unsupported updates', () => {
  it.each([
    ['an unknown kind', { sessionUpdate: 'future_update', state: { busy: true } }, 'future_update', /Unknown update kind "future_update"/],
    // v2's kinds on v1 are read as v2 defines them (test/core/v2-updates.test.ts): a malformed one is still unsupported.
    ['a malformed v2 state_update', { sessionUpdate: 'state_update', state: { busy: true } }, 'state_update', /Unknown turn state/],
    ['a plan_update of an unknown plan type', { sessionUpdate: 'plan_update', plan: { type: 'diagram', planId: 'p' } }, 'plan_update', /Unknown plan type/],
    ['no kind', { hello: 'world' }, null, /sessionUpdate/],
    ['a non-object', 'agent_message_chunk', null, /not an object/],
    ['null', null, null, /not an object/],
    ['an array', [1, 2], null, /not an object/],
    ['a wrong-typed command list', { sessionUpdate: 'available_commands_update', availableCommands: {} }, 'available_commands_update', /command/],
    ['a compaction without id', { sessionUpdate: 'compaction_update', status: 'completed' }, 'compaction_update', /id/],
    ['an Object.prototype name as kind', { sessionUpdate: 'toString', content: text('x') }, 'toString', /toString/],
    ['__proto__ as kind', { sessionUpdate: '__proto__', content: text('x') }, '__proto__', /__proto__/],
    ['constructor as kind', { sessionUpdate: 'constructor', content: text('x') }, 'constructor', /constructor/],
  ])('%s becomes an unsupported item with reason and raw', (_label, raw, sessionUpdate, reason) => {
    const s = applyAll(freshSession(), [raw]);
    const list = items(s);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ kind: 'unsupported', sessionUpdate, raw });
    expect((list[0] as Extract<ThreadItem, { kind: 'unsupported' }>).reason).toMatch(reason);
  });
});

describe('user prompt echo', () => {
  it('an agent echo of the prompt does not duplicate the optimistic message', () => {
    let s = startTurn(freshSession(), 'turn-1', [text('hello world')], 10);
    s = applyAll(s, [userChunk('hello '), userChunk('world'), agentChunk('Hi!')]);
    expect(summary(s)).toEqual(['user_message:hello world', 'agent_message:Hi!']);
    expect(itemsOf(s, 'user_message')[0]).toMatchObject({ turnId: 'turn-1', content: [text('hello world')] });
  });

  it('an echo with a messageId adopts the id, so later chunks with it find the message', () => {
    let s = startTurn(freshSession(), 'turn-1', [text('hello')], 10);
    s = applyAll(s, [userChunk('hello', 'u1'), agentChunk('Hi!')]);
    expect(summary(s)).toEqual(['user_message:hello', 'agent_message:Hi!']);
    expect(itemsOf(s, 'user_message')[0]).toMatchObject({ messageId: 'u1', turnId: 'turn-1' });
  });

  it('a user chunk that is not the prompt never merges into the optimistic message', () => {
    let s = startTurn(freshSession(), 'turn-1', [text('hello')], 10);
    s = applyAll(s, [userChunk('something else')]);
    expect(summary(s)).toEqual(['user_message:hello', 'user_message:something else']);
    expect(itemsOf(s, 'user_message')[0]).toMatchObject({ local: true, text: 'hello' });
  });
});

describe('turns', () => {
  it('startTurn adds a local user message and a running turn', () => {
    const s = startTurn(freshSession(), 'turn-1', [text('Fix '), text('it'), { type: 'resource_link', uri: 'file:///a', name: 'a' }], 10);
    expect(items(s)).toEqual([expect.objectContaining({ kind: 'user_message', local: true, turnId: 'turn-1', messageId: null, text: 'Fix it' })]);
    expect(s.turn).toEqual({ state: 'running', turnId: 'turn-1', stopReason: null, error: null });
    expect(s.turns).toEqual([{ turnId: 'turn-1', startIndex: 0, status: 'running', stopReason: null, error: null, startedAt: 10, endedAt: null }]);
  });

  it('cancelTurn marks this turn’s unfinished tool calls cancelled, not earlier turns’ ones', () => {
    let s = startTurn(freshSession(), 'turn-1', [text('one')], 10);
    s = applyAll(s, [toolCall('old', { status: 'in_progress' })]);
    s = endTurn(s, 'turn-1', { stopReason: 'end_turn' }, 20);
    s = startTurn(s, 'turn-2', [text('two')], 30);
    s = applyAll(s, [
      toolCall('p', { status: 'pending' }),
      toolCall('r', { status: 'in_progress' }),
      toolCall('c', { status: 'completed' }),
      toolCall('f', { status: 'failed' }),
    ]);
    s = cancelTurn(s);
    expect(['old', 'p', 'r', 'c', 'f'].map((id) => tool(s, id).status)).toEqual(['in_progress', 'cancelled', 'cancelled', 'completed', 'failed']);
    expect(s.turn.state).toBe('cancelling');
    expect(s.turns.map((t) => t.status)).toEqual(['ended', 'cancelling']);
  });

  it('late tool_call_update after cancel still applies', () => {
    let s = startTurn(freshSession(), 'turn-1', [text('go')], 10);
    s = applyAll(s, [toolCall('t1', { status: 'in_progress' })]);
    s = cancelTurn(s);
    expect(tool(s, 't1').status).toBe('cancelled');
    s = applyAll(s, [toolUpdate('t1', { status: 'completed', content: [{ type: 'content', content: text('out') }] })]);
    expect(tool(s, 't1')).toMatchObject({ status: 'completed', content: [{ type: 'content', content: text('out') }] });
  });

  it('cancelTurn without a running turn changes nothing', () => {
    const s = freshSession();
    expect(cancelTurn(s)).toBe(s);
    const cancelling = cancelTurn(startTurn(s, 'turn-1', [text('x')], 1));
    expect(cancelTurn(cancelling)).toBe(cancelling);
  });

  it('endTurn with a stop reason ends the turn and records usage', () => {
    let s = startTurn(freshSession(), 'turn-1', [text('go')], 10);
    const usage = { totalTokens: 30, inputTokens: 20, outputTokens: 10 };
    s = endTurn(s, 'turn-1', { stopReason: 'max_tokens', usage }, 99);
    expect(s.turn).toEqual({ state: 'idle', turnId: 'turn-1', stopReason: 'max_tokens', error: null });
    expect(s.turns[0]).toMatchObject({ status: 'ended', stopReason: 'max_tokens', endedAt: 99 });
    expect(s.lastTurnUsage).toEqual(usage);
  });

  it('endTurn with stopReason cancelled shows the unfinished tool calls cancelled', () => {
    let s = startTurn(freshSession(), 'turn-1', [text('go')], 10);
    s = applyAll(s, [toolCall('t1', { status: 'in_progress' }), toolCall('t2', { status: 'completed' })]);
    s = cancelTurn(s);
    // The agent flushes a late update that puts the call back in progress, then answers "cancelled".
    s = applyAll(s, [toolUpdate('t1', { status: 'in_progress' })]);
    s = endTurn(s, 'turn-1', { stopReason: 'cancelled' }, 50);
    expect([tool(s, 't1').status, tool(s, 't2').status]).toEqual(['cancelled', 'completed']);
    expect(s.turn).toMatchObject({ state: 'idle', stopReason: 'cancelled', error: null });
    expect(s.turns[0]).toMatchObject({ status: 'ended', stopReason: 'cancelled' });
  });

  it('endTurn with end_turn leaves tool calls as the agent left them', () => {
    let s = startTurn(freshSession(), 'turn-1', [text('go')], 10);
    s = applyAll(s, [toolCall('t1', { status: 'pending' })]);
    s = endTurn(s, 'turn-1', { stopReason: 'end_turn' }, 50);
    expect(tool(s, 't1').status).toBe('pending');
  });

  it('endTurn with an error fails the turn and cancels unfinished tool calls', () => {
    let s = startTurn(freshSession(), 'turn-1', [text('go')], 10);
    s = applyAll(s, [toolCall('t1', { status: 'pending' })]);
    const error = { code: -32000, message: 'Authentication required' };
    s = endTurn(s, 'turn-1', { error }, 50);
    expect(s.turn).toEqual({ state: 'idle', turnId: 'turn-1', stopReason: null, error });
    expect(s.turns[0]).toMatchObject({ status: 'failed', error, endedAt: 50 });
    expect(tool(s, 't1').status).toBe('cancelled');
  });

  it('endTurn interrupted marks the turn interrupted', () => {
    let s = startTurn(freshSession(), 'turn-1', [text('go')], 10);
    s = endTurn(s, 'turn-1', { error: { code: 'connection_closed', message: 'lost' }, interrupted: true }, 50);
    expect(s.turns[0]!.status).toBe('interrupted');
    expect(s.turn.state).toBe('idle');
  });

  it('endTurn for another turn id is ignored', () => {
    const s = startTurn(freshSession(), 'turn-2', [text('go')], 10);
    expect(endTurn(s, 'turn-1', { stopReason: 'end_turn' }, 50)).toBe(s);
  });
});

describe('structural sharing', () => {
  const build = () =>
    applyAll(freshSession(), [
      userChunk('q', 'u1'),
      thoughtChunk('t', 'th1'),
      agentChunk('a', 'm1'),
      toolCall('t1'),
      { sessionUpdate: 'compaction_update', compactionId: 'c1', status: 'in_progress' },
      toolCall('t2'),
      { sessionUpdate: 'notice', title: 'n' },
      agentChunk('b', 'm2'),
    ]);

  it.each([
    ['a tool call update in the middle', toolUpdate('t1', { status: 'completed' }), 3],
    ['a chunk to an earlier message', agentChunk(' more', 'm1'), 2],
    ['a compaction patch', { sessionUpdate: 'compaction_update', compactionId: 'c1', status: 'completed' }, 4],
    ['a chunk to the last message', agentChunk(' more', 'm2'), 7],
  ])('%s keeps every other item object identical', (_label, update, changed) => {
    const before = build();
    const beforeItems = items(before);
    const after = applySessionUpdate(before, update, 5000);
    const afterItems = items(after);
    expect(afterItems).toHaveLength(beforeItems.length);
    afterItems.forEach((item, i) => {
      if (i === changed) expect(item).not.toBe(beforeItems[i]);
      else expect(item).toBe(beforeItems[i]);
    });
    // The old version is untouched.
    expect(items(before)).toBe(beforeItems);
    expect(before.thread.items.get(changed)).toBe(beforeItems[changed]);
  });

  it('appending keeps every existing item object identical', () => {
    const before = build();
    const beforeItems = items(before);
    const after = applySessionUpdate(before, toolCall('t3'), 5000);
    beforeItems.forEach((item, i) => expect(after.thread.items.get(i)).toBe(item));
    expect(after.thread.items.size).toBe(beforeItems.length + 1);
  });
});
