/**
 * In-browser half of bench/many-sessions.bench.mjs: N sessions streaming at once in one page, each
 * shown by its own `<Thread>` (through `useSession`), connected to the in-process demo agent.
 *
 *  - `?mode=one`: one client and one `<AcpProvider>` holding all N sessions;
 *  - `?mode=many`: N clients (N WebSockets), each in its own `<AcpProvider>` with one session.
 *
 * `window.__run(chunks)` sends `/stream <chunks>` to every session at once and resolves when every
 * prompt is answered and the last chunk of each is in the DOM (then one more frame). Recorded
 * per provider: React commits (`<Profiler onRender>` around its threads) with their times, so
 * commits per animation frame can be counted per provider; the page's commits (a `<Profiler>`
 * around them all: one call per React commit, however many providers it renders); and the page's
 * long tasks.
 */
import { Profiler, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAcpClient, type AcpClient } from '../../src/core/index.js';
import { AcpProvider, useSession } from '../../src/react/index.js';
import { Thread } from '../../src/components/Thread/index.js';
import { preloadComponents } from '../../src/components/shared/lazy-module.js';
import '../../src/styles/tokens.css';

import.meta.glob('../../src/components/**/*.css', { eager: true });

const query = new URLSearchParams(location.search);
const agentUrl = query.get('agent') ?? 'ws://127.0.0.1:3031/acp';
const mode = query.get('mode') === 'many' ? 'many' : 'one';
const count = Number(query.get('n') ?? 16);

const longTasks: { start: number; duration: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
}).observe({ type: 'longtask', buffered: true });

/** Commit times per provider, while counting. */
const commits: number[][] = [];
/** Commit times of the whole page (a `<Profiler>` around every provider: one call per React commit). */
const pageCommits: number[] = [];
let counting = false;

function SessionView({ sessionId }: { sessionId: string }) {
  const session = useSession(sessionId);
  if (!session) return null;
  return (
    <div className="cell">
      <Thread session={session} />
    </div>
  );
}

function Provided({ index, client, children }: { index: number; client: AcpClient; children: ReactNode }) {
  return (
    <AcpProvider client={client} autoConnect={false}>
      <Profiler
        id={`provider-${index}`}
        onRender={() => {
          if (counting) commits[index]!.push(performance.now());
        }}
      >
        {children}
      </Profiler>
    </AcpProvider>
  );
}

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

async function main() {
  const clients: AcpClient[] = [];
  const sessions: { client: AcpClient; sessionId: string }[] = [];
  const connect = async () => {
    const client = createAcpClient({ url: agentUrl, reconnect: false, clientInfo: { name: 'many-sessions-bench', version: '0' } });
    await client.connect();
    clients.push(client);
    return client;
  };
  if (mode === 'one') {
    const client = await connect();
    for (let i = 0; i < count; i++) sessions.push({ client, sessionId: (await client.newSession({ cwd: '/tmp/acp-react-bench' })).sessionId });
  } else {
    for (let i = 0; i < count; i++) {
      const client = await connect();
      sessions.push({ client, sessionId: (await client.newSession({ cwd: '/tmp/acp-react-bench' })).sessionId });
    }
  }
  for (let i = 0; i < clients.length; i++) commits.push([]);

  const root = document.getElementById('root')!;
  createRoot(root).render(
    <Profiler
      id="page"
      onRender={() => {
        if (counting) pageCommits.push(performance.now());
      }}
    >
      <div className="grid">
        {clients.map((client, index) => (
          <Provided key={index} index={index} client={client}>
            {sessions
              .filter((s) => s.client === client)
              .map((s) => (
                <SessionView key={s.sessionId} sessionId={s.sessionId} />
              ))}
          </Provided>
        ))}
      </div>
    </Profiler>,
  );
  await preloadComponents();
  await nextFrame();
  await nextFrame();

  (window as unknown as { __run: (chunks: number) => Promise<unknown> }).__run = async (chunks: number) => {
    const lastWord = `w${chunks - 1} `;
    for (const list of commits) list.length = 0;
    pageCommits.length = 0;
    const frames: number[] = [];
    let framing = true;
    const tick = () => {
      frames.push(performance.now());
      if (framing) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    counting = true;
    const start = performance.now();
    await Promise.all(sessions.map((s) => s.client.prompt(s.sessionId, `/stream ${chunks}`)));
    const answered = performance.now();
    // Every session's last chunk on screen, then one more frame.
    const threads = () => [...root.querySelectorAll('[data-slot="thread"]')];
    while (!threads().every((t) => t.textContent?.includes(lastWord.trim()))) await nextFrame();
    const shown = await nextFrame();
    framing = false;
    counting = false;
    await new Promise((resolve) => setTimeout(resolve, 300));

    // Commits per animation frame, per provider: commits between two consecutive frame callbacks.
    const perFrame = [...commits, pageCommits].map((list) => {
      let max = 0;
      let f = 0;
      let inFrame = 0;
      for (const at of list) {
        while (f < frames.length && frames[f]! <= at) {
          f++;
          inFrame = 0;
        }
        inFrame++;
        if (inFrame > max) max = inFrame;
      }
      return { commits: list.length, maxInOneFrame: max };
    });
    return {
      mode,
      sessions: sessions.length,
      providers: clients.length,
      chunks,
      start,
      answered,
      shown,
      frames: frames.filter((t) => t >= start && t <= shown).length,
      perFrame: perFrame.slice(0, -1),
      page: perFrame.at(-1)!,
      longTasks: longTasks.filter((t) => t.start + t.duration >= start && t.start <= shown),
    };
  };
  (window as unknown as { __ready: boolean }).__ready = true;
}

main().catch((error: unknown) => {
  (window as unknown as { __error: string }).__error = String((error as Error)?.stack ?? error);
});
