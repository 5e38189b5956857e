// @ts-check
/**
 * `/delegate [task]`: the agent hands a task to a sub-agent and reports what it found, the way
 * Claude's agent runs its `Task` tool. The `Task` tool call stays open while the sub-agent works;
 * everything the sub-agent sends (its prompt, thought, tool calls and answer) names the Task in
 * `_meta.claudeCode.parentToolUseId`, as claude-agent-acp does, and the tool results follow
 * without it, as that adapter's PostToolUse hook sends them. A client that knows the convention
 * nests the run under the Task; any other shows it in line.
 */
import { GREETING_FILE } from './content.mjs';
import { chunkText, joinPath } from './helpers.mjs';
import { textContent } from './steps.mjs';

/**
 * @typedef {import('./turn.mjs').Script} Script
 * @typedef {import('./turn.mjs').Turn} Turn
 */

const DEFAULT_TASK = 'find where the greeting is defined and whether a test covers it';

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
  const under = { _meta: { claudeCode: { parentToolUseId: taskId } } };

  await t.send({ sessionUpdate: 'user_message_chunk', messageId: t.messageId('user'), content: { type: 'text', text: prompt }, ...under });
  await nestedStream(t, 'agent_thought_chunk', 'A search for the greeting first, then the file it is in.', under);
  await t.step();

  const path = joinPath(t.session.cwd, GREETING_FILE);
  const searchId = t.toolCallId('grep');
  await t.toolCall({ toolCallId: searchId, title: 'grep -rn "greet" src/ test/', kind: 'search', status: 'pending', rawInput: { pattern: 'greet' }, ...under });
  await t.step();
  await t.toolUpdate({ toolCallId: searchId, status: 'completed', content: [textContent(`${GREETING_FILE}:1: export function greet(name) {`)], ...under });
  // The tool's full response, sent again without the parent id (claude-agent-acp's hook does so).
  await t.toolUpdate({ toolCallId: searchId, rawOutput: { matches: [{ file: GREETING_FILE, line: 1 }] }, _meta: { claudeCode: { toolName: 'Grep' } } });

  const readId = t.toolCallId('read');
  await t.toolCall({
    toolCallId: readId,
    title: `Read ${GREETING_FILE}`,
    kind: 'read',
    status: 'in_progress',
    locations: [{ path, line: 1 }],
    rawInput: { path, line: 1, limit: 40 },
    ...under,
  });
  await t.step();
  await t.toolUpdate({ toolCallId: readId, status: 'completed', ...under });

  await nestedStream(t, 'agent_message_chunk', `\`greet\` is defined at line 1 of \`${GREETING_FILE}\`. No test calls it yet.`, under);
  await t.toolUpdate({ toolCallId: taskId, status: 'completed', rawOutput: { result: `greet: ${GREETING_FILE}:1, untested` } });

  await t.say(`The sub-agent found \`greet\` in \`${GREETING_FILE}\` (line 1) and no test for it. Say /edit to change it, or /test to run the suite.`);
  await t.reportUsage();
  return 'end_turn';
}

/**
 * Streams a message or thought of the sub-agent, every chunk marked with its parent.
 * @param {Turn} t
 * @param {'agent_message_chunk' | 'agent_thought_chunk'} kind
 * @param {string} text
 * @param {{ _meta: Record<string, unknown> }} under
 */
async function nestedStream(t, kind, text, under) {
  const messageId = t.messageId(kind === 'agent_thought_chunk' ? 'thought' : 'agent');
  for (const chunk of chunkText(text)) {
    t.check();
    await t.send({ sessionUpdate: kind, messageId, content: { type: 'text', text: chunk }, ...under });
    if (t.delayMs > 0) await t.tick();
  }
  t.tokens += Math.ceil(text.length / 4);
}
