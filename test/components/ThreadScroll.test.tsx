/**
 * Thread scrolling and size: stick-to-bottom with user-intent detection, "Jump to latest", and
 * virtualization above the item threshold. jsdom has no layout, so scroll metrics are mocked on
 * the log element.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Thread } from '../../src/components/Thread/index.js';
import { applySessionUpdate, createSessionState, startTurn } from '../../src/core/index.js';
import type { SessionState } from '../../src/core/types.js';
import { longThread } from '../helpers/threads.js';

const say = (s: SessionState, text: string) => applySessionUpdate(s, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } }, 1500);

function running(): SessionState {
  return say(startTurn(createSessionState('s1'), 't1', [{ type: 'text', text: 'Go' }], 1000), 'First words');
}

/** Gives the log a fake layout: a viewport of `clientHeight` over `scrollHeight` of content. */
function mockLayout(log: HTMLElement, initial: { scrollHeight: number; clientHeight: number }) {
  const metrics = { ...initial, top: 0 };
  Object.defineProperty(log, 'scrollHeight', { configurable: true, get: () => metrics.scrollHeight });
  Object.defineProperty(log, 'clientHeight', { configurable: true, get: () => metrics.clientHeight });
  Object.defineProperty(log, 'scrollTop', {
    configurable: true,
    get: () => metrics.top,
    set: (value: number) => {
      metrics.top = Math.max(0, Math.min(value, metrics.scrollHeight - metrics.clientHeight));
    },
  });
  return metrics;
}

const jumpButton = () => screen.queryByRole('button', { name: /Jump to latest/ });

describe('stick to bottom', () => {
  it('follows new content, lets go when the user scrolls up, and jumps back', async () => {
    let s = running();
    const { rerender } = render(<Thread session={s} />);
    const log = screen.getByRole('log', { name: 'Conversation' });
    const layout = mockLayout(log, { scrollHeight: 2000, clientHeight: 500 });

    s = say(s, ' more');
    rerender(<Thread session={s} />);
    expect(layout.top).toBe(1500);
    expect(jumpButton()).toBeNull();

    // The user wheels up: the browser then scrolls.
    fireEvent.wheel(log, { deltaY: -120 });
    layout.top = 1000;
    fireEvent.scroll(log);
    expect(jumpButton()).toBeInTheDocument();

    // New content arrives: the position holds and the button says there is something new.
    layout.scrollHeight = 2300;
    s = say(s, ' and more');
    rerender(<Thread session={s} />);
    expect(layout.top).toBe(1000);
    expect(jumpButton()).toHaveAccessibleName('Jump to latest, new content below');

    await userEvent.click(jumpButton()!);
    expect(layout.top).toBe(1800);
    expect(jumpButton()).toBeNull();
    expect(document.activeElement).toBe(log);

    // Following again.
    layout.scrollHeight = 2600;
    rerender(<Thread session={say(s, ' again')} />);
    expect(layout.top).toBe(2100);
  });

  it('ignores scrolls nobody asked for while the content resizes', () => {
    let s = running();
    const { rerender } = render(<Thread session={s} />);
    const log = screen.getByRole('log');
    const layout = mockLayout(log, { scrollHeight: 2000, clientHeight: 500 });
    s = say(s, ' more');
    rerender(<Thread session={s} />);
    fireEvent.scroll(log);

    // Scroll anchoring or a virtualizer correction moves scrollTop up as content above shrinks.
    layout.scrollHeight = 1900;
    layout.top = 1200;
    fireEvent.scroll(log);
    expect(jumpButton()).toBeNull();

    rerender(<Thread session={say(s, ' still following')} />);
    expect(layout.top).toBe(1400);
  });

  it('treats an upward scroll with unchanged content as the user (find-in-page, keyboard)', () => {
    let s = running();
    const { rerender } = render(<Thread session={s} />);
    const log = screen.getByRole('log');
    const layout = mockLayout(log, { scrollHeight: 2000, clientHeight: 500 });
    s = say(s, ' more');
    rerender(<Thread session={s} />);
    fireEvent.scroll(log);

    layout.top = 300;
    fireEvent.scroll(log);
    expect(jumpButton()).toBeInTheDocument();
    rerender(<Thread session={say(s, ' later')} />);
    expect(layout.top).toBe(300);

    // Scrolling back to the end by hand resumes following.
    layout.top = 1500;
    fireEvent.scroll(log);
    expect(jumpButton()).toBeNull();
  });
});

describe('virtualization', () => {
  it('mounts only some turns above the threshold, always including the newest', () => {
    const s = longThread(200);
    const { container } = render(<Thread session={s} />);
    const mounted = container.querySelectorAll('[data-slot="thread-item"]').length;
    expect(s.thread.items.size).toBe(400);
    expect(mounted).toBeGreaterThan(0);
    expect(mounted).toBeLessThan(100);
    expect(container.querySelector('[data-slot="thread"]')).toHaveAttribute('data-virtualized', 'true');
    expect(screen.getByText('Answer 199')).toBeInTheDocument();
    expect(screen.getByText('Answer 198')).toBeInTheDocument();
  });

  it('keeps every turn in the DOM below the threshold', () => {
    const s = longThread(60);
    const { container } = render(<Thread session={s} />);
    expect(container.querySelectorAll('[data-slot="thread-item"]')).toHaveLength(120);
    expect(container.querySelector('[data-slot="thread"]')).not.toHaveAttribute('data-virtualized');
  });

  it('can be turned off', () => {
    const s = longThread(100);
    const { container } = render(<Thread session={s} virtualizeAbove={Infinity} />);
    expect(container.querySelectorAll('[data-slot="thread-item"]')).toHaveLength(200);
  });
});

