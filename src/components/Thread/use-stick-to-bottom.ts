import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject, type UIEvent, type WheelEvent } from 'react';
import { useIsomorphicLayoutEffect } from '../shared/use-isomorphic-layout-effect.js';

/** Within this distance of the end the log counts as "at the bottom" (sub-pixel and rounding slack). */
const AT_BOTTOM_PX = 32;
/** A scroll this soon after a wheel, key or touch is the user's doing. */
const INTENT_WINDOW_MS = 500;
const UP_KEYS = new Set(['ArrowUp', 'PageUp', 'Home']);

export interface StickToBottom {
  /** The scroll container. */
  scrollRef: RefObject<HTMLDivElement | null>;
  /** The element holding all content; its size changes re-pin the log while following. */
  contentRef: (element: HTMLDivElement | null) => void;
  /** The user scrolled away from the end. */
  away: boolean;
  /** Something arrived below while away. */
  unseen: boolean;
  /** Handlers for the scroll container. */
  handlers: {
    onScroll: (event: UIEvent<HTMLDivElement>) => void;
    onWheel: (event: WheelEvent<HTMLDivElement>) => void;
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => void;
    onTouchStart: () => void;
  };
  jumpToLatest: () => void;
}

/** Where the user left a thread's log scrolled up (kept in a `ThreadScrollMemory`). */
export interface ThreadScrollPlace {
  /** The log's `scrollTop`. */
  readonly top: number;
  /** The content's version then (see `RememberedPlace`): a different one since is news below. */
  readonly version: unknown;
  /** Something had arrived below that the user had not scrolled down to. */
  readonly unseen: boolean;
}

/** Where the user left each thread scrolled up, by session id; a thread that followed its end has no entry. */
export type ThreadScrollMemory = Map<string, ThreadScrollPlace>;

/** The log's place in a `ThreadScrollMemory`. */
export interface RememberedPlace {
  memory: ThreadScrollMemory | undefined;
  /** The session the log shows: a log given another one records its place and takes the other's. */
  key: string;
  /** Changes identity whenever something new arrives (the thread's items). */
  version: unknown;
}

const distanceFromEnd = (el: HTMLElement) => el.scrollHeight - el.scrollTop - el.clientHeight;
const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/**
 * Keeps a log pinned to its end while content streams in, and lets go as soon as the user scrolls
 * up, by what the user did rather than by scroll events alone: content growth, scroll anchoring,
 * focus moves and virtualizer corrections all move `scrollTop` too. A scroll counts as the
 * user's when it follows a wheel, key, touch or scrollbar press, or when it moved up while the
 * content height stayed the same (find-in-page, a tab into earlier content). Reaching the end
 * again, by any means, resumes following.
 *
 * `contentDeps` changes whenever the thread's content does; re-pinning then happens before paint.
 *
 * A log mounting (a session shown, a tab switched to) starts at its end before its first paint,
 * unless `remembered.memory` holds where the user left this session scrolled up: then there,
 * with "Jump to latest" (and its "new below" if something arrived since). Unmounting records
 * that place, or forgets it if the log was following.
 */
