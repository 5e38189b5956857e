#!/usr/bin/env node
/**
 * Benchmark: hostile and oversized agent output in headless Chromium. How long is the longest
 * main-thread task while the agent streams it, and does the page survive?
 *
 * The misbehaving agent of `test/helpers/hostile-agent.mjs` runs in this process and answers each
 * prompt by streaming one scenario in 16 KB chunks: thousands of nested quotes, lists, links and
 * emphasis (`deep-markdown`); JSON nested 100,000 levels in a tool call's raw input, an unknown
 * update and an unknown content block (`deep-json`); a 1 MB paragraph and a 300 KB word without a
 * space (`long-line`); a 5,000-row table (`table`); tens of thousands of unmatched emphasis and
 * link openers (`emphasis`); a 40,000-line file with every tenth line changed (`diff`); a
 * terminal printing 200,000 coloured lines (`terminal`); 100 permission requests at once, each
 * for a tool call of its own (`permissions`); 290 KB of escape-heavy terminal output: colours,
 * cursor moves, `\r` progress bars (`ansi`). `everything` runs them all one after another in one
 * session, on one page that keeps everything mounted.
 *
 * bench/pages/hostile.html (built into bench/.tmp/hostile/) renders the whole `<AgentPanel>`. Each
 * run of a scenario is a fresh page: it sends the prompt, answers each permission prompt with a
 * click, waits for the turn to end and for 500 ms without a long task, opens every collapsed part
 * of the conversation one after another (long tasks measured apart), then sends a plain prompt and
 * waits for the agent's echo. Long tasks are the page's `longtask` entries (wall time, so time the
 * main thread waited for a core on this shared machine counts too).
 *
 * Code is highlighted in the page's worker; `--highlight=main-thread` takes `Worker` away from the
 * page before it loads, so the library falls back to highlighting on the main thread, as under a
 * CSP that refuses workers (the table says which path each run used).
 *
 * Usage: node bench/hostile.bench.mjs [--quick] [--runs=N] [--only=a,b|everything] [--scale=X] [--highlight=worker|main-thread] [--no-write] [--raw=file.json]
 * Figures go to bench/RESULTS.md, section `hostile` (`hostile-main-thread` for the fallback).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { SCENARIOS, startHostileAgent } from '../test/helpers/hostile-agent.mjs';
import { fmt, machineLine, median, table, writeSections } from './lib/results.mjs';
import { buildPages, launchChromium, serve, verdict } from './pages/harness.mjs';
import { benchArgs } from './lib/args.mjs';

const { args, flag, quick, write } = benchArgs();
const runs = Number(flag('runs') ?? (quick ? 1 : 3));
const scale = Number(flag('scale') ?? 1);
/** Every scenario one after another in one session, on one page that keeps everything mounted. */
const EVERYTHING = 'everything';
const only = flag('only')?.split(',') ?? [...SCENARIOS, EVERYTHING];
for (const name of only)
  if (name !== EVERYTHING && !SCENARIOS.includes(name)) throw new Error(`--only: no scenario ${name} (${[...SCENARIOS, EVERYTHING].join(', ')})`);
const rawPath = flag('raw');
const highlight = flag('highlight') ?? 'worker';
if (highlight !== 'worker' && highlight !== 'main-thread') throw new Error(`--highlight=${highlight}: worker or main-thread`);
const log = (...a) => console.error('[hostile]', ...a);

/** Issue 27: no main-thread task over 100 ms, whatever the agent sends, opening its collapsed parts included. */
const TARGET_MS = 100;
/** Figures measured before the fixes of this benchmark's issue, for the before → after table. */
const BASELINE = new URL('./hostile.baseline.json', import.meta.url);

log('building the page…');
const outDir = await buildPages('hostile', ['hostile.html']);
const server = await serve(outDir);
const agent = await startHostileAgent({ scale });
const browser = await launchChromium();
const loadStart = os.loadavg()[0];

