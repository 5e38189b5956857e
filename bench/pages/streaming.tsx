/**
 * In-browser half of bench/browser-streaming.bench.mjs: the library's real path from a
 * WebSocket to pixels. `createAcpClient` (over the browser's WebSocket) → store → `AcpProvider`
 * → `useSession` → `<Thread>` inside a `<Profiler>`, connected to the in-process demo agent.
 *
 * `window.__run()` sends `/stream N` and resolves once the last chunk's text is in the DOM, the
 * next animation frame has run and the prompt has been answered. It records, in the page:
 *
 *  - per WebSocket message: `performance.now()` (a WebSocket subclass passed as the `WebSocket`
 *    option, recording inside the SDK's listener, as the floor records inside its own) — the
 *    first chunk and the frame holding the last one;
 *  - React commits of the thread (`<Profiler onRender>`) and animation frames (a rAF loop), so
 *    commits per frame can be compared over the same window;
 *  - long tasks (`PerformanceObserver` `longtask`, buffered);
 *  - when the DOM first holds the last chunk's text (MutationObserver) and the first rAF after.
 *
 * Main-thread busy time comes from the Node side (CDP `Performance.getMetrics` before and after).
 */
import { Profiler, type ProfilerOnRenderCallback } from 'react';
import { createRoot } from 'react-dom/client';
import { createAcpClient } from '../../src/core/index.js';
import { AcpProvider, useSession } from '../../src/react/index.js';
import { Thread } from '../../src/components/Thread/index.js';
import { AgentPanel } from '../../src/panels/AgentPanel/index.js';
import { preloadComponents } from '../../src/components/shared/lazy-module.js';
import '../../src/styles/tokens.css';
import { newRecording, recordFrame, resetRecording } from './frame-record.js';

// Component styles, as an app loads them (style and layout cost are part of the measurement).
import.meta.glob('../../src/components/**/*.css', { eager: true });

const query = new URLSearchParams(location.search);
const agentUrl = query.get('agent') ?? 'ws://127.0.0.1:3031/acp';
/** `streaming-panel.html`: the whole `<AgentPanel>` (header, thread, prompt input) instead of `<Thread>` alone. */
const panel = location.pathname.endsWith('streaming-panel.html');

const rec = newRecording();

/**
 * Records each frame as it arrives (`frame-record.ts`), inside the SDK's own listener: the
 * client's transport subclasses this class again and adds its `message` listener through this
 * method, which wraps it, so the page has one listener per frame, as the floor does.
 */
class RecordingWebSocket extends WebSocket {
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void {
    if (type !== 'message' || typeof listener !== 'function') return super.addEventListener(type, listener, options);
    super.addEventListener(
      type,
      (event: Event) => {
        recordFrame(rec, (event as MessageEvent).data);
        listener.call(this, event);
      },
      options,
    );
  }
}

const profile = { commits: 0, notifications: 0, notificationsAtPaint: 0, actual: 0, maxActual: 0, counting: false, phases: {} as Record<string, number> };
const onRender: ProfilerOnRenderCallback = (_id, phase, actualDuration) => {
  if (!profile.counting) return;
  profile.commits++;
  profile.phases[phase] = (profile.phases[phase] ?? 0) + 1;
  profile.actual += actualDuration;
  if (actualDuration > profile.maxActual) profile.maxActual = actualDuration;
};

const longTasks: { start: number; duration: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
}).observe({ type: 'longtask', buffered: true });

function Bench({ sessionId }: { sessionId: string }) {
  const session = useSession(sessionId);
  if (!session) return null;
  return (
    <Profiler id="thread" onRender={onRender}>
      <Thread session={session} />
    </Profiler>
  );
}

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

