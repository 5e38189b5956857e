/**
 * A virtualized thread mounts a turn that comes into it after its first render across tasks: the
 * turn's first item at once, the rest in slices of main-thread time that yield in between
 * (core/slices.ts), the turn marked busy and kept at its row's size meanwhile. The case that
 * matters is a long `session/load` answering: before, the newest turns swapped in whole in one
 * task, however much they held.
 */
import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Thread } from '../../src/components/Thread/index.js';
import { applySessionUpdate, createSessionState } from '../../src/core/index.js';
import type { SessionState } from '../../src/core/types.js';

const text = (t: string) => ({ type: 'text' as const, text: t });

/** A replayed history (no turn records, as `session/load` brings it): `turns` prompts, each with a tool call and an answer. */
function replayed(turns: number, status: SessionState['status']): SessionState {
  let s = createSessionState('s1', { status: 'loading' });
  for (let t = 0; t < turns; t++) {
    s = applySessionUpdate(s, { sessionUpdate: 'user_message_chunk', content: text(`Question ${t}`) }, t);
    s = applySessionUpdate(s, { sessionUpdate: 'agent_thought_chunk', content: text(`Thinking ${t}`) }, t);
    s = applySessionUpdate(s, { sessionUpdate: 'tool_call', toolCallId: `run-${t}`, title: `Run ${t}`, kind: 'execute', status: 'completed' }, t);
    s = applySessionUpdate(s, { sessionUpdate: 'agent_message_chunk', content: text(`Answer ${t}`) }, t);
  }
  return { ...s, status };
}

/** The turn holding `question`'s text. */
const turnOf = (question: string) => screen.getByText(question).closest('[data-slot="thread-turn"]');

describe('a virtualized thread mounting a turn across tasks', () => {
  it('shows a loaded session’s newest turns in slices once the load answers, not in the answering task', async () => {
    const { container, rerender } = render(<Thread session={replayed(100, 'loading')} />);
    // The virtualizer is fetched on demand: a loading thread asks for it at once.
    await waitFor(() => expect(container.querySelector('[data-slot="thread-virtual-list"]')).not.toBeNull(), { timeout: 15_000 });
    await waitFor(() => expect(screen.getByText('Answer 99')).toBeInTheDocument());

    // The load answers with one more turn than the thread showed: the swap-in commit mounts its
    // first item only, marked busy; its answer comes in a later task.
    act(() => rerender(<Thread session={replayed(101, 'active')} />));
    expect(screen.getByText('Question 100')).toBeInTheDocument();
    expect(screen.queryByText('Answer 100')).toBeNull();
    expect(turnOf('Question 100')).toHaveAttribute('aria-busy', 'true');

    await waitFor(() => expect(screen.getByText('Answer 100')).toBeInTheDocument());
    expect(turnOf('Question 100')).not.toHaveAttribute('aria-busy');
    expect(screen.getByText('Run 100')).toBeInTheDocument();
    // The turn before it is kept mounted too, whole.
    expect(screen.getByText('Answer 99')).toBeInTheDocument();
  });

  it('mounts every newest turn whole on the first render of a finished thread', () => {
    render(<Thread session={replayed(100, 'active')} />);
    expect(screen.getByText('Answer 99')).toBeInTheDocument();
    expect(turnOf('Question 99')).not.toHaveAttribute('aria-busy');
  });
});
