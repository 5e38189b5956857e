/**
 * The playground notebook's file handling without a browser: the `.ipynb` parser's answers to
 * files that are not notebooks, the store that keeps the cells in step with the workspace file
 * (user edits written, outside writes read back and marked, broken writes reported with the
 * cells kept), and the cells as a mention source.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryFs } from '../../src/core/devtools/index.js';
import { cellIdOf, createCellMentionSource } from '../../playground/src/notebook/cell-mentions.js';
import { parseNotebook, serializeNotebook, sourceLines } from '../../playground/src/notebook/notebook-file.js';
import { createNotebookStore } from '../../playground/src/notebook/notebook-store.js';
import { notebookPath, sampleNotebook } from '../../playground/src/notebook/sample.js';

const PATH = notebookPath('/workspace');
const signal = new AbortController().signal;

function setup() {
  const fs = createMemoryFs({ files: { [PATH]: sampleNotebook() }, writable: true });
  const store = createNotebookStore(fs, PATH);
  let notified = 0;
  const unsubscribe = store.subscribe(() => notified++);
  /** What an agent does: `fs/write_text_file` through the adapter. */
  const agentWrites = (text: string) => fs.writeTextFile!({ path: PATH, roots: ['/workspace'] } as never, text);
  return { fs, store, agentWrites, unsubscribe, notified: () => notified };
}

const errorOf = (text: string) => {
  const result = parseNotebook(text);
  return result.ok ? null : result.error;
};

describe('the notebook file', () => {
  it('reads the sample and writes it back unchanged, in nbformat 4.5 layout', () => {
    const parsed = parseNotebook(sampleNotebook());
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.notebook.cells.map((c) => [c.id, c.type])).toEqual([
      ['intro', 'markdown'],
      ['expenses', 'code'],
      ['totals', 'code'],
      ['report', 'code'],
    ]);
    expect(serializeNotebook(parsed.notebook)).toBe(sampleNotebook());
    const doc = JSON.parse(sampleNotebook());
    expect(doc).toMatchObject({ nbformat: 4, nbformat_minor: 5 });
    expect(doc.cells[2]).toMatchObject({ cell_type: 'code', execution_count: null, outputs: [], metadata: {} });
  });

  it('keeps what it does not edit: outputs, metadata, unknown fields; gives old notebooks ids', () => {
    const text = JSON.stringify({
      nbformat: 4,
      nbformat_minor: 4,
      metadata: { custom: 1 },
      cells: [
        {
          cell_type: 'code',
          source: 'a = 1\nb = 2\n',
          outputs: [{ output_type: 'stream', text: 'x' }],
          execution_count: 7,
          metadata: { tag: 'y' },
          extra: true,
        },
      ],
    });
    const parsed = parseNotebook(text);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.notebook.cells[0]).toMatchObject({ id: 'cell-1', source: 'a = 1\nb = 2\n' });
    parsed.notebook.cells[0]!.source = 'a = 3';
    const doc = JSON.parse(serializeNotebook(parsed.notebook));
    expect(doc.metadata).toEqual({ custom: 1 });
    expect(doc.cells[0]).toEqual({
      cell_type: 'code',
      id: 'cell-1',
      source: ['a = 3'],
      outputs: [{ output_type: 'stream', text: 'x' }],
      execution_count: 7,
      metadata: { tag: 'y' },
      extra: true,
    });
    expect(sourceLines('a\n\nb\n')).toEqual(['a\n', '\n', 'b\n']);
    expect(sourceLines('')).toEqual([]);
  });

  it('says what is wrong with a file that is not a notebook', () => {
    expect(errorOf('{"cells": [')).toMatch(/^It is not valid JSON \(.+\)\.$/);
    expect(errorOf('[]')).toBe('It is not a notebook: the file must hold a JSON object with a "cells" list.');
    expect(errorOf('{"cells": {}}')).toBe('It is not a notebook: "cells" must be a list.');
    expect(errorOf('{"nbformat": 3, "cells": []}')).toBe('Only nbformat 4 notebooks are supported; this one is 3.');
    expect(errorOf('{"cells": [1]}')).toBe('Cell 1 is not an object.');
    expect(errorOf('{"cells": [{"cell_type": "chart", "source": ""}]}')).toBe('Cell 1 has cell_type "chart"; expected "code", "markdown" or "raw".');
    expect(errorOf('{"cells": [{"cell_type": "code", "source": 3}]}')).toBe('Cell 1: "source" must be a string or a list of strings.');
    expect(errorOf('{"cells": [{"cell_type": "code", "source": "", "id": "a b"}]}')).toBe('Cell 1 has the id "a b"; ids are 1 to 64 letters, digits, - or _.');
    expect(errorOf('{"cells": [{"cell_type": "code", "source": "", "id": "a"}, {"cell_type": "code", "source": "", "id": "a"}]}')).toBe(
      'Cell 2 repeats the id "a"; each cell needs its own.',
    );
  });
});

