/**
 * Streaming must cost O(1) per update whatever the thread length: an O(n) append (copying the
 * thread array, scanning it, rebuilding a message's blocks) would make a long session crawl.
 *
 * No timing here. A probe counts the array elements the reducer touches through the generic array
 * paths — `slice`/`concat`/`map`/`filter` (by the receiver's length) and every step of an array
 * iterator (spread, `for…of`, `yield*`, `Array.from`) — during the last 1,000 updates of a run,
 * and the test compares that work between a short run (2,000) and a long one (40,000).
 */
import { describe, expect, it } from 'vitest';
import { appendBlock, readContentBlock, textOf } from '../../src/core/content.js';
import { applySessionUpdate } from '../../src/core/reducer/index.js';
import { closeOpenThought } from '../../src/core/reducer/thoughts.js';
import { createSessionState } from '../../src/core/session.js';
import { sessionMessageReducers } from '../../src/core/session-messages.js';
import { appendItem, replaceItem } from '../../src/core/thread.js';
import type { SessionState } from '../../src/core/types.js';
import { agentChunk, freshSession, text, toolCall, toolUpdate } from './helpers.js';

type AnyFn = (this: unknown[], ...args: unknown[]) => unknown;

let work = 0;

/** Installs the counting probe, runs `fn`, and always restores the originals. */
function withProbe<T>(fn: () => T): T {
  const proto = Array.prototype as unknown as Record<string, AnyFn>;
  const iteratorProto = Object.getPrototypeOf([][Symbol.iterator]()) as { next: (this: unknown) => unknown };
  const originals = { slice: proto.slice!, concat: proto.concat!, map: proto.map!, filter: proto.filter!, next: iteratorProto.next };
  for (const name of ['slice', 'concat', 'map', 'filter'] as const) {
    const original = originals[name];
    proto[name] = function (this: unknown[], ...args: unknown[]) {
      work += this.length;
      return original.apply(this, args);
    };
  }
  iteratorProto.next = function (this: unknown) {
    work++;
    return originals.next.call(this);
  };
  try {
    return fn();
  } finally {
    for (const name of ['slice', 'concat', 'map', 'filter'] as const) proto[name] = originals[name];
    iteratorProto.next = originals.next;
  }
}

const WINDOW = 1000;
/** One 32-slot trie node: what one extra level of the persistent list costs to copy. */
const LEVEL = 32;
/**
 * Worst case of one list operation, whatever the exact layout: a tail, a leaf and a path of
 * nodes down a trie of this test's height. An O(n) copy of a 2,000+ item thread is far above it.
 */
const PER_OPERATION = 4 * LEVEL;

type Apply = (session: SessionState, update: unknown, now: number) => SessionState;

/** Applies `n` steps; returns the max and total work per update over the last WINDOW steps. */
function run(n: number, updatesFor: (i: number) => unknown[], apply: Apply = applySessionUpdate): { max: number; mean: number; size: number } {
  let s: SessionState = freshSession();
  for (let i = 0; i < n - WINDOW; i++) for (const u of updatesFor(i)) s = apply(s, u, i);
  // Build the window's updates before the probe is installed, so only the reducer is measured.
  const windowUpdates = Array.from({ length: WINDOW }, (_, k) => updatesFor(n - WINDOW + k));
  let max = 0;
  let total = 0;
  withProbe(() => {
    for (let k = 0; k < WINDOW; k++) {
      const before = work;
      for (const u of windowUpdates[k]!) s = apply(s, u, n - WINDOW + k);
      const spent = work - before;
      max = Math.max(max, spent);
      total += spent;
    }
  });
  return { max, mean: total / WINDOW, size: s.thread.items.size };
}

