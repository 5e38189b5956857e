/**
 * The notebook file: Jupyter's `.ipynb` (nbformat 4.5, JSON), so the agent edits a format it
 * already knows and the file opens in any notebook tool. The page keeps what it does not edit
 * (metadata, outputs, unknown fields) and rewrites only the sources; the parser says exactly what
 * is wrong with a file that is not a notebook, so the page can show it and keep the last good
 * cells.
 */

export type CellType = 'code' | 'markdown' | 'raw';

export interface NotebookCell {
  /** nbformat 4.5 cell id (`[A-Za-z0-9_-]{1,64}`), stable across edits: mentions point at it. */
  id: string;
  type: CellType;
  source: string;
  /** The cell as read from the file, written back with the new source. */
  raw: Record<string, unknown>;
}

export interface Notebook {
  cells: NotebookCell[];
  /** The document as read (metadata, nbformat…), written back with the new cells. */
  raw: Record<string, unknown>;
}

export type ParseResult = { ok: true; notebook: Notebook } | { ok: false; error: string };

const CELL_ID = /^[A-Za-z0-9_-]{1,64}$/;
const CELL_TYPES: readonly string[] = ['code', 'markdown', 'raw'];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads a notebook file; never throws. */
export function parseNotebook(text: string): ParseResult {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `It is not valid JSON (${error instanceof Error ? error.message : String(error)}).` };
  }
  if (!isObject(doc)) return { ok: false, error: 'It is not a notebook: the file must hold a JSON object with a "cells" list.' };
  if (!Array.isArray(doc.cells)) return { ok: false, error: 'It is not a notebook: "cells" must be a list.' };
  if (typeof doc.nbformat === 'number' && doc.nbformat !== 4)
    return { ok: false, error: `Only nbformat 4 notebooks are supported; this one is ${doc.nbformat}.` };
  const cells: NotebookCell[] = [];
  const seen = new Set<string>();
  for (const [index, cell] of doc.cells.entries()) {
    const where = `Cell ${index + 1}`;
    if (!isObject(cell)) return { ok: false, error: `${where} is not an object.` };
    if (typeof cell.cell_type !== 'string' || !CELL_TYPES.includes(cell.cell_type)) {
      return { ok: false, error: `${where} has cell_type ${JSON.stringify(cell.cell_type)}; expected "code", "markdown" or "raw".` };
    }
    const source = Array.isArray(cell.source) && cell.source.every((s) => typeof s === 'string') ? cell.source.join('') : cell.source;
    if (typeof source !== 'string') return { ok: false, error: `${where}: "source" must be a string or a list of strings.` };
    // Notebooks written before nbformat 4.5 have no ids: a positional one, kept from then on.
    const id = cell.id === undefined ? `cell-${index + 1}` : cell.id;
    if (typeof id !== 'string' || !CELL_ID.test(id))
      return { ok: false, error: `${where} has the id ${JSON.stringify(cell.id)}; ids are 1 to 64 letters, digits, - or _.` };
    if (seen.has(id)) return { ok: false, error: `${where} repeats the id "${id}"; each cell needs its own.` };
    seen.add(id);
    cells.push({ id, type: cell.cell_type as CellType, source, raw: cell });
  }
  return { ok: true, notebook: { cells, raw: doc } };
}

/** nbformat's own layout: one-space indent, sources as lists of lines. */
export function serializeNotebook(notebook: Notebook): string {
  const cells = notebook.cells.map((cell) => {
    const base: Record<string, unknown> = { ...cell.raw, cell_type: cell.type, id: cell.id, metadata: isObject(cell.raw.metadata) ? cell.raw.metadata : {} };
    if (cell.type === 'code') {
      base.execution_count = cell.raw.execution_count ?? null;
      base.outputs = Array.isArray(cell.raw.outputs) ? cell.raw.outputs : [];
    }
    base.source = sourceLines(cell.source);
    return base;
  });
  return `${JSON.stringify({ nbformat: 4, nbformat_minor: 5, metadata: {}, ...notebook.raw, cells }, null, 1)}\n`;
}

/** `"a\nb"` → `["a\n", "b"]`, the way Jupyter stores a source. */
export function sourceLines(source: string): string[] {
  return source.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** The cells of `next` that are new or differ from `previous` (by id). */
export function changedCells(previous: readonly NotebookCell[], next: readonly NotebookCell[]): Set<string> {
  const before = new Map(previous.map((c) => [c.id, c]));
  const changed = new Set<string>();
  for (const cell of next) {
    const old = before.get(cell.id);
    if (!old || old.source !== cell.source || old.type !== cell.type) changed.add(cell.id);
  }
  return changed;
}

/** A new cell: an id not yet taken (`cell-N`), empty source. */
export function newCell(cells: readonly NotebookCell[], type: CellType): NotebookCell {
  const taken = new Set(cells.map((c) => c.id));
  let n = cells.length + 1;
  while (taken.has(`cell-${n}`)) n++;
  return { id: `cell-${n}`, type, source: '', raw: {} };
}

/** The cell's first non-empty line, for the `@` menu and headings. */
export function cellSummary(cell: NotebookCell, max = 60): string {
  const line = cell.source.split('\n').find((l) => l.trim() !== '') ?? '(empty)';
  const text = line.trim().replace(/^#+\s*/, cell.type === 'markdown' ? '' : '$&');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
