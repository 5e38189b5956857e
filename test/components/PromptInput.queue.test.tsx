/**
 * The prompt queue without the DOM: reducer and sending rule, then the hook on its own.
 */
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { nextToSend, promptQueueReducer, turnEndedAndMayDrain, usePromptQueue, type QueuedPrompt } from '../../src/components/PromptInput/index.js';

const q = (id: string, text = id): QueuedPrompt => ({ id, text, attachments: [] });

describe('promptQueueReducer', () => {
  const items = [q('a'), q('b'), q('c')];

  it('enqueues at the end', () => {
    expect(promptQueueReducer(items, { type: 'enqueue', prompt: q('d') }).map((p) => p.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('removes by id', () => {
    expect(promptQueueReducer(items, { type: 'remove', id: 'b' }).map((p) => p.id)).toEqual(['a', 'c']);
  });

  it('updates the text of one prompt and leaves the others untouched', () => {
    const next = promptQueueReducer(items, { type: 'update', id: 'b', text: 'B!' });
    expect(next[1]).toEqual({ id: 'b', text: 'B!', attachments: [] });
    expect(next[0]).toBe(items[0]);
  });

  it('promotes a prompt to the head', () => {
    expect(promptQueueReducer(items, { type: 'promote', id: 'c' }).map((p) => p.id)).toEqual(['c', 'a', 'b']);
    expect(promptQueueReducer(items, { type: 'promote', id: 'zz' }).map((p) => p.id)).toEqual(['a', 'b', 'c']);
  });

  it('never mutates its input', () => {
    const frozen = Object.freeze([...items]);
    expect(() => promptQueueReducer(frozen, { type: 'promote', id: 'b' })).not.toThrow();
  });
});

describe('sending rule', () => {
  it('drains only when a turn has just ended on a usable, unpaused input', () => {
    const base = { wasRunning: true, running: false, disabled: false, paused: false };
    expect(turnEndedAndMayDrain(base)).toBe(true);
    expect(turnEndedAndMayDrain({ ...base, wasRunning: false })).toBe(false);
    expect(turnEndedAndMayDrain({ ...base, running: true })).toBe(false);
    expect(turnEndedAndMayDrain({ ...base, disabled: true })).toBe(false);
    expect(turnEndedAndMayDrain({ ...base, paused: true })).toBe(false);
  });

  it('skips the prompt being edited', () => {
    expect(nextToSend([q('a'), q('b')], null)?.id).toBe('a');
    expect(nextToSend([q('a'), q('b')], 'a')?.id).toBe('b');
    expect(nextToSend([q('a')], 'a')).toBeNull();
    expect(nextToSend([], null)).toBeNull();
  });
});

describe('usePromptQueue', () => {
  type Props = { running: boolean; waiting?: boolean; disabled?: boolean };
  function setup(initial: Props, defaultQueue: QueuedPrompt[] = []) {
    const onSend = vi.fn();
    const onCancel = vi.fn();
    const hook = renderHook((props: Props) => usePromptQueue({ ...props, defaultQueue, onSend, onCancel }), {
      initialProps: initial,
    });
    return { ...hook, onSend, onCancel };
  }

  it('sends one queued prompt per finished turn, in order', () => {
    const { result, rerender, onSend } = setup({ running: true });
    act(() => result.current.enqueue('first', []));
    act(() => result.current.enqueue('second', []));
    expect(result.current.items.map((p) => p.text)).toEqual(['first', 'second']);
    rerender({ running: false });
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend.mock.calls[0][0].text).toBe('first');
    expect(result.current.items.map((p) => p.text)).toEqual(['second']);
    rerender({ running: true });
    rerender({ running: false });
    expect(onSend).toHaveBeenCalledTimes(2);
    expect(onSend.mock.calls[1][0].text).toBe('second');
    expect(result.current.items).toEqual([]);
  });

  it('does not send a restored queue on its own', () => {
    const { onSend, rerender } = setup({ running: false }, [q('old')]);
    rerender({ running: false });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('does not send when the turn ends on a disabled input', () => {
    const { result, rerender, onSend } = setup({ running: true });
    act(() => result.current.enqueue('x', []));
    rerender({ running: false, disabled: true });
    expect(onSend).not.toHaveBeenCalled();
    expect(result.current.items).toHaveLength(1);
  });

  it('send now cancels the turn and sends that prompt first', () => {
    const { result, rerender, onSend, onCancel } = setup({ running: true });
    act(() => result.current.enqueue('a', []));
    act(() => result.current.enqueue('b', []));
    const b = result.current.items[1].id;
    act(() => result.current.sendNow(b));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSend).not.toHaveBeenCalled();
    rerender({ running: false });
    expect(onSend.mock.calls[0][0].text).toBe('b');
    expect(result.current.items.map((p) => p.text)).toEqual(['a']);
  });

  it('send now when idle sends at once', () => {
    const { result, onSend, onCancel } = setup({ running: false }, [q('a'), q('b')]);
    act(() => result.current.sendNow('b'));
    expect(onCancel).not.toHaveBeenCalled();
    expect(onSend.mock.calls[0][0].id).toBe('b');
    expect(result.current.items.map((p) => p.id)).toEqual(['a']);
  });

  it('queues while the session is not ready and sends the first prompt once it is, the next after that turn', () => {
    const { result, rerender, onSend, onCancel } = setup({ running: false, waiting: true });
    act(() => result.current.enqueue('a', []));
    act(() => result.current.enqueue('b', []));
    // Send now while waiting: first in line, and no turn to cancel.
    act(() => result.current.sendNow(result.current.items[1].id));
    expect(onCancel).not.toHaveBeenCalled();
    expect(onSend).not.toHaveBeenCalled();
    act(() => result.current.resume());
    expect(onSend).not.toHaveBeenCalled();
    rerender({ running: false, waiting: false });
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend.mock.calls[0][0].text).toBe('b');
    rerender({ running: true, waiting: false });
    rerender({ running: false, waiting: false });
    expect(onSend.mock.calls[1][0].text).toBe('a');
  });

  it('sends nothing when the wait ends on a disabled input', () => {
    const { result, rerender, onSend } = setup({ running: false, waiting: true });
    act(() => result.current.enqueue('a', []));
    rerender({ running: false, waiting: false, disabled: true });
    expect(onSend).not.toHaveBeenCalled();
    expect(result.current.items).toHaveLength(1);
  });

  it('stop pauses a non-empty queue until resumed', () => {
    const { result, rerender, onSend, onCancel } = setup({ running: true });
    act(() => result.current.enqueue('a', []));
    act(() => result.current.stop());
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(result.current.paused).toBe(true);
    rerender({ running: false });
    expect(onSend).not.toHaveBeenCalled();
    act(() => result.current.resume());
    expect(onSend.mock.calls[0][0].text).toBe('a');
    expect(result.current.paused).toBe(false);
  });

  it('stop with an empty queue only cancels', () => {
    const { result, onCancel } = setup({ running: true });
    act(() => result.current.stop());
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(result.current.paused).toBe(false);
  });

  it('holds back the prompt being edited', () => {
    const { result, rerender, onSend } = setup({ running: true });
    act(() => result.current.enqueue('a', []));
    act(() => result.current.enqueue('b', []));
    act(() => result.current.setEditingId(result.current.items[0].id));
    rerender({ running: false });
    expect(onSend.mock.calls[0][0].text).toBe('b');
  });

  it('reports every change to a controlled owner', () => {
    const onQueueChange = vi.fn();
    const { result, rerender } = renderHook(
      ({ queue }: { queue: QueuedPrompt[] }) => usePromptQueue({ queue, onQueueChange, running: true, onSend: vi.fn(), onCancel: vi.fn() }),
      { initialProps: { queue: [q('a')] } },
    );
    act(() => result.current.update('a', 'edited'));
    expect(onQueueChange).toHaveBeenLastCalledWith([{ id: 'a', text: 'edited', attachments: [] }]);
    // Until the owner passes the new queue back, the controlled value stands.
    expect(result.current.items[0].text).toBe('a');
    rerender({ queue: onQueueChange.mock.lastCall![0] });
    expect(result.current.items[0].text).toBe('edited');
  });
});
