import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applySessionUpdate, cancelTurn, endTurn, startTurn } from '../../src/core/reducer/index.js';
import type { SessionState, ThreadItem } from '../../src/core/types.js';
import { freshSession } from './helpers.js';

// --- arbitraries --------------------------------------------------------------------------------

const messageIds = fc.constantFrom<string | null | undefined>('m1', 'm2', 'm3', null, undefined);
const toolCallIds = fc.constantFrom('t1', 't2', 't3', 't4');
const compactionIds = fc.constantFrom('c1', 'c2');
const shortText = fc.string({ maxLength: 6 });

const textBlock = shortText.map((text) => ({ type: 'text', text }));
const contentBlock = fc.oneof(
  { weight: 6, arbitrary: textBlock },
  { weight: 1, arbitrary: fc.constant({ type: 'image', data: 'AAAA', mimeType: 'image/png' }) },
  { weight: 1, arbitrary: fc.constant({ type: 'resource_link', uri: 'file:///a', name: 'a' }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constantFrom('video', 'text', 'resource', ''), extra: fc.anything() }) },
  { weight: 1, arbitrary: fc.anything() },
);

const chunkKinds = fc.constantFrom('agent_message_chunk', 'user_message_chunk', 'agent_thought_chunk');
const chunk = fc.record({ sessionUpdate: chunkKinds, content: contentBlock, messageId: messageIds }, { requiredKeys: ['sessionUpdate', 'content'] });

const toolKind = fc.oneof(fc.constantFrom('read', 'edit', 'execute', 'other', 'teleport'), fc.anything());
const toolStatus = fc.oneof(fc.constantFrom('pending', 'in_progress', 'completed', 'failed', 'levitating'), fc.anything());
const toolContentItem = fc.oneof(
  contentBlock.map((content) => ({ type: 'content', content })),
  fc.constant({ type: 'diff', path: '/a', oldText: null, newText: 'x' }),
  fc.constant({ type: 'terminal', terminalId: 'term-1' }),
  fc.anything(),
);
const toolFields = {
  toolCallId: toolCallIds,
  title: fc.oneof(shortText, fc.anything()),
  name: fc.oneof(shortText, fc.constant(null)),
  kind: toolKind,
  status: toolStatus,
  content: fc.oneof(fc.array(toolContentItem, { maxLength: 3 }), fc.constant(null), fc.anything()),
  locations: fc.oneof(fc.array(fc.oneof(fc.record({ path: fc.constant('/a'), line: fc.nat() }), fc.anything()), { maxLength: 2 }), fc.constant(null)),
  rawInput: fc.anything(),
  rawOutput: fc.anything(),
};
const toolCallUpdate = fc.record(
  { sessionUpdate: fc.constantFrom('tool_call', 'tool_call_update'), ...toolFields },
  { requiredKeys: ['sessionUpdate', 'toolCallId'] },
);

