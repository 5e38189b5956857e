/**
 * In-browser half of bench/hostile.bench.mjs: the whole `<AgentPanel>` (provider, client over the
 * browser's WebSocket, thread, prompt input) connected to the misbehaving agent of
 * `test/helpers/hostile-agent.mjs`, with the flooding terminal of the hostile playground page.
 *
 * `window.__run(scenario)` types the scenario's name into the prompt and sends it as a user would,
 * answers the permission prompts the turn brings (a click on each one's allow option), waits for
 * the turn to end and the page to go quiet, opens every collapsed part of the conversation one
 * after another, then sends a plain prompt and waits for its echo (the page must still work). It
 * returns every long task (`PerformanceObserver`, wall time) from the first prompt on, those while
 * opening apart, whether the panel is still on the page, and the notes the panel shows about cut,
 * flattened or approximate content. Called again on the same page, it runs the next scenario in
 * the same session with everything before still mounted (the benchmark's `everything`).
 */
import { createRoot } from 'react-dom/client';
import { AcpProvider } from '../../src/react/index.js';
import { AgentPanel } from '../../src/panels/AgentPanel/index.js';
import { preloadComponents } from '../../src/components/shared/lazy-module.js';
import { createFloodTerminal } from '../../playground/src/hostile/flood-terminal.js';
import '../../src/styles/tokens.css';

import.meta.glob('../../src/components/**/*.css', { eager: true });
import.meta.glob('../../src/panels/**/*.css', { eager: true });

const agentUrl = new URLSearchParams(location.search).get('agent') ?? 'ws://127.0.0.1:3031';

const longTasks: { start: number; duration: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
}).observe({ type: 'longtask', buffered: true });

const pageErrors: string[] = [];
window.addEventListener('error', (event) => pageErrors.push(String(event.message)));

const root = document.getElementById('root')!;
createRoot(root).render(
  <AcpProvider options={{ url: agentUrl, terminal: createFloodTerminal(), reconnect: false, clientInfo: { name: 'hostile-bench', version: '0' } }}>
    <AgentPanel cwd="/tmp/acp-react-bench" showSessionList={false} />
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
const idle = () => root.querySelector('.acp-prompt-input[data-state="idle"]') !== null;
const panelAlive = () => root.querySelector('[data-slot="agent-panel"]') !== null;

/** Types `text` into the prompt box through React's input handling and presses Enter. */
function send(text: string) {
  const box = input()!;
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
  setter.call(box, text);
  box.dispatchEvent(new Event('input', { bubbles: true }));
  box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
}

async function quiet() {
  // The page is quiet when no long task started in the last 500 ms.
  for (;;) {
    const before = longTasks.length;
    await sleep(500);
    await frame();
    if (longTasks.length === before) return;
  }
}

/**
 * Answers every pending permission prompt while the turn runs, one click on its allow option per
 * task, as a user working through them would; stops when the turn ends.
 */
async function answerPermissions(): Promise<number> {
  let answered = 0;
  while (!idle() && panelAlive()) {
    const option = root.querySelector<HTMLButtonElement>(
      '[data-slot="permission"][data-status="pending"] [data-slot="permission-option"][data-kind="allow_once"]',
    );
    if (!option) {
      await sleep(20);
      continue;
    }
    option.click();
    answered++;
    await frame();
  }
  return answered;
}

/** Every collapsed part of the conversation a user could open: disclosures, not menus. */
const COLLAPSED = 'button[aria-expanded="false"]:not([aria-haspopup]):not([disabled]), details:not([open]) > summary';

/**
 * Opens every collapsed part of the conversation in turn (tool call cards, raw input and output,
 * diffs, thoughts, unknown content), each click in a task of its own after the search for it,
 * and two frames for it to show, as a curious user would. Parts a click reveals are opened too.
 */
async function openCollapsed(): Promise<number> {
  const log = root.querySelector('[role="log"]') ?? root;
  const opened = new Set<Element>();
  for (let clicks = 0; clicks < 2000; clicks++) {
    const next = [...log.querySelectorAll<HTMLElement>(COLLAPSED)].find((el) => !opened.has(el));
    if (!next) break;
    opened.add(next);
    await sleep(0);
    if (!next.isConnected) continue;
    next.click();
    await frame();
    await frame();
  }
  return opened.size;
}

async function run(scenario: string) {
  const start = performance.now();
  const firstTask = longTasks.length;
  send(scenario);
  await until(() => !idle(), 10_000, 'the turn to start');
  const answering = answerPermissions();
  await until(() => idle() || !panelAlive(), 300_000, 'the turn to end');
  const answered = await answering;
  const ended = performance.now();
  await quiet();
  // A user looks at what arrived: every collapsed part opened, one after another.
  const openFrom = longTasks.length;
  const openStart = performance.now();
  const opened = await openCollapsed();
  await frame();
  await quiet();
  const openTasks = longTasks.slice(openFrom).filter((task) => task.start + task.duration >= openStart);
  const tasks = longTasks.slice(firstTask).filter((task) => task.start + task.duration >= start && !openTasks.includes(task));
  const notes = [
    ...root.querySelectorAll(
      '[data-slot="budget-note"], [data-slot="part-error"], [data-slot="terminal-truncated"], [data-slot="terminal-hidden-lines"], [data-slot="diff-approximate"]',
    ),
  ].map((el) => el.textContent?.trim().slice(0, 160) ?? '');
  let nextPromptWorks = false;
  if (panelAlive()) {
    const echo = `still here ${Math.random().toString(36).slice(2, 8)}`;
    send(echo);
    try {
      await until(() => (root.textContent ?? '').includes(`Echo: ${echo}`) && idle(), 60_000, 'the echo');
      nextPromptWorks = true;
    } catch {
      nextPromptWorks = false;
    }
  }
  return {
    scenario,
    turnMs: ended - start,
    longTasks: tasks,
    openLongTasks: openTasks,
    opened,
    answered,
    panelAlive: panelAlive(),
    nextPromptWorks,
    notes: [...new Set(notes)],
    errors: pageErrors.splice(0),
    domNodes: document.getElementsByTagName('*').length,
  };
}

(async () => {
  await until(() => input() !== null && !input()!.disabled, 30_000, 'the session');
  await preloadComponents();
  (window as unknown as { __run: typeof run }).__run = run;
  (window as unknown as { __ready: boolean }).__ready = true;
})().catch((error: unknown) => {
  (window as unknown as { __error: string }).__error = String((error as Error)?.stack ?? error);
});
