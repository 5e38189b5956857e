// @ts-check
/**
 * A prompt that mentions a notebook cell (a `resource` or `resource_link` whose URI is a `.ipynb`
 * file with the cell id as its fragment, `file:///workspace/analysis.ipynb#totals`): the agent
 * reads the notebook through `fs/read_text_file`, changes that one cell, asks permission with the
 * diff of the file, and writes the notebook back through `fs/write_text_file`. The playground's
 * notebook page shows the change in the cell as it lands.
 *
 * What it changes is scripted: the sample notebook's `totals` and `report` cells have a real
 * rewrite; any other cell gets the request added as a comment (code) or a note (markdown). A
 * request saying "invalid JSON" makes it write a cut-off file, to show how the page copes.
 */
import * as acp from '@agentclientprotocol/sdk';
import { allowsEdit, askEditPermission } from './steps.mjs';
import { TurnStop, errorMessage } from './helpers.mjs';

/**
 * @typedef {import('@agentclientprotocol/sdk').ContentBlock} ContentBlock
 * @typedef {import('@agentclientprotocol/sdk').ToolCallContent} ToolCallContent
 * @typedef {import('./turn.mjs').Script} Script
 * @typedef {{ path: string, cellId: string, label: string }} CellMention
 */

const m = acp.methods;

/** Rewrites of the sample notebook's cells, as exact text replaced (like `/refactor`'s). */
const REWRITES = [
  {
    from: 'totals = {}\nfor item in expenses:\n    if item["category"] not in totals:\n        totals[item["category"]] = 0\n    totals[item["category"]] += item["amount"]',
    to: 'from collections import defaultdict\n\ntotals = defaultdict(float)\nfor item in expenses:\n    totals[item["category"]] += item["amount"]',
    summary: 'replaced the membership check with a `defaultdict(float)`',
  },
  {
    from: 'for category in totals:\n    print(category + ": " + str(totals[category]))',
    to: 'for category, amount in sorted(totals.items()):\n    print(f"{category}: {amount:.2f}")',
    summary: 'sorted the categories and printed each amount with an f-string, to two decimals',
  },
];

/**
 * The notebook cell a prompt mentions, or null.
 * @param {readonly ContentBlock[]} prompt
 * @returns {CellMention | null}
 */
export function notebookMention(prompt) {
  for (const block of prompt) {
    const uri = block.type === 'resource_link' ? block.uri : block.type === 'resource' ? block.resource.uri : null;
    if (!uri) continue;
    let url;
    try {
      url = new URL(uri);
    } catch {
      continue;
    }
    const path = decodeURIComponent(url.pathname);
    const cellId = decodeURIComponent(url.hash.slice(1));
    if (url.protocol !== 'file:' || !path.endsWith('.ipynb') || !cellId) continue;
    const meta = /** @type {Record<string, { label?: unknown }> | null | undefined} */ (block._meta)?.['acp-react/mention'];
    const label = typeof meta?.label === 'string' ? meta.label : block.type === 'resource_link' ? block.name : cellId;
    return { path, cellId, label };
  }
  return null;
}

