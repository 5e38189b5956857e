/**
 * v1's plan operations (`clientCapabilities.plan`): `plan_update` carries one plan by id (a
 * checklist, a Markdown document with an optional absolute `path`, or a file `uri`) and
 * `plan_removed` drops one. The SDK's schema spells the id `planId`, the RFD `id`: both are read.
 * The legacy `plan` update is still the plan `main`. What cannot be used is an unsupported item
 * carrying the reason and the raw update, and no plan is lost.
 */
import { describe, expect, it } from 'vitest';
import { parseSessionUpdate } from '../../src/core/parse-update.js';
import { applyAll, freshSession, itemsOf } from './helpers.js';

const entry = (content: string, status: 'pending' | 'in_progress' | 'completed' = 'pending') => ({ content, priority: 'medium' as const, status });
const planUpdate = (plan: unknown, extra: Record<string, unknown> = {}) => ({ sessionUpdate: 'plan_update', plan, ...extra });
const planRemoved = (fields: Record<string, unknown>) => ({ sessionUpdate: 'plan_removed', ...fields });

describe('plan_update', () => {
  it('an items plan keyed by planId: its entries (invalid ones skipped) and its _meta', () => {
    const raw = planUpdate({ type: 'items', planId: 'p1', entries: [entry('a'), { content: 'no status' }, entry('b', 'completed')], _meta: { v: 1 } });
    expect(parseSessionUpdate(raw)).toEqual({
      kind: 'plan',
      plan: { planId: 'p1', type: 'items', entries: [entry('a'), entry('b', 'completed')], _meta: { v: 1 } },
    });
  });

  it('a Markdown plan keeps an absolute path (POSIX or Windows) and nothing else in its place', () => {
    const md = (path: unknown) => parseSessionUpdate(planUpdate({ type: 'markdown', planId: 'design', content: '## Steps\n- [ ] A', path }));
    expect(md('/ws/PLAN.md')).toEqual({
      kind: 'plan',
      plan: { planId: 'design', type: 'markdown', content: '## Steps\n- [ ] A', path: '/ws/PLAN.md', _meta: null },
    });
    expect(md('C:\\ws\\PLAN.md')).toMatchObject({ plan: { path: 'C:\\ws\\PLAN.md' } });
    expect(md('D:/ws/PLAN.md')).toMatchObject({ plan: { path: 'D:/ws/PLAN.md' } });
    for (const notAbsolute of ['PLAN.md', './PLAN.md', '', 42, null, { path: '/x' }]) {
      const parsed = md(notAbsolute);
      expect(parsed).toMatchObject({ kind: 'plan', plan: { planId: 'design', type: 'markdown', content: '## Steps\n- [ ] A' } });
      expect((parsed as { plan: object }).plan).not.toHaveProperty('path');
    }
    const withoutPath = parseSessionUpdate(planUpdate({ type: 'markdown', planId: 'design', content: 'x' }));
    expect((withoutPath as { plan: object }).plan).toEqual({ planId: 'design', type: 'markdown', content: 'x', _meta: null });
  });

  it('a file plan keeps its uri (never fetched)', () => {
    expect(parseSessionUpdate(planUpdate({ type: 'file', planId: 'doc', uri: 'file:///tmp/plan.md' }))).toEqual({
      kind: 'plan',
      plan: { planId: 'doc', type: 'file', uri: 'file:///tmp/plan.md', _meta: null },
    });
  });

  it('reads the RFD’s `id` spelling, and planId first when both are sent', () => {
    expect(parseSessionUpdate(planUpdate({ type: 'items', id: 'plan-1', entries: [entry('Step 1')] }))).toMatchObject({ plan: { planId: 'plan-1' } });
    expect(parseSessionUpdate(planUpdate({ type: 'file', id: 'design-doc', uri: 'file:///tmp/plan.md' }))).toMatchObject({ plan: { planId: 'design-doc' } });
    expect(parseSessionUpdate(planUpdate({ type: 'markdown', planId: 'a', id: 'b', content: 'x' }))).toMatchObject({ plan: { planId: 'a' } });
    expect(parseSessionUpdate(planRemoved({ id: 'plan-1' }))).toEqual({ kind: 'plan_removed', planId: 'plan-1' });
    expect(parseSessionUpdate(planRemoved({ planId: 'p1' }))).toEqual({ kind: 'plan_removed', planId: 'p1' });
  });

  it('several plans of every kind live side by side with the legacy plan "main"; plan_removed drops one', () => {
    let s = applyAll(freshSession(), [
      { sessionUpdate: 'plan', entries: [entry('legacy')] },
      planUpdate({ type: 'items', planId: 'steps', entries: [entry('a')] }),
      planUpdate({ type: 'markdown', planId: 'design', content: '# Design', path: '/ws/DESIGN.md' }),
      planUpdate({ type: 'file', id: 'doc', uri: 'file:///ws/plan.md' }),
      planUpdate({ type: 'items', planId: 'steps', entries: [entry('a', 'completed'), entry('b')] }),
    ]);
    expect(Object.keys(s.plans)).toEqual(['main', 'steps', 'design', 'doc']);
    expect(s.plan).toEqual([entry('legacy')]);
    expect(s.plans.steps).toEqual({ planId: 'steps', type: 'items', entries: [entry('a', 'completed'), entry('b')], _meta: null });
    expect(s.plans.design).toEqual({ planId: 'design', type: 'markdown', content: '# Design', path: '/ws/DESIGN.md', _meta: null });
    s = applyAll(s, [planRemoved({ planId: 'steps' }), planRemoved({ id: 'doc' })]);
    expect(Object.keys(s.plans)).toEqual(['main', 'design']);
    expect(itemsOf(s, 'unsupported')).toEqual([]);
  });
});

