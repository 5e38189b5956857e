/**
 * In-browser half of bench/long-session.bench.mjs: the whole `<AgentPanel>` on its own client
 * (`createAcpClient` over the browser's WebSocket), connected to the in-process demo agent, which
 * holds a 2,000-turn session to replay.
 *
 * `window.__open(title)` opens that session as a user does (Sessions, then the session in the
 * list) and resolves once the prompt accepts input again. It records, from the click:
 *  - each animation frame while the session loads: whether the loading status shows and how many
 *    turns are mounted (is the replay shown as it arrives?);
 *  - when the thread first shows the last turn's text, and when the prompt box first accepts
 *    input for the opened session (under the loading status, or once its last turn shows);
 *  - typing mid-load: once the replay shows under the loading status, the page focuses the prompt
 *    and types into it as a user does (the draft must hold the text, the send button must offer to
 *    queue it), then clears it again;
 *  - every long task (`PerformanceObserver`, wall time).
 * `window.__close()` closes the session (`session/close`) and disconnects; `window.__reconnect()`
 * connects again for a second opening. The heap is read from the Node side (CDP) around each.
 */
import { createRoot } from 'react-dom/client';
import { createAcpClient } from '../../src/core/index.js';
import { AcpProvider } from '../../src/react/index.js';
import { AgentPanel } from '../../src/panels/AgentPanel/index.js';
import { preloadComponents } from '../../src/components/shared/lazy-module.js';
import '../../src/styles/tokens.css';

import.meta.glob('../../src/components/**/*.css', { eager: true });

const query = new URLSearchParams(location.search);
const agentUrl = query.get('agent') ?? 'ws://127.0.0.1:3031/acp';
const marker = query.get('marker') ?? '';

const longTasks: { start: number; duration: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
}).observe({ type: 'longtask', buffered: true });

let frames = 0;
const tick = () => {
  frames++;
  requestAnimationFrame(tick);
};
requestAnimationFrame(tick);

const client = createAcpClient({ url: agentUrl, reconnect: false, clientInfo: { name: 'long-session-bench', version: '0' } });
const root = document.getElementById('root')!;
createRoot(root).render(
  <AcpProvider client={client}>
    <AgentPanel cwd="/tmp/acp-react-bench" />
  </AcpProvider>,
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
async function until(condition: () => boolean, timeoutMs: number, what: string) {
  const start = performance.now();
  while (!condition()) {
    if (performance.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

const input = () => root.querySelector<HTMLTextAreaElement>('textarea');
/** Types as a user does: the value set through the element's own setter, then an input event (what React listens to). */
function typeInto(box: HTMLTextAreaElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(box, text);
  box.dispatchEvent(new Event('input', { bubbles: true }));
}
const loadingShown = () => root.querySelector('[data-slot="session-status"][data-status="loading"]') !== null;
const turnsMounted = () => root.querySelectorAll('[data-slot="thread-turn"]').length;
const threadText = () => root.querySelector('[data-slot="thread"]')?.textContent ?? '';

async function open(title: string) {
  const sessionsButton = [...root.querySelectorAll('button')].find((b) => b.textContent === 'Sessions');
  if (!sessionsButton) throw new Error('no Sessions button');
  sessionsButton.click();
  let item: HTMLButtonElement | undefined;
  await until(
    () => (item = [...root.querySelectorAll<HTMLButtonElement>('[data-slot="session-list-open"]')].find((b) => b.textContent?.includes(title))) !== undefined,
    30_000,
    'the session in the list',
  );
  await frame();
  const firstTask = longTasks.length;
  const framesBefore = frames;
  const start = performance.now();
  item!.click();

  // Sampled once per animation frame, after the frame's work (a rAF callback queued by the last).
  let firstReplayShown = 0;
  let loadingFramesWithTurns = 0;
  let loadingFrames = 0;
  let lastTurnShown = 0;
  let inputReady = 0;
  let typed: { atMs: number; heldText: boolean; focused: boolean; queueOffered: boolean; stillLoading: boolean } | null = null;
  let typing: string | null = null;
  for (;;) {
    const at = await frame();
    const loading = loadingShown();
    if (loading) {
      loadingFrames++;
      if (turnsMounted() > 0) {
        loadingFramesWithTurns++;
        if (firstReplayShown === 0) firstReplayShown = at;
      }
    }
    if (lastTurnShown === 0 && threadText().includes(marker)) lastTurnShown = at;
    const box = input();
    // The opened session's prompt: under its loading status, or once its last turn shows.
    if (inputReady === 0 && (loading || lastTurnShown) && box && !box.disabled) inputReady = at;
    if (typing !== null && box) {
      // A frame after typing: the draft holds the text and the send button offers to queue it.
      const send = root.querySelector<HTMLButtonElement>('[data-slot="prompt-input-toolbar"] button[aria-keyshortcuts="Enter"]');
      typed = {
        atMs: at - start,
        heldText: box.value === typing,
        focused: document.activeElement === box,
        queueOffered: send !== null && !send.disabled && send.textContent === 'Queue',
        stillLoading: loading,
      };
      typeInto(box, '');
      typing = null;
    } else if (typed === null && loading && firstReplayShown && box && !box.disabled) {
      typing = 'Typed while the history loads';
      box.focus();
      typeInto(box, typing);
    }
    if (lastTurnShown && inputReady && typing === null) break;
    if (at - start > 600_000) throw new Error('the session did not load in 10 minutes');
  }
  const framesDuring = frames - framesBefore;
  // Quiet: no long task in the last second (idle work: highlighting, turns mounting).
  for (;;) {
    const before = longTasks.length;
    await sleep(1000);
    if (longTasks.length === before) break;
  }
  const tasks = longTasks.slice(firstTask).filter((task) => task.start + task.duration >= start);
  return {
    typed,
    lastTurnMs: lastTurnShown - start,
    inputMs: inputReady - start,
    firstReplayMs: firstReplayShown ? firstReplayShown - start : null,
    loadingFrames,
    loadingFramesWithTurns,
    frames: framesDuring,
    longTasks: tasks,
    items: Object.values(client.getSnapshot().sessions).reduce((n, s) => Math.max(n, s.thread.items.size), 0),
    domElements: document.getElementsByTagName('*').length,
  };
}

async function close() {
  const ids = Object.keys(client.getSnapshot().sessions);
  for (const id of ids) await client.closeSession(id).catch(() => {});
  await client.disconnect();
  // Two frames: the panel renders what is left (no session).
  await frame();
  await frame();
  return { sessionsLeft: Object.keys(client.getSnapshot().sessions).length, status: client.getSnapshot().status };
}

/** Connects again after `close()`, for a second opening on a warm page (code compiled, parts loaded). */
async function reconnect() {
  await client.connect();
  await until(() => [...root.querySelectorAll('button')].some((b) => b.textContent === 'Sessions'), 30_000, 'the Sessions button');
  await frame();
}

(async () => {
  await until(() => input() !== null && !input()!.disabled, 30_000, 'the first session');
  await preloadComponents();
  Object.assign(window, { __open: open, __close: close, __reconnect: reconnect, __ready: true });
})().catch((error: unknown) => {
  (window as unknown as { __error: string }).__error = String((error as Error)?.stack ?? error);
});
