/**
 * A session loading its history on a page that has not fetched the virtualizer yet (the first
 * long load on a cold page): the thread shows its newest turns without it meanwhile, and each
 * newest turn mounts across tasks as in the virtual list (its first item, then the rest after a
 * yielded task), not whole in the render that brings it. The virtualizer's fetch is held back
 * by a gate, as in ThreadVirtualizerLoading.test.tsx.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { applySessionUpdate, createSessionState } from '../../src/core/index.js';
import type { SessionState } from '../../src/core/types.js';
import { virtualizerFetch } from '../helpers/virtualizer-gate.js';

vi.mock('../../src/components/Thread/VirtualTurnList.js', async (importOriginal) => (await import('../helpers/virtualizer-gate.js')).heldBack(importOriginal));

const text = (t: string) => ({ type: 'text' as const, text: t });

/** A replayed history (no turn records), still loading. */
function loading(turns: number): SessionState {
  let s = createSessionState('s1', { status: 'loading' });
  for (let t = 0; t < turns; t++) {
    s = applySessionUpdate(s, { sessionUpdate: 'user_message_chunk', content: text(`Question ${t}`) }, t);
    s = applySessionUpdate(s, { sessionUpdate: 'tool_call', toolCallId: `run-${t}`, title: `Run ${t}`, kind: 'execute', status: 'completed' }, t);
    s = applySessionUpdate(s, { sessionUpdate: 'agent_message_chunk', content: text(`Answer ${t}`) }, t);
  }
  return s;
}

describe('a loading thread before the virtualizer has arrived', () => {
  it('mounts its newest turn across tasks', async () => {
    const { ThreadLoaded: Thread } = await import('../../src/components/Thread/ThreadLoaded.js');
    const { container, rerender } = render(<Thread session={loading(50)} />);
    await vi.waitFor(() => expect(virtualizerFetch.requested).toBe(true));
    expect(container.querySelector('[data-slot="thread-virtual-list"]')).toBeNull();

    // What the thread shows at the end of each task that changed it (the loading pace shows the
    // new turn at its next tick).
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      const turn = screen.queryByText('Question 50')?.closest('[data-slot="thread-turn"]');
      if (!turn) return;
      const state = turn.getAttribute('aria-busy') === 'true' ? 'mounting' : 'whole';
      if (seen.at(-1) !== state) seen.push(state);
    });
    observer.observe(container, { subtree: true, childList: true, attributes: true, characterData: true });
    rerender(<Thread session={loading(51)} />);
    await waitFor(() => expect(screen.getByText('Answer 50')).toBeInTheDocument());
    observer.disconnect();
    expect(seen).toEqual(['mounting', 'whole']);
    expect(screen.getByText('Question 50').closest('[data-slot="thread-turn"]')).not.toHaveAttribute('aria-busy');
    act(() => virtualizerFetch.open());
  });
});
