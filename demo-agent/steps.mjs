// @ts-check
/**
 * The building blocks the scripts share: read a file, propose an edit (diff, permission, write),
 * run the tests in a client terminal, and a plan at a given step. On ACP v2 (`caps.agentOwned`:
 * no client files or terminals) the files are the agent's own copy and the tests run in its own
 * terminal, reported as `terminal_update` / `terminal_output_chunk`.
 */
import * as acp from '@agentclientprotocol/sdk';
import { readFile, writeFile } from './agent-files.mjs';
import { PERMISSION_OPTIONS } from './catalog.mjs';
import { GREETING_FILE, GREETING_NEW, GREETING_OLD } from './content.mjs';
import { TurnStop, errorMessage, joinPath } from './helpers.mjs';

/**
 * @typedef {import('@agentclientprotocol/sdk').PlanEntry} PlanEntry
 * @typedef {import('@agentclientprotocol/sdk').ToolCallContent} ToolCallContent
 * @typedef {import('./turn.mjs').Turn} Turn
 */

const m = acp.methods;

/**
 * Asks the client whether an edit may go ahead, offering the catalog's allow/reject options.
 * Returns the chosen option id, or null when the user cancelled or the request failed (both mean
 * "do not write"); a turn stop still throws, and a turn cancelled meanwhile stops here.
 * @param {Turn} t
 * @param {import('@agentclientprotocol/sdk').ToolCallUpdate} toolCall
 * @returns {Promise<string | null>}
 */
export async function askEditPermission(t, toolCall) {
  /** @type {string | null} */
  let optionId = null;
  try {
    /** @type {import('@agentclientprotocol/sdk').RequestPermissionResponse} */
    const res = await t.request((opts) =>
      t.client.request(m.client.session.requestPermission, { sessionId: t.sessionId, toolCall, options: PERMISSION_OPTIONS }, opts),
    );
    if (res.outcome.outcome === 'selected' && 'optionId' in res.outcome) optionId = res.outcome.optionId;
  } catch (error) {
    if (error instanceof TurnStop) throw error;
  }
  t.check();
  return optionId;
}

/** Whether an option id from `askEditPermission` lets the edit go ahead. */
export const allowsEdit = (/** @type {string | null} */ optionId) => optionId === 'allow_once' || optionId === 'allow_always';

/**
 * @param {Turn} t
 * @returns {Promise<string>}  one-sentence outcome for the summary
 */
export async function readStep(t) {
  const path = joinPath(t.session.cwd, GREETING_FILE);
  const toolCallId = t.toolCallId('read');
  await t.toolCall({
    toolCallId,
    title: `Read ${GREETING_FILE}`,
    name: 'read_file',
    kind: 'read',
    status: 'pending',
    locations: [{ path, line: 1 }],
    rawInput: { path, line: 1, limit: 200 },
  });
  await t.step();
  await t.toolUpdate({ toolCallId, status: 'in_progress' });
  if (t.caps.agentOwned) {
    // ACP v2: no client files; the agent reads its own copy.
    const content = await readFile(t, path);
    const lines = content.split('\n').length;
    await t.step();
    await t.toolUpdate({
      toolCallId,
      status: 'completed',
      content: [textContent('```ts\n' + content.replace(/\n$/, '') + '\n```')],
      rawOutput: { lines, bytes: content.length },
    });
    return `read ${lines} lines of \`${GREETING_FILE}\` from the agent's workspace.`;
  }
  if (!t.caps.fs?.readTextFile) {
    await t.toolUpdate({
      toolCallId,
      status: 'failed',
      content: [textContent('The client did not advertise `fs.readTextFile`, so the file could not be read.')],
      rawOutput: { error: 'fs.readTextFile not supported by the client' },
    });
    return 'could not read the file: the client has no `fs.readTextFile` capability.';
  }
  try {
    const { content } = await t.request((opts) => t.client.request(m.client.fs.readTextFile, { sessionId: t.sessionId, path, line: 1, limit: 200 }, opts));
    const lines = content.split('\n').length;
    await t.step();
    await t.toolUpdate({
      toolCallId,
      status: 'completed',
      content: [textContent('```ts\n' + content.replace(/\n$/, '') + '\n```')],
      rawOutput: { lines, bytes: content.length },
    });
    return `read ${lines} lines of \`${GREETING_FILE}\` through \`fs/read_text_file\`.`;
  } catch (error) {
    if (error instanceof TurnStop) throw error;
    await t.toolUpdate({
      toolCallId,
      status: 'failed',
      content: [textContent(`Reading failed: ${errorMessage(error)}`)],
      rawOutput: { error: errorMessage(error) },
    });
    return `reading failed (${errorMessage(error)}).`;
  }
}

