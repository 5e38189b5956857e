/**
 * Reads a fenced code block's source (as cut by `split-blocks.ts`) into its language and code,
 * so fences render straight through CodeBlock without a markdown parse.
 */

import { itemAt } from '../../core/item-at.js';

export interface ParsedFence {
  /** The info string's first word (`ts` in "```ts title=x"), or '' when none or not yet known. */
  language: string;
  code: string;
}

const OPENER = /^([ \t]*)(`{3,}|~{3,})(.*)$/;

/**
 * @param open the closing fence has not been seen.
 * @param streaming more text may still arrive.
 */
export function parseFence(source: string, open: boolean, streaming: boolean): ParsedFence {
  const firstBreak = source.indexOf('\n');
  const openerLine = firstBreak === -1 ? source : source.slice(0, firstBreak);
  const match = OPENER.exec(openerLine.replace(/\r$/, ''));
  // The pattern's three groups always take part in a match.
  const indent = match ? itemAt(match, 1).length : 0;
  const marker = match ? itemAt(match, 2).charAt(0) : '`';
  // While the info line is still arriving its last word may be cut ("typescr"): wait for it.
  const language = match && firstBreak !== -1 ? (itemAt(match, 3).trim().split(/\s+/)[0] ?? '') : '';
  let body = firstBreak === -1 ? '' : source.slice(firstBreak + 1);

  if (!open) {
    // Drop the closing fence line (and the newline before it).
    const trimmed = body.endsWith('\n') ? body.slice(0, -1) : body;
    const lastBreak = trimmed.lastIndexOf('\n');
    body = lastBreak === -1 ? '' : trimmed.slice(0, lastBreak);
  } else if (streaming) {
    // A partial closing fence at the very end ("`", "``") must not flash as code.
    const lastBreak = body.lastIndexOf('\n');
    const lastLine = body.slice(lastBreak + 1);
    if (lastLine !== '' && isPartialCloser(lastLine, marker)) body = body.slice(0, lastBreak + 1);
  }

  if (indent > 0) body = body.replace(new RegExp(`^ {1,${indent}}`, 'gm'), '');
  return { language, code: body };
}

function isPartialCloser(line: string, marker: string): boolean {
  const trimmed = line.trim();
  if (trimmed === '' || line.length - line.trimStart().length > 3) return false;
  for (const char of trimmed) if (char !== marker) return false;
  return true;
}
