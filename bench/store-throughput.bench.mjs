#!/usr/bin/env node
/**
 * Benchmark 1: store throughput and scaling.
 *
 * Streams of 20,000 and 200,000 `agent_message_chunk`s plus a realistic mix of tool calls,
 * thoughts, plans and usage updates (bench/lib/workload.mjs) go through:
 *
 *  - pure:    the core's store and reducer exactly as the client applies an update
 *             (`store.setState(withSession(snapshot, id, s => applySessionUpdate(s, update, now)))`,
 *             sync scheduler); also with messageIds, and the core as of a baseline git revision;
 *  - ws:      `createAcpClient({ url, WebSocket, scheduler: 'sync' })` with a browser-like fake
 *             WebSocket delivering text frames: the browser hot path (the tap, JSON.parse, traffic
 *             log, update routing, reducer, store); also with the traffic log off, to size it;
 *  - client:  `createAcpClient({ stream, scheduler: 'sync' })` over an in-memory `Stream` (web
 *             streams between the far end and the tap);
 *  - use-acp: marimo's use-acp 0.2.6 store, driven without React: `useAcpStore.getState()
 *             .addNotification(...)` per update (what its hook's `onSessionNotification` does), and
 *             `groupNotifications` over the session's notifications after each update (what a
 *             component rendering its `notifications` does).
 *
 *
 * In every case a subscriber reads the thread after every notification, as a UI would: the last
 * item (ours: `thread.items.last()` and its `text.length`; use-acp: the last group of
 * `groupNotifications`, its chunk texts joined — or the tool calls merged — and the length).
 *
 * Usage: node bench/store-throughput.bench.mjs [--quick] [--only=pure,ws,client,use-acp]
 *        [--no-write | --write]. A partial run (--quick or --only) prints instead of writing
 *        unless --write is given. `npm run bench` runs it with the others.
 */
import * as acp from '@agentclientprotocol/sdk';
import os from 'node:os';
import { loadCore, loadCoreAt } from './lib/build-core.mjs';
import { makeStream } from './lib/workload.mjs';
import { fmt, machineLine, median, table, writeSections } from './lib/results.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const enabled = (name) => !only || only.includes(name);
const log = (...a) => console.error('[store-throughput]', ...a);

const SID = 'bench-session';
const SIZES = [20_000, 200_000];
// A 20,000-chunk run of the store path takes ~15 ms: one young-generation GC more or less moves it
// by a third, so it gets more runs than the 200,000-chunk one.
const RUNS = quick ? { small: 3, large: 3 } : { small: 15, large: 7 };
const runsFor = (n) => (n === SIZES[0] ? RUNS.small : RUNS.large);
const USE_ACP_SIZES = [2_000, 5_000];
const USE_ACP_FULL = 20_000;
const USE_ACP_FULL_LIMIT_S = 300;

const core = await loadCore();

/**
 * The core before this round of store work (withSession's key copy, the listener array, flattening
 * a finished item's text), to show what it changed side by side on the same machine and load.
 */
const BASELINE = '64be25e';
const baseline = await loadCoreAt(BASELINE);

/** Wall and CPU time of the process since `start()`; CPU time is what the work costs when the machine is shared. */
function clock() {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  return () => {
    const c = process.cpuUsage(c0);
    return { ms: performance.now() - t0, cpuMs: (c.user + c.system) / 1000 };
  };
}

/** What a UI reads of the last item: the joined text of a message, the title of a tool call. */
function lengthOf(item) {
  if (!item) return 0;
  if (item.kind === 'tool_call') return item.title.length;
  return typeof item.text === 'string' ? item.text.length : 0;
}

// --- ours: store + reducer ---------------------------------------------------------------------

