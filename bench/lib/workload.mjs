/**
 * A deterministic, realistic `session/update` stream: what a coding agent sends during long
 * sessions. The unit is a "cycle" of 50 `agent_message_chunk`s (token-sized text, markdown with
 * the occasional code fence) followed by a tool call and three `tool_call_update`s (in progress,
 * output content, completed with rawOutput). Every 4th cycle opens with 10 thought chunks, every
 * 10th with a plan update and ends with a usage update, every 20th with a user message chunk (as a
 * `session/load` replay sends the prompt).
 *
 * `chunks` counts the `agent_message_chunk` updates; the stream holds about 13% other updates.
 * With `messageIds`, message and thought chunks carry ids (newer agents), which exercises the
 * keyed lookup instead of the "append to the last item" path.
 */

const CHUNKS_PER_CYCLE = 50;
const WORDS = [
  'the',
  'function',
  'returns',
  'a',
  'new',
  'array',
  'with',
  'each',
  'element',
  'of',
  'state',
  'update',
  'React',
  'component',
  'renders',
  'when',
  'props',
  'change',
  'so',
  'we',
  'memoize',
  'it',
  'and',
  'then',
  'check',
  'tests',
  'pass',
  '`useMemo`',
  'file',
  'src/index.ts',
  'line',
  '42',
  'error:',
  'fix',
  '**note**',
];
const CODE = ['\n```ts\n', 'const x = 1;\n', 'export function f() {}\n', '```\n'];
const TOOL_KINDS = ['read', 'edit', 'execute', 'search', 'fetch'];
const PLAN_STATUSES = ['pending', 'in_progress', 'completed'];

/** mulberry32: a small seeded PRNG, so every run and every implementation sees the same stream. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Returns `{ updates, chunks, total, counts }`; `updates` are raw `update` objects. */
export function makeStream(chunks, { messageIds = false, seed = 7 } = {}) {
  const random = rng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const token = () => {
    const r = random();
    if (r < 0.02) return pick(CODE);
    if (r < 0.06) return '\n\n';
    return (random() < 0.9 ? ' ' : '') + pick(WORDS);
  };
  const updates = [];
  const counts = {};
  const add = (u) => {
    counts[u.sessionUpdate] = (counts[u.sessionUpdate] ?? 0) + 1;
    updates.push(u);
  };
  let emitted = 0;
  let message = 0;
  let tool = 0;
  for (let cycle = 0; emitted < chunks; cycle++) {
    if (cycle % 20 === 19) {
      add({
        sessionUpdate: 'user_message_chunk',
        content: { type: 'text', text: `Please continue with step ${cycle}.` },
        ...(messageIds ? { messageId: `u${cycle}` } : {}),
      });
    }
    if (cycle % 10 === 0) {
      const entries = Array.from({ length: 5 }, (_, i) => ({
        content: `Step ${i + 1} of the plan (${cycle})`,
        priority: i < 2 ? 'high' : 'medium',
        status: PLAN_STATUSES[Math.min(2, Math.max(0, (Math.floor(cycle / 10) % 7) - i + 1))],
      }));
      add({ sessionUpdate: 'plan', entries });
    }
    if (cycle % 4 === 0) {
      const id = messageIds ? { messageId: `t${++message}` } : {};
      for (let i = 0; i < 10; i++) add({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: token() }, ...id });
    }
    const id = messageIds ? { messageId: `m${++message}` } : {};
    for (let i = 0; i < CHUNKS_PER_CYCLE && emitted < chunks; i++, emitted++) {
      add({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: token() }, ...id });
    }
    const toolCallId = `call_${++tool}`;
    const kind = pick(TOOL_KINDS);
    add({
      sessionUpdate: 'tool_call',
      toolCallId,
      title: `${kind} src/file${tool}.ts`,
      kind,
      status: 'pending',
      rawInput: { path: `src/file${tool}.ts` },
      locations: [{ path: `src/file${tool}.ts` }],
    });
    add({ sessionUpdate: 'tool_call_update', toolCallId, status: 'in_progress' });
    add({
      sessionUpdate: 'tool_call_update',
      toolCallId,
      content: [
        kind === 'edit'
          ? { type: 'diff', path: `src/file${tool}.ts`, oldText: 'const a = 1;\n', newText: 'const a = 2;\n' }
          : { type: 'content', content: { type: 'text', text: `output of ${toolCallId}\n`.repeat(3) } },
      ],
    });
    add({ sessionUpdate: 'tool_call_update', toolCallId, status: 'completed', rawOutput: { ok: true, bytes: 120 + tool } });
    if (cycle % 10 === 9) add({ sessionUpdate: 'usage_update', used: 1000 + cycle * 50, size: 200_000 });
  }
  return { updates, chunks: emitted, total: updates.length, counts };
}