describe('per-update work does not grow with the thread', () => {
  it('the probe sees copies made by spread, slice and iteration (so the checks below can fail)', () => {
    const big = Array.from({ length: 5000 }, (_, i) => i);
    const before = work;
    withProbe(() => {
      const copy = [...big];
      copy.slice();
      for (const _ of copy) void _;
    });
    expect(work - before).toBeGreaterThanOrEqual(15000);
  });

  it('streaming into one message (no ids)', () => {
    const small = run(2000, (i) => [agentChunk(`w${i} `)]);
    const large = run(40000, (i) => [agentChunk(`w${i} `)]);
    expect(large.size).toBe(1);
    expect(large.max).toBeLessThanOrEqual(64);
    expect(large.max).toBeLessThanOrEqual(small.max);
  });

  it('a new messageId per chunk: the thread grows by one item per update', () => {
    const small = run(2000, (i) => [agentChunk(`w${i}`, `m${i}`)]);
    const large = run(40000, (i) => [agentChunk(`w${i}`, `m${i}`)]);
    expect(large.size).toBe(40000);
    expect(large.max).toBeLessThanOrEqual(PER_OPERATION);
    // 20× the items adds at most one trie level to the occasional path copy of a push.
    expect(large.max).toBeLessThanOrEqual(small.max + LEVEL);
    expect(large.mean).toBeLessThanOrEqual(small.mean + 4);
  });

  it('alternating thoughts, messages and tool calls without ids (new items and a closed thought every step)', () => {
    const steps = (i: number) => [
      { sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: 't' } },
      agentChunk(`a${i}`),
      toolCall(`call-${i}`, { status: 'in_progress' }),
    ];
    const small = run(2000, steps);
    const large = run(14000, steps);
    expect(large.size).toBe(42000);
    expect(large.max).toBeLessThanOrEqual(3 * PER_OPERATION);
    expect(large.max).toBeLessThanOrEqual(small.max + LEVEL);
    expect(large.mean).toBeLessThanOrEqual(small.mean + 4);
  });

  it('updates to items deep in the thread cost O(log32 n): one trie level more for 20× the items', () => {
    // Every step adds a tool call and patches the first message and the first tool call.
    const steps = (i: number) =>
      i === 0
        ? [agentChunk('first', 'm0'), toolCall('call-0')]
        : [toolCall(`call-${i}`), agentChunk(` ${i}`, 'm0'), toolUpdate('call-0', { status: 'in_progress', rawOutput: i })];
    const small = run(2000, steps);
    const large = run(40000, steps);
    expect(large.size).toBe(40001);
    // Three trie operations per step (push, two deep sets), each copying 32-slot nodes along a
    // path: 20× the items may add one level (32 slots) to each.
    expect(large.max).toBeLessThanOrEqual(small.max + 3 * LEVEL);
    expect(large.mean).toBeLessThanOrEqual(small.mean + 3 * LEVEL);
    expect(large.max).toBeLessThanOrEqual(3 * PER_OPERATION);
  });

  it('a sub-agent run streaming under a Task deep in a long thread: nesting scans neither the thread nor the run', () => {
    const under = { _meta: { claudeCode: { parentToolUseId: 'task' } } };
    // Every step grows the thread and the run by one tool call, streams into a nested message,
    // and patches an early nested tool call by its id alone (as a tool result does).
    const steps = (i: number) =>
      i === 0
        ? [toolCall('task'), { ...toolCall('sub-0'), ...under }, { ...agentChunk('first', 'n0'), ...under }]
        : [
            toolCall(`call-${i}`),
            { ...toolCall(`sub-${i}`), ...under },
            { ...agentChunk(` ${i}`, 'n0'), ...under },
            toolUpdate('sub-0', { status: 'in_progress', rawOutput: i }),
          ];
    const small = run(2000, steps);
    const large = run(40000, steps);
    expect(large.size).toBe(40000);
    // Per step, seven list operations: in the thread a push and three deep sets (the Task, once
    // per nested update), in the run a push and two deep sets; 20× the items adds at most one
    // trie level to each.
    expect(large.max).toBeLessThanOrEqual(small.max + 7 * LEVEL);
    expect(large.mean).toBeLessThanOrEqual(small.mean + 7 * LEVEL);
    expect(large.max).toBeLessThanOrEqual(7 * PER_OPERATION);
  });

  it('inter-session messages (subagents opt-in): chunks into a message deep in a long thread find it through the index', () => {
    const reducers = { createSessionState, applySessionUpdate };
    const reducersFor = sessionMessageReducers(reducers, [readContentBlock, appendBlock, textOf, appendItem, replaceItem, closeOpenThought]);
    // As the router applies them: inter-session messages through their reducers, the rest as usual.
    const apply: Apply = (s, u, now) => (reducersFor(u, () => {}) ?? reducers).applySessionUpdate(s, u, now);
    const message = (messageId: string, fields: Record<string, unknown>) => ({ sessionUpdate: 'session_message', messageId, ...fields });
    const chunk = (messageId: string, t: string) => ({ sessionUpdate: 'session_message_chunk', messageId, content: text(t) });
    // Every step adds an agent message and a new inter-session message (its chunk first, then its
    // upsert), streams into the first one and patches its participants.
    const steps = (i: number) =>
      i === 0
        ? [message('s0', { senderSessionId: 'parent', content: [text('first')] })]
        : [
            agentChunk(`a${i}`, `m${i}`),
            chunk(`s${i}`, 'x'),
            message(`s${i}`, { recipientSessionId: 'child' }),
            chunk('s0', ` ${i}`),
            message('s0', { recipientMessageId: `in-${i}` }),
          ];
    const small = run(2000, steps, apply);
    const large = run(40000, steps, apply);
    expect(large.size).toBe(1 + 2 * 39999);
    // Per step: two pushes and three deep sets; 20× the items adds at most one trie level to each.
    expect(large.max).toBeLessThanOrEqual(small.max + 5 * LEVEL);
    expect(large.mean).toBeLessThanOrEqual(small.mean + 5 * LEVEL);
    expect(large.max).toBeLessThanOrEqual(5 * PER_OPERATION);
  });
});