function runPure(core, updates) {
  const initial = core.putSession(core.initialSnapshot(), core.createSessionState(SID, { cwd: '/workspace' }));
  const store = core.createStore(initial, 'sync');
  let seen = 0;
  let sink = 0;
  store.subscribe(() => {
    sink += lengthOf(store.getSnapshot().sessions[SID].thread.items.last());
    seen++;
  });
  const stop = clock();
  for (let i = 0; i < updates.length; i++) {
    const update = updates[i];
    const at = Date.now();
    store.setState(core.withSession(store.getSnapshot(), SID, (s) => core.applySessionUpdate(s, update, at)));
  }
  const time = stop();
  if (seen !== updates.length) throw new Error(`subscriber saw ${seen} of ${updates.length} updates`);
  return { ...time, sink, items: store.getSnapshot().sessions[SID].thread.items.size };
}

// --- ours: the whole client inbound path over an in-memory Stream ------------------------------

/**
 * The agent's end of an in-memory `Stream`: messages queued by `send` are handed to the client's
 * readable as it pulls them, a few at a time. (Enqueueing a whole stream into a ReadableStream at
 * once would measure Node's web-streams queue instead: its dequeue is an Array shift, O(n).)
 */
function agentEnd() {
  const queue = [];
  let head = 0;
  let wake = null;
  const readable = new ReadableStream(
    {
      async pull(controller) {
        while (head === queue.length) await new Promise((resolve) => (wake = resolve));
        const end = Math.min(queue.length, head + 16);
        while (head < end) controller.enqueue(queue[head++]);
        if (head === queue.length) {
          queue.length = 0;
          head = 0;
        }
      },
    },
    { highWaterMark: 16 },
  );
  const send = (msg) => {
    queue.push(msg);
    if (wake) {
      const w = wake;
      wake = null;
      w();
    }
  };
  return { readable, send };
}

async function runClient(core, updates) {
  const agent = agentEnd();
  const readable = agent.readable;
  const writable = new WritableStream({
    write(msg) {
      if (msg.method === 'initialize') {
        agent.send({ jsonrpc: '2.0', id: msg.id, result: { protocolVersion: acp.PROTOCOL_VERSION, agentCapabilities: {}, authMethods: [] } });
      } else if (msg.method === 'session/new') {
        agent.send({ jsonrpc: '2.0', id: msg.id, result: { sessionId: SID } });
      }
    },
  });
  const client = core.createAcpClient({ stream: { readable, writable }, scheduler: 'sync', reconnect: false });
  await client.connect();
  await client.newSession({ cwd: '/workspace' });
  let seen = 0;
  let sink = 0;
  let finish;
  const finished = new Promise((resolve) => (finish = resolve));
  const unsubscribe = client.subscribe(() => {
    sink += lengthOf(client.getSnapshot().sessions[SID].thread.items.last());
    if (++seen === updates.length) finish();
  });
  const stop = clock();
  for (const update of updates) agent.send({ jsonrpc: '2.0', method: 'session/update', params: { sessionId: SID, update } });
  await finished;
  const time = stop();
  unsubscribe();
  const items = client.getSnapshot().sessions[SID].thread.items.size;
  const diagnostics = client.getSnapshot().diagnostics.length;
  client.dispose();
  if (diagnostics) throw new Error(`the client reported ${diagnostics} diagnostics`);
  return { ...time, sink, items };
}

// --- ours: the browser path, a WebSocket delivering text frames --------------------------------------

/**
 * A browser-like WebSocket (addEventListener, no `on`) whose far end answers `initialize` and
 * `session/new`. `deliver(text)` dispatches a text frame the way a browser does: one `message`
 * event, handled synchronously by the listeners. This is the real browser hot path: the core's
 * WebSocket tap parses each frame once and handles `session/update` itself, without web streams.
 */