describe('bad plan operations', () => {
  const bad: Array<[string, unknown, RegExp]> = [
    ['no plan object', planUpdate(undefined), /no plan/i],
    ['a plan that is a list', planUpdate([entry('a')]), /no plan/i],
    ['no id', planUpdate({ type: 'items', entries: [] }), /plan id/i],
    ['an empty id', planUpdate({ type: 'items', planId: '', entries: [] }), /plan id/i],
    ['a numeric id', planUpdate({ type: 'markdown', planId: 7, content: 'x' }), /plan id/i],
    ['an unknown type', planUpdate({ type: 'diagram', planId: 'p', svg: '<svg/>' }), /unknown plan type "diagram"/i],
    ['no type', planUpdate({ planId: 'p', entries: [] }), /unknown plan type/i],
    ['items without a list', planUpdate({ type: 'items', planId: 'p', entries: {} }), /entries/i],
    ['markdown without content', planUpdate({ type: 'markdown', planId: 'p', path: '/ws/PLAN.md' }), /content/i],
    ['a file without a uri', planUpdate({ type: 'file', planId: 'p', path: '/ws/PLAN.md' }), /uri/i],
    ['a removal without an id', planRemoved({}), /plan id/i],
    ['a removal with an empty id', planRemoved({ planId: '' }), /plan id/i],
  ];

  it.each(bad)('%s: an unsupported update naming the problem, with the raw update', (_what, raw, reason) => {
    const parsed = parseSessionUpdate(raw);
    expect(parsed).toEqual({
      kind: 'unsupported',
      sessionUpdate: (raw as { sessionUpdate: string }).sessionUpdate,
      reason: expect.stringMatching(reason),
      raw,
    });
  });

  it('folded into a session, each leaves the plans as they were and shows as an unsupported item', () => {
    const before = applyAll(freshSession(), [planUpdate({ type: 'items', planId: 'p', entries: [entry('kept')] })]);
    const after = applyAll(
      before,
      bad.map(([, raw]) => raw),
    );
    expect(after.plans).toBe(before.plans);
    expect(itemsOf(after, 'unsupported').map((i) => i.raw)).toEqual(bad.map(([, raw]) => raw));
  });
});
