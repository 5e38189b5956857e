// @ts-check
/**
 * `/delegate [task]`: the agent hands a task to a sub-agent and reports what it found, the way
 * Claude's agent runs its `Task` tool. The `Task` tool call stays open while the sub-agent works.
 *
 * How the sub-agent's work is sent depends on the client:
 * - By default, everything the sub-agent sends (its prompt, thought, tool calls and answer) names
 *   the Task in `_meta.claudeCode.parentToolUseId`, as claude-agent-acp does, and the tool results
 *   follow without it, as that adapter's PostToolUse hook sends them. A client that knows the
 *   convention nests the run under the Task; any other shows it in line.
 * - To a client that advertised `clientCapabilities.subagents` (UNSTABLE, RFD "subagents"), the
 *   sub-agent is a child session: a `subagent_update` on this session announces it (title,
 *   description, `running`, `capabilities.cancel`), its work is sent as `session/update`s with the
 *   child's own session id, and a last `subagent_update` says it is `idle` (with its stop reason
 *   and usage). `session/cancel` for the child's id stops the sub-agent's work; the turn goes on.
 */
import { GREETING_FILE } from './content.mjs';
import { chunkText, joinPath, TurnStop } from './helpers.mjs';
import { textContent } from './steps.mjs';

/**
 * @typedef {import('./turn.mjs').Script} Script
 * @typedef {import('./turn.mjs').Turn} Turn
 */

const DEFAULT_TASK = 'find where the greeting is defined and whether a test covers it';

/** The running child sessions' cancels, by child session id (`session/cancel` looks here). */
export const childSessions = new Map();
let children = 0;

/** @type {Script} */
export async function delegateScript(t, args) {
  const task = args || DEFAULT_TASK;
  const prompt = `Look through the workspace and ${task}. Report the file, the line and what you saw.`;
  await t.say('I will hand this to a sub-agent and summarize what it finds.');
  const taskId = t.toolCallId('task');
  await t.toolCall({
    toolCallId: taskId,
    title: `Sub-agent: ${task}`,
    kind: 'think',
    status: 'in_progress',
    content: [textContent(prompt)],
    rawInput: { description: task, prompt, subagent_type: 'general-purpose' },
    _meta: { claudeCode: { toolName: 'Task' } },
  });

  const childId = t.caps.subagents ? `${t.sessionId}.sub-${++children}` : null;
  if (childId === null) {
    await subagentWork(t, prompt, { _meta: { claudeCode: { parentToolUseId: taskId } } }, null, () => {});
  } else {
    const stop = new AbortController();
    childSessions.set(childId, stop);
    const announce = (/** @type {Record<string, unknown>} */ fields) => t.send(/** @type {any} */ ({ sessionUpdate: 'subagent_update', sessionId: childId, ...fields }), { record: false });
    await announce({ title: 'Sub-agent', description: task, state: { state: 'running' }, capabilities: { cancel: {} } });
    const tokensBefore = t.tokens;
    let stopReason = 'end_turn';
    try {
      await subagentWork(t, prompt, {}, childId, () => {
        if (stop.signal.aborted) throw new TurnStop('cancelled');
      });
    } catch (error) {
      // The child's own cancel; the parent's (or a dropped connection) ends the turn as usual.
      if (!(error instanceof TurnStop) || !stop.signal.aborted || t.stopped) throw error;
      stopReason = 'cancelled';
    } finally {
      childSessions.delete(childId);
    }
    const used = t.tokens - tokensBefore;
    await announce({ state: { state: 'idle', stopReason, usage: { totalTokens: used, inputTokens: 0, outputTokens: used } }, capabilities: null });
    if (stopReason === 'cancelled') {
      await t.toolUpdate({ toolCallId: taskId, status: 'failed', rawOutput: { result: 'cancelled' } });
      await t.say('The sub-agent was cancelled before it finished. Say /delegate to try again.');
      await t.reportUsage();
      return 'end_turn';
    }
  }
  await t.toolUpdate({ toolCallId: taskId, status: 'completed', rawOutput: { result: `greet: ${GREETING_FILE}:1, untested` } });

  await t.say(`The sub-agent found \`greet\` in \`${GREETING_FILE}\` (line 1) and no test for it. Say /edit to change it, or /test to run the suite.`);
  await t.reportUsage();
  return 'end_turn';
}

/**
 * The sub-agent's run: marked with `under` (its parent in `_meta`) in this session, or sent in
 * the child session `childId`. `check` runs between steps (the child's cancel).
 * @param {Turn} t
 * @param {string} prompt
 * @param {{ _meta?: Record<string, unknown> }} under
 * @param {string | null} childId
 * @param {() => void} check
 */
async function subagentWork(t, prompt, under, childId, check) {
  const opts = childId === null ? {} : { sessionId: childId };
  /** @param {Record<string, unknown>} update */
  const send = (update) => t.send(/** @type {any} */ ({ ...update, ...under }), opts);
  const step = async () => {
    await t.step();
    check();
  };

  await send({ sessionUpdate: 'user_message_chunk', messageId: t.messageId('user'), content: { type: 'text', text: prompt } });
  await nestedStream(t, 'agent_thought_chunk', 'A search for the greeting first, then the file it is in.', send);
  await step();

  const path = joinPath(t.session.cwd, GREETING_FILE);
  const searchId = t.toolCallId('grep');
  await send({ sessionUpdate: 'tool_call', toolCallId: searchId, title: 'grep -rn "greet" src/ test/', kind: 'search', status: 'pending', rawInput: { pattern: 'greet' } });
  await step();
  await send({ sessionUpdate: 'tool_call_update', toolCallId: searchId, status: 'completed', content: [textContent(`${GREETING_FILE}:1: export function greet(name) {`)] });
  // The tool's full response, sent again without the parent id (claude-agent-acp's hook does so).
  await t.send(
    { sessionUpdate: 'tool_call_update', toolCallId: searchId, rawOutput: { matches: [{ file: GREETING_FILE, line: 1 }] }, _meta: { claudeCode: { toolName: 'Grep' } } },
    opts,
  );

  const readId = t.toolCallId('read');
  await send({
    sessionUpdate: 'tool_call',
    toolCallId: readId,
    title: `Read ${GREETING_FILE}`,
    kind: 'read',
    status: 'in_progress',
    locations: [{ path, line: 1 }],
    rawInput: { path, line: 1, limit: 40 },
  });
  await step();
  await send({ sessionUpdate: 'tool_call_update', toolCallId: readId, status: 'completed' });

  await nestedStream(t, 'agent_message_chunk', `\`greet\` is defined at line 1 of \`${GREETING_FILE}\`. No test calls it yet.`, send);
}

/**
 * Streams a message or thought of the sub-agent.
 * @param {Turn} t
 * @param {'agent_message_chunk' | 'agent_thought_chunk'} kind
 * @param {string} text
 * @param {(update: Record<string, unknown>) => Promise<void>} send
 */
async function nestedStream(t, kind, text, send) {
  const messageId = t.messageId(kind === 'agent_thought_chunk' ? 'thought' : 'agent');
  for (const chunk of chunkText(text)) {
    t.check();
    await send({ sessionUpdate: kind, messageId, content: { type: 'text', text: chunk } });
    if (t.delayMs > 0) await t.tick();
  }
  t.tokens += Math.ceil(text.length / 4);
}