class FakeSocket {
  static last = null;
  constructor() {
    this.readyState = 0;
    this.listeners = new Map();
    FakeSocket.last = this;
    queueMicrotask(() => {
      this.readyState = 1;
      this.dispatch('open', { type: 'open' });
    });
  }
  addEventListener(type, listener) {
    if (!this.listeners.has(type)) this.listeners.set(type, []);
    this.listeners.get(type).push(listener);
  }
  removeEventListener(type, listener) {
    const list = this.listeners.get(type);
    if (list) list.splice(list.indexOf(listener) >>> 0, 1);
  }
  dispatch(type, event) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  deliver(text) {
    this.dispatch('message', { type: 'message', data: text });
  }
  send(text) {
    const msg = JSON.parse(text);
    let result;
    if (msg.method === 'initialize') result = { protocolVersion: acp.PROTOCOL_VERSION, agentCapabilities: {}, authMethods: [] };
    else if (msg.method === 'session/new') result = { sessionId: SID };
    if (result) queueMicrotask(() => this.deliver(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result })));
  }
  close() {
    if (this.readyState === 3) return;
    this.readyState = 3;
    queueMicrotask(() => this.dispatch('close', { type: 'close', code: 1000, reason: '', wasClean: true }));
  }
}

const framesFor = new Map();
/** The stream as the text frames an agent sends (serialized once, outside the timed loop). */
function frames(updates) {
  if (!framesFor.has(updates)) {
    framesFor.set(
      updates,
      updates.map((update) => JSON.stringify({ jsonrpc: '2.0', method: 'session/update', params: { sessionId: SID, update } })),
    );
  }
  return framesFor.get(updates);
}

async function runWebSocket(core, updates, trafficCapacity) {
  const texts = frames(updates);
  const client = core.createAcpClient({ url: 'ws://bench.invalid/acp', WebSocket: FakeSocket, scheduler: 'sync', reconnect: false, trafficCapacity });
  await client.connect();
  await client.newSession({ cwd: '/workspace' });
  const socket = FakeSocket.last;
  let seen = 0;
  let sink = 0;
  const unsubscribe = client.subscribe(() => {
    sink += lengthOf(client.getSnapshot().sessions[SID].thread.items.last());
    seen++;
  });
  const stop = clock();
  for (let i = 0; i < texts.length; i++) socket.deliver(texts[i]);
  const time = stop();
  unsubscribe();
  const snapshot = client.getSnapshot();
  client.dispose();
  if (seen !== updates.length) throw new Error(`subscriber saw ${seen} of ${updates.length} updates`);
  if (snapshot.diagnostics.length) throw new Error(`the client reported ${snapshot.diagnostics.length} diagnostics`);
  return { ...time, sink, items: snapshot.sessions[SID].thread.items.size };
}

// --- use-acp ---------------------------------------------------------------------------------------

let useAcp;
async function loadUseAcp() {
  if (useAcp) return useAcp;
  const silence = console.log;
  useAcp = await import('use-acp');
  console.log = silence;
  return useAcp;
}

function runUseAcp(_, updates) {
  const { useAcpStore, groupNotifications, mergeToolCalls } = useAcp;
  const lastGroupLength = (group) => {
    const kind = group[0].data?.update?.sessionUpdate;
    if (kind === 'tool_call' || kind === 'tool_call_update') {
      const merged = mergeToolCalls(group.map((n) => n.data.update));
      return merged[merged.length - 1].title?.length ?? 0;
    }
    if (typeof kind === 'string' && kind.endsWith('_chunk')) return group.map((n) => n.data.update.content?.text ?? '').join('').length;
    return 0;
  };
  useAcpStore.getState().clearNotifications();
  useAcpStore.getState().setActiveSessionId(SID);
  let seen = 0;
  let sink = 0;
  const unsubscribe = useAcpStore.subscribe((state) => {
    const groups = groupNotifications(state.notifications[SID] ?? []);
    sink += groups.length ? lastGroupLength(groups[groups.length - 1]) : 0;
    seen++;
  });
  const stop = clock();
  for (const update of updates) {
    useAcpStore.getState().addNotification({ type: 'session_notification', data: { sessionId: SID, update } });
  }
  const time = stop();
  unsubscribe();
  const groups = groupNotifications(useAcpStore.getState().notifications[SID]).length;
  useAcpStore.getState().clearNotifications();
  if (seen !== updates.length) throw new Error(`use-acp subscriber saw ${seen} of ${updates.length}`);
  return { ...time, sink, items: groups };
}

