/**
 * In-browser half of bench/change-review.bench.mjs: the change review with a big change set, built
 * by the real tracker (`createChangeTracker` over the in-memory workspace, every change an agent's
 * `fs/write_text_file` through `tracker.fs`), shown by the real `ChangeReview`.
 *
 *  - `window.__build(scenario, size)`: `files` writes `size` files of 150 lines with 3 changed
 *    regions each; `big` writes one file of `size` lines with every 50th line changed. Times each
 *    write (read before, hunk computation, the snapshot update): the work a `fs/write_text_file`
 *    request costs, in the request's task, never in a render.
 *  - `window.__open()`: mounts the review (click → the review in the DOM → next frame).
 *  - `window.__keys(key, count)`: presses a key on the focused hunk `count` times (a keydown
 *    dispatched to it, as the keyboard does), each timed from the event to the frame after it
 *    painted; `a` (accept) waits for the decision to show.
 *  - `window.__stream(chunks)`: with the review open, a `<Thread>` beside it receives `chunks`
 *    streamed chunks through a core store (one notification per frame, as the client's): React
 *    commits per frame, the review's renders, long tasks, frame gaps.
 */
import { Profiler, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { applySessionUpdate, createSessionState, createStore, startTurn, type SessionState } from '../../src/core/index.js';
import { createChangeTracker } from '../../src/core/changes/index.js';
import { createMemoryFs } from '../../src/core/devtools/index.js';
// The components themselves, in the page's bundle: this measures rendering, not fetching chunks.
import { ChangeReviewLoaded as ChangeReview } from '../../src/components/ChangeReview/ChangeReviewLoaded.js';
import { ThreadLoaded as Thread } from '../../src/components/Thread/ThreadLoaded.js';
import '../../src/styles/tokens.css';

import.meta.glob('../../src/components/**/*.css', { eager: true });

const longTasks: { start: number; duration: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
}).observe({ type: 'longtask', buffered: true });

const memory = createMemoryFs({ files: {}, writable: true });
const tracker = createChangeTracker({ fs: memory });
const ctx = (path: string) => ({ sessionId: 'bench', path, roots: ['/w'], signal: new AbortController().signal });
const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
/** The frame after the next paint: a task queued from the rAF callback runs once that frame is drawn. */
const painted = () =>
  new Promise<number>((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(null);
    }),
  );

function line(i: number, salt: string): string {
  return `  const value${i} = compute(${i}, '${salt}') + offset * ${i % 17}; // step ${i} of the pipeline`;
}

function fileText(lines: number, changedEvery: number, changed: boolean, salt: string): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++)
    out.push(changed && i % changedEvery === changedEvery - 1 ? line(i, `${salt}-new`).replace('offset', 'delta') : line(i, salt));
  return out.join('\n') + '\n';
}

async function build(scenario: 'files' | 'big', size: number) {
  const specs: Array<{ path: string; before: string; after: string }> = [];
  if (scenario === 'files') {
    for (let f = 0; f < size; f++)
      specs.push({ path: `/w/src/module${f}/file${f}.ts`, before: fileText(150, 50, false, `f${f}`), after: fileText(150, 50, true, `f${f}`) });
  } else {
    specs.push({ path: '/w/src/generated/big.ts', before: fileText(size, 50, false, 'big'), after: fileText(size, 50, true, 'big') });
  }
  let bytes = 0;
  for (const s of specs) {
    await memory.writeTextFile!(ctx(s.path), s.before);
    bytes += s.before.length + s.after.length;
  }
  await painted();
  const tasksBefore = longTasks.length;
  const writes: number[] = [];
  for (const s of specs) {
    // Each request arrives in a task of its own (a WebSocket message), not chained in one.
    await new Promise((r) => setTimeout(r, 0));
    const t0 = performance.now();
    await tracker.fs.writeTextFile!(ctx(s.path), s.after);
    writes.push(performance.now() - t0);
  }
  // Long tasks are reported after they end: give the observer a frame.
  await painted();
  const files = tracker.getSnapshot().turns.flatMap((t) => t.files);
  return { writes, longTasks: longTasks.slice(tasksBefore), files: files.length, hunks: files.reduce((n, f) => n + f.hunks.length, 0), chars: bytes };
}

let reviewCommits = 0;
let threadCommits = 0;
const commitFrames: number[] = [];
let streaming = false;
const onCommit = (id: string) => {
  if (id === 'review') reviewCommits++;
  else if (id === 'thread') threadCommits++;
  else if (streaming) commitFrames.push(currentFrame);
};
let currentFrame = 0;

const sessionStore = createStore<SessionState | null>(null, 'frame');

