/**
 * The notebook's cells as `@` mentions: each cell is `file:///…/analysis.ipynb#<cell id>`, labelled
 * with its id, and its source is the content sent to the agent (as embedded context when the agent
 * accepts it). The agent reads the file at the URI's path and finds the cell by the fragment.
 */
import type { MentionContent, MentionGroup, MentionItem, MentionRef, MentionSource } from 'acp-react';
import { cellSummary, type NotebookCell } from './notebook-file.js';
import type { NotebookStore } from './notebook-store.js';

export const CELL_KIND = 'cell';

export function cellUri(path: string, id: string): string {
  return `file://${path}#${id}`;
}

/** The cell id a mention of this notebook points at, or null (another file, no fragment). */
export function cellIdOf(uri: string, path: string): string | null {
  const hash = uri.indexOf('#');
  if (hash < 0 || uri.slice(0, hash) !== `file://${path}`) return null;
  return uri.slice(hash + 1) || null;
}

export function cellMention(path: string, cell: NotebookCell): MentionItem {
  return { uri: cellUri(path, cell.id), label: cell.id, kind: CELL_KIND, detail: `${cell.type === 'code' ? 'Python' : 'Markdown'}: ${cellSummary(cell)}` };
}

function matches(cell: NotebookCell, query: string): boolean {
  const q = query.toLowerCase();
  return cell.id.toLowerCase().includes(q) || cell.source.toLowerCase().includes(q);
}

export function createCellMentionSource(store: NotebookStore, path: string, fileName: string): Required<MentionSource> {
  return {
    // The cells are in memory: answer at once, ids first, then cells whose source matches.
    async search(query): Promise<MentionGroup[]> {
      const cells = store.getState().notebook.cells.filter((c) => matches(c, query));
      const q = query.toLowerCase();
      cells.sort((a, b) => Number(!a.id.toLowerCase().startsWith(q)) - Number(!b.id.toLowerCase().startsWith(q)));
      return cells.length > 0 ? [{ label: `Cells of ${fileName}`, items: cells.map((c) => cellMention(path, c)) }] : [];
    },
    async read(mention: MentionRef): Promise<MentionContent> {
      const id = cellIdOf(mention.uri, path);
      const cell = store.getState().notebook.cells.find((c) => c.id === id);
      if (!cell) throw new Error(`The cell "${id ?? mention.label}" is no longer in the notebook.`);
      return { text: cell.source, mimeType: cell.type === 'code' ? 'text/x-python' : 'text/markdown' };
    },
  };
}
