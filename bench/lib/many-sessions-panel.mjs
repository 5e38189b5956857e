/**
 * The panel half of bench/many-sessions.bench.mjs (issue 27): sixteen sessions open in one
 * `<AgentPanel>` (`pages/many-sessions-panel.html`, N tabs through one client), each answering
 * `/stream <chunks>` at the same time, against a floor of N bare WebSockets that only `JSON.parse`
 * the same frames (`pages/floor.html?n=N`). Runs alternate floor and panel, fresh page each.
 *
 * Per run: main-thread busy (CDP TaskDuration) and CPU (ThreadTime) from the prompts until every
 * prompt is answered and the shown session's last word is on screen, ours ÷ the floor's of the
 * same run; long tasks (PerformanceObserver, wall time) of both pages, and traced tasks (CDP
 * `toplevel`) with their CPU time. Then the user's check: each tab clicked in turn, and whether
 * its session's last word is in view at the bottom of the log in the first frame painted after
 * the click, and once settled.
 */
import { fmt, median, table } from './results.mjs';
import { buildPages, metricDelta, metrics, serve, traceTasks, verdict } from '../pages/harness.mjs';

export const PANEL_TARGET = { floorRatio: 1.15, longTaskMs: 50 };

/**
 * @param {{ browser: import('playwright-core').Browser, agentUrl: string, runs: number, chunks: number, sessions: number, log: (...a: unknown[]) => void }} options
 */
export async function measurePanel({ browser, agentUrl, runs, chunks, sessions, log }) {
  const server = await serve(await buildPages('many-sessions-panel', ['many-sessions-panel.html', 'floor.html']));
  const floorRuns = [];
  const panelRuns = [];
  try {
    for (let run = 0; run < runs; run++) {
      for (const [label, file, list] of [
        ['floor', 'floor.html', floorRuns],
        ['panel', 'many-sessions-panel.html', panelRuns],
      ]) {
        log(`panel run ${run + 1}/${runs}: ${sessions} sessions × ${chunks} chunks, ${label}`);
        const r = await runPage(browser, `${server.url}/${file}?${new URLSearchParams({ agent: agentUrl, n: String(sessions) })}`, chunks, label === 'panel');
        list.push(r);
        const missed = r.visits?.filter((v) => !v.settled) ?? [];
        log(
          `  busy ${fmt.ms(r.busy.task)} ms, CPU ${fmt.ms(r.busy.thread)} ms, longest task ${fmt.ms(longest(r))} ms` +
            (r.visits ? `, ${missed.length ? `**${missed.length} session(s) without their end**` : 'every session shows its end'}` : ''),
        );
      }
    }
  } finally {
    await server.close();
  }
  return { floorRuns, panelRuns };
}

async function runPage(browser, url, chunks, isPanel) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 1000 } });
  const page = await context.newPage();
  try {
    await page.goto(url);
    await page.waitForFunction(() => window.__ready || window.__error, null, { timeout: 180_000 });
    const error = await page.evaluate(() => window.__error);
    if (error) throw new Error(`${url}: ${error}`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const before = await metrics(cdp);
    const { result, tasks } = await traceTasks(cdp, () => page.evaluate((c) => window.__run(c), chunks), PANEL_TARGET.longTaskMs);
    const busy = metricDelta(before, await metrics(cdp));
    const longTasks = result.longTasks;
    if (!isPanel) return { busy, traced: tasks, longTasks };
    const visits = (await page.evaluate((c) => window.__visit(c), chunks)).map((v) => ({
      tab: v.tab,
      frames: v.frames,
      firstFrame: v.firstPainted.inView && v.firstPainted.atBottom,
      settled: v.end.inView && v.end.atBottom,
      end: v.end,
    }));
    return { busy, traced: tasks, longTasks, visits };
  } finally {
    await context.close();
  }
}

/** Why a session's end was not shown: its last word missing, out of view, or the log short of its end. */
const describeEnd = (end) =>
  end.found ? `${end.inView ? 'in view' : 'out of view'}, ${end.fromEnd} px from the log's end` : `last word not in the log, ${end.fromEnd} px from its end`;
