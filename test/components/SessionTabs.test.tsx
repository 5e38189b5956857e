/**
 * SessionTabs with more tabs than fit: each tab's label is its title, with the full title in a
 * tooltip; the strip scrolls sideways (a vertical wheel too) and the current tab is scrolled into
 * view whenever it changes, by a click or the keyboard. jsdom has no layout: the strip's width,
 * scroll position and the tabs' boxes are given by hand (`mockStrip`).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { SessionTabs, type SessionTab } from '../../src/components/SessionTabs/index.js';

const TAB_PX = 140;
const STRIP_PX = 420;

const many: SessionTab[] = Array.from({ length: 16 }, (_, i) => ({
  sessionId: `s${i}`,
  title: i === 2 ? null : `Session title long enough to truncate, number ${i + 1}`,
  turn: i === 5 ? 'running' : 'idle',
  waiting: i === 7 ? 2 : 0,
}));

function Tabs({ initial = 's0', tabs = many }: { initial?: string; tabs?: SessionTab[] }) {
  const [active, setActive] = useState(initial);
  return <SessionTabs tabs={tabs} activeSessionId={active} onActivate={setActive} onClose={() => {}} panelId="panel" idPrefix="t" />;
}

const strip = () => screen.getByRole('tablist', { name: 'Open sessions' });
const tabs = () => within(strip()).getAllByRole('tab');

/** Lays the tabs out in a row of `TAB_PX` each, in a strip `STRIP_PX` wide scrolled by `scrollLeft`. */
function mockStrip(list: HTMLElement) {
  const layout = { scrollLeft: 0 };
  const max = () => list.querySelectorAll('[role="tab"]').length * TAB_PX - STRIP_PX;
  Object.defineProperty(list, 'scrollWidth', { configurable: true, get: () => max() + STRIP_PX });
  Object.defineProperty(list, 'clientWidth', { configurable: true, get: () => STRIP_PX });
  Object.defineProperty(list, 'scrollLeft', {
    configurable: true,
    get: () => layout.scrollLeft,
    set: (value: number) => {
      layout.scrollLeft = Math.max(0, Math.min(value, max()));
    },
  });
  // Tabs that mount later (a new session) are laid out too.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (this === list) return new DOMRect(0, 0, STRIP_PX, 30);
    if (this.getAttribute('role') === 'tab') return new DOMRect(Number(this.dataset.index) * TAB_PX - layout.scrollLeft, 0, TAB_PX, 30);
    return new DOMRect();
  });
  return layout;
}

