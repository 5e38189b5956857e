// @ts-check
/**
 * `/subagents [task]` (UNSTABLE, ACP RFD "subagents"): the agent splits a task between two child
 * sessions that work side by side, the way an agent with real sub-agents does for a client that
 * advertised `clientCapabilities.subagents`:
 *
 * - each child is announced on this (the parent) session with `subagent_update`: title,
 *   description, its working directory, `capabilities.cancel` and `state: running`;
 * - the parent briefs each child with an inter-session message: the outgoing view in the parent's
 *   transcript (`session_message` with `recipientSessionId`), the incoming view in the child's
 *   (`session_message` with `senderSessionId`, its text streamed as `session_message_chunk`s);
 * - the children work with their own session ids: the explorer a plan, a search, a read and its
 *   answer; the test writer a new file as a diff, which it asks permission for with its own id;
 * - `session/cancel` with a child's id stops that child only; the parent's cancel stops both;
 * - each child ends with `state: idle`, its stop reason and usage (and its cancel withdrawn: it
 *   gets no more work), and the parent sums up.
 *
 * To a client without the capability none of this is sent: the turn says so and points at
 * `/delegate`, which nests a sub-agent's run in its tool call through `_meta` instead (what
 * claude-agent-acp does today, and what clients without the opt-in understand).
 */
import { writeFile } from './agent-files.mjs';
import { ChildTurn } from './child-turn.mjs';
import { GREETING_FILE, GREETING_TEST, GREETING_TEST_FILE } from './content.mjs';
import { TurnStop, chunkText, errorMessage, joinPath } from './helpers.mjs';
import { allowsEdit, askEditPermission, planAt, readStep, textContent } from './steps.mjs';

/**
 * @typedef {import('@agentclientprotocol/sdk').SessionUpdate} SessionUpdate
 * @typedef {import('@agentclientprotocol/sdk').StopReason} StopReason
 * @typedef {import('./turn.mjs').Script} Script
 * @typedef {import('./turn.mjs').Turn} Turn
 * @typedef {{ stopReason: string, summary: string }} ChildOutcome
 */

const DEFAULT_TASK = 'check what greet does with an empty name, and pin it down with a test';

/**
 * An update of the unstable schema. The stable SDK's types do not know it; the SDK sends it as
 * given, and only to a client that advertised `subagents`.
 * @param {Record<string, unknown> & { sessionUpdate: string }} update
 * @returns {SessionUpdate}
 */
const unstable = (update) => /** @type {SessionUpdate} */ (/** @type {unknown} */ (update));

/** @type {Script} */
export async function subagentsScript(t, args) {
  if (!t.caps.subagents) {
    await t.say(
      'This client did not advertise `clientCapabilities.subagents` (UNSTABLE, RFD "subagents"), so I cannot show sub-agents as child sessions here. ' +
        'Try `/delegate`: it runs a sub-agent nested in its tool call, which every client can show.',
    );
    return 'end_turn';
  }
  const task = args || DEFAULT_TASK;
  await t.say(
    `I will split this between two sub-agents working side by side: an explorer reads the code, a test writer adds a test. Stop either one and the other goes on.`,
  );

  const base = `${t.session.tag}.${t.number}`;
  const explorer = new ChildTurn(t, { sessionId: `${t.sessionId}:${base}-explorer`, tag: `${base}x`, cwd: t.session.cwd });
  const writer = new ChildTurn(t, { sessionId: `${t.sessionId}:${base}-tests`, tag: `${base}w`, cwd: joinPath(t.session.cwd, 'test') });
  /** @type {Array<[ChildTurn, { title: string, description: string, brief: string, work: (c: ChildTurn) => Promise<string> }]>} */
  const children = [
    [
      explorer,
      {
        title: 'Explorer',
        description: `Read the code: ${task}`,
        brief: `Find \`greet\`, read it, and tell me what it does with an empty name. The task: ${task}.`,
        work: exploreWork,
      },
    ],
    [
      writer,
      {
        title: 'Test writer',
        description: `Write a test: ${task}`,
        brief: `Add a test to \`${GREETING_TEST_FILE}\` that pins down what \`greet('')\` returns today. Ask before writing.`,
        work: writeTestWork,
      },
    ],
  ];

  // Announced before any traffic that names them, as the RFD requires.
  for (const [child, { title, description }] of children) {
    t.children.set(child.sessionId, child);
    await t.send(
      unstable({
        sessionUpdate: 'subagent_update',
        sessionId: child.sessionId,
        title,
        description,
        cwd: child.session.cwd,
        capabilities: { cancel: {} },
        state: { state: 'running' },
      }),
    );
  }
  try {
    const settled = await Promise.allSettled(children.map(([child, { brief, work }]) => runChild(t, child, brief, work)));
    t.check();
    /** @type {ChildOutcome[]} */
    const outcomes = [];
    for (const result of settled) {
      if (result.status === 'rejected') throw result.reason;
      outcomes.push(result.value);
    }
    const [found, wrote] = outcomes;
    await t.say(`**Explorer** (${describeStop(found.stopReason)}): ${found.summary}\n\n**Test writer** (${describeStop(wrote.stopReason)}): ${wrote.summary}`);
    await t.reportUsage();
    return 'end_turn';
  } finally {
    for (const [child] of children) t.children.delete(child.sessionId);
  }
}