const longest = (r) => Math.max(0, ...r.longTasks.map((t) => t.duration));
const mostCpu = (r) => Math.max(0, ...r.traced.map((t) => t.cpuMs));
const range = (values, format) => `${format(Math.min(...values))}–${format(Math.max(...values))}`;

/** The section's markdown from `measurePanel`'s runs. */
export function panelSection({ floorRuns, panelRuns, chunks, sessions, runs }) {
  const ratios = panelRuns.map((r, i) => ({ busy: r.busy.task / floorRuns[i].busy.task, cpu: r.busy.thread / floorRuns[i].busy.thread }));
  const busyRatio = median(ratios.map((r) => r.busy));
  const cpuRatio = median(ratios.map((r) => r.cpu));
  const visits = panelRuns.flatMap((r, run) => r.visits.map((v) => ({ ...v, run })));
  const notSettled = visits.filter((v) => !v.settled);
  const notFirst = visits.filter((v) => !v.firstFrame);
  const x = (v) => `${v.toFixed(2)}x`;
  const ms = (v) => `${fmt.ms(v)} ms`;
  const rows = [
    ['main thread busy: panel / floor', `${ms(median(panelRuns.map((r) => r.busy.task)))} / ${ms(median(floorRuns.map((r) => r.busy.task)))}`, '', ''],
    [
      '**busy ÷ floor**',
      x(busyRatio),
      range(
        ratios.map((r) => r.busy),
        x,
      ),
      `≤ ${PANEL_TARGET.floorRatio}x: ${verdict(busyRatio, PANEL_TARGET.floorRatio)}`,
    ],
    [
      'CPU ÷ floor',
      x(cpuRatio),
      range(
        ratios.map((r) => r.cpu),
        x,
      ),
      '',
    ],
    [
      'longest task, panel (wall)',
      ms(median(panelRuns.map(longest))),
      range(panelRuns.map(longest), ms),
      verdict(median(panelRuns.map(longest)), PANEL_TARGET.longTaskMs),
    ],
    ['longest task, floor (wall)', ms(median(floorRuns.map(longest))), range(floorRuns.map(longest), ms), ''],
    ['most CPU in one task, panel / floor', `${ms(median(panelRuns.map(mostCpu)))} / ${ms(median(floorRuns.map(mostCpu)))}`, '', ''],
    [
      `tasks over ${PANEL_TARGET.longTaskMs} ms: panel / floor`,
      `${median(panelRuns.map((r) => r.longTasks.filter((t) => t.duration > PANEL_TARGET.longTaskMs).length))} / ${median(floorRuns.map((r) => r.longTasks.filter((t) => t.duration > PANEL_TARGET.longTaskMs).length))}`,
      '',
      '',
    ],
    [
      'sessions showing their end when switched to (settled / first frame)',
      `${visits.length - notSettled.length} / ${visits.length - notFirst.length} of ${visits.length}`,
      '',
      notSettled.length ? `**miss**: ${notSettled.map((v) => `run ${v.run + 1} tab ${v.tab + 1} (${describeEnd(v.end)})`).join(', ')}` : 'pass',
    ],
  ];
  return `### Sixteen sessions in the panel the user sees (issue 27)

${sessions} sessions open in one \`<AgentPanel>\` (${sessions} tabs, one client), each answering \`/stream ${fmt.int(chunks)}\`
at the same time; the floor is ${sessions} bare WebSockets that only \`JSON.parse\` the same frames. Busy (CDP TaskDuration)
and CPU (ThreadTime) from the prompts until every prompt is answered and the shown session's last word is on screen;
ratios per run against the floor run before it (runs alternate, fresh pages). Then each tab is clicked in turn and
its session's last word must be in view at the bottom of the log (in the first frame painted after the click, and
settled). **Medians of ${runs} runs** (range in the third column).

${table(['', 'median', 'range', 'target'], rows)}
`;
}