/**
 * Fake layout for every thread log mounted from now on (a thread shown again is a new log): the
 * content height comes from `heightOf(log)`, the viewport is 500 px. Undone by the returned function.
 */
function layoutNewLogs(heightOf: () => number) {
  const tops = new WeakMap<Element, number>();
  const isLog = (el: Element) => el.getAttribute('data-slot') === 'thread-log';
  const original = {
    scrollHeight: Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight')!,
    clientHeight: Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight')!,
    scrollTop: Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop')!,
  };
  Object.defineProperty(Element.prototype, 'scrollHeight', {
    configurable: true,
    get(this: Element) {
      return isLog(this) ? heightOf() : original.scrollHeight.get!.call(this);
    },
  });
  Object.defineProperty(Element.prototype, 'clientHeight', {
    configurable: true,
    get(this: Element) {
      return isLog(this) ? 500 : original.clientHeight.get!.call(this);
    },
  });
  Object.defineProperty(Element.prototype, 'scrollTop', {
    configurable: true,
    get(this: Element) {
      return isLog(this) ? (tops.get(this) ?? 0) : original.scrollTop.get!.call(this);
    },
    set(this: Element, value: number) {
      if (isLog(this)) tops.set(this, Math.max(0, Math.min(value, heightOf() - 500)));
      else original.scrollTop.set!.call(this, value);
    },
  });
  return () => {
    for (const [name, descriptor] of Object.entries(original)) Object.defineProperty(Element.prototype, name, descriptor);
  };
}

describe('a thread shown again (a session switched to)', () => {
  const finished = (id: string, text: string) => {
    const s = startTurn(createSessionState(id), 't1', [{ type: 'text', text: 'Go' }], 1000);
    return applySessionUpdate(s, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } }, 1500);
  };

  it('opens at its end before the first paint, without waiting for a resize observation', () => {
    const restore = layoutNewLogs(() => 3000);
    // An observer that has not reported yet: its first report comes after layout, in a later frame.
    const observed: Element[] = [];
    class SilentResizeObserver {
      observe(el: Element) {
        observed.push(el);
      }
      unobserve() {}
      disconnect() {}
    }
    const had = 'ResizeObserver' in globalThis;
    const saved = globalThis.ResizeObserver;
    globalThis.ResizeObserver = SilentResizeObserver as unknown as typeof ResizeObserver;
    try {
      render(<Thread session={finished('s1', 'The whole answer, streamed while in the background')} />);
      expect(observed.length).toBeGreaterThan(0);
      expect(screen.getByRole('log').scrollTop).toBe(2500);
      expect(jumpButton()).toBeNull();
    } finally {
      if (had) globalThis.ResizeObserver = saved;
      else delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
      restore();
    }
  });

  it('opens where the user left it scrolled up, says what came below since, and at its end once they went back down', async () => {
    let height = 3000;
    const restore = layoutNewLogs(() => height);
    try {
      const memory = new Map();
      const a = finished('a', 'First session');
      const b = finished('b', 'Second session');
      const { rerender } = render(<Thread key="a" session={a} scrollMemory={memory} />);
      let log = screen.getByRole('log');
      expect(log.scrollTop).toBe(2500);

      // The user scrolls the first session up, then switches to the second: it opens at its end.
      fireEvent.wheel(log, { deltaY: -120 });
      log.scrollTop = 900;
      fireEvent.scroll(log);
      expect(jumpButton()).toBeInTheDocument();
      rerender(<Thread key="b" session={b} scrollMemory={memory} />);
      log = screen.getByRole('log');
      expect(log.scrollTop).toBe(2500);
      expect(jumpButton()).toBeNull();

      // Back to the first: where the user left it.
      rerender(<Thread key="a" session={a} scrollMemory={memory} />);
      log = screen.getByRole('log');
      expect(log.scrollTop).toBe(900);
      expect(jumpButton()).toHaveAccessibleName('Jump to latest');

      // Away again while it streams more: back where the user left it, with news below.
      rerender(<Thread key="b" session={b} scrollMemory={memory} />);
      height = 3400;
      const a2 = say(a, ' and more');
      rerender(<Thread key="a" session={a2} scrollMemory={memory} />);
      log = screen.getByRole('log');
      expect(log.scrollTop).toBe(900);
      expect(jumpButton()).toHaveAccessibleName('Jump to latest, new content below');
      // It stays there as content keeps coming.
      const a3 = say(a2, ' still more');
      rerender(<Thread key="a" session={a3} scrollMemory={memory} />);
      expect(log.scrollTop).toBe(900);

      // Unseen news stays news across another switch.
      rerender(<Thread key="b" session={b} scrollMemory={memory} />);
      rerender(<Thread key="a" session={a3} scrollMemory={memory} />);
      expect(screen.getByRole('log').scrollTop).toBe(900);
      expect(jumpButton()).toHaveAccessibleName('Jump to latest, new content below');

      // The user jumps to the end: next time it opens at its end, following.
      await userEvent.click(jumpButton()!);
      rerender(<Thread key="b" session={b} scrollMemory={memory} />);
      rerender(<Thread key="a" session={a3} scrollMemory={memory} />);
      expect(screen.getByRole('log').scrollTop).toBe(2900);
      expect(jumpButton()).toBeNull();
      expect(memory.size).toBe(0);
    } finally {
      restore();
    }
  });
});
