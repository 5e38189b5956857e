/**
 * Properties of the v2-shaped operations over random sequences: chunks and whole-message upserts
 * interleaved per `messageId` against a model of the RFD's rules, tool call tri-state patches
 * against a model, plans by id against a map, and persistence (kept states unchanged, forks
 * independent) with all of them mixed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applySessionUpdate, reduceParsedUpdate } from '../../src/core/reducer/index.js';
import type { ParsedUpdate, ToolCallPatch } from '../../src/core/parse-update.js';
import type { SessionState, ThreadItem } from '../../src/core/types.js';
import { freshSession } from './helpers.js';

const RUNS = { numRuns: 300 };

const targets = fc.constantFrom('agent_message', 'user_message', 'thought' as const);
const messageIds = fc.constantFrom('m1', 'm2', 'm3');
const word = fc.string({ maxLength: 4 });
const block = fc.oneof(
  { weight: 5, arbitrary: word.map((text) => ({ type: 'text' as const, text })) },
  { weight: 1, arbitrary: fc.constant({ type: 'image' as const, data: 'AA', mimeType: 'image/png' }) },
);
const meta = fc.oneof(fc.constant(null), fc.dictionary(fc.constantFrom('a', 'b'), fc.integer(), { maxKeys: 2 }));

const chunkOp: fc.Arbitrary<ParsedUpdate> = fc
  .record({ target: targets, messageId: messageIds, content: block, _meta: fc.option(fc.dictionary(fc.constantFrom('a', 'b'), fc.nat()), { nil: undefined }) })
  .map(({ _meta, ...rest }) => ({ kind: 'chunk', ...rest, ...(_meta === undefined ? {} : { _meta }) }));
const messageOp: fc.Arbitrary<ParsedUpdate> = fc
  .record(
    { target: targets, messageId: messageIds, content: fc.oneof(fc.constant(null), fc.array(block, { maxLength: 3 })), _meta: meta },
    { requiredKeys: ['target', 'messageId'] },
  )
  .map((fields) => ({ kind: 'message', ...fields }));

type MessageModel = { text: string; meta: Record<string, unknown> | null };

const textOf = (b: { type: string; text?: string }) => (b.type === 'text' ? b.text! : '');

/** The RFD's rules, written out plainly: chunks append, content replaces, `_meta` is tri-state. */
function messageModel(ops: readonly ParsedUpdate[]): Map<string, MessageModel> {
  const model = new Map<string, MessageModel>();
  for (const op of ops) {
    if (op.kind !== 'chunk' && op.kind !== 'message') continue;
    const key = `${op.target}:${op.messageId}`;
    const current = model.get(key) ?? { text: '', meta: null };
    if (op.kind === 'chunk') {
      model.set(key, { text: current.text + textOf(op.content as { type: string; text?: string }), meta: op._meta ?? current.meta });
    } else {
      const text = op.content === undefined ? current.text : (op.content ?? []).map((b) => textOf(b as { type: string; text?: string })).join('');
      model.set(key, { text, meta: op._meta === undefined ? current.meta : op._meta });
    }
  }
  return model;
}

const fold = (ops: readonly ParsedUpdate[], from: SessionState = freshSession(), offset = 0) =>
  ops.reduce((s, op, i) => reduceParsedUpdate(s, op, 1000 + offset + i), from);

describe('whole-message upserts and chunks, interleaved', () => {
  it('each (kind, messageId) is one item whose text and _meta follow the RFD’s rules', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(chunkOp, messageOp), { maxLength: 50 }), (ops) => {
        const list = fold(ops).thread.items.toArray();
        const shown = new Map<string, MessageModel>();
        for (const item of list) {
          if (item.kind !== 'agent_message' && item.kind !== 'user_message' && item.kind !== 'thought') continue;
          const key = `${item.kind}:${item.messageId}`;
          expect(shown.has(key)).toBe(false);
          shown.set(key, { text: item.text, meta: item._meta ?? null });
        }
        expect(shown).toEqual(messageModel(ops));
        // Only the last item can be an open thought.
        list.forEach((item, i) => {
          if (item.kind === 'thought' && i < list.length - 1) expect(item.endedAt).not.toBeNull();
        });
      }),
      RUNS,
    );
  });
});

const toolIds = fc.constantFrom('t1', 't2');
const patchValue = <T>(value: fc.Arbitrary<T>) => fc.option(fc.option(value, { nil: null }), { nil: undefined });
const toolOp: fc.Arbitrary<ParsedUpdate> = fc
  .record({
    toolCallId: toolIds,
    title: patchValue(word),
    name: patchValue(word),
    toolKind: patchValue(fc.constantFrom('read', 'edit', 'execute' as const)),
    status: patchValue(fc.constantFrom('pending', 'in_progress', 'completed' as const)),
    content: patchValue(
      fc.array(
        block.map((content) => ({ type: 'content' as const, content })),
        { maxLength: 2 },
      ),
    ),
    _meta: patchValue(fc.dictionary(fc.constantFrom('x', 'y'), fc.nat(), { maxKeys: 1 })),
  })
  .map((fields) => {
    const patch = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as unknown as ToolCallPatch;
    return { kind: 'tool_call', isUpdate: true, patch };
  });