async function runScenario(scenario) {
  const context = await browser.newContext({ viewport: { width: 1040, height: 900 } });
  // No Worker: the library highlights on the main thread (as where a CSP refuses its worker).
  if (highlight === 'main-thread') await context.addInitScript(() => delete globalThis.Worker);
  const page = await context.newPage();
  const crashed = [];
  page.on('crash', () => crashed.push('renderer crashed'));
  try {
    await page.goto(`${server.url}/hostile.html?${new URLSearchParams({ agent: agent.url })}`);
    await page.waitForFunction(() => window.__ready || window.__error, null, { timeout: 60_000 });
    const error = await page.evaluate(() => window.__error);
    if (error) throw new Error(error);
    agent.takeLargestFrame();
    const parts = [];
    for (const name of scenario === EVERYTHING ? SCENARIOS : [scenario]) {
      const part = await page.evaluate((s) => window.__run(s), name);
      if (scenario === EVERYTHING)
        log(`  ${name}: longest task ${fmt.ms(longestOf(part.longTasks))} ms, opening ${part.opened} parts ${fmt.ms(longestOf(part.openLongTasks))} ms`);
      parts.push(part);
    }
    const result = {
      scenario,
      turnMs: parts.reduce((sum, p) => sum + p.turnMs, 0),
      longTasks: parts.flatMap((p) => p.longTasks),
      openLongTasks: parts.flatMap((p) => p.openLongTasks),
      opened: parts.reduce((sum, p) => sum + p.opened, 0),
      answered: parts.reduce((sum, p) => sum + p.answered, 0),
      panelAlive: parts.every((p) => p.panelAlive),
      nextPromptWorks: parts.every((p) => p.nextPromptWorks),
      notes: [...new Set(parts.flatMap((p) => p.notes))],
      errors: parts.flatMap((p) => p.errors),
    };
    // The floor no renderer can go under: the browser's JSON.parse of the scenario's biggest frame,
    // timed alone in the same page after the run (best of three).
    const frame = agent.takeLargestFrame();
    const parseMs = await page.evaluate((text) => {
      let best = Infinity;
      for (let i = 0; i < 3; i++) {
        const start = performance.now();
        JSON.parse(text);
        best = Math.min(best, performance.now() - start);
      }
      return best;
    }, frame);
    // Which path highlighted, as the page's code blocks say (none: the scenario had no code block).
    const highlighters = await page.evaluate(() => [
      ...new Set([...document.querySelectorAll('[data-highlighter]')].map((el) => el.getAttribute('data-highlighter'))),
    ]);
    return { ...result, frameBytes: frame.length, parseMs, highlighters };
  } catch (error) {
    return {
      scenario,
      failed: String(error?.message ?? error).slice(0, 300),
      crashed,
      longTasks: [],
      openLongTasks: [],
      opened: 0,
      panelAlive: false,
      nextPromptWorks: false,
      notes: [],
      errors: [],
    };
  } finally {
    await context.close();
  }
}

const longestOf = (tasks) => Math.max(0, ...tasks.map((t) => t.duration));

const results = {};
try {
  for (let i = 0; i < runs; i++) {
    for (const scenario of only) {
      log(`run ${i + 1}/${runs}: ${scenario}…`);
      const r = await runScenario(scenario);
      (results[scenario] ??= []).push(r);
      const longest = longestOf(r.longTasks);
      log(
        `  longest task ${fmt.ms(longest)} ms, ${r.longTasks.length} long tasks, opening ${r.opened} parts: longest ${fmt.ms(longestOf(r.openLongTasks))} ms, turn ${fmt.ms(r.turnMs ?? 0)} ms, panel ${r.panelAlive ? 'alive' : 'GONE'}, next prompt ${r.nextPromptWorks ? 'ok' : 'FAILED'}` +
          `${r.failed ? `, failed: ${r.failed}` : ''}${r.errors?.length ? `, errors: ${r.errors.join(' | ').slice(0, 200)}` : ''}`,
      );
    }
  }
} finally {
  await browser.close();
  await agent.close();
  await server.close();
}
if (rawPath) await writeFile(rawPath, JSON.stringify(results, null, 1));