const plan = fc.record({
  sessionUpdate: fc.constant('plan'),
  entries: fc.oneof(
    fc.array(fc.record({ content: shortText, priority: fc.constantFrom('high', 'low', 'meh'), status: fc.constantFrom('pending', 'completed') })),
    fc.anything(),
  ),
});
const commands = fc.record({
  sessionUpdate: fc.constant('available_commands_update'),
  availableCommands: fc.oneof(fc.array(fc.record({ name: shortText, description: shortText })), fc.anything()),
});
const config = fc.record({
  sessionUpdate: fc.constant('config_option_update'),
  configOptions: fc.oneof(fc.array(fc.record({ id: shortText, name: shortText, type: fc.constant('boolean'), currentValue: fc.boolean() })), fc.anything()),
});
const mode = fc.record(
  { sessionUpdate: fc.constant('current_mode_update'), currentModeId: fc.anything(), modeId: fc.anything() },
  { requiredKeys: ['sessionUpdate'] },
);
const info = fc.record(
  {
    sessionUpdate: fc.constant('session_info_update'),
    title: fc.oneof(shortText, fc.constant(null), fc.anything()),
    updatedAt: fc.oneof(shortText, fc.constant(null)),
  },
  { requiredKeys: ['sessionUpdate'] },
);
const usage = fc.record(
  { sessionUpdate: fc.constant('usage_update'), used: fc.oneof(fc.nat(), fc.anything()), size: fc.oneof(fc.nat(), fc.anything()), cost: fc.anything() },
  { requiredKeys: ['sessionUpdate'] },
);
const notice = fc.record(
  {
    sessionUpdate: fc.constant('notice'),
    severity: fc.oneof(fc.constantFrom('info', 'warning', 'error', 'weird'), fc.anything()),
    title: fc.oneof(shortText, fc.anything()),
    description: fc.anything(),
  },
  { requiredKeys: ['sessionUpdate'] },
);
const compaction = fc.record(
  {
    sessionUpdate: fc.constant('compaction_update'),
    compactionId: fc.oneof({ weight: 5, arbitrary: compactionIds }, { weight: 1, arbitrary: fc.anything() }),
    status: fc.oneof(fc.constantFrom('in_progress', 'completed', 'failed', 'odd'), fc.anything()),
    summary: fc.oneof(fc.array(contentBlock, { maxLength: 2 }), fc.constant(null), fc.anything()),
    error: fc.oneof(shortText, fc.constant(null), fc.anything()),
  },
  { requiredKeys: ['sessionUpdate'] },
);
const compactionChunk = fc.record(
  { sessionUpdate: fc.constant('compaction_summary_chunk'), compactionId: fc.oneof(compactionIds, fc.anything()), content: contentBlock },
  { requiredKeys: ['sessionUpdate'] },
);
const unknownKind = fc.record({
  sessionUpdate: fc.oneof(
    fc.constantFrom('plan_update', 'subagent_update', 'agent_message'),
    // Names that exist on Object.prototype: a lookup table keyed by the kind must not find them.
    fc.constantFrom('toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'),
    fc.string(),
  ),
  content: contentBlock,
  payload: fc.anything(),
});
const garbage = fc.anything();

const anyUpdate = fc.oneof(
  { weight: 8, arbitrary: chunk },
  { weight: 5, arbitrary: toolCallUpdate },
  { weight: 1, arbitrary: plan },
  { weight: 1, arbitrary: commands },
  { weight: 1, arbitrary: config },
  { weight: 1, arbitrary: mode },
  { weight: 1, arbitrary: info },
  { weight: 1, arbitrary: usage },
  { weight: 1, arbitrary: notice },
  { weight: 2, arbitrary: compaction },
  { weight: 2, arbitrary: compactionChunk },
  { weight: 1, arbitrary: unknownKind },
  { weight: 1, arbitrary: garbage },
);

type Step = { update: unknown } | { turn: 'start' | 'cancel' | 'end' | 'fail'; prompt: string };
const turnStep = fc.record({ turn: fc.constantFrom('start', 'cancel', 'end', 'fail' as const), prompt: shortText });
const step: fc.Arbitrary<Step> = fc.oneof({ weight: 12, arbitrary: anyUpdate.map((update) => ({ update })) }, { weight: 1, arbitrary: turnStep });

// --- the fold ---------------------------------------------------------------------------------

function applyStep(s: SessionState, st: Step, now: number): SessionState {
  if ('update' in st) return applySessionUpdate(s, st.update, now);
  switch (st.turn) {
    case 'start':
      return startTurn(s, `turn-${now}`, [{ type: 'text', text: st.prompt }], now);
    case 'cancel':
      return cancelTurn(s);
    case 'end':
      return s.turn.turnId ? endTurn(s, s.turn.turnId, { stopReason: 'end_turn' }, now) : s;
    case 'fail':
      return s.turn.turnId ? endTurn(s, s.turn.turnId, { error: { code: -32603, message: 'x' } }, now) : s;
  }
}