describe('tool call tri-state patches', () => {
  it('each field is the last value sent, its reset after a null, its start value when never sent', () => {
    const defaults = (id: string): Record<string, unknown> => ({ title: id, name: null, toolKind: 'other', status: 'pending', content: [], _meta: null });
    fc.assert(
      fc.property(fc.array(toolOp, { maxLength: 30 }), (ops) => {
        const model = new Map<string, Record<string, unknown>>();
        for (const op of ops) {
          if (op.kind !== 'tool_call') continue;
          const { toolCallId, ...fields } = op.patch;
          const current = model.get(toolCallId) ?? defaults(toolCallId);
          const reset = defaults(toolCallId);
          for (const [field, value] of Object.entries(fields)) current[field] = value === null ? reset[field] : value;
          model.set(toolCallId, current);
        }
        const cards = fold(ops)
          .thread.items.toArray()
          .filter((i): i is Extract<ThreadItem, { kind: 'tool_call' }> => i.kind === 'tool_call');
        expect(cards.map((c) => c.toolCallId).sort()).toEqual([...model.keys()].sort());
        for (const card of cards) {
          const { title, name, toolKind, status, content, _meta } = card;
          expect({ title, name, toolKind, status, content, _meta }).toEqual(model.get(card.toolCallId));
        }
      }),
      RUNS,
    );
  });
});

const planIds = fc.constantFrom('main', 'p1', 'p2', '__proto__');
const entry = fc.record({
  content: word,
  priority: fc.constantFrom('high' as const, 'low' as const),
  status: fc.constantFrom('pending' as const, 'completed' as const),
});
const meta2 = fc.oneof(fc.constant(null), fc.dictionary(fc.constantFrom('a', 'b'), fc.nat(), { maxKeys: 1 }));
/** A v1 `plan` (through the v1 normalizer), or the operations a v2 normalizer makes of `plan_update` and `plan_removed`. */
const planStep: fc.Arbitrary<{ raw: Record<string, unknown> } | { op: ParsedUpdate }> = fc.oneof(
  fc.record({ entries: fc.array(entry, { maxLength: 2 }), _meta: meta2 }).map(({ entries, _meta }) => ({ raw: { sessionUpdate: 'plan', entries, _meta } })),
  fc
    .oneof(
      fc.record({ type: fc.constant('items' as const), planId: planIds, entries: fc.array(entry, { maxLength: 2 }), _meta: meta2 }),
      fc.record({ type: fc.constant('markdown' as const), planId: planIds, content: word, _meta: meta2 }),
      fc.record({ type: fc.constant('file' as const), planId: planIds, uri: word, _meta: meta2 }),
    )
    .map((plan) => ({ op: { kind: 'plan' as const, plan } })),
  planIds.map((planId) => ({ op: { kind: 'plan_removed' as const, planId } })),
);

describe('plans by id', () => {
  it('plans are the last content sent for each id not removed since; session.plan is main’s entries', () => {
    fc.assert(
      fc.property(fc.array(planStep, { maxLength: 30 }), (steps) => {
        const model = new Map<string, Record<string, unknown>>();
        for (const step of steps) {
          if ('raw' in step) model.set('main', { type: 'items', planId: 'main', entries: step.raw.entries, _meta: step.raw._meta });
          else if (step.op.kind === 'plan') model.set(step.op.plan.planId, step.op.plan);
          else if (step.op.kind === 'plan_removed') model.delete(step.op.planId);
        }
        const s = steps.reduce<SessionState>(
          (acc, step, i) => ('raw' in step ? applySessionUpdate(acc, step.raw, i) : reduceParsedUpdate(acc, step.op, i)),
          freshSession(),
        );
        expect(Object.keys(s.plans).sort()).toEqual([...model.keys()].sort());
        for (const [id, plan] of model) expect(s.plans[id]).toEqual(plan);
        const main = model.get('main');
        expect(s.plan).toEqual(main?.type === 'items' ? main.entries : null);
        expect(s.thread.items.size).toBe(0);
      }),
      RUNS,
    );
  });
});

describe('persistence with every operation mixed', () => {
  const anyOp = fc.oneof(chunkOp, messageOp, toolOp);
  it('kept states keep their items, and forks from one state never see each other’s', () => {
    fc.assert(
      fc.property(fc.array(anyOp, { maxLength: 25 }), fc.array(anyOp, { maxLength: 25 }), fc.array(anyOp, { maxLength: 25 }), (prefix, a, b) => {
        const base = fold(prefix);
        const kept = [...base.thread.items];
        const left = fold(a, base, prefix.length);
        const right = fold(b, base, prefix.length);
        expect([...base.thread.items]).toEqual(kept);
        [...base.thread.items].forEach((item, i) => expect(item).toBe(kept[i]));
        expect(left.thread.items.toArray()).toEqual(fold([...prefix, ...a]).thread.items.toArray());
        expect(right.thread.items.toArray()).toEqual(fold([...prefix, ...b]).thread.items.toArray());
      }),
      { numRuns: 200 },
    );
  });
});
