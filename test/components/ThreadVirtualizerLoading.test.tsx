/**
 * The virtualizer is fetched on demand. These tests hold its module back (the fetch of
 * VirtualTurnList.js waits for a gate) to cover the path every first long thread on a page
 * takes: fetched at half the threshold, a bounded window of the newest turns while it loads,
 * then the virtual list. Thread is imported inside the tests, after test/setup-dom.ts has
 * preloaded the modules registered so far, so this one is genuinely not loaded yet.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { longThread } from '../helpers/threads.js';
import { virtualizerFetch } from '../helpers/virtualizer-gate.js';

vi.mock('../../src/components/Thread/VirtualTurnList.js', async (importOriginal) => (await import('../helpers/virtualizer-gate.js')).heldBack(importOriginal));

/** A bound for waiting on a dynamic import, which Vite transforms on first use (slow on a busy machine). */
const MODULE_LOAD = { timeout: 15_000 };

/** A log of 400 px over `scrollHeight` px of content (jsdom has no layout). */
function mockLayout(log: HTMLElement, scrollHeight: () => number) {
  let top = 0;
  Object.defineProperty(log, 'scrollHeight', { configurable: true, get: scrollHeight });
  Object.defineProperty(log, 'clientHeight', { configurable: true, get: () => 400 });
  Object.defineProperty(log, 'scrollTop', {
    configurable: true,
    get: () => top,
    set: (value: number) => (top = Math.max(0, Math.min(value, scrollHeight() - 400))),
  });
}

describe('Thread before the virtualizer has loaded', () => {
  it('starts fetching it at half the threshold, shows the newest turns meanwhile, then virtualizes', async () => {
    // The component itself, not the on-demand export: this is about the virtualizer's fetch, and
    // the conversation chunk's own loading is covered in AgentPanelLoading and Thread tests.
    const { ThreadLoaded: Thread } = await import('../../src/components/Thread/ThreadLoaded.js');

    // 30 items, threshold 100: nothing to fetch yet.
    const { container, rerender } = render(<Thread session={longThread(15)} virtualizeAbove={100} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(virtualizerFetch.requested).toBe(false);

    // 60 items: past half the threshold, the fetch starts; every turn is still mounted.
    rerender(<Thread session={longThread(30)} virtualizeAbove={100} />);
    await vi.waitFor(() => expect(virtualizerFetch.requested).toBe(true), MODULE_LOAD);
    expect(container.querySelectorAll('[data-slot="thread-turn"]')).toHaveLength(30);

    // 1,000 items while the module is still on its way: a bounded window of the newest turns.
    const log = screen.getByRole('log');
    mockLayout(log, () => 80 * container.querySelectorAll('[data-slot="thread-item"]').length);
    const session = longThread(500);
    rerender(<Thread session={session} virtualizeAbove={100} />);
    const mounted = container.querySelectorAll('[data-slot="thread-item"]').length;
    expect(mounted).toBeGreaterThanOrEqual(8);
    expect(mounted).toBeLessThan(20);
    expect(container.querySelector('[data-slot="thread"]')).toHaveAttribute('data-virtualized', 'true');
    expect(container.querySelector('[data-slot="thread-virtual-list"]')).toBeNull();
    expect(screen.getByText('Answer 499')).toBeInTheDocument();
    // Still stuck to its end.
    expect(log.scrollTop).toBe(log.scrollHeight - log.clientHeight);

    // The module arrives: the virtual list takes over, the newest turns still there. (Back to
    // jsdom's zero layout first: the virtualizer's measurements need real ones to settle.)
    for (const key of ['scrollHeight', 'clientHeight', 'scrollTop']) delete (log as unknown as Record<string, unknown>)[key];
    await act(async () => virtualizerFetch.open());
    await vi.waitFor(() => expect(container.querySelector('[data-slot="thread-virtual-list"]')).not.toBeNull(), MODULE_LOAD);
    expect(screen.getByText('Answer 499')).toBeInTheDocument();
    expect(screen.getByText('Answer 498')).toBeInTheDocument();
    expect(container.querySelectorAll('[data-slot="thread-item"]').length).toBeLessThan(40);
  });
});