const fold = (steps: readonly Step[], from = freshSession(), offset = 0) => steps.reduce((s, st, i) => applyStep(s, st, 1000 + offset + i), from);

// --- independent oracles ------------------------------------------------------------------------

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const CHUNK_KIND: Record<string, ThreadItem['kind']> = Object.assign(Object.create(null) as Record<string, ThreadItem['kind']>, {
  agent_message_chunk: 'agent_message',
  user_message_chunk: 'user_message',
  agent_thought_chunk: 'thought',
});

/** The text a raw chunk contributes: only well-formed text blocks count. */
function chunkText(content: unknown): string {
  return isRecord(content) && content.type === 'text' && typeof content.text === 'string' ? content.text : '';
}

/** Tool call ids the reducer must show: a non-empty string id, plus a string title for `tool_call`. */
function acceptedToolCallId(u: unknown): string | null {
  if (!isRecord(u) || typeof u.toolCallId !== 'string' || u.toolCallId === '') return null;
  if (u.sessionUpdate === 'tool_call_update') return u.toolCallId;
  if (u.sessionUpdate === 'tool_call' && typeof u.title === 'string') return u.toolCallId;
  return null;
}

const updatesOf = (steps: readonly Step[]) => steps.flatMap((st) => ('update' in st ? [st.update] : []));
const hasTurns = (steps: readonly Step[]) => steps.some((st) => 'turn' in st);

// --- properties ---------------------------------------------------------------------------------

const RUNS = { numRuns: 400 };

