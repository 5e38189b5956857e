/**
 * Chromium traces as the benchmarks read them: which thread is the page's main thread, and its
 * tasks with their wall time (`dur`) and the CPU time the thread really had (`tdur`). On a loaded
 * machine a task's wall time is mostly waiting for a core; its CPU time is the page's own work.
 */

/**
 * The renderer main threads in a trace, as `pid:tid` keys.
 * @param {any[]} events
 */
export function rendererMainThreads(events) {
  return new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
}

/**
 * The renderer main thread's tasks (its outermost `toplevel` events) over `minMs` of wall or CPU time.
 * @param {any[]} events
 * @param {number} [minMs]
 * @returns {{ wallMs: number, cpuMs: number }[]}
 */
export function longTasks(events, minMs = 50) {
  const main = rendererMainThreads(events);
  // Tasks only (a timeline trace also has long spans that are not tasks), outermost: a task's
  // nested events are inside its span.
  const spans = events
    .filter((e) => e.ph === 'X' && main.has(`${e.pid}:${e.tid}`) && (e.name === 'RunTask' || String(e.cat).includes('toplevel')))
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const tasks = [];
  let end = -Infinity;
  for (const e of spans) {
    if (e.ts < end) continue;
    end = e.ts + e.dur;
    const task = { wallMs: e.dur / 1000, cpuMs: (e.tdur ?? e.dur) / 1000 };
    if (task.wallMs > minMs || task.cpuMs > minMs) tasks.push(task);
  }
  return tasks;
}

/**
 * The events of a trace Playwright's `browser.stopTracing()` returned.
 * @param {Buffer} buffer
 * @returns {any[]}
 */
export function traceEventsOf(buffer) {
  return JSON.parse(buffer.toString('utf8')).traceEvents;
}

/**
 * Runs `run()` under a CDP trace of `categories` and returns its result with the events `keep`
 * accepts (the thread names always: they say which thread is which).
 * @template T
 * @param {import('playwright-core').CDPSession} cdp
 * @param {string} categories comma-separated
 * @param {() => Promise<T>} run
 * @param {(event: any) => boolean} [keep]
 * @returns {Promise<{ result: T, events: any[] }>}
 */
export async function recordTrace(cdp, categories, run, keep = () => true) {
  /** @type {any[]} */
  const events = [];
  /** @param {{ value: any[] }} e */
  const collect = (e) => {
    for (const event of e.value) if (event.ph === 'M' || keep(event)) events.push(event);
  };
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { categories: `${categories},__metadata`, transferMode: 'ReportEvents' });
  let result;
  try {
    result = await run();
  } finally {
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await done;
    cdp.off('Tracing.dataCollected', collect);
  }
  return { result: /** @type {T} */ (result), events };
}