export function useStickToBottom(contentDeps: readonly unknown[], remembered?: RememberedPlace): StickToBottom {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const following = useRef(true);
  const lastIntent = useRef(Number.NEGATIVE_INFINITY);
  const pressing = useRef(false);
  const lastTop = useRef(0);
  const lastHeight = useRef(0);
  const [away, setAwayState] = useState(false);
  const [unseen, setUnseenState] = useState(false);
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  // Scroll events come every frame while the log follows a stream, and each used to set both
  // flags to the value they already had. React skips such an update only while the component
  // has no other pending one; otherwise it renders and commits the Thread again (a second commit
  // in the frame). The last value set is kept here and only changes reach React.
  const flags = useRef({ away: false, unseen: false });
  const setAway = useCallback((value: boolean) => {
    if (flags.current.away === value) return;
    flags.current.away = value;
    setAwayState(value);
  }, []);
  const setUnseen = useCallback((value: boolean) => {
    if (flags.current.unseen === value) return;
    flags.current.unseen = value;
    setUnseenState(value);
  }, []);

  const pin = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const end = el.scrollHeight - el.clientHeight;
    // Writing only when needed avoids a scroll event (and a re-layout) per chunk at the end.
    if (el.scrollTop < end) el.scrollTop = end;
    lastTop.current = el.scrollTop;
    lastHeight.current = el.scrollHeight;
  }, []);

  const follow = useCallback(() => {
    following.current = true;
    setAway(false);
    setUnseen(false);
  }, [setAway, setUnseen]);

  // New content (items, chunks, requests) since the last resize callback: the size change it
  // brings is worth pointing the user at, unlike one from an image or a folded card.
  const contentChanged = useRef(false);
  // The version of what the log shows, for the place recorded when it unmounts.
  const shown = useRef(remembered?.version);

  // Store-driven changes. Where ResizeObserver exists, the observer below pins or flags them once
  // the browser has laid the change out, before paint, in the same frame: reading the log's size
  // here instead would force a synchronous layout of every chunk (seconds of layout when large
  // content streams). Without it (older engines, tests), pin here, before paint.
  useIsomorphicLayoutEffect(() => {
    contentChanged.current = true;
    shown.current = remembered?.version;
    const el = scrollRef.current;
    if (!el || typeof ResizeObserver !== 'undefined') return;
    if (following.current) pin();
    else if (distanceFromEnd(el) > AT_BOTTOM_PX) {
      setAway(true);
      setUnseen(true);
    }
    // The caller's deps are exactly "the content changed"; the refs read here are always current.
  }, contentDeps);

  // Shown (mounted, or given another session): at the end, or at the place the user left, before
  // the first paint. Not left to the resize observer below: its first report may come a frame
  // later, and the log would show its top meanwhile (a session switched to, its answer streamed
  // in the background, showing its beginning). One layout read per session shown. Runs after the
  // effect above (declared first), so `shown` is the current version.
  const memory = remembered?.memory;
  const key = remembered?.key;
  useIsomorphicLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const place = key === undefined ? undefined : memory?.get(key);
    if (place) {
      following.current = false;
      el.scrollTop = place.top;
      lastTop.current = el.scrollTop;
      lastHeight.current = el.scrollHeight;
      // The size change of this first layout is not news; what arrived while away is.
      contentChanged.current = false;
      setAway(true);
      setUnseen(place.unseen || place.version !== shown.current);
    } else {
      follow();
      pin();
    }
    return () => {
      if (!memory || key === undefined) return;
      if (following.current) memory.delete(key);
      else memory.set(key, { top: el.scrollTop, version: shown.current, unseen: flags.current.unseen });
    };
  }, [memory, key, follow, pin, setAway, setUnseen]);

  // Size changes, after layout and before paint: re-pin while following; while away, new content
  // that grew the log shows "Jump to latest" with its "new below" state. Layout-driven changes
  // (images, highlighting, a folded card, a resized window) only re-pin.
  useEffect(() => {
    const el = scrollRef.current;
    if (!content || !el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const fresh = contentChanged.current;
      contentChanged.current = false;
      if (following.current) pin();
      else if (fresh && distanceFromEnd(el) > AT_BOTTOM_PX) {
        setAway(true);
        setUnseen(true);
      }
    });
    observer.observe(content);
    observer.observe(el);
    return () => observer.disconnect();
  }, [content, pin, setAway, setUnseen]);

  useEffect(() => {
    const release = () => {
      if (!pressing.current) return;
      pressing.current = false;
      lastIntent.current = now();
    };
    window.addEventListener('pointerup', release);
    window.addEventListener('pointercancel', release);
    window.addEventListener('touchend', release);
    window.addEventListener('touchcancel', release);
    return () => {
      window.removeEventListener('pointerup', release);
      window.removeEventListener('pointercancel', release);
      window.removeEventListener('touchend', release);
      window.removeEventListener('touchcancel', release);
    };
  }, []);

  const onScroll = useCallback(
    (event: UIEvent<HTMLDivElement>) => {
      const el = event.currentTarget;
      const top = el.scrollTop;
      const movedUp = top < lastTop.current - 1;
      const heightChanged = el.scrollHeight !== lastHeight.current;
      lastTop.current = top;
      lastHeight.current = el.scrollHeight;
      if (distanceFromEnd(el) <= AT_BOTTOM_PX) {
        // Same-value state updates bail out, so this costs nothing while already following.
        follow();
        return;
      }
      const intended = pressing.current || now() - lastIntent.current < INTENT_WINDOW_MS;
      if (movedUp && (intended || !heightChanged)) following.current = false;
      if (!following.current) setAway(true);
    },
    [follow, setAway],
  );

  const onWheel = useCallback((event: WheelEvent<HTMLDivElement>) => {
    lastIntent.current = now();
    // Let go at once: the browser applies the wheel asynchronously, and a chunk pinned in between
    // would otherwise swallow the user's first notch.
    if (event.deltaY < 0 && event.currentTarget.scrollTop > 0) following.current = false;
  }, []);

  const onKeyDown = useCallback((event: KeyboardEvent<HTMLDivElement>) => {
    if (UP_KEYS.has(event.key) || (event.key === ' ' && event.shiftKey) || event.key === 'PageDown' || event.key === 'End') {
      lastIntent.current = now();
    }
  }, []);

  const onPointerDown = useCallback((event: PointerEvent<HTMLDivElement>) => {
    // Only a press on the container itself: that is its scrollbar (content sits in children).
    if (event.target === event.currentTarget) pressing.current = true;
  }, []);

  const onTouchStart = useCallback(() => {
    pressing.current = true;
  }, []);

  const jumpToLatest = useCallback(() => {
    follow();
    pin();
    // The button disappears; keep keyboard focus in the log rather than dropping it to <body>.
    scrollRef.current?.focus({ preventScroll: true });
  }, [follow, pin]);

  return {
    scrollRef,
    contentRef: setContent,
    away,
    unseen,
    handlers: { onScroll, onWheel, onKeyDown, onPointerDown, onTouchStart },
    jumpToLatest,
  };
}
