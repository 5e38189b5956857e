/**
 * In-browser half of bench/many-sessions.bench.mjs, the panel the user sees: one client, one
 * `<AcpProvider>` and the whole `<AgentPanel>` with N sessions opened by its New session button
 * (N tabs), connected to the in-process demo agent.
 *
 * `window.__run(chunks)` sends `/stream <chunks>` to every session at once (through the client,
 * as the panel's send does) and resolves when every prompt is answered and the shown session's
 * last word is on screen (then one more frame), with the page's long tasks. `window.__visit(chunks)`
 * then clicks each tab in turn, as the user switches sessions, and records for each whether its
 * last word (`w<chunks - 1>`) is in view at the bottom of the log in the first frame painted after
 * the click, and after how many frames it is (120 at most: a session that never shows it stops there).
 */
import { createRoot } from 'react-dom/client';
import { createAcpClient } from '../../src/core/index.js';
import { AcpProvider } from '../../src/react/index.js';
import { AgentPanel } from '../../src/panels/AgentPanel/index.js';
import { preloadComponents } from '../../src/components/shared/lazy-module.js';
import '../../src/styles/tokens.css';

import.meta.glob('../../src/components/**/*.css', { eager: true });
import.meta.glob('../../src/panels/**/*.css', { eager: true });

const query = new URLSearchParams(location.search);
const agentUrl = query.get('agent') ?? 'ws://127.0.0.1:3031/acp';
const count = Number(query.get('n') ?? 16);
/** `?preload=0`: the conversation's chunk is fetched as the panel fetches it (a thread with something to show), not ahead. */
const preload = query.get('preload') !== '0';

const longTasks: { start: number; duration: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
}).observe({ type: 'longtask', buffered: true });

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
const tabs = () => [...document.querySelectorAll<HTMLElement>('[data-slot="agent-panel"] [role="tab"]')];

/** Where the shown log's `marker` word is: in its viewport, and the log scrolled to its end. */
function shownEnd(marker: string): { found: boolean; inView: boolean; atBottom: boolean; fromEnd: number } {
  const log = document.querySelector<HTMLElement>('[data-slot="agent-panel"] [data-slot="thread-log"]');
  if (!log) return { found: false, inView: false, atBottom: false, fromEnd: -1 };
  const fromEnd = Math.round(log.scrollHeight - log.scrollTop - log.clientHeight);
  const atBottom = fromEnd <= 2;
  const walker = document.createTreeWalker(log, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = (node.textContent ?? '').search(new RegExp(`\\b${marker}\\b`));
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + marker.length);
    const r = range.getBoundingClientRect();
    const v = log.getBoundingClientRect();
    return { found: true, inView: r.height > 0 && r.top >= v.top - 1 && r.bottom <= v.bottom + 1, atBottom, fromEnd };
  }
  return { found: false, inView: false, atBottom, fromEnd };
}

async function main() {
  const client = createAcpClient({ url: agentUrl, reconnect: false, clientInfo: { name: 'many-sessions-panel-bench', version: '0' } });
  await client.connect();
  createRoot(document.getElementById('root')!).render(
    <AcpProvider client={client} autoConnect={false}>
      <AgentPanel cwd="/tmp/acp-react-bench" showSessionList={false} />
    </AcpProvider>,
  );
  while (Object.keys(client.getSnapshot().sessions).length === 0) await nextFrame();
  // The other sessions as the user opens them: New session, one tab each.
  const newSession = () => [...document.querySelectorAll<HTMLButtonElement>('[data-slot="agent-panel"] button')].find((b) => b.textContent === 'New session');
  for (let i = 1; i < count; i++) {
    // The button ignores a click while the previous session is still starting.
    while (newSession()?.disabled !== false) await nextFrame();
    newSession()?.click();
    while (tabs().length < i + 1 || tabs()[i]?.getAttribute('aria-selected') !== 'true') await nextFrame();
  }
  const sessionIds = Object.keys(client.getSnapshot().sessions);
  if (preload) await preloadComponents();
  await nextFrame();
  await nextFrame();

  Object.assign(window, {
    __run: async (chunks: number) => {
      const start = performance.now();
      const stopReasons = await Promise.all(sessionIds.map((id) => client.prompt(id, `/stream ${chunks}`)));
      const answered = performance.now();
      // The session shown (the last one opened) has its end on screen, then one more frame.
      const marker = `w${chunks - 1}`;
      while (!shownEnd(marker).inView) await nextFrame();
      const shown = await nextFrame();
      return {
        sessions: sessionIds.length,
        chunks,
        start,
        answered,
        shown,
        stopReasons,
        longTasks: longTasks.filter((t) => t.start + t.duration >= start && t.start <= shown),
      };
    },
    __visit: async (chunks: number) => {
      const marker = `w${chunks - 1}`;
      const visits: { tab: number; frames: number; firstPainted: ReturnType<typeof shownEnd>; end: ReturnType<typeof shownEnd> }[] = [];
      for (let i = 0; i < sessionIds.length; i++) {
        tabs()[i]?.click();
        // As the first frame after the click was painted (a task queued from a frame runs after its paint).
        const firstPainted = await new Promise<ReturnType<typeof shownEnd>>((resolve) =>
          requestAnimationFrame(() => setTimeout(() => resolve(shownEnd(marker)), 0)),
        );
        let frames = 1;
        let end = shownEnd(marker);
        while (!(tabs()[i]?.getAttribute('aria-selected') === 'true' && end.inView && end.atBottom) && frames < 120) {
          await nextFrame();
          frames++;
          end = shownEnd(marker);
        }
        visits.push({ tab: i, frames, firstPainted, end });
      }
      return visits;
    },
    __ready: true,
  });
}

main().catch((error: unknown) => {
  (window as unknown as { __error: string }).__error = String((error as Error)?.stack ?? error);
});
