/**
 * A long session's history for `session/load` replays (bench/long-session.bench.mjs): `turns`
 * turns of what a coding agent sends, as `session/update` payloads in order, seeded so every run
 * replays the same bytes.
 *
 * Each turn (50 updates): the user's prompt, 8 thought chunks, an edit tool call with a diff
 * (pending → in progress → completed), a test run whose terminal output arrives as text content
 * (created, two output updates, completed), a plan, a usage reading and the answer in 32 chunks
 * (markdown; every fourth answer has a code block). The last answer ends with `LAST_TURN_MARKER`,
 * so a page can tell when the thread shows the last turn.
 */

export const UPDATES_PER_TURN = 50;
export const LAST_TURN_MARKER = 'end-of-the-long-history';

/** A small deterministic PRNG (mulberry32). */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  'the function returns a value when called with arguments so we check each case and update tests for module parser store thread reducer session chunk render frame commit budget list item index cache'.split(
    ' ',
  );

/**
 * @param {number} turns
 * @param {number} [seed]
 * @returns {object[]} the updates, in replay order
 */
export function makeLongHistory(turns, seed = 19) {
  const rnd = random(seed);
  const words = (n) => Array.from({ length: n }, () => WORDS[Math.floor(rnd() * WORDS.length)]).join(' ');
  const text = (t) => ({ type: 'text', text: t });
  /** @type {object[]} */
  const updates = [];
  for (let turn = 0; turn < turns; turn++) {
    const file = `src/module-${turn % 97}.ts`;
    updates.push({ sessionUpdate: 'user_message_chunk', content: text(`Turn ${turn}: please ${words(12)} in ${file}`) });
    for (let i = 0; i < 8; i++) updates.push({ sessionUpdate: 'agent_thought_chunk', content: text(`${words(7)} `) });

    const lines = Array.from({ length: 12 }, (_, i) => `export const value${i} = compute(${i}, '${words(3)}');`);
    const changed = lines.map((line, i) => (i % 4 === 1 ? line.replace('compute', 'computeFast') : line));
    const edit = `edit-${turn}`;
    updates.push({
      sessionUpdate: 'tool_call',
      toolCallId: edit,
      title: `Edit ${file}`,
      kind: 'edit',
      status: 'pending',
      locations: [{ path: `/workspace/${file}`, line: 2 }],
      content: [{ type: 'diff', path: `/workspace/${file}`, oldText: lines.join('\n'), newText: changed.join('\n') }],
    });
    updates.push({ sessionUpdate: 'tool_call_update', toolCallId: edit, status: 'in_progress' });
    updates.push({ sessionUpdate: 'tool_call_update', toolCallId: edit, status: 'completed' });

    const run = `run-${turn}`;
    const output = (from, to) => Array.from({ length: to - from }, (_, i) => `  ✓ test ${from + i}: ${words(5)} (${Math.floor(rnd() * 40)} ms)`).join('\n');
    updates.push({ sessionUpdate: 'tool_call', toolCallId: run, title: 'npm test', kind: 'execute', status: 'in_progress', rawInput: { command: 'npm test' } });
    updates.push({ sessionUpdate: 'tool_call_update', toolCallId: run, content: [{ type: 'content', content: text(output(0, 8)) }] });
    updates.push({ sessionUpdate: 'tool_call_update', toolCallId: run, content: [{ type: 'content', content: text(`${output(0, 16)}\n\nTests: 16 passed`) }] });
    updates.push({ sessionUpdate: 'tool_call_update', toolCallId: run, status: 'completed' });

    updates.push({
      sessionUpdate: 'plan',
      entries: [
        { content: `Edit ${file}`, priority: 'high', status: 'completed' },
        { content: 'Run the tests', priority: 'medium', status: 'completed' },
      ],
    });
    updates.push({ sessionUpdate: 'usage_update', used: 2000 + turn * 50, size: 200_000 });

    const answer = [];
    for (let i = 0; i < 32; i++) answer.push(`${words(6)} `);
    if (turn % 4 === 0) answer[16] = `\n\n\`\`\`ts\n${changed.slice(0, 4).join('\n')}\n\`\`\`\n\n`;
    if (turn === turns - 1) answer[31] = `${LAST_TURN_MARKER}.`;
    for (const chunk of answer) updates.push({ sessionUpdate: 'agent_message_chunk', content: text(chunk) });
  }
  return updates;
}
