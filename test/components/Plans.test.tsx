/**
 * Every plan a session keeps (`session.plans`): a checklist as `<Plan>` shows it, a Markdown plan
 * document with where it is kept, a plan kept in a file (its URI as text, never fetched), and
 * several at once, each named, the main (legacy) plan first.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Plans } from '../../src/components/Plan/index.js';
import { Thread } from '../../src/components/Thread/index.js';
import { createSessionState } from '../../src/core/index.js';
import { applyPlan } from '../../src/core/reducer/plans.js';
import type { PlanState, SessionState } from '../../src/core/types.js';

const checklist = (planId = 'main'): PlanState => ({
  planId,
  type: 'items',
  entries: [
    { content: 'Read the code', priority: 'high', status: 'completed' },
    { content: 'Edit the loader', priority: 'medium', status: 'pending' },
  ],
  _meta: null,
});
const doc = (planId = 'design', path?: string): PlanState => ({
  planId,
  type: 'markdown',
  content: '## Steps\n\n- Read **everything**\n- Write the loader',
  ...(path !== undefined ? { path } : {}),
  _meta: null,
});
const file = (planId = 'review'): PlanState => ({ planId, type: 'file', uri: 'file:///workspace/.plans/review.md', _meta: null });

const byId = (...plans: PlanState[]): Record<string, PlanState> => Object.fromEntries(plans.map((p) => [p.planId, p]));

afterEach(() => {
  vi.restoreAllMocks();
  vi.doUnmock('../../src/components/conversation.js');
});

describe('Plans', () => {
  it('renders nothing when the session keeps no plan', () => {
    const { container } = render(<Plans plans={{}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows a lone checklist as the plan, named "Plan"', () => {
    render(<Plans plans={byId(checklist())} />);
    const region = screen.getByRole('region', { name: 'Plan' });
    expect(within(region).getByRole('button', { name: /^Plan/ })).toHaveAttribute('aria-expanded', 'true');
    expect(within(region).getByText('Read the code')).toBeInTheDocument();
    expect(within(region).getByRole('progressbar', { name: 'Plan progress' })).toHaveAttribute('aria-valuenow', '1');
  });

  it('renders a Markdown plan document as Markdown, with the file it is kept in', async () => {
    render(<Plans plans={byId(doc('design', '/workspace/PLAN.md'))} />);
    const region = screen.getByRole('region', { name: 'Plan' });
    expect(await within(region).findByRole('heading', { name: 'Steps' })).toBeInTheDocument();
    expect(within(region).getByText('everything').tagName).toBe('STRONG');
    const path = within(region).getByText('/workspace/PLAN.md');
    expect(path.tagName).toBe('CODE');
    expect(path).toHaveAttribute('translate', 'no');
    expect(path.closest('[data-slot="plan-path"]')).toHaveTextContent('File: /workspace/PLAN.md');
  });

  it('folds a plan document from the keyboard, its location staying in view', async () => {
    const user = userEvent.setup();
    render(<Plans plans={byId(doc('design', '/workspace/PLAN.md'))} />);
    const trigger = screen.getByRole('button', { name: /^Plan/ });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(trigger).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(trigger.getAttribute('aria-controls')!)).not.toBeVisible();
    expect(screen.getByText('/workspace/PLAN.md')).toBeVisible();
  });

  it('offers the document’s file to open when the host can open files', async () => {
    const onOpenLocation = vi.fn();
    render(<Plans plans={byId(doc('design', '/workspace/PLAN.md'))} onOpenLocation={onOpenLocation} />);
    await userEvent.click(screen.getByRole('button', { name: '/workspace/PLAN.md' }));
    expect(onOpenLocation).toHaveBeenCalledWith('/workspace/PLAN.md');
  });

  it('shows a document without a path with no location line', async () => {
    const { container } = render(<Plans plans={byId(doc())} />);
    expect(await screen.findByRole('heading', { name: 'Steps' })).toBeInTheDocument();
    expect(container.querySelector('[data-slot="plan-path"]')).toBeNull();
  });

  it('shows a file plan’s URI as text and never fetches it', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { container } = render(<Plans plans={byId(file())} />);
    const region = screen.getByRole('region', { name: 'Plan' });
    const uri = within(region).getByText('file:///workspace/.plans/review.md');
    expect(uri).toHaveAttribute('translate', 'no');
    expect(container.querySelector('a, img, iframe, object, embed')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('names each of several plans by its id, the main plan first and plainly "Plan"', () => {
    // The main plan arrived last: it is still listed first.
    render(<Plans plans={byId(doc('design'), file('review'), checklist('main'))} />);
    const regions = screen.getAllByRole('region');
    expect(regions.map((r) => r.getAttribute('aria-label'))).toEqual(['Plan', 'Plan: design', 'Plan: review']);
    expect(within(regions[0]!).getByRole('button', { name: /^Plan(?!:)/ })).toBeInTheDocument();
    expect(within(regions[1]!).getByRole('button', { name: /^Plan: design/ })).toBeInTheDocument();
    expect(within(regions[2]!).getByText('file:///workspace/.plans/review.md')).toBeInTheDocument();
  });

  it('treats hostile plan text as text', async () => {
    const hostile: PlanState = { planId: '<img src=x onerror=alert(1)>', type: 'markdown', content: '<script>alert(2)</script> done', _meta: null };
    const { container } = render(<Plans plans={byId(hostile, checklist())} />);
    expect(screen.getByRole('region', { name: 'Plan: <img src=x onerror=alert(1)>' })).toBeInTheDocument();
    expect(await screen.findByText(/done/)).toBeInTheDocument();
    expect(container.querySelector('img, script')).toBeNull();
  });
});

describe('Thread: the plans pinned under the log', () => {
  const withPlans = (...plans: PlanState[]): SessionState => plans.reduce(applyPlan, createSessionState('s1', { cwd: '/workspace' }));

  it('pins a plan document even when the session has no checklist', async () => {
    const s = withPlans(doc('design', '/workspace/PLAN.md'));
    expect(s.plan).toBeNull();
    const { container } = render(<Thread session={s} />);
    const slot = await vi.waitFor(() => {
      const found = container.querySelector<HTMLElement>('[data-slot="thread-plan"]');
      if (!found) throw new Error('no pinned plan yet');
      return found;
    });
    expect(slot.closest('[data-slot="thread-log"]')).toBeNull();
    expect(await within(slot).findByRole('heading', { name: 'Steps' })).toBeInTheDocument();
  });

  it('pins every plan, named, and none with showPlan off', async () => {
    const s = withPlans(checklist('main'), doc('design'));
    const { container, rerender } = render(<Thread session={s} />);
    const slot = await vi.waitFor(() => {
      const found = container.querySelector<HTMLElement>('[data-slot="thread-plan"]');
      if (!found) throw new Error('no pinned plan yet');
      return found;
    });
    expect(
      within(slot)
        .getAllByRole('region')
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['Plan', 'Plan: design']);
    rerender(<Thread session={s} showPlan={false} />);
    expect(container.querySelector('[data-slot="thread-plan"]')).toBeNull();
  });
});

describe('Plans: before its code has arrived', () => {
  /** A fresh `Plans` whose conversation chunk counts its fetches. */
  async function freshPlans() {
    const fetches = { count: 0 };
    vi.doMock('../../src/components/conversation.js', async (importOriginal) => {
      fetches.count += 1;
      return importOriginal();
    });
    vi.resetModules();
    const { Plans: Fresh } = await import('../../src/components/Plan/index.js');
    return { Fresh, fetches };
  }

  it('renders and fetches nothing without a plan', async () => {
    const { Fresh, fetches } = await freshPlans();
    const { container } = render(<Fresh plans={{}} />);
    expect(container).toBeEmptyDOMElement();
    expect(fetches.count).toBe(0);
  });

  it('says it is loading, then shows the plans', async () => {
    const { Fresh } = await freshPlans();
    const { container } = render(<Fresh plans={byId(doc('design', '/workspace/PLAN.md'))} />);
    expect(container.querySelector('[data-slot="plans"]')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('region', { name: 'Plan' }, { timeout: 15_000 })).toBeInTheDocument();
  });
});