function Review() {
  const changes = useSyncExternalStore(tracker.subscribe, tracker.getSnapshot);
  return (
    <ChangeReview
      turns={changes.turns}
      writable={changes.writable}
      busy={changes.busy}
      error={changes.error}
      onAcceptHunk={(f, h) => void tracker.acceptHunk(f, h)}
      onRejectHunk={(f, h) => void tracker.rejectHunk(f, h)}
      onAcceptFile={(f) => void tracker.acceptFile(f)}
      onRejectFile={(f) => void tracker.rejectFile(f)}
      onAcceptAll={() => void tracker.acceptAll({ sessionId: 'bench' })}
      onRejectAll={() => void tracker.rejectAll({ sessionId: 'bench' })}
      onPreviewRestore={(turnId) => tracker.previewRestore('bench', turnId)}
      onRestore={(turnId) => void tracker.restoreCheckpoint('bench', turnId)}
      onDismissError={tracker.clearError}
    />
  );
}

function Conversation() {
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot);
  return session ? <Thread session={session} /> : null;
}

const rootEl = document.getElementById('root')!;
const root = createRoot(rootEl);

function App() {
  return (
    <Profiler id="app" onRender={onCommit}>
      <Profiler id="review" onRender={onCommit}>
        <Review />
      </Profiler>
      <div>
        <Profiler id="thread" onRender={onCommit}>
          <Conversation />
        </Profiler>
      </div>
    </Profiler>
  );
}

async function open() {
  const t0 = performance.now();
  flushSync(() => root.render(<App />));
  const inDom = performance.now();
  const shown = await painted();
  const review = rootEl.querySelector('[data-slot="change-review"]')!;
  const first = review.querySelector<HTMLElement>('[data-slot="change-review-hunk"]');
  first?.focus();
  return {
    renderMs: inDom - t0,
    paintedMs: shown - t0,
    reviewElements: review.getElementsByTagName('*').length,
    fileButtons: review.querySelectorAll('[data-slot="change-review-file-button"]').length,
    rowsMounted: review.querySelectorAll('[data-slot="change-review-line"], [data-slot="change-review-hunk"], [data-slot="change-review-gap"]').length,
    rowsVirtual: review.querySelector('[data-slot="change-review-rows"]')?.hasAttribute('data-virtual') ?? false,
    filesVirtual: (review.querySelector('[data-slot="change-review-files"]')?.firstElementChild as HTMLElement | null)?.style.position === 'relative',
  };
}

const decided = () => rootEl.querySelectorAll('[data-slot="change-review-hunk"][data-state="accepted"]').length;

async function keys(key: string, count: number) {
  const times: number[] = [];
  const tasksBefore = longTasks.length;
  for (let i = 0; i < count; i++) {
    await frame();
    const target = (document.activeElement as HTMLElement | null) ?? rootEl.querySelector<HTMLElement>('[data-slot="change-review"]')!;
    const before = decided();
    const t0 = performance.now();
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    if (key === 'a') {
      // The decision goes through the tracker (a promise); wait for it to show, then for the paint.
      while (decided() === before) await new Promise((r) => setTimeout(r, 0));
    }
    // J/K across files selects the next file, then focuses its hunk a frame later.
    times.push((await painted()) - t0);
    if (key === 'a') {
      await frame();
      document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'j', bubbles: true, cancelable: true }));
      await painted();
    }
  }
  const focused = document.activeElement?.getAttribute('aria-label') ?? null;
  return { times, longTasks: longTasks.slice(tasksBefore), focused };
}

async function stream(chunks: number, perBurst: number) {
  let session = startTurn(createSessionState('bench', { cwd: '/w' }), 'turn-1', [{ type: 'text', text: 'Refactor the pipeline' }], 0);
  sessionStore.setState(session);
  // Quiet first: the review's own settling after the last key (its virtualizer's scroll state) is not the stream's.
  await new Promise((r) => setTimeout(r, 500));
  await painted();
  const tasksBefore = longTasks.length;
  const reviewBefore = reviewCommits;
  const threadBefore = threadCommits;
  commitFrames.length = 0;
  streaming = true;
  const frames: number[] = [];
  let running = true;
  const tick = (t: number) => {
    frames.push(t);
    currentFrame++;
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  const t0 = performance.now();
  for (let sent = 0; sent < chunks;) {
    for (let k = 0; k < perBurst && sent < chunks; k++, sent++) {
      session = applySessionUpdate(
        session,
        { sessionUpdate: 'agent_message_chunk', messageId: 'm1', content: { type: 'text', text: sent % 40 === 39 ? ' step.\n\n' : ` word${sent}` } },
        sent,
      );
      sessionStore.setState(session);
    }
    await new Promise((r) => setTimeout(r, 0));
  }
  await painted();
  await painted();
  running = false;
  streaming = false;
  const elapsed = performance.now() - t0;
  const perFrame = new Map<number, number>();
  for (const f of commitFrames) perFrame.set(f, (perFrame.get(f) ?? 0) + 1);
  const gaps = frames.slice(1).map((t, i) => t - frames[i]!);
  return {
    elapsed,
    frames: frames.length,
    gaps,
    reviewCommits: reviewCommits - reviewBefore,
    threadCommits: threadCommits - threadBefore,
    commits: commitFrames.length,
    maxCommitsPerFrame: Math.max(0, ...perFrame.values()),
    longTasks: longTasks.slice(tasksBefore),
  };
}

Object.assign(window, { __build: build, __open: open, __keys: keys, __stream: stream, __ready: true });