/** `"a\nb"` → `["a\n", "b"]`, as Jupyter stores a source. @param {string} source */
function sourceLines(source) {
  return source.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/**
 * The cell's new source and what changed, in a sentence.
 * @param {{ cell_type: string, source: string }} cell
 * @param {string} request
 */
export function rewriteCell(cell, request) {
  for (const rewrite of REWRITES) {
    if (cell.source.includes(rewrite.from)) return { source: cell.source.replace(rewrite.from, rewrite.to), summary: rewrite.summary };
  }
  const note = request || 'Reviewed by the demo agent';
  if (cell.cell_type === 'markdown') return { source: `${cell.source.replace(/\n+$/, '')}\n\n> ${note}`, summary: 'added your request as a note at the end' };
  return {
    source: `# ${note.replace(/\n/g, ' ')}\n${cell.source}`,
    summary: 'added your request as a comment at the top (I have no scripted rewrite for this cell)',
  };
}

/** @type {Script} */
export async function notebookScript(t, _args, text, prompt) {
  const target = notebookMention(prompt ?? []);
  if (!target) throw new Error('notebookScript runs only for a prompt that mentions a notebook cell');
  const { path, cellId } = target;
  const file = path.slice(path.lastIndexOf('/') + 1);
  const request = text.replace(`@${target.label}`, '').trim();
  if (t.caps.agentOwned) {
    // ACP v2 has no client files, and the notebook is the client's, not in the agent's own copy.
    await t.say(`Changing cell \`${cellId}\` means reading and writing \`${file}\`, the client's file: ACP v2 has no client file access.`);
    return 'end_turn';
  }
  if (!t.caps.fs?.readTextFile || !t.caps.fs?.writeTextFile) {
    await t.say(`Changing cell \`${cellId}\` means reading and writing \`${file}\`: this client offers no \`fs.readTextFile\` / \`fs.writeTextFile\`.`);
    return 'end_turn';
  }
  await t.say(`I will change cell \`${cellId}\` of \`${file}\`. First, the notebook as it is now.\n\n`);

  const readId = t.toolCallId('read');
  await t.toolCall({
    toolCallId: readId,
    title: `Read ${file}`,
    name: 'read_file',
    kind: 'read',
    status: 'in_progress',
    locations: [{ path }],
    rawInput: { path },
  });
  /** @type {string} */
  let before;
  try {
    /** @type {import('@agentclientprotocol/sdk').ReadTextFileResponse} */
    const res = await t.request((opts) => t.client.request(m.client.fs.readTextFile, { sessionId: t.sessionId, path }, opts));
    before = res.content;
  } catch (error) {
    if (error instanceof TurnStop) throw error;
    await t.toolUpdate({ toolCallId: readId, status: 'failed', rawOutput: { error: errorMessage(error) } });
    await t.say(`Reading \`${file}\` failed: ${errorMessage(error)}`);
    return 'end_turn';
  }
  await t.toolUpdate({ toolCallId: readId, status: 'completed', rawOutput: { bytes: before.length } });

  /** @type {{ cells?: unknown }} */
  let doc;
  try {
    doc = JSON.parse(before);
  } catch (error) {
    await t.say(`\`${file}\` is not valid JSON (${errorMessage(error)}), so I left it alone.`);
    return 'end_turn';
  }
  const cells = Array.isArray(doc?.cells) ? doc.cells : [];
  const cell = cells.find((c) => c && typeof c === 'object' && c.id === cellId);
  if (!cell) {
    await t.say(`\`${file}\` has no cell \`${cellId}\` any more, so there was nothing to change.`);
    return 'end_turn';
  }
  const current = { cell_type: String(cell.cell_type), source: Array.isArray(cell.source) ? cell.source.join('') : String(cell.source ?? '') };
  const { source, summary } = rewriteCell(current, request);
  cell.source = sourceLines(source);
  let after = `${JSON.stringify(doc, null, 1)}\n`;
  const broken = /\binvalid json\b/i.test(request);
  // On request, a file cut off halfway: what a confused agent might write.
  if (broken) after = after.slice(0, Math.floor(after.length / 2));

  const editId = t.toolCallId('edit');
  const title = `Edit cell ${cellId} of ${file}`;
  /** @type {ToolCallContent[]} */
  const content = [{ type: 'diff', path, oldText: before, newText: after }];
  const locations = [{ path }];
  await t.toolCall({ toolCallId: editId, title, name: 'edit_notebook', kind: 'edit', status: 'pending', content, locations, rawInput: { path, cellId } });
  await t.step();

  const optionId = await askEditPermission(t, { toolCallId: editId, title, kind: 'edit', status: 'pending', content, locations });
  if (!allowsEdit(optionId)) {
    await t.toolUpdate({ toolCallId: editId, status: 'failed', rawOutput: { error: 'Rejected by the user' } });
    await t.say(`You rejected the edit, so cell \`${cellId}\` is unchanged.`);
    return 'end_turn';
  }
  await t.toolUpdate({ toolCallId: editId, status: 'in_progress' });
  try {
    await t.request((opts) => t.client.request(m.client.fs.writeTextFile, { sessionId: t.sessionId, path, content: after }, opts));
  } catch (error) {
    if (error instanceof TurnStop) throw error;
    await t.toolUpdate({ toolCallId: editId, status: 'failed', rawOutput: { error: errorMessage(error) } });
    await t.say(`Writing \`${file}\` failed: ${errorMessage(error)}`);
    return 'end_turn';
  }
  await t.toolUpdate({ toolCallId: editId, status: 'completed', rawOutput: { written: path, cellId, change: summary } });
  await t.say(
    broken
      ? `As asked, I wrote \`${file}\` cut off halfway: it is not valid JSON now.`
      : `Done: in cell \`${cellId}\` I ${summary}. The notebook shows the change.`,
  );
  await t.reportUsage();
  return 'end_turn';
}
