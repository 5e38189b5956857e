/**
 * How a markdown block that is not a one-line paragraph is parsed: whole when it is within the
 * parse unit (MARKDOWN_UNIT_CHARS characters, MARKUP_LIMIT markup characters), otherwise in
 * groups when it is a table (groups of rows, each parsed under the table's head) or a list
 * (groups of top-level items), otherwise not at all: it is shown as plain text.
 *
 * Groups are decided by the text alone, line by line, so a block streamed in chunks and the same
 * block rendered at once are grouped the same, and every finished group keeps its source (and
 * its parse) while later rows stream in. Only complete lines are grouped; the unfinished last
 * line belongs to the last group.
 */
import { itemAt } from '../../core/item-at.js';
import { MARKDOWN_UNIT_CHARS, MARKUP_LIMIT } from '../shared/budgets.js';
import { countMarkup } from './markup.js';

export type BlockPlan =
  | { kind: 'whole' }
  /**
   * `head`: the header and delimiter rows; `groups`: the rows, in parts; `widths`: each column's
   * share of the width, in percent, from the longest cells of the head and the first group.
   */
  | { kind: 'table'; head: string; groups: string[]; widths: number[] }
  /** `groups`: the list, in parts that each start with a top-level item. */
  | { kind: 'list'; groups: string[] }
  | { kind: 'plain'; markup: number };

/** A group is closed once it has this many characters, markup characters or table rows. */
const GROUP_CHARS = MARKDOWN_UNIT_CHARS / 4;
const GROUP_MARKUP = MARKUP_LIMIT / 2;
const GROUP_ROWS = 32;

const DELIMITER_ROW = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
/** A line that could end a table or start something else inside it: not a plain row. */
const NOT_A_ROW = /^(?: {4}|\t| {0,3}(?:[>#<]|`{3}|~{3}|[-+*](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)))/;
const TOP_LEVEL_ITEM = /^(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;

export function planBlock(source: string): BlockPlan {
  const markup = countMarkup(source);
  // Tables are the slowest markdown to parse (cells, then autolinks in every cell): grouped sooner.
  if (source.length > GROUP_CHARS || markup > GROUP_MARKUP) {
    const table = tablePlan(source);
    if (table && table.groups.every((group) => withinUnit(table.head + group))) return table;
  }
  if (source.length <= MARKDOWN_UNIT_CHARS && markup <= MARKUP_LIMIT) return { kind: 'whole' };
  const list = listPlan(source);
  return list && list.groups.every(withinUnit) ? list : { kind: 'plain', markup };
}

/** A group small enough to parse at once (one list item, or one table row, can be anything). */
const withinUnit = (group: string) => group.length <= MARKDOWN_UNIT_CHARS && countMarkup(group) <= MARKUP_LIMIT;

/** The lines of `source` with their start offsets; a trailing newline ends the last line. */
function lineStarts(source: string): number[] {
  const starts = [0];
  for (let i = source.indexOf('\n'); i !== -1 && i + 1 < source.length; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

const cells = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|').length;

function tablePlan(source: string): Extract<BlockPlan, { kind: 'table' }> | null {
  const starts = lineStarts(source);
  const bodyStart = starts[2];
  // A head and a delimiter row, then at least one line.
  if (bodyStart === undefined) return null;
  // Line `i` (below starts.length) ends before the next line's newline; the last one at the end.
  const line = (i: number) => source.slice(itemAt(starts, i), (starts[i + 1] ?? source.length + 1) - 1);
  const header = line(0);
  if (!header.includes('|') || NOT_A_ROW.test(header) || !DELIMITER_ROW.test(line(1)) || cells(header) !== cells(line(1))) return null;
  const groups: string[] = [];
  let groupStart = bodyStart;
  let rows = 0;
  let chars = 0;
  let markup = 0;
  for (let i = 2; i < starts.length; i++) {
    const row = line(i);
    if (row.trim() === '') {
      // Blank lines only end a block (see split-blocks.ts): everything after is blank too.
      break;
    }
    if (NOT_A_ROW.test(row)) return null;
    if (rows >= GROUP_ROWS || chars >= GROUP_CHARS || markup >= GROUP_MARKUP) {
      const rowStart = itemAt(starts, i);
      groups.push(source.slice(groupStart, rowStart));
      groupStart = rowStart;
      rows = chars = markup = 0;
    }
    rows++;
    chars += row.length + 1;
    markup += countMarkup(row);
  }
  groups.push(source.slice(groupStart));
  // The push above leaves at least one group.
  return { kind: 'table', head: source.slice(0, bodyStart), groups, widths: columnWidths([header, ...itemAt(groups, 0).split('\n')], cells(header)) };
}

/** Column shares from the longest cell of each column (clamped, so one long cell cannot take all). */
function columnWidths(rows: string[], count: number): number[] {
  const longest = new Array<number>(count).fill(4);
  for (const row of rows) {
    const values = row
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|');
    for (let i = 0; i < count && i < values.length; i++) longest[i] = Math.max(itemAt(longest, i), Math.min(40, itemAt(values, i).trim().length));
  }
  const total = longest.reduce((a, b) => a + b, 0);
  return longest.map((length) => (100 * length) / total);
}

function listPlan(source: string): Extract<BlockPlan, { kind: 'list' }> | null {
  if (!TOP_LEVEL_ITEM.test(source)) return null;
  const starts = lineStarts(source);
  const groups: string[] = [];
  let groupStart = 0;
  let markup = 0;
  // The first line starts at 0; each later start ends the line before it.
  let previousStart = 0;
  for (let i = 1; i < starts.length; i++) {
    const lineStart = itemAt(starts, i);
    markup += countMarkup(source.slice(previousStart, lineStart));
    previousStart = lineStart;
    const chars = lineStart - groupStart;
    // A new group only where a top-level item starts, once the group is big enough.
    if ((chars >= GROUP_CHARS || markup >= GROUP_MARKUP) && TOP_LEVEL_ITEM.test(source.slice(lineStart, lineStart + 12))) {
      groups.push(source.slice(groupStart, lineStart));
      groupStart = lineStart;
      markup = 0;
    }
  }
  groups.push(source.slice(groupStart));
  return { kind: 'list', groups };
}