async function main() {
  const client = createAcpClient({ url: agentUrl, WebSocket: RecordingWebSocket as unknown as typeof WebSocket, reconnect: false });
  await client.connect();
  client.subscribe(() => {
    if (profile.counting) profile.notifications++;
  });
  const root = document.getElementById('root')!;
  let session: { sessionId: string };
  if (panel) {
    // The panel starts its own session, as in an app; the page prompts it through the client.
    createRoot(root).render(
      <AcpProvider client={client} autoConnect={false}>
        <Profiler id="panel" onRender={onRender}>
          <AgentPanel cwd="/tmp/acp-react-bench" showSessionList={false} />
        </Profiler>
      </AcpProvider>,
    );
    while (Object.values(client.getSnapshot().sessions).length === 0) await nextFrame();
    session = Object.values(client.getSnapshot().sessions)[0]!;
  } else {
    session = await client.newSession({ cwd: '/tmp/acp-react-bench' });
    createRoot(root).render(
      <AcpProvider client={client} autoConnect={false}>
        <Bench sessionId={session.sessionId} />
      </AcpProvider>,
    );
  }
  await nextFrame();
  await nextFrame();

  (window as unknown as { __run: (chunks: number) => Promise<unknown> }).__run = async (chunks: number) => {
    const lastWord = `w${chunks - 1}`;
    resetRecording(rec, `"${lastWord} "`);

    // The last chunk's text reaching the DOM, and the first animation frame after that.
    let inDom = 0;
    let painted = 0;
    let resolvePainted!: () => void;
    const paintedPromise = new Promise<void>((resolve) => (resolvePainted = resolve));
    const holds = (text: string | null | undefined) => text != null && text.includes(lastWord);
    const observer = new MutationObserver((records) => {
      if (inDom) return;
      for (const record of records) {
        const found = record.type === 'characterData' ? holds(record.target.nodeValue) : [...record.addedNodes].some((node) => holds(node.textContent));
        if (found) {
          inDom = performance.now();
          observer.disconnect();
          requestAnimationFrame((t) => {
            painted = Math.max(t, performance.now());
            resolvePainted();
          });
          return;
        }
      }
    });
    observer.observe(root, { subtree: true, childList: true, characterData: true });

    // Animation frames over the same window.
    // Counted by when their callbacks run: a rAF timestamp is the frame's vsync time, which can
    // be earlier than the prompt for the first frame after it.
    const frameTimes: number[] = [];
    const frameRuns: number[] = [];
    let counting = true;
    const tick = (t: number) => {
      frameTimes.push(t);
      frameRuns.push(performance.now());
      if (counting) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);

    profile.commits = 0;
    profile.notifications = 0;
    profile.phases = {};
    profile.actual = 0;
    profile.maxActual = 0;
    profile.counting = true;
    const start = performance.now();
    performance.mark('stream-start');
    const stopReason = await client.prompt(session.sessionId, `/stream ${chunks}`);
    const answered = performance.now();
    await paintedPromise;
    performance.mark('stream-painted');
    performance.measure('streaming', 'stream-start', 'stream-painted');
    const commitsAtPaint = profile.commits;
    profile.notificationsAtPaint = profile.notifications;
    const inWindow = frameRuns.map((at, i) => [at, frameTimes[i]!] as const).filter(([at]) => at >= start && at <= painted);
    const frames = inWindow.map(([, t]) => t);
    counting = false;
    // Let the longtask observer deliver, and let the turn's last commit (status line) happen.
    await new Promise((resolve) => setTimeout(resolve, 300));
    profile.counting = false;

    const gaps = frames.slice(1).map((t, i) => t - frames[i]!);
    const end = Math.max(painted, answered);
    return {
      stopReason,
      chunks,
      messages: rec.messages,
      start,
      firstMessage: rec.firstMessage,
      lastChunk: rec.lastChunk,
      lastMessage: rec.lastMessage,
      answered,
      inDom,
      painted,
      commits: commitsAtPaint,
      commitsTotal: profile.commits,
      renderActual: profile.actual,
      renderMax: profile.maxActual,
      frames: frames.length,
      // Store notifications in the same window: each re-renders the thread once at most, so
      // commits beyond them come from elsewhere (state set in event handlers or effects).
      notifications: profile.notificationsAtPaint,
      phases: profile.phases,
      maxFrameGap: gaps.length ? Math.max(...gaps) : 0,
      longTasks: longTasks.filter((t) => t.start + t.duration >= start && t.start <= end),
      textLength:
        client.getSnapshot().sessions[session.sessionId]?.thread.items.last()?.kind === 'agent_message'
          ? (client.getSnapshot().sessions[session.sessionId]!.thread.items.last() as { text: string }).text.length
          : 0,
      domNodes: document.getElementsByTagName('*').length,
    };
  };
  // As a host would when idle: the on-demand parts (the markdown renderer) are in memory before
  // the answer streams, so the first frames are not plain-text fallbacks.
  await preloadComponents();
  (window as unknown as { __ready: boolean }).__ready = true;
}

main().catch((error: unknown) => {
  (window as unknown as { __error: string }).__error = String((error as Error)?.stack ?? error);
});