// --- driver ------------------------------------------------------------------------------------------

async function measure(label, fn, impl, updates, runs) {
  const samples = [];
  let last;
  // No forced GC between runs: a forced full GC shrinks the young generation, and the next run
  // then pays for growing it again (a 20,000-update run measured 2-3x slower after gc()).
  const yardstick = [];
  for (let r = 0; r < runs; r++) {
    yardstick.push(calibrate(2e7));
    last = await fn(impl, updates);
    samples.push(last);
  }
  const cpu = samples.map((x) => x.cpuMs);
  const wall = samples.map((x) => x.ms);
  const cpuMs = median(cpu);
  const ms = median(wall);
  const result = {
    label,
    total: updates.length,
    runs,
    cpuMs,
    cpuMin: Math.min(...cpu),
    cpuMax: Math.max(...cpu),
    ms,
    usPerUpdate: (cpuMs * 1000) / updates.length,
    bestUsPerUpdate: (Math.min(...cpu) * 1000) / updates.length,
    worstUsPerUpdate: (Math.max(...cpu) * 1000) / updates.length,
    yardstick: median(yardstick),
    perSecond: updates.length / (cpuMs / 1000),
    wallUsPerUpdate: (ms * 1000) / updates.length,
    items: last.items,
  };
  log(
    `${label}: CPU ${fmt.ms(cpuMs)} ms median of ${runs} (${fmt.us(result.usPerUpdate)} µs/update, ${fmt.rate(result.perSecond)}); ` +
      `wall ${fmt.ms(ms)} ms (${fmt.us(result.wallUsPerUpdate)} µs/update); ${last.items} items`,
  );
  return result;
}

const streams = new Map();
const streamFor = (chunks, messageIds = false) => {
  const key = `${chunks}:${messageIds}`;
  if (!streams.has(key)) streams.set(key, makeStream(chunks, { messageIds }));
  return streams.get(key);
};

/**
 * CPU ns per iteration of a tight integer loop (about one cycle on an idle core): a yardstick for
 * how much the shared machine inflates CPU time. Taken before every timed run.
 */
function calibrate(iterations = 1e8) {
  const c0 = process.cpuUsage();
  let x = 0;
  for (let i = 0; i < iterations; i++) x = (x + i) | 0;
  const c = process.cpuUsage(c0);
  if (x === 42) console.error('');
  return ((c.user + c.system) * 1000) / iterations;
}

const load = { start: os.loadavg(), end: null, calibration: [calibrate()] };
const results = { pure: {}, pureIds: {}, baseline: {}, ws: {}, wsNoTraffic: {}, client: {}, useAcp: {} };

if (enabled('pure')) {
  // Warm-up: let the JIT settle before anything is timed.
  for (let i = 0; i < 3; i++) runPure(core, streamFor(20_000).updates);
  for (const n of SIZES) {
    const s = streamFor(n);
    results.pure[n] = { ...(await measure(`store+reducer ${n}`, runPure, core, s.updates, runsFor(n))), chunks: s.chunks };
  }
  for (const n of SIZES) {
    const s = streamFor(n, true);
    results.pureIds[n] = { ...(await measure(`store+reducer, messageIds ${n}`, runPure, core, s.updates, runsFor(n))), chunks: s.chunks };
  }
  if (baseline) {
    for (let i = 0; i < 3; i++) runPure(baseline, streamFor(20_000).updates);
    for (const n of SIZES) {
      const s = streamFor(n);
      results.baseline[n] = { ...(await measure(`store+reducer, baseline ${BASELINE} ${n}`, runPure, baseline, s.updates, runsFor(n))), chunks: s.chunks };
    }
  }
}

