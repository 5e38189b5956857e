import { forwardRef, useEffect, useRef, type ComponentPropsWithoutRef, type KeyboardEvent, type RefObject } from 'react';
import type { TurnState } from '../../core/types.js';
import { displayTitle } from '../shared/display-title.js';
import { cx, format, useMessages } from '../shared/index.js';
import { sessionTabsMessages } from './messages.js';

/** One open session, as its tab shows it. */
export interface SessionTab {
  sessionId: string;
  /** The agent's title for the session (`session_info_update`); null until it names it. */
  title: string | null;
  /** The session's turn: a running or cancelling turn shows as working. */
  turn: TurnState;
  /** Permission requests and forms of the session waiting for the user's answer. */
  waiting: number;
  /** A turn finished while the tab was in the background and the user has not looked since. */
  unseen?: boolean;
}

/** What a tab's badge says, most urgent first: waiting for the user, working, finished unseen, nothing. */
export type SessionTabStatus = 'waiting' | 'running' | 'finished' | 'idle';

export function sessionTabStatus(tab: SessionTab): SessionTabStatus {
  if (tab.waiting > 0) return 'waiting';
  if (tab.turn !== 'idle') return 'running';
  return tab.unseen ? 'finished' : 'idle';
}

/** The id of the tab at `index`, for the tab panel's `aria-labelledby`. */
export const sessionTabId = (idPrefix: string, index: number) => `${idPrefix}-session-tab-${index}`;

export interface SessionTabsProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  tabs: readonly SessionTab[];
  activeSessionId: string | null;
  /** Switch to a session (a click, or the arrow keys, Home and End on the tab list). */
  onActivate: (sessionId: string) => void;
  /** Close a tab (its × or Delete on it, and a Close button for the current one). Omit to offer no closing. */
  onClose?: (sessionId: string) => void;
  /** The id of the tab panel the tabs control (`aria-controls`). */
  panelId: string;
  /** Prefix of the tabs' ids (see `sessionTabId`); unique on the page. */
  idPrefix: string;
}

/**
 * Tabs for the sessions a panel keeps open, following the ARIA tabs pattern: one tab stop, the
 * arrow keys (Home, End) move between tabs and switch at once, since every session's thread is
 * already in the store. A tab waiting for the user's answer carries a badge with the count, a
 * working one a pulsing dot, one that finished in the background a dot until it is seen; each
 * says so in its accessible name too. Closing: the × of a tab (pointer), Delete on a focused tab,
 * or the Close button after the list (the current session), which keeps the list itself
 * to tabs only as ARIA requires.
 */