const summary = Object.fromEntries(
  Object.entries(results).map(([scenario, list]) => {
    const longest = list.map((r) => longestOf(r.longTasks));
    const opening = list.map((r) => longestOf(r.openLongTasks));
    const overall = list.map((r, i) => Math.max(longest[i], opening[i]));
    return [
      scenario,
      {
        longest: median(longest),
        opening: median(opening),
        overall: median(overall),
        opened: median(list.map((r) => r.opened)),
        worst: Math.max(...overall),
        over: median(list.map((r) => [...r.longTasks, ...r.openLongTasks].filter((t) => t.duration > TARGET_MS).length)),
        count: median(list.map((r) => r.longTasks.length)),
        turn: median(list.map((r) => r.turnMs ?? NaN)),
        frameBytes: Math.max(0, ...list.map((r) => r.frameBytes ?? 0)),
        parse: median(list.map((r) => r.parseMs ?? NaN)),
        alive: list.every((r) => r.panelAlive),
        next: list.every((r) => r.nextPromptWorks),
        notes: [...new Set(list.flatMap((r) => r.notes))],
        highlighters: [...new Set(list.flatMap((r) => r.highlighters ?? []))],
      },
    ];
  }),
);
let baseline = existsSync(BASELINE) ? JSON.parse(await readFile(BASELINE, 'utf8')) : null;
if (args.includes('--save-baseline')) {
  // Merged by scenario, so one scenario can be measured again on the old code without the others.
  baseline = { measured: machineLine(), summary: { ...baseline?.summary, ...summary } };
  await writeFile(BASELINE, `${JSON.stringify(baseline, null, 1)}\n`);
}

const yes = (ok) => (ok ? 'yes' : '**no**');
const rows = Object.entries(summary).map(([scenario, s]) => {
  const before = baseline?.summary?.[scenario];
  return [
    `\`${scenario}\``,
    before ? `${fmt.ms(before.longest)} ms${before.alive ? '' : ', blank panel'}` : '—',
    `**${fmt.ms(s.longest)} ms**`,
    `${fmt.ms(s.opening)} ms (${fmt.int(s.opened)} parts)`,
    `${fmt.ms(s.worst)} ms`,
    `${fmt.int(s.count)} / ${fmt.int(s.over)}`,
    `${fmt.ms(s.turn)} ms`,
    `${fmt.int(Math.round(s.frameBytes / 1024))} KB: ${fmt.ms(s.parse)} ms`,
    yes(s.alive),
    yes(s.next),
    s.highlighters.join(', ') || '—',
    verdict(s.overall, TARGET_MS),
  ];
});
const notes = Object.entries(summary)
  .filter(([, s]) => s.notes.length)
  .map(([scenario, s]) => `- \`${scenario}\`: ${s.notes.map((n) => `“${n}”`).join('; ')}`)
  .join('\n');

const markdown = `## Hostile agent output: longest main-thread task${highlight === 'main-thread' ? ', highlighting on the main thread' : ''}

${machineLine()} · load ${loadStart.toFixed(1)} → ${os.loadavg()[0].toFixed(1)} · ${runs} run(s) per scenario, payload scale ${scale} · \`node bench/hostile.bench.mjs\`

The whole \`<AgentPanel>\` in headless Chromium, connected over a real WebSocket to the misbehaving agent of
\`test/helpers/hostile-agent.mjs\`, which streams each scenario in 16 KB chunks (see the file's header for the
payloads; the page answers each permission prompt with a click). Long tasks are the page's \`longtask\` entries
from the prompt until 500 ms without one, in wall time: on this shared 2-core machine that includes time the
renderer waited for a core. Then the page opens every collapsed part of the conversation one after another
(tool call cards, raw input and output, diffs, thoughts, unknown content), its long tasks counted apart. The
target (issue 27) is no task over ${TARGET_MS} ms in either. After each scenario the page sends another prompt and
waits for the agent's echo. \`everything\` is every scenario one after another in one session.
The floor column is the scenario's biggest frame and the browser's \`JSON.parse\` of it alone, timed in the
same page after the run: a task that receives that frame cannot be shorter, whatever the panel does.
${highlight === 'main-thread' ? 'Run with `--highlight=main-thread`: the page has no `Worker`, so code is highlighted on the main thread in idle slices, with precompiled grammars.' : 'Code is highlighted in the page\'s worker ("highlighted in"); `--highlight=main-thread` measures the fallback (section `hostile-main-thread`).'}
${baseline ? `\nBefore: the same benchmark on the code before the fixes (${baseline.measured}).\n` : ''}
${table(
  [
    'scenario',
    'before: longest task',
    'longest task (median)',
    'opening every collapsed part: longest task (median)',
    'worst run, either',
    `long tasks / over ${TARGET_MS} ms (both)`,
    'turn (prompt → end)',
    'floor: biggest frame, its parse alone',
    'panel survives',
    'next prompt works',
    'highlighted in',
    `≤ ${TARGET_MS} ms`,
  ],
  rows,
)}

What the panel said about cut, flattened or approximate content:

${notes || '- (nothing)'}
`;

console.log(markdown);
if (write) writeSections([{ name: highlight === 'main-thread' ? 'hostile-main-thread' : 'hostile', markdown }]);