if (enabled('ws')) {
  for (let i = 0; i < 2; i++) await runWebSocket(core, streamFor(20_000).updates);
  for (const n of SIZES) {
    const s = streamFor(n);
    results.ws[n] = { ...(await measure(`websocket ${n}`, runWebSocket, core, s.updates, RUNS.large)), chunks: s.chunks };
  }
  // The same path with the traffic log off: what keeping the last frames for the inspector costs.
  const noTraffic = (core, updates) => runWebSocket(core, updates, 0);
  for (let i = 0; i < 2; i++) await noTraffic(core, streamFor(20_000).updates);
  for (const n of SIZES) {
    const s = streamFor(n);
    results.wsNoTraffic[n] = { ...(await measure(`websocket, traffic log off ${n}`, noTraffic, core, s.updates, RUNS.large)), chunks: s.chunks };
  }
}

if (enabled('client')) {
  for (let i = 0; i < 2; i++) await runClient(core, streamFor(20_000).updates);
  for (const n of SIZES) {
    const s = streamFor(n);
    results.client[n] = { ...(await measure(`client ${n}`, runClient, core, s.updates, RUNS.large)), chunks: s.chunks };
  }
}

let useAcpEstimate = null;
if (enabled('use-acp')) {
  await loadUseAcp();
  runUseAcp(null, streamFor(500).updates);
  for (const n of USE_ACP_SIZES) {
    const s = streamFor(n);
    results.useAcp[n] = { ...(await measure(`use-acp ${n}`, runUseAcp, null, s.updates, 3)), chunks: s.chunks };
  }
  // Quadratic: t(n) ≈ c·n². Fit c on the largest measured size and extrapolate.
  const base = results.useAcp[USE_ACP_SIZES[USE_ACP_SIZES.length - 1]];
  const quadraticFit = (key, n) => base[key] * (streamFor(n).total / base.total) ** 2;
  useAcpEstimate = Object.fromEntries(SIZES.map((n) => [n, { cpuMs: quadraticFit('cpuMs', n), ms: quadraticFit('ms', n) }]));
  log(`use-acp extrapolated (CPU): 20k ≈ ${fmt.ms(useAcpEstimate[20_000].cpuMs / 1000)} s, 200k ≈ ${fmt.ms(useAcpEstimate[200_000].cpuMs / 1000)} s`);
  // The limit applies to CPU time: on a shared machine the wall time is mostly waiting for a core.
  if (!quick && useAcpEstimate[USE_ACP_FULL].cpuMs / 1000 < USE_ACP_FULL_LIMIT_S) {
    const s = streamFor(USE_ACP_FULL);
    results.useAcp[USE_ACP_FULL] = { ...(await measure(`use-acp ${USE_ACP_FULL}`, runUseAcp, null, s.updates, 1)), chunks: s.chunks };
  } else if (!quick) {
    log(`use-acp ${USE_ACP_FULL} skipped: the estimate exceeds ${USE_ACP_FULL_LIMIT_S} s`);
  }
}
load.end = os.loadavg();
load.calibration.push(calibrate());

// --- report ----------------------------------------------------------------------------------------