describe('the notebook store', () => {
  it("writes the user's edits to the file without marking them", () => {
    const { fs, store, notified } = setup();
    store.setSource('totals', 'totals = {}');
    expect(JSON.parse(fs.read(PATH)!).cells[2].source).toEqual(['totals = {}']);
    expect(store.getState().changed.size).toBe(0);
    expect(store.getState().lastWrite).toEqual([]);
    const id = store.addCell('markdown', 'intro');
    expect(store.getState().notebook.cells.map((c) => c.id)).toEqual(['intro', id, 'expenses', 'totals', 'report']);
    store.removeCell(id);
    expect(parseNotebook(fs.read(PATH)!).ok && store.getState().notebook.cells).toHaveLength(4);
    expect(notified()).toBe(3);
  });

  it('reads an outside write back and marks the cells it changed, until the user edits them', () => {
    const { store, agentWrites } = setup();
    const parsed = parseNotebook(sampleNotebook());
    if (!parsed.ok) throw new Error(parsed.error);
    const cells = parsed.notebook.cells.map((c) => (c.id === 'report' ? { ...c, source: 'print(totals)' } : c));
    agentWrites(serializeNotebook({ ...parsed.notebook, cells: [...cells, { id: 'chart', type: 'code', source: 'plot()', raw: {} }] }));
    const state = store.getState();
    expect(state.notebook.cells.find((c) => c.id === 'report')?.source).toBe('print(totals)');
    expect([...state.changed]).toEqual(['report', 'chart']);
    expect(state.lastWrite).toEqual(['report', 'chart']);
    store.setSource('report', 'print(dict(totals))');
    expect([...store.getState().changed]).toEqual(['chart']);
    // The announcement stays that of the agent's write.
    expect(store.getState().lastWrite).toEqual(['report', 'chart']);
  });

  it('keeps the last good cells when a write is not a notebook, and writes them back on restore or an edit', () => {
    const { fs, store, agentWrites } = setup();
    const before = store.getState().notebook;
    agentWrites('{"cells": [');
    expect(store.getState().error).toMatch(/^It is not valid JSON/);
    expect(store.getState().notebook).toBe(before);
    agentWrites('{"cells": "none"}');
    expect(store.getState().error).toBe('It is not a notebook: "cells" must be a list.');
    store.restore();
    expect(store.getState().error).toBeNull();
    expect(fs.read(PATH)).toBe(sampleNotebook());

    agentWrites('oops');
    store.setSource('intro', '# Trip');
    expect(store.getState().error).toBeNull();
    expect(parseNotebook(fs.read(PATH)!).ok).toBe(true);
  });

  it('catches up with writes made while nobody listened, and stops listening after the last one leaves', () => {
    const { store, agentWrites, unsubscribe } = setup();
    unsubscribe();
    agentWrites('not json');
    expect(store.getState().error).toBeNull();
    const stop = store.subscribe(() => {});
    expect(store.getState().error).toMatch(/^It is not valid JSON/);
    stop();
  });
});

describe('the cells as mentions', () => {
  it('lists matching cells, ids first, and reads a cell by its URI', async () => {
    const { store } = setup();
    const source = createCellMentionSource(store, PATH, 'analysis.ipynb');
    const all = await source.search('', { signal });
    expect(all).toHaveLength(1);
    expect(all[0]!.label).toBe('Cells of analysis.ipynb');
    expect(all[0]!.items.map((i) => i.label)).toEqual(['intro', 'expenses', 'totals', 'report']);
    expect(all[0]!.items[2]).toEqual({ uri: `file://${PATH}#totals`, label: 'totals', kind: 'cell', detail: 'Python: totals = {}' });
    expect(all[0]!.items[0]!.detail).toBe('Markdown: Trip expenses');
    // `tot` names the totals cell, and appears in the source of report.
    expect((await source.search('TOT', { signal }))[0]!.items.map((i) => i.label)).toEqual(['totals', 'report']);
    expect(await source.search('nothing like this', { signal })).toEqual([]);

    expect(await source.read({ uri: `file://${PATH}#report`, label: 'report' }, { signal })).toEqual({
      text: 'for category in totals:\n    print(category + ": " + str(totals[category]))',
      mimeType: 'text/x-python',
    });
    store.removeCell('report');
    await expect(source.read({ uri: `file://${PATH}#report`, label: 'report' }, { signal })).rejects.toThrow('The cell "report" is no longer in the notebook.');
    expect(cellIdOf(`file://${PATH}#totals`, PATH)).toBe('totals');
    expect(cellIdOf('file:///workspace/other.ipynb#totals', PATH)).toBeNull();
    expect(cellIdOf(`file://${PATH}`, PATH)).toBeNull();
  });
});
