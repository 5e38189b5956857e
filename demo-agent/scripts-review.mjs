// @ts-check
/**
 * `/refactor`: one edit across several files, for the client's change review. It reads two files
 * of the workspace, asks permission once with every diff in the request, then writes each file
 * (through `fs/write_text_file`, or on ACP v2 the agent's own copy) and creates a third: a turn whose changes can be reviewed hunk by
 * hunk (greeting.ts gets two separate hunks), accepted, rejected or restored.
 */
import { canUseFiles, readFile, writeFile } from './agent-files.mjs';
import { allowsEdit, askEditPermission } from './steps.mjs';
import { TurnStop, errorMessage, joinPath } from './helpers.mjs';

/**
 * @typedef {import('@agentclientprotocol/sdk').ToolCallContent} ToolCallContent
 * @typedef {import('./turn.mjs').Script} Script
 */

/** The edits, as replacements of exact text (a file that no longer holds it is written unchanged). */
const EDITS = [
  {
    file: 'src/greeting.ts',
    replace: [
      ["  return 'Hello, ' + name + '!';", '  return `Hello, ${name}!`;'],
      ['  const out: string[] = [];\n  for (const name of names) out.push(greet(name));\n  return out;', '  return names.map((name) => greet(name));'],
    ],
  },
  {
    file: 'src/format.ts',
    replace: [
      ["  return items.slice(0, -1).join(', ') + ' and ' + items.at(-1);", "  return new Intl.ListFormat('en', { type: 'conjunction' }).format(items);"],
    ],
  },
];
const CREATED = { file: 'src/index.ts', content: "export * from './greeting';\nexport * from './format';\n" };

/** @type {Script} */
export async function refactorScript(t) {
  if (!canUseFiles(t)) {
    await t.say('`/refactor` reads and writes files: this client offers no `fs.readTextFile` / `fs.writeTextFile`.');
    return 'end_turn';
  }
  await t.say('I will modernise the string helpers across the project: template literals, `map`, `Intl.ListFormat`, and an index file.\n\n');
  /** @type {Array<{ path: string, oldText: string | null, newText: string }>} */
  const changes = [];
  for (const edit of EDITS) {
    const path = joinPath(t.session.cwd, edit.file);
    const content = await readFile(t, path);
    let next = content;
    for (const [from, to] of edit.replace) next = next.replace(from, to);
    changes.push({ path, oldText: content, newText: next });
  }
  changes.push({ path: joinPath(t.session.cwd, CREATED.file), oldText: null, newText: CREATED.content });

  const toolCallId = t.toolCallId('refactor');
  /** @type {ToolCallContent[]} */
  const content = changes.map((c) => ({ type: 'diff', path: c.path, oldText: c.oldText, newText: c.newText }));
  const title = `Edit ${changes.length} files`;
  const locations = changes.map((c) => ({ path: c.path }));
  await t.toolCall({
    toolCallId,
    title,
    name: 'multi_edit',
    kind: 'edit',
    status: 'pending',
    content,
    locations,
    rawInput: { files: changes.map((c) => c.path) },
  });
  await t.step();

  const optionId = await askEditPermission(t, { toolCallId, title, kind: 'edit', status: 'pending', content, locations });
  if (!allowsEdit(optionId)) {
    await t.toolUpdate({ toolCallId, status: 'failed', rawOutput: { error: 'Rejected by the user' } });
    await t.say('You rejected the edit, so no file was changed.');
    return 'end_turn';
  }
  await t.toolUpdate({ toolCallId, status: 'in_progress' });
  for (const change of changes) {
    try {
      await writeFile(t, change.path, change.newText);
    } catch (error) {
      if (error instanceof TurnStop) throw error;
      await t.toolUpdate({ toolCallId, status: 'failed', rawOutput: { error: errorMessage(error), path: change.path } });
      await t.say(`Writing ${change.path} failed: ${errorMessage(error)}`);
      return 'end_turn';
    }
  }
  await t.toolUpdate({ toolCallId, status: 'completed', rawOutput: { written: changes.map((c) => c.path) } });
  await t.say(`Done: ${changes.length} files changed. Review the changes to accept or reject each one.`);
  await t.reportUsage();
  return 'end_turn';
}