/** @param {string} text @returns {ToolCallContent} */
export function textContent(text) {
  return { type: 'content', content: { type: 'text', text } };
}

/**
 * Diff + permission + fs/write_text_file.
 * @param {Turn} t
 * @returns {Promise<{ applied: boolean, summary: string }>}
 */
export async function editStep(t) {
  const path = joinPath(t.session.cwd, GREETING_FILE);
  const toolCallId = t.toolCallId('edit');
  /** @type {ToolCallContent} */
  const diff = { type: 'diff', path, oldText: GREETING_OLD, newText: GREETING_NEW };
  const title = `Edit ${GREETING_FILE}`;
  const locations = [{ path, line: 1 }];
  await t.toolCall({
    toolCallId,
    title,
    name: 'edit_file',
    kind: 'edit',
    status: 'pending',
    content: [diff],
    locations,
    rawInput: { path, oldText: GREETING_OLD, newText: GREETING_NEW },
  });
  await t.step();

  /** @type {'allow' | 'reject'} */
  let decision;
  let remembered = false;
  if (t.session.editPolicy) {
    decision = t.session.editPolicy;
    remembered = true;
  } else {
    const optionId = await askEditPermission(t, { toolCallId, title, kind: 'edit', status: 'pending', content: [diff], locations });
    decision = allowsEdit(optionId) ? 'allow' : 'reject';
    if (optionId === 'allow_always') t.session.editPolicy = 'allow';
    if (optionId === 'reject_always') t.session.editPolicy = 'reject';
  }

  if (decision === 'reject') {
    await t.toolUpdate({
      toolCallId,
      status: 'failed',
      rawOutput: { error: remembered ? 'Rejected (remembered "always reject")' : 'Rejected by the user' },
    });
    await t.step();
    await t.say(`You rejected the edit, so I left \`${GREETING_FILE}\` unchanged.\n\n`);
    return { applied: false, summary: 'rejected, the file is unchanged.' };
  }

  await t.toolUpdate({ toolCallId, status: 'in_progress' });
  await t.step();
  if (t.caps.agentOwned) {
    await writeFile(t, path, GREETING_NEW);
    await t.toolUpdate({ toolCallId, status: 'completed', rawOutput: { written: true, bytes: GREETING_NEW.length } });
    return { applied: true, summary: "applied in the agent's workspace." };
  }
  if (!t.caps.fs?.writeTextFile) {
    await t.toolUpdate({
      toolCallId,
      status: 'completed',
      rawOutput: { written: false, note: 'The client has no fs.writeTextFile capability; the diff was not written.' },
    });
    return { applied: true, summary: 'approved; shown as a diff only (the client has no `fs.writeTextFile`).' };
  }
  try {
    await t.request((opts) => t.client.request(m.client.fs.writeTextFile, { sessionId: t.sessionId, path, content: GREETING_NEW }, opts));
  } catch (error) {
    if (error instanceof TurnStop) throw error;
    await t.toolUpdate({ toolCallId, status: 'failed', rawOutput: { error: errorMessage(error) } });
    return { applied: false, summary: `approved, but writing failed (${errorMessage(error)}).` };
  }
  await t.toolUpdate({ toolCallId, status: 'completed', rawOutput: { written: true, bytes: GREETING_NEW.length } });
  return { applied: true, summary: `applied and written through \`fs/write_text_file\`.` };
}

const FAKE_TEST_OUTPUT = `> demo@1.0.0 test
> vitest run

 ✓ test/greeting.test.ts (12 tests) 8ms

 Test Files  1 passed (1)
      Tests  12 passed (12)
`;

/**
 * `npm test` in a client terminal (or a simulated run when the client has no terminal).
 * @param {Turn} t
 * @returns {Promise<{ passed: boolean, summary: string }>}
 */