/** @param {string} stopReason */
function describeStop(stopReason) {
  return stopReason === 'end_turn' ? 'done' : stopReason === 'cancelled' ? 'stopped' : stopReason;
}

/**
 * The parent's message to a child: its outgoing view on the parent, then its incoming view on the
 * child, streamed there. Each view names the other's message id.
 * @param {Turn} t
 * @param {ChildTurn} child
 * @param {string} text
 */
async function sendBrief(t, child, text) {
  const outgoing = t.messageId('agent');
  const incoming = child.messageId('user');
  const route = { senderSessionId: t.sessionId, recipientSessionId: child.sessionId };
  await t.send(unstable({ sessionUpdate: 'session_message', messageId: outgoing, ...route, recipientMessageId: incoming, content: [{ type: 'text', text }] }));
  await child.send(unstable({ sessionUpdate: 'session_message', messageId: incoming, ...route, senderMessageId: outgoing }));
  for (const chunk of chunkText(text)) {
    child.check();
    await child.send(unstable({ sessionUpdate: 'session_message_chunk', messageId: incoming, content: { type: 'text', text: chunk } }));
    if (child.delayMs > 0) await child.tick();
  }
  child.tokens += Math.ceil(text.length / 4);
}

/**
 * Briefs one child, runs its work and reports how it ended on the parent (`state: idle`, stop
 * reason, usage). Settles with the outcome whether the child finished, was stopped (by its own
 * cancel or its parent's) or failed; rejects only when the connection is gone.
 * @param {Turn} t
 * @param {ChildTurn} child
 * @param {string} brief
 * @param {(c: ChildTurn) => Promise<string>} work
 * @returns {Promise<ChildOutcome>}
 */
async function runChild(t, child, brief, work) {
  /** @type {ChildOutcome} */
  let outcome;
  /** @type {Record<string, unknown>} */
  let failure = {};
  try {
    await sendBrief(t, child, brief);
    outcome = { stopReason: 'end_turn', summary: await work(child) };
  } catch (error) {
    if (child.stopped === 'dropped' || (error instanceof TurnStop && error.kind === 'dropped')) throw error;
    if (error instanceof TurnStop || child.stopped === 'cancelled') {
      await child.finishCancelled();
      outcome = { stopReason: 'cancelled', summary: 'stopped before it finished.' };
    } else {
      outcome = { stopReason: 'error', summary: `failed: ${errorMessage(error)}` };
      failure = { error: { code: -32603, message: errorMessage(error) } };
    }
  } finally {
    t.children.delete(child.sessionId);
  }
  const inputTokens = 600 + child.tokens;
  const outputTokens = child.tokens;
  t.tokens += inputTokens + outputTokens;
  await t.send(
    unstable({
      sessionUpdate: 'subagent_update',
      sessionId: child.sessionId,
      state: { state: 'idle', stopReason: outcome.stopReason, usage: { totalTokens: inputTokens + outputTokens, inputTokens, outputTokens }, ...failure },
      // This demo never gives an idle child more work, so there is nothing left to stop.
      capabilities: null,
    }),
  );
  return outcome;
}

