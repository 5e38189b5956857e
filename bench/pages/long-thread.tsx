/**
 * In-browser half of bench/long-thread.bench.mjs: a 2,000-turn transcript in `<Thread>`.
 *
 * The session is built in the page with the core's own reducer (`startTurn`,
 * `applySessionUpdate`, `endTurn`) — what a `session/load` replay does — then rendered once.
 * Each turn: a user message, an agent message (a paragraph with inline markdown and a 6-line
 * TypeScript block) and a completed `read` tool call with a location and text output.
 *
 *  - `window.__firstRender`: navigation → module start → session built → `render()` → the
 *    thread's turns in the DOM → the next animation frame; and first-contentful-paint.
 *  - `window.__settle()`: waits until the DOM stopped changing (highlighting of the visible code
 *    blocks, virtualizer measurements), then counts elements.
 *  - `window.__scroll(step, mode)`: from the bottom to the top, one step per animation frame
 *    (see `scrollToTop`). Records every rAF timestamp and the long tasks.
 *
 * Query: `?turns=2000&virtualizeAbove=150` (default: the Thread's default threshold).
 */
import { createRoot } from 'react-dom/client';
import { applySessionUpdate, createSessionState, endTurn, startTurn, type SessionState } from '../../src/core/index.js';
// The component itself, in the page's bundle as before the thread was fetched on demand: this
// benchmark measures rendering a long thread, not fetching the conversation chunk.
import { ThreadLoaded as Thread } from '../../src/components/Thread/ThreadLoaded.js';
import '../../src/styles/tokens.css';

import.meta.glob('../../src/components/**/*.css', { eager: true });

performance.mark('script-start');
const query = new URLSearchParams(location.search);
const turnCount = Number(query.get('turns') ?? 2000);
const virtualizeAbove = query.has('virtualizeAbove') ? Number(query.get('virtualizeAbove')) : undefined;

const longTasks: { start: number; duration: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
}).observe({ type: 'longtask', buffered: true });

const WORDS =
  'the reducer keeps every item immutable so a chunk replaces one object and memoized rows skip rendering while the list stays stable across updates'.split(
    ' ',
  );

function paragraph(turn: number): string {
  const words: string[] = [];
  for (let i = 0; i < 60; i++) {
    const word = WORDS[(turn * 7 + i * 5) % WORDS.length]!;
    if (i % 17 === 4) words.push(`**${word}**`);
    else if (i % 13 === 9) words.push(`\`${word}()\``);
    else words.push(word);
  }
  return `Turn ${turn}: ${words.join(' ')}.`;
}

function codeBlock(turn: number): string {
  return [
    '```ts',
    `export function step${turn}(items: readonly string[]): string[] {`,
    `  const limit = ${turn % 97};`,
    '  const kept = items.filter((item) => item.length > limit);',
    `  return kept.map((item) => item.trim() + '-${turn}');`,
    '}',
    '```',
  ].join('\n');
}

/** The transcript, through the reducer, as a `session/load` replay would build it. */
function buildSession(turns: number): SessionState {
  let session = createSessionState('bench-long-thread', { cwd: '/workspace/project' });
  const t0 = Date.UTC(2026, 0, 1);
  for (let t = 0; t < turns; t++) {
    const now = t0 + t * 60_000;
    const turnId = `turn-${t}`;
    session = startTurn(session, turnId, [{ type: 'text', text: `Please look at step ${t} and explain what it does.` }], now);
    session = applySessionUpdate(
      session,
      { sessionUpdate: 'agent_message_chunk', messageId: `a${t}`, content: { type: 'text', text: `${paragraph(t)}\n\n${codeBlock(t)}\n` } },
      now + 1000,
    );
    session = applySessionUpdate(
      session,
      {
        sessionUpdate: 'tool_call',
        toolCallId: `call-${t}`,
        title: `Read src/steps/step${t}.ts`,
        kind: 'read',
        status: 'completed',
        locations: [{ path: `/workspace/project/src/steps/step${t}.ts`, line: 1 + (t % 40) }],
        rawInput: { path: `/workspace/project/src/steps/step${t}.ts` },
        rawOutput: { lines: 6 },
        content: [{ type: 'content', content: { type: 'text', text: `Read 6 lines of step${t}.ts` } }],
      },
      now + 2000,
    );
    session = endTurn(session, turnId, { stopReason: 'end_turn' }, now + 3000);
  }
  return session;
}

const buildStart = performance.now();
const session = buildSession(turnCount);
const built = performance.now();

