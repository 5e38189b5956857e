/**
 * What the page's main thread did while nothing happened (bench/idle.bench.mjs): a CDP trace of
 * the renderer reduced to its tasks, the timers and animation-frame callbacks that fired (with
 * the function each called), idle callbacks, style recalcs and layouts.
 */
import { recordTrace, rendererMainThreads } from './trace.mjs';

const CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'].join(',');

/**
 * Records a trace around `run()`.
 * @template T
 * @param {import('playwright-core').CDPSession} cdp
 * @param {() => Promise<T>} run
 */
export async function traceIdle(cdp, run) {
  const { result, events } = await recordTrace(cdp, CATEGORIES, run);
  return { result, summary: summarize(events) };
}

/** Where a FunctionCall event points: the function's name and place (minified builds: the place only). */
function callee(event) {
  const d = event.args?.data ?? {};
  const file = String(d.url ?? '')
    .split('/')
    .pop();
  const name = d.functionName || '(anonymous)';
  return file ? `${name} ${file}:${(d.lineNumber ?? 0) + 1}:${(d.columnNumber ?? 0) + 1}` : name;
}

/** @param {any[]} events */
export function summarize(events) {
  const main = rendererMainThreads(events);
  const onMain = events.filter((e) => main.has(`${e.pid}:${e.tid}`)).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const spans = onMain.filter((e) => e.ph === 'X');
  // Outermost toplevel spans are the tasks; a mojo message that ran no script is the trace's own
  // traffic (the tracing agent and CDP), left out.
  const tasks = [];
  let end = -Infinity;
  let tracingMs = 0;
  for (const e of spans) {
    if (!String(e.cat).includes('toplevel') || e.ts < end) continue;
    end = e.ts + e.dur;
    const inner = spans.filter((c) => c !== e && c.ts >= e.ts && c.ts <= end && !String(c.cat).includes('toplevel'));
    if (inner.length > 0 && inner.every((c) => c.name === 'Receive mojo message')) {
      tracingMs += e.dur / 1000;
      continue;
    }
    tasks.push({ ts: e.ts, dur: e.dur, tdur: e.tdur ?? e.dur });
  }
  const calls = spans.filter((e) => e.name === 'FunctionCall');
  /** The first function called inside `event`'s span: what a timer or frame callback ran. */
  const calledIn = (event) => {
    const call = calls.find((c) => c.ts >= event.ts && c.ts <= event.ts + (event.dur ?? 0));
    return call ? callee(call) : '(no script)';
  };
  /** @param {string} name */
  const fired = (name) => {
    const byCallee = new Map();
    for (const e of spans.filter((s) => s.name === name)) {
      const key = calledIn(e);
      byCallee.set(key, (byCallee.get(key) ?? 0) + 1);
    }
    return [...byCallee].map(([fn, count]) => ({ fn, count })).sort((a, b) => b.count - a.count);
  };
  // What each task did: its first timeline event with a name (a timer, a frame, a message, a call, a GC…).
  const named = spans.filter((e) => !String(e.cat).includes('toplevel'));
  const kinds = new Map();
  let cursor = 0;
  for (const task of tasks) {
    while (cursor < named.length && named[cursor].ts < task.ts) cursor++;
    const inside = named[cursor] && named[cursor].ts <= task.ts + task.dur ? named[cursor] : null;
    const label = !inside
      ? '(no timeline event)'
      : inside.name === 'FunctionCall'
        ? `FunctionCall ${callee(inside)}`
        : inside.name === 'EventDispatch'
          ? `EventDispatch ${inside.args?.data?.type}`
          : ['TimerFire', 'FireAnimationFrame', 'FireIdleCallback'].includes(inside.name)
            ? `${inside.name} ${calledIn(inside)}`
            : inside.name;
    const kind = kinds.get(label) ?? { label, count: 0, ms: 0 };
    kind.count++;
    kind.ms += task.dur / 1000;
    kinds.set(label, kind);
  }
  const count = (name) => onMain.filter((e) => e.name === name && (e.ph === 'X' || e.ph === 'B')).length;
  return {
    tasks: tasks.length,
    tracingMs,
    taskMs: tasks.reduce((sum, t) => sum + t.dur, 0) / 1000,
    taskCpuMs: tasks.reduce((sum, t) => sum + t.tdur, 0) / 1000,
    longestTaskMs: Math.max(0, ...tasks.map((t) => t.dur)) / 1000,
    timers: fired('TimerFire'),
    frames: fired('FireAnimationFrame'),
    idleCallbacks: fired('FireIdleCallback'),
    styleRecalcs: count('UpdateLayoutTree'),
    layouts: count('Layout'),
    paints: count('Paint'),
    kinds: [...kinds.values()].sort((a, b) => b.ms - a.ms),
  };
}

/** Every running animation with infinite iterations in the page, and the element it is on. Runs in the page. */
export function infiniteAnimations() {
  return document
    .getAnimations()
    .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations === Infinity)
    .map((a) => {
      const target = /** @type {KeyframeEffect} */ (a.effect).target;
      const element = target instanceof Element ? target : null;
      return {
        name: /** @type {CSSAnimation} */ (a).animationName ?? a.id ?? a.constructor.name,
        element: element
          ? `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).trim().split(/\s+/).join('.')}` : ''}`
          : '(none)',
        slot: element?.closest('[data-slot]')?.getAttribute('data-slot') ?? null,
        visible: element ? element.checkVisibility({ visibilityProperty: true, opacityProperty: true }) : false,
      };
    });
}
