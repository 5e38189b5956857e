/**
 * A session loading its history (issue 19): the thread shows the replay as it arrives, four
 * times a second, not on every store notification (a long replay brings hundreds of updates a
 * frame, and each frame would mount a newest turn only to replace it); the finished load and any
 * live session show at once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Thread } from '../../src/components/Thread/index.js';
import { LOADING_PACE_MS } from '../../src/components/Thread/use-loading-pace.js';
import { applySessionUpdate, createSessionState } from '../../src/core/index.js';
import type { SessionState } from '../../src/core/types.js';

const replay = (s: SessionState, kind: 'user_message_chunk' | 'agent_message_chunk', text: string) =>
  applySessionUpdate(s, { sessionUpdate: kind, content: { type: 'text', text } }, 1);
/** A question and its answer, two items. */
const turn = (s: SessionState, i: number) => replay(replay(s, 'user_message_chunk', `question${i}`), 'agent_message_chunk', `answer${i}`);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('Thread while its session loads', () => {
  it('shows the replay at a steady pace, and the finished load at once', () => {
    let s: SessionState = { ...createSessionState('s1', { cwd: '/workspace' }), status: 'loading' };
    s = replay(s, 'user_message_chunk', 'question0');
    const { rerender } = render(<Thread session={s} />);
    expect(screen.getByText('question0')).toBeInTheDocument();
    expect(screen.getByText('Loading the session…')).toBeInTheDocument();

    // Many updates within one pace interval: none shown yet.
    for (let i = 1; i <= 5; i++) {
      s = turn(s, i);
      rerender(<Thread session={s} />);
    }
    expect(screen.queryByText('question5')).toBeNull();
    act(() => vi.advanceTimersByTime(LOADING_PACE_MS));
    expect(screen.getByText('question5')).toBeInTheDocument();

    // The load answers: the session is active and everything shows without waiting.
    s = turn(s, 6);
    rerender(<Thread session={s} />);
    expect(screen.queryByText('question6')).toBeNull();
    s = { ...s, status: 'active' };
    rerender(<Thread session={s} />);
    expect(screen.getByText('question6')).toBeInTheDocument();
    expect(screen.queryByText('Loading the session…')).toBeNull();

    // A live session is never paced.
    s = turn(s, 7);
    rerender(<Thread session={s} />);
    expect(screen.getByText('question7')).toBeInTheDocument();
  });

  it('says it is loading, not "Send a message to start", before the first replayed item', () => {
    const s: SessionState = { ...createSessionState('s1', { cwd: '/workspace' }), status: 'loading' };
    const { container, rerender } = render(<Thread session={s} />);
    expect(screen.getByText('Loading the session…')).toBeInTheDocument();
    expect(container.querySelector('[data-slot="thread-empty"]')).toBeNull();
    rerender(<Thread session={{ ...s, status: 'active' }} />);
    expect(container.querySelector('[data-slot="thread-empty"]')).not.toBeNull();
  });

  it('shows another session at once, not the one it was pacing', () => {
    let a: SessionState = { ...createSessionState('a', { cwd: '/workspace' }), status: 'loading' };
    a = replay(a, 'user_message_chunk', 'from a');
    const { rerender } = render(<Thread session={a} />);
    let b: SessionState = { ...createSessionState('b', { cwd: '/workspace' }), status: 'loading' };
    b = replay(b, 'user_message_chunk', 'from b');
    rerender(<Thread session={b} />);
    expect(screen.getByText('from b')).toBeInTheDocument();
    expect(screen.queryByText('from a')).toBeNull();
  });
});