export async function testStep(t) {
  const toolCallId = t.toolCallId('test');
  const cwd = t.session.cwd;
  await t.toolCall({
    toolCallId,
    title: 'Run npm test',
    name: 'bash',
    kind: 'execute',
    status: 'pending',
    rawInput: { command: 'npm test', cwd },
  });
  await t.step();

  if (t.caps.agentOwned) return agentTerminalTest(t, toolCallId, cwd);
  if (!t.caps.terminal) {
    await t.toolUpdate({ toolCallId, status: 'in_progress' });
    await t.step();
    await t.toolUpdate({
      toolCallId,
      status: 'completed',
      content: [textContent('```console\n' + FAKE_TEST_OUTPUT + '```\n\n(Simulated: the client has no terminal capability.)')],
      rawOutput: { exitCode: 0, simulated: true },
    });
    return { passed: true, summary: '12 passed (simulated; the client has no terminal).' };
  }

  let terminalId;
  try {
    ({ terminalId } = await t.request((opts) =>
      t.client.request(
        m.client.terminal.create,
        { sessionId: t.sessionId, command: 'npm', args: ['test'], cwd, env: [{ name: 'CI', value: '1' }], outputByteLimit: 65_536 },
        opts,
      ),
    ));
  } catch (error) {
    if (error instanceof TurnStop) throw error;
    await t.toolUpdate({ toolCallId, status: 'failed', rawOutput: { error: errorMessage(error) } });
    return { passed: false, summary: `could not start a terminal (${errorMessage(error)}).` };
  }
  t.openTerminals.add(terminalId);
  await t.toolUpdate({ toolCallId, status: 'in_progress', content: [{ type: 'terminal', terminalId }] });
  try {
    const exit = await t.request((opts) => t.client.request(m.client.terminal.waitForExit, { sessionId: t.sessionId, terminalId }, opts));
    const out = await t.request((opts) => t.client.request(m.client.terminal.output, { sessionId: t.sessionId, terminalId }, opts));
    await t.request((opts) => t.client.request(m.client.terminal.release, { sessionId: t.sessionId, terminalId }, opts));
    t.openTerminals.delete(terminalId);
    const passed = exit.exitCode === 0;
    await t.toolUpdate({
      toolCallId,
      status: passed ? 'completed' : 'failed',
      rawOutput: {
        exitCode: exit.exitCode ?? null,
        signal: exit.signal ?? null,
        output: out.output.length > 4000 ? out.output.slice(-4000) : out.output,
        truncated: out.truncated,
      },
    });
    return passed
      ? { passed, summary: 'the suite passed (exit code 0).' }
      : { passed, summary: `the suite failed (exit code ${exit.exitCode ?? 'none'}${exit.signal ? `, signal ${exit.signal}` : ''}).` };
  } catch (error) {
    if (error instanceof TurnStop) throw error;
    t.openTerminals.delete(terminalId);
    await t.bestEffortRequest(m.client.terminal.release, { sessionId: t.sessionId, terminalId }, 500);
    await t.toolUpdate({ toolCallId, status: 'failed', rawOutput: { error: errorMessage(error) } });
    return { passed: false, summary: `the terminal failed (${errorMessage(error)}).` };
  }
}

/**
 * ACP v2: `npm test` in the agent's own terminal, streamed to the client as `terminal_update` and
 * `terminal_output_chunk` (base64) and shown in the tool call by its terminal content.
 * @param {Turn} t
 * @param {string} toolCallId
 * @param {string} cwd
 * @returns {Promise<{ passed: boolean, summary: string }>}
 */
async function agentTerminalTest(t, toolCallId, cwd) {
  const terminalId = `${toolCallId}-terminal`;
  await t.send(v2Only({ sessionUpdate: 'terminal_update', terminalId, command: 'npm test', cwd }));
  await t.toolUpdate({ toolCallId, status: 'in_progress', content: [{ type: 'terminal', terminalId }] });
  for (const line of FAKE_TEST_OUTPUT.split(/(?<=\n)/)) {
    await t.tick();
    await t.send(v2Only({ sessionUpdate: 'terminal_output_chunk', terminalId, data: base64(line) }));
  }
  await t.send(v2Only({ sessionUpdate: 'terminal_update', terminalId, exitStatus: { exitCode: 0 } }));
  await t.toolUpdate({ toolCallId, status: 'completed', rawOutput: { exitCode: 0 } });
  return { passed: true, summary: "the suite passed in the agent's terminal (exit code 0)." };
}

/**
 * An update only ACP v2 has; sent only on v2 connections, as given (the v1 types do not know it).
 * @param {Record<string, unknown> & { sessionUpdate: string }} update
 * @returns {import('@agentclientprotocol/sdk').SessionUpdate}
 */
const v2Only = (update) => /** @type {any} */ (update);

/** @param {string} text  UTF-8, as base64 */
function base64(text) {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * @param {Array<[string, PlanEntry['priority']]>} items
 * @param {number} done  entries before this index are completed, this one is in progress
 * @returns {PlanEntry[]}
 */
export function planAt(items, done) {
  return items.map(([content, priority], i) => ({
    content,
    priority,
    status: i < done ? 'completed' : i === done ? 'in_progress' : 'pending',
  }));
}