/** Whether the current tab lies wholly inside the strip's visible part. */
function currentInView(layout: { scrollLeft: number }) {
  const index = tabs().findIndex((tab) => tab.getAttribute('aria-selected') === 'true');
  const left = index * TAB_PX - layout.scrollLeft;
  return left >= 0 && left + TAB_PX <= STRIP_PX;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SessionTabs with many sessions', () => {
  it('labels each tab with its title, the full title in a tooltip, the state in the name only', () => {
    render(<Tabs />);
    const all = tabs();
    expect(all).toHaveLength(16);
    for (const [i, tab] of all.entries()) {
      const title = i === 2 ? 'Session 3' : `Session title long enough to truncate, number ${i + 1}`;
      const label = tab.querySelector('[data-slot="session-tab-title"]');
      expect(label).toHaveTextContent(title);
      expect(label).toHaveAttribute('title', title);
      // Read once: the tooltip does not come back as the tab's description.
      expect(tab).toHaveAccessibleDescription('');
    }
    expect(all[5]).toHaveAccessibleName('Session title long enough to truncate, number 6, working');
    expect(all[7]).toHaveAccessibleName('Session title long enough to truncate, number 8, waiting for your answer');
  });

  it('scrolls the current tab into view as the arrow keys, Home and End move through all of them', async () => {
    const user = userEvent.setup();
    render(<Tabs />);
    const layout = mockStrip(strip());

    await user.click(tabs()[0]!);
    await user.keyboard('{End}');
    expect(tabs()[15]).toHaveAttribute('aria-selected', 'true');
    expect(document.activeElement).toBe(tabs()[15]);
    expect(currentInView(layout)).toBe(true);
    expect(layout.scrollLeft).toBe(16 * TAB_PX - STRIP_PX);

    await user.keyboard('{Home}');
    expect(tabs()[0]).toHaveAttribute('aria-selected', 'true');
    expect(layout.scrollLeft).toBe(0);

    for (let i = 1; i < 16; i++) {
      await user.keyboard('{ArrowRight}');
      expect(tabs()[i]).toHaveAttribute('aria-selected', 'true');
      expect(document.activeElement).toBe(tabs()[i]);
      expect(currentInView(layout), `tab ${i + 1}`).toBe(true);
    }
    // Round to the first again, then back to the last.
    await user.keyboard('{ArrowRight}');
    expect(layout.scrollLeft).toBe(0);
    await user.keyboard('{ArrowLeft}');
    expect(tabs()[15]).toHaveAttribute('aria-selected', 'true');
    expect(currentInView(layout)).toBe(true);
  });

  it('scrolls a tab made current from outside into view, moving the strip no further than needed', () => {
    const props = { onActivate: () => {}, panelId: 'panel', idPrefix: 't' };
    const { rerender } = render(<SessionTabs {...props} tabs={many} activeSessionId="s0" />);
    const layout = mockStrip(strip());
    // A tab partly out of view on the right: the strip moves just enough to show all of it.
    rerender(<SessionTabs {...props} tabs={many} activeSessionId="s3" />);
    expect(layout.scrollLeft).toBe(4 * TAB_PX - STRIP_PX);
    // One already in view: nothing moves.
    rerender(<SessionTabs {...props} tabs={many} activeSessionId="s2" />);
    expect(layout.scrollLeft).toBe(4 * TAB_PX - STRIP_PX);
    // One out of view on the left.
    layout.scrollLeft = 1000;
    rerender(<SessionTabs {...props} tabs={many} activeSessionId="s1" />);
    expect(layout.scrollLeft).toBe(TAB_PX);
    // A new session at the end, made current (New session).
    const more = [...many, { sessionId: 's16', title: 'Brand new', turn: 'idle' as const, waiting: 0 }];
    rerender(<SessionTabs {...props} tabs={more} activeSessionId="s16" />);
    expect(layout.scrollLeft).toBe(17 * TAB_PX - STRIP_PX);
  });

  it('turns a vertical wheel over an overflowing strip into a sideways scroll, and leaves it to the page otherwise', () => {
    const { unmount } = render(<Tabs />);
    const layout = mockStrip(strip());
    // fireEvent returns false when the handler took the event (preventDefault).
    expect(fireEvent.wheel(strip(), { deltaY: 100 })).toBe(false);
    expect(layout.scrollLeft).toBe(100);
    expect(fireEvent.wheel(strip(), { deltaY: -40 })).toBe(false);
    expect(layout.scrollLeft).toBe(60);
    // A sideways gesture (trackpad) is the browser's own; so is pinch-zoom (ctrl).
    expect(fireEvent.wheel(strip(), { deltaX: 50, deltaY: 5 })).toBe(true);
    expect(fireEvent.wheel(strip(), { deltaY: 100, ctrlKey: true })).toBe(true);
    // At the start already, a wheel up scrolls the page, not the strip.
    layout.scrollLeft = 0;
    expect(fireEvent.wheel(strip(), { deltaY: -100 })).toBe(true);
    unmount();

    // Few tabs, nothing to scroll: the page gets the wheel.
    render(<Tabs tabs={many.slice(0, 2)} />);
    const list = strip();
    Object.defineProperty(list, 'scrollWidth', { configurable: true, get: () => 200 });
    Object.defineProperty(list, 'clientWidth', { configurable: true, get: () => 420 });
    expect(fireEvent.wheel(list, { deltaY: 100 })).toBe(true);
  });
});