export const SessionTabs = /* @__PURE__ */ forwardRef<HTMLDivElement, SessionTabsProps>(function SessionTabs(
  { tabs, activeSessionId, onActivate, onClose, panelId, idPrefix, className, ...rest },
  ref,
) {
  const messages = useMessages('sessionTabs', sessionTabsMessages);
  const listRef = useRef<HTMLDivElement>(null);
  // After a keyboard switch or close, focus follows the active tab once it has rendered.
  const focusActive = useRef(false);
  const activeIndex = tabs.findIndex((t) => t.sessionId === activeSessionId);
  const titleOf = (tab: SessionTab, index: number) => displayTitle(tab.title) ?? format(messages.untitled, { n: index + 1 });

  useEffect(() => {
    if (!focusActive.current) return;
    focusActive.current = false;
    listRef.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  });

  // The current tab in view whenever it changes (a click, the keys, a new session, one picked
  // elsewhere). The strip alone moves, and no further than needed: `scrollIntoView` would scroll
  // the page too.
  const tabCount = tabs.length;
  useEffect(() => {
    const list = listRef.current;
    const tab = list?.querySelector('[role="tab"][aria-selected="true"]');
    if (!list || !tab) return;
    const strip = list.getBoundingClientRect();
    const box = tab.getBoundingClientRect();
    if (box.left < strip.left) list.scrollLeft -= strip.left - box.left;
    else if (box.right > strip.right) list.scrollLeft += box.right - strip.right;
  }, [activeSessionId, tabCount]);

  useWheelScrollsSideways(listRef);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = Number((event.target as HTMLElement).dataset.index ?? -1);
    if (!(from >= 0 && from < tabs.length)) return;
    const last = tabs.length - 1;
    const to =
      event.key === 'ArrowRight'
        ? from === last
          ? 0
          : from + 1
        : event.key === 'ArrowLeft'
          ? from === 0
            ? last
            : from - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (to !== null) {
      event.preventDefault();
      focusActive.current = true;
      onActivate(tabs[to]!.sessionId);
    } else if (event.key === 'Delete' && onClose) {
      event.preventDefault();
      focusActive.current = true;
      onClose(tabs[from]!.sessionId);
    }
  };

  const active = activeIndex >= 0 ? tabs[activeIndex] : undefined;
  return (
    <div ref={ref} {...rest} className={cx('acp-session-tabs', className)} data-slot="session-tabs">
      <div ref={listRef} role="tablist" aria-label={messages.label} className="acp-session-tabs__list" data-slot="session-tabs-list" onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => {
          const selected = index === activeIndex;
          const status = sessionTabStatus(tab);
          const title = titleOf(tab, index);
          return (
            <button
              key={tab.sessionId}
              type="button"
              role="tab"
              id={sessionTabId(idPrefix, index)}
              data-index={index}
              aria-selected={selected}
              aria-controls={selected ? panelId : undefined}
              aria-keyshortcuts={onClose ? 'Delete' : undefined}
              tabIndex={selected || (activeIndex < 0 && index === 0) ? 0 : -1}
              className="acp-session-tabs__tab"
              data-slot="session-tab"
              data-state={selected ? 'active' : 'inactive'}
              data-status={status}
              onClick={() => onActivate(tab.sessionId)}
            >
              {/* The tooltip on the label, not the tab: there it would be read again as the tab's description. */}
              <span className="acp-session-tabs__title" data-slot="session-tab-title" dir="auto" title={title}>
                {title}
              </span>
              {status !== 'idle' && (
                <>
                  <span className="acp-session-tabs__badge" data-slot="session-tab-badge" data-status={status} aria-hidden="true">
                    {status === 'waiting' ? tab.waiting : null}
                  </span>
                  <span className="acp-visually-hidden">, {messages[`status_${status}`]}</span>
                </>
              )}
              {onClose && tabs.length > 1 && (
                // For the pointer only: a button may not sit inside a tab. Keyboard and screen
                // reader users close with Delete or the Close button after the list.
                <span
                  className="acp-session-tabs__close-mark"
                  data-slot="session-tab-close"
                  aria-hidden="true"
                  onClick={(event) => {
                    event.stopPropagation();
                    onClose(tab.sessionId);
                  }}
                >
                  ×
                </span>
              )}
            </button>
          );
        })}
      </div>
      {onClose && active && tabs.length > 1 && (
        <button
          type="button"
          className="acp-button acp-session-tabs__close"
          data-slot="session-tabs-close"
          data-variant="ghost"
          aria-label={format(messages.close, { title: titleOf(active, activeIndex) })}
          onClick={() => onClose(active.sessionId)}
        >
          ×
        </button>
      )}
    </div>
  );
});

/**
 * A mouse wheel turns vertically; over a strip that only scrolls sideways, that is what it means.
 * The page keeps the wheel when the strip has nowhere to go that way (or does not overflow), and
 * sideways gestures (trackpads) and pinch-zoom stay the browser's. A native listener: React's is
 * passive and could not keep the page from scrolling too.
 */
function useWheelScrollsSideways(listRef: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey || Math.abs(event.deltaX) >= Math.abs(event.deltaY)) return;
      if (list.scrollWidth <= list.clientWidth) return;
      // Lines (Firefox with a mouse) and pages to pixels, roughly as the browser scrolls them.
      const unit = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? list.clientWidth : 1;
      // Down goes towards the end: leftwards in a right-to-left strip.
      const towardsEnd = getComputedStyle(list).direction === 'rtl' ? -1 : 1;
      const before = list.scrollLeft;
      list.scrollLeft = before + event.deltaY * unit * towardsEnd;
      if (list.scrollLeft !== before) event.preventDefault();
    };
    list.addEventListener('wheel', onWheel, { passive: false });
    return () => list.removeEventListener('wheel', onWheel);
  }, [listRef]);
}