function report() {
  const lines = [];
  const { pure: P, pureIds: I, baseline: B, ws: W, wsNoTraffic: X, client: C, useAcp: U } = results;
  const s20 = streamFor(20_000);
  const mix = Object.entries(s20.counts)
    .map(([k, v]) => `${fmt.int(v)} \`${k}\``)
    .join(', ');
  const loadText = (l) => l.map((x) => x.toFixed(1)).join(' / ');
  lines.push('## Store throughput and scaling', '');
  lines.push(
    `${machineLine()}. Load average (1/5/15 min) ${loadText(load.start)} at the start, ${loadText(load.end)} at the end. ` +
      `Yardstick (below) at the start / end of the run: ${load.calibration.map((c) => c.toFixed(2)).join(' / ')} ns.`,
    '',
  );
  lines.push(
    `**Stream** (bench/lib/workload.mjs, seeded): per 50 \`agent_message_chunk\`s one \`tool_call\` and three \`tool_call_update\`s; ` +
      `10 thought chunks every 4th cycle, a plan and a usage update every 10th, a user message chunk every 20th. ` +
      `The 20,000-chunk stream is ${fmt.int(s20.total)} updates (${mix}); the 200,000-chunk stream ${fmt.int(streamFor(200_000).total)}. ` +
      `After every update a sync subscriber reads the thread's last item and its text length, as a UI would.`,
    '',
    `**Timing.** The machine is shared with other jobs (see the load average: more runnable processes than cores), so wall time ` +
      `mostly measures waiting for a core. The figures and the targets use the process CPU time (\`process.cpuUsage()\`, user + system, ` +
      `GC helper threads included) of the timed loop; wall time is shown for completeness. Even CPU time is inflated by the other jobs ` +
      `(shared caches and cores): the *yardstick* column is the median CPU time per iteration of a tight integer loop measured just before each run — ` +
      `about one clock cycle on an idle core, so a yardstick of 1.0 ns means the same code runs roughly 2–3× faster on an idle desktop-class core. ` +
      `µs/update and updates/s count every update of the stream (chunks are ${Math.round((100 * s20.chunks) / s20.total)}% of them). Medians of the runs, as the targets ask; the best run in brackets.`,
    '',
  );
  const rows = [];
  const row = (path, r, note = '') =>
    rows.push([
      path,
      fmt.int(r.chunks),
      fmt.int(r.total),
      String(r.runs),
      `${fmt.ms(r.cpuMs)} (${fmt.ms(r.cpuMin)}–${fmt.ms(r.cpuMax)})`,
      `**${fmt.us(r.usPerUpdate)}** (best ${fmt.us(r.bestUsPerUpdate)})`,
      fmt.rate(r.perSecond),
      r.yardstick ? r.yardstick.toFixed(2) : '—',
      `${fmt.ms(r.ms)} (${fmt.us(r.wallUsPerUpdate)} µs)`,
      fmt.int(r.items),
      note,
    ]);
  for (const n of SIZES) if (P[n]) row('acp-react store + reducer (`withSession` + `applySessionUpdate`)', P[n]);
  for (const n of SIZES) if (I[n]) row('same, chunks with `messageId`s', I[n]);
  for (const n of SIZES) if (B[n]) row(`same, the core before this round (git \`${BASELINE}\`)`, B[n], 'baseline');
  for (const n of SIZES) if (W[n]) row('acp-react `createAcpClient`, WebSocket text frames (browser path, JSON.parse included)', W[n]);
  for (const n of SIZES) if (X[n]) row('same, traffic log off (`trafficCapacity: 0`)', X[n], "the log's share");
  for (const n of SIZES) if (C[n]) row('acp-react `createAcpClient`, in-memory `Stream` (web streams)', C[n]);
  for (const n of Object.keys(U)
    .map(Number)
    .sort((a, b) => a - b)) {
    row('use-acp 0.2.6 store + `groupNotifications`', U[n], n === USE_ACP_FULL ? 'measured once' : '');
  }
  if (useAcpEstimate) {
    for (const n of SIZES) {
      if (U[n]) continue;
      const total = streamFor(n).total;
      const e = useAcpEstimate[n];
      rows.push([
        'use-acp 0.2.6 — **extrapolated**',
        fmt.int(n),
        fmt.int(total),
        '—',
        `≈ ${fmt.ms(e.cpuMs)}`,
        `≈ ${fmt.us((e.cpuMs * 1000) / total)}`,
        `≈ ${fmt.rate(total / (e.cpuMs / 1000))}`,
        '—',
        `≈ ${fmt.ms(e.ms)}`,
        '—',
        `quadratic fit (t ∝ n²) on the ${fmt.int(USE_ACP_SIZES.at(-1))}-chunk run`,
      ]);
    }
  }
  lines.push(
    table(
      [
        'path',
        'chunks',
        'updates',
        'runs',
        'CPU ms median (min–max)',
        'CPU µs/update median (best run)',
        'updates/s (CPU, median)',
        'yardstick ns',
        'wall ms (µs/update)',
        'thread items / groups',
        'note',
      ],
      rows,
    ),
    '',
  );

  const targets = [];
  if (P[20_000] && P[200_000]) {
    const scaling = P[200_000].usPerUpdate / P[20_000].usPerUpdate;
    const slowest = Math.min(P[20_000].perSecond, P[200_000].perSecond);
    targets.push(
      `- **≥ 1,000,000 updates/s** (store + reducer, as shipped, medians): ${fmt.rate(P[20_000].perSecond)} at 20k, ${fmt.rate(P[200_000].perSecond)} at 200k — ` +
        `**${slowest >= 1e6 ? 'met' : 'not met'}** on this machine (best runs ${fmt.rate((1 / P[20_000].bestUsPerUpdate) * 1e6)} / ${fmt.rate((1 / P[200_000].bestUsPerUpdate) * 1e6)}; ` +
        `slowest run ${fmt.rate((1 / P[20_000].worstUsPerUpdate) * 1e6)} / ${fmt.rate((1 / P[200_000].worstUsPerUpdate) * 1e6)})` +
        (I[20_000] && I[200_000] ? `; with messageIds ${fmt.rate(I[20_000].perSecond)} / ${fmt.rate(I[200_000].perSecond)}.` : '.'),
      ...(B[20_000] && B[200_000]
        ? [
            `- Before this round (git \`${BASELINE}\`), in the same run: ${fmt.us(B[20_000].usPerUpdate)} / ${fmt.us(B[200_000].usPerUpdate)} µs/update at 20k / 200k; now ${fmt.us(P[20_000].usPerUpdate)} / ${fmt.us(P[200_000].usPerUpdate)} (${fmt.fixed(B[20_000].usPerUpdate / P[20_000].usPerUpdate, 1)}× / ${fmt.fixed(B[200_000].usPerUpdate / P[200_000].usPerUpdate, 1)}× faster).`,
          ]
        : []),
      `- **200k per-update cost within 1.5× of 20k**: ${fmt.fixed(scaling)}× — **${scaling <= 1.5 ? 'met' : 'not met'}**` +
        (I[20_000] && I[200_000] ? `; with messageIds ${fmt.fixed(I[200_000].usPerUpdate / I[20_000].usPerUpdate)}×` : '') +
        (W[20_000] && W[200_000] ? `; whole client over WebSocket ${fmt.fixed(W[200_000].usPerUpdate / W[20_000].usPerUpdate)}×` : '') +
        (C[20_000] && C[200_000] ? `; over a \`Stream\` ${fmt.fixed(C[200_000].usPerUpdate / C[20_000].usPerUpdate)}×.` : '.'),
    );
  }
  if (P[20_000] && (U[20_000] || useAcpEstimate)) {
    const theirs = U[20_000]?.cpuMs ?? useAcpEstimate[20_000].cpuMs;
    const ratio = theirs / P[20_000].cpuMs;
    targets.push(
      `- **≥ 100× faster than use-acp on the 20,000-chunk stream**: ${fmt.int(ratio)}× ` +
        (U[20_000] ? '(use-acp measured, one run)' : '(use-acp **extrapolated** from the smaller streams)') +
        ` — **${ratio >= 100 ? 'met' : 'not met'}**` +
        (W[20_000] ? `; through the whole client over WebSocket ${fmt.int(theirs / W[20_000].cpuMs)}×` : '') +
        (C[20_000] ? `, over a \`Stream\` ${fmt.int(theirs / C[20_000].cpuMs)}× (use-acp's figure excludes its transport and SDK parsing).` : '.'),
    );
    if (U[20_000] && useAcpEstimate) {
      targets.push(
        `  - The quadratic extrapolation from ${fmt.int(USE_ACP_SIZES.at(-1))} chunks predicted ${fmt.ms(useAcpEstimate[20_000].cpuMs / 1000)} s CPU for 20,000; measured ${fmt.ms(U[20_000].cpuMs / 1000)} s.`,
      );
    }
    if (useAcpEstimate && P[200_000]) {
      const e = useAcpEstimate[200_000].cpuMs;
      targets.push(`  - 200,000 chunks: use-acp **not run**; extrapolated ≈ ${fmt.ms(e / 60000)} min CPU, ${fmt.int(e / P[200_000].cpuMs)}× ours.`);
    }
  }
  if (targets.length) lines.push('**Targets**', '', ...targets, '');
  const logShare =
    W[200_000] && X[200_000]
      ? `In this run: ${fmt.us(W[20_000].usPerUpdate)} / ${fmt.us(W[200_000].usPerUpdate)} µs/update at 20k / 200k with the log, ` +
        `${fmt.us(X[20_000].usPerUpdate)} / ${fmt.us(X[200_000].usPerUpdate)} without; over this round's runs the difference at 200k was ` +
        '0.5–1.8 µs/update, and the 20k runs are too short to tell it from the noise. '
      : '';
  lines.push(
    '**Where the time goes.** Profiles (`node --cpu-prof`, and `--trace-gc-nvp` for the young-generation GC) of the store path before this round ' +
      'had two costs the design did not need. (1) `withSession` rebuilt the sessions record with `{ ...sessions, [id]: next }`, which V8 11.3 (Node 20) ' +
      'runs on its slow path (~250 ns per update in isolation); it now copies the keys into a fresh object (~60 ns; an id that is not an own key is an ' +
      'unknown session, and a "__proto__" key falls back to the spread). The store also copied its listener set on every notification; listeners are ' +
      'now a copy-on-write array. (2) GC: each streamed chunk appends to the message text with `+`, which V8 keeps as a rope, one 32–40-byte node per ' +
      'chunk, and every node survived young-generation GCs for as long as the thread lived — 58 bytes per update survived a scavenge, and scavenges ' +
      'took about as much CPU as the reducer. `appendItem` now reads one character of the item that stops being the last (it has finished streaming), ' +
      'which flattens its rope in place, once per item: 34 bytes per update survive, of which ~22 are the transcript itself (flat text, items, ids). ' +
      'What remains per chunk, measured in isolation: parsing the update ~35 ns, the reducer (new content block, item, list version, thread, session) ' +
      "~140 ns, `withSession` ~60 ns, the store notification and the subscriber read ~35 ns, `Date.now()` for the update time ~60 ns (this sandbox's " +
      'clock), and the young-generation GC of ~1 KB of short-lived copies per update. All of it is O(1) per update: the persistent list replaces the ' +
      'last item without copying, so the per-update cost does not grow with the thread (the 20k/200k ratio above).',
    '',
    '**WebSocket path.** Most of it is outside the store: `JSON.parse` of every frame in the tap and the SDK-free routing. The traffic log ' +
      '(src/core/client/traffic.ts) keeps the last 5,000–10,000 parsed frames for the protocol inspector, so every parsed message (a tree of 6–8 objects) ' +
      `outlives at least one young-generation GC and most are promoted. ${logShare}` +
      "Keeping the frame's text instead (one flat string, already allocated by the socket) and parsing it only when the inspector reads the log would " +
      'make that one object per frame; it needs the tap (src/core/client/transport.ts, create-client.ts) to hand the text to `record`. ' +
      'Re-serializing the message inside the log was tried and measured slower: `JSON.stringify` per frame costs more than the GC it saves.',
    '',
  );
  lines.push(
    "use-acp copies the session's whole notification array on every `addNotification`, and `groupNotifications` regroups all of it on every render: " +
      'O(n) per update, O(n²) per stream. acp-react appends to (or replaces) the last item of a persistent list in O(1) and keeps the joined text on the item, ' +
      'so the subscriber reads it without deriving anything.',
  );
  return lines.join('\n');
}

const complete = !only && !quick;
if (args.includes('--no-write') || (!complete && !args.includes('--write'))) {
  console.log(report());
} else {
  writeSections([{ name: 'store-throughput', markdown: report() }]);
  log('wrote the store-throughput section of bench/RESULTS.md');
}