const root = document.getElementById('root')!;
let inDom = 0;
let resolveFirst!: (value: unknown) => void;
const firstRender = new Promise((resolve) => (resolveFirst = resolve));
const fcp = new Promise<number>((resolve) => {
  new PerformanceObserver((list) => {
    const entry = list.getEntriesByName('first-contentful-paint')[0];
    if (entry) resolve(entry.startTime);
  }).observe({ type: 'paint', buffered: true });
});
const observer = new MutationObserver(() => {
  if (inDom || !root.querySelector('[data-slot="thread-turn"]')) return;
  inDom = performance.now();
  observer.disconnect();
  requestAnimationFrame(async (t) => {
    const firstFrame = Math.max(t, performance.now());
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    resolveFirst({
      scriptStart: performance.getEntriesByName('script-start')[0]!.startTime,
      buildStart,
      built,
      renderStart,
      inDom,
      firstFrame,
      responseEnd: nav?.responseEnd ?? 0,
      fcp: await Promise.race([fcp, new Promise<number>((resolve) => setTimeout(() => resolve(NaN), 5000))]),
      items: session.thread.items.size,
      turns: session.turns.length,
      turnsAtFirstFrame: root.querySelectorAll('[data-slot="thread-turn"]').length,
    });
  });
});
observer.observe(root, { childList: true, subtree: true });
const renderStart = performance.now();
createRoot(root).render(<Thread session={session} virtualizeAbove={virtualizeAbove} />);

const log = () => root.querySelector<HTMLElement>('[data-slot="thread-log"]')!;
const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

/** Resolves once the DOM under the thread has not changed for `quietMs` (or after `maxMs`). */
async function settle(quietMs = 1000, maxMs = 20_000) {
  let last = performance.now();
  const watcher = new MutationObserver(() => (last = performance.now()));
  watcher.observe(root, { childList: true, subtree: true, characterData: true, attributes: true });
  const start = performance.now();
  while (performance.now() - last < quietMs && performance.now() - start < maxMs) await new Promise((r) => setTimeout(r, 100));
  watcher.disconnect();
  const el = log();
  return {
    settledAfter: performance.now() - start,
    elements: document.getElementsByTagName('*').length,
    threadElements: root.getElementsByTagName('*').length,
    turnsMounted: root.querySelectorAll('[data-slot="thread-turn"]').length,
    virtualized: root.querySelector('[data-slot="thread"]')!.getAttribute('data-virtualized') === 'true',
    scrollHeight: el.scrollHeight,
    clientHeight: el.clientHeight,
    scrollTop: el.scrollTop,
  };
}

/**
 * Scrolls the log from where it is to the top, `step` px per animation frame, and records every
 * rAF timestamp. `mode`:
 *  - `between` (default): the step is applied in a task right after the frame, where input-driven
 *    scrolls (wheel, keys, scrollbar) land: its scroll event fires at the start of the next frame,
 *    before rAF, layout and ResizeObserver;
 *  - `raf`: `scrollBy` inside the rAF callback, as script-driven scrolling (an app's own
 *    animation) does: after that frame's scroll event, before its layout and ResizeObserver.
 * Each step is preceded by a wheel event on the log, which is what tells stick-to-bottom that
 * the user is scrolling.
 */
async function scrollToTop(step: number, mode: 'between' | 'raf' = 'between', maxFrames = 20_000) {
  const el = log();
  const startTop = el.scrollTop;
  const startHeight = el.scrollHeight;
  const times: number[] = [];
  let atTopFrames = 0;
  let reverted = 0;
  let expected = el.scrollTop;
  const doStep = () => {
    el.dispatchEvent(new WheelEvent('wheel', { deltaY: -step, deltaMode: 0, bubbles: true, cancelable: true }));
    el.scrollBy(0, -step);
    expected = el.scrollTop;
  };
  const channel = new MessageChannel();
  channel.port1.onmessage = doStep;
  await frame();
  const start = performance.now();
  while (times.length < maxFrames) {
    const t = await frame();
    times.push(t);
    const top = el.scrollTop;
    // A step that did not stick: the position moved back down by more than half a step.
    if (top > expected + step / 2) reverted++;
    if (top <= 0) {
      if (++atTopFrames >= 3) break;
    } else atTopFrames = 0;
    if (mode === 'raf') doStep();
    else channel.port2.postMessage(null);
  }
  const end = performance.now();
  channel.port1.close();
  const deltas = times.slice(1).map((t, i) => t - times[i]!);
  return {
    mode,
    step,
    startTop,
    startHeight,
    endTop: el.scrollTop,
    endHeight: el.scrollHeight,
    reachedTop: el.scrollTop <= 0,
    reverted,
    frames: times.length,
    duration: end - start,
    deltas,
    longTasks: longTasks.filter((l) => l.start + l.duration >= start && l.start <= end),
    elementsAtTop: document.getElementsByTagName('*').length,
    turnsMountedAtTop: root.querySelectorAll('[data-slot="thread-turn"]').length,
  };
}

Object.assign(window, { __firstRender: firstRender, __settle: settle, __scroll: scrollToTop, __longTasks: longTasks });