describe('applySessionUpdate over random update sequences', () => {
  it('never throws, and every accepted toolCallId is exactly one card', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const s = fold(steps);
        const cards = new Map<string, number>();
        for (const item of s.thread.items) {
          if (item.kind === 'tool_call') cards.set(item.toolCallId, (cards.get(item.toolCallId) ?? 0) + 1);
        }
        const expected = new Set(
          updatesOf(steps)
            .map(acceptedToolCallId)
            .filter((id): id is string => id !== null),
        );
        expect([...cards.keys()].sort()).toEqual([...expected].sort());
        for (const count of cards.values()) expect(count).toBe(1);
      }),
      RUNS,
    );
  });

  it('item ids are unique; compaction ids appear once; only the last item can be an open thought', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const list = fold(steps).thread.items.toArray();
        expect(new Set(list.map((i) => i.id)).size).toBe(list.length);
        const compactions = list.flatMap((i) => (i.kind === 'compaction' ? [i.compactionId] : []));
        expect(new Set(compactions).size).toBe(compactions.length);
        list.forEach((item, i) => {
          if (item.kind !== 'thought') return;
          if (i < list.length - 1) expect(item.endedAt).not.toBeNull();
          if (item.endedAt !== null) expect(item.endedAt).toBeGreaterThanOrEqual(item.startedAt);
        });
      }),
      RUNS,
    );
  });

  it('without message ids, agent and thought texts are the chunk texts in order', () => {
    const noIdChunk = chunk.map(({ messageId: _drop, ...rest }) => rest);
    const noIdStep: fc.Arbitrary<Step> = fc.oneof(
      { weight: 8, arbitrary: noIdChunk.map((update) => ({ update })) },
      {
        weight: 4,
        arbitrary: anyUpdate
          .filter((u) => !(isRecord(u) && typeof u.sessionUpdate === 'string' && u.sessionUpdate in CHUNK_KIND))
          .map((update) => ({ update })),
      },
      { weight: 1, arbitrary: turnStep },
    );
    fc.assert(
      fc.property(fc.array(noIdStep, { maxLength: 60 }), (steps) => {
        const list = fold(steps).thread.items.toArray();
        const kinds: ThreadItem['kind'][] = hasTurns(steps) ? ['agent_message', 'thought'] : ['agent_message', 'thought', 'user_message'];
        for (const kind of kinds) {
          const shown = list.flatMap((i) => (i.kind === kind && 'text' in i ? [i.text] : [])).join('');
          const sent = updatesOf(steps)
            .filter((u) => isRecord(u) && CHUNK_KIND[u.sessionUpdate as string] === kind)
            .map((u) => chunkText((u as Record<string, unknown>).content))
            .join('');
          expect(shown).toBe(sent);
        }
      }),
      RUNS,
    );
  });

  it('with message ids, each message is its chunks in order, one item per (kind, id)', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const list = fold(steps).thread.items.toArray();
        const expected = new Map<string, string>();
        const noId = new Map<string, string>();
        for (const u of updatesOf(steps)) {
          if (!isRecord(u) || typeof u.sessionUpdate !== 'string' || !(u.sessionUpdate in CHUNK_KIND) || !('content' in u)) continue;
          const kind = CHUNK_KIND[u.sessionUpdate as string]!;
          if (typeof u.messageId === 'string') {
            const key = `${kind}:${u.messageId}`;
            expected.set(key, (expected.get(key) ?? '') + chunkText(u.content));
          } else {
            noId.set(kind, (noId.get(kind) ?? '') + chunkText(u.content));
          }
        }
        const seen = new Map<string, string>();
        for (const item of list) {
          if ((item.kind === 'agent_message' || item.kind === 'thought' || item.kind === 'user_message') && item.messageId !== null) {
            const key = `${item.kind}:${item.messageId}`;
            expect(seen.has(key)).toBe(false);
            seen.set(key, item.text);
          }
        }
        expect(seen).toEqual(expected);
        for (const kind of ['agent_message', 'thought'] as const) {
          const shown = list.flatMap((i) => (i.kind === kind && i.messageId === null ? [i.text] : [])).join('');
          expect(shown).toBe(noId.get(kind) ?? '');
        }
      }),
      RUNS,
    );
  });

  it('is deterministic and persistent: one fold, stepwise with kept states, a fresh replay and forks all agree', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 50 }), fc.nat(), (steps, forkSeed) => {
        const folded = fold(steps);

        const states: SessionState[] = [freshSession()];
        const views: (readonly ThreadItem[])[] = [states[0]!.thread.items.toArray()];
        steps.forEach((st, i) => {
          const next = applyStep(states[i]!, st, 1000 + i);
          states.push(next);
          views.push([...next.thread.items]);
        });
        const last = states[states.length - 1]!;
        expect(last.thread.items.toArray()).toEqual(folded.thread.items.toArray());
        expect({ ...last, thread: null }).toEqual({ ...folded, thread: null });

        // Every kept intermediate state still holds exactly the items it had.
        states.forEach((s, i) => {
          const now = [...s.thread.items];
          expect(now.length).toBe(views[i]!.length);
          now.forEach((item, k) => expect(item).toBe(views[i]![k]));
        });

        // A second fresh run gives the same result.
        expect(fold(steps).thread.items.toArray()).toEqual(folded.thread.items.toArray());

        // Re-applying the tail to a kept intermediate state (a fork sharing the thread index) agrees too.
        const at = steps.length === 0 ? 0 : forkSeed % (steps.length + 1);
        const forked = fold(steps.slice(at), states[at]!, at);
        expect(forked.thread.items.toArray()).toEqual(folded.thread.items.toArray());
      }),
      { numRuns: 250 },
    );
  });

  it('forks that diverge never see each other’s items', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), fc.array(step, { maxLength: 30 }), fc.array(step, { maxLength: 30 }), (prefix, a, b) => {
        const base = fold(prefix);
        const left = fold(a, base, prefix.length);
        const right = fold(b, base, prefix.length);
        // Each branch equals the same steps folded from scratch, whatever the other branch did to the shared index.
        expect(left.thread.items.toArray()).toEqual(fold([...prefix, ...a]).thread.items.toArray());
        expect(right.thread.items.toArray()).toEqual(fold([...prefix, ...b]).thread.items.toArray());
      }),
      { numRuns: 250 },
    );
  });
});
