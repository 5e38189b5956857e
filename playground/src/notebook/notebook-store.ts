/**
 * The notebook as the page sees it, kept in step with its file in the workspace: the user's edits
 * are written to the file, and every other write to it (the agent's, through `fs/write_text_file`)
 * is read back. A write that is not a notebook is reported and the last good cells stay, so
 * nothing the user sees is lost; the cells an agent write changed are marked until edited.
 */
import type { MemoryFs } from 'acp-react/devtools';
import { changedCells, newCell, parseNotebook, serializeNotebook, type CellType, type Notebook } from './notebook-file.js';

export interface NotebookState {
  notebook: Notebook;
  /** Why the file does not hold the cells shown (the last write was not a notebook), or null. */
  error: string | null;
  /** Ids of the cells the last outside write changed or added, until the user edits them. */
  changed: ReadonlySet<string>;
  /** The cells the last outside write changed (kept when the user clears marks), to announce it. */
  lastWrite: readonly string[];
}

export interface NotebookStore {
  getState(): NotebookState;
  subscribe(listener: () => void): () => void;
  setSource(id: string, source: string): void;
  addCell(type: CellType, after?: string): string;
  removeCell(id: string): void;
  /** Writes the cells shown back over a file that is not a notebook. */
  restore(): void;
}

const EMPTY: Notebook = { cells: [], raw: {} };

export function createNotebookStore(fs: MemoryFs, path: string): NotebookStore {
  const listeners = new Set<() => void>();
  // The text this page wrote last: reading it back is not an outside change.
  let written: string | undefined;
  let state: NotebookState = { notebook: EMPTY, error: null, changed: new Set(), lastWrite: [] };

  const set = (next: Partial<NotebookState>) => {
    state = { ...state, ...next };
    for (const listener of [...listeners]) listener();
  };

  const load = (initial: boolean) => {
    const text = fs.read(path);
    if (text === written && !initial) return;
    if (text === undefined) {
      set({ error: 'The file is gone from the workspace.' });
      return;
    }
    const parsed = parseNotebook(text);
    if (!parsed.ok) {
      set({ error: parsed.error });
      return;
    }
    written = text;
    if (initial) {
      set({ notebook: parsed.notebook, error: null });
      return;
    }
    const changed = changedCells(state.notebook.cells, parsed.notebook.cells);
    set({ notebook: parsed.notebook, error: null, changed, lastWrite: [...changed] });
  };

  const write = (notebook: Notebook, changed: ReadonlySet<string> = state.changed) => {
    const text = serializeNotebook(notebook);
    written = text;
    set({ notebook, error: null, changed });
    fs.write(path, text);
  };

  const without = (id: string) => {
    if (!state.changed.has(id)) return state.changed;
    const next = new Set(state.changed);
    next.delete(id);
    return next;
  };

  let unsubscribeFs: (() => void) | null = null;
  load(true);

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      if (!unsubscribeFs) {
        unsubscribeFs = fs.subscribe((changedPath) => {
          if (changedPath === path) load(false);
        });
        // Whatever happened while nobody listened.
        load(false);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          unsubscribeFs?.();
          unsubscribeFs = null;
        }
      };
    },
    setSource(id, source) {
      const cells = state.notebook.cells.map((c) => (c.id === id ? { ...c, source } : c));
      write({ ...state.notebook, cells }, without(id));
    },
    addCell(type, after) {
      const cell = newCell(state.notebook.cells, type);
      const cells = [...state.notebook.cells];
      const at = after === undefined ? -1 : cells.findIndex((c) => c.id === after);
      cells.splice(at < 0 ? cells.length : at + 1, 0, cell);
      write({ ...state.notebook, cells });
      return cell.id;
    },
    removeCell(id) {
      write({ ...state.notebook, cells: state.notebook.cells.filter((c) => c.id !== id) }, without(id));
    },
    restore() {
      write(state.notebook);
    },
  };
}