/** @type {Array<[string, import('@agentclientprotocol/sdk').PlanEntry['priority']]>} */
const EXPLORER_PLAN = [
  ['Find where greet is defined', 'high'],
  [`Read ${GREETING_FILE}`, 'high'],
  ['Report what an empty name gives', 'medium'],
];

/**
 * The explorer: a plan, a search, a read (`fs/read_text_file` with its own session id), an answer.
 * @param {ChildTurn} c
 * @returns {Promise<string>}
 */
async function exploreWork(c) {
  await c.plan(planAt(EXPLORER_PLAN, 0));
  await c.stream('agent_thought_chunk', 'A search for the definition first, then the file itself.', c.messageId('thought'));
  const searchId = c.toolCallId('grep');
  await c.toolCall({
    toolCallId: searchId,
    title: 'grep -rn "function greet" src/',
    kind: 'search',
    status: 'pending',
    rawInput: { pattern: 'function greet', path: 'src/' },
  });
  await c.step();
  await c.toolUpdate({
    toolCallId: searchId,
    status: 'completed',
    content: [textContent(`${GREETING_FILE}:1: export function greet(name: string): string {`)],
  });
  await c.plan(planAt(EXPLORER_PLAN, 1));
  await readStep(c);
  await c.plan(planAt(EXPLORER_PLAN, 2));
  await c.say(`\`greet\` is defined at line 1 of \`${GREETING_FILE}\`. Nothing checks the name, so \`greet('')\` returns \`'Hello, !'\`.`);
  await c.plan(planAt(EXPLORER_PLAN, EXPLORER_PLAN.length));
  return `\`greet('')\` returns \`'Hello, !'\` (nothing checks the name).`;
}

/**
 * The test writer: a new file shown as a diff, permission asked with its own session id, then
 * `fs/write_text_file` (when the client can write files).
 * @param {ChildTurn} c
 * @returns {Promise<string>}
 */
async function writeTestWork(c) {
  await c.say(`I will add \`${GREETING_TEST_FILE}\` with a case for the empty name.`);
  const path = joinPath(c.parent.session.cwd, GREETING_TEST_FILE);
  const toolCallId = c.toolCallId('write');
  const title = `Write ${GREETING_TEST_FILE}`;
  /** @type {import('@agentclientprotocol/sdk').ToolCallContent} */
  const diff = { type: 'diff', path, oldText: null, newText: GREETING_TEST };
  const locations = [{ path, line: 1 }];
  await c.toolCall({ toolCallId, title, kind: 'edit', status: 'pending', content: [diff], locations, rawInput: { path, content: GREETING_TEST } });
  await c.step();
  const optionId = await askEditPermission(c, { toolCallId, title, kind: 'edit', status: 'pending', content: [diff], locations });
  if (!allowsEdit(optionId)) {
    await c.toolUpdate({ toolCallId, status: 'failed', rawOutput: { error: 'Rejected by the user' } });
    await c.say('You rejected the new test, so I wrote nothing.');
    return 'the test was rejected, nothing was written.';
  }
  await c.toolUpdate({ toolCallId, status: 'in_progress' });
  if (!c.caps.fs?.writeTextFile && !c.caps.agentOwned) {
    await c.toolUpdate({
      toolCallId,
      status: 'completed',
      rawOutput: { written: false, note: 'The client has no fs.writeTextFile capability; the diff was not written.' },
    });
    return `approved; \`${GREETING_TEST_FILE}\` shown as a diff only (the client has no \`fs.writeTextFile\`).`;
  }
  try {
    await writeFile(c, path, GREETING_TEST);
  } catch (error) {
    if (error instanceof TurnStop) throw error;
    await c.toolUpdate({ toolCallId, status: 'failed', rawOutput: { error: errorMessage(error) } });
    return `approved, but writing \`${GREETING_TEST_FILE}\` failed (${errorMessage(error)}).`;
  }
  await c.toolUpdate({ toolCallId, status: 'completed', rawOutput: { written: true, bytes: GREETING_TEST.length } });
  await c.say(`Added \`${GREETING_TEST_FILE}\`.`);
  return `added \`${GREETING_TEST_FILE}\` with a case for the empty name.`;
}
