import { useState } from 'react';
import { Markdown } from 'acp-react';
import type { NotebookCell } from './notebook-file.js';

export interface CellViewProps {
  cell: NotebookCell;
  /** The agent's last write changed this cell (cleared when the user edits it). */
  changed: boolean;
  onChange(source: string): void;
  onAsk(): void;
  onRemove?: () => void;
}

const rows = (source: string) => Math.max(2, source.split('\n').length);

/**
 * One cell: code in a monospace field, markdown rendered until the user edits it. "Ask the agent"
 * starts a prompt with this cell mentioned; a cell the agent just changed is marked, in words as
 * well as colour.
 */
export function CellView({ cell, changed, onChange, onAsk, onRemove }: CellViewProps) {
  const [editing, setEditing] = useState(false);
  const headingId = `cell-${cell.id}-title`;
  const showSource = cell.type !== 'markdown' || editing;
  return (
    <section className="pg-nb-cell" aria-labelledby={headingId} data-cell-id={cell.id} data-type={cell.type} data-changed={changed || undefined} tabIndex={-1}>
      <header className="pg-nb-cell__head">
        <h2 id={headingId} className="pg-nb-cell__title">
          Cell {cell.id}
        </h2>
        <span className="pg-nb-cell__type">{cell.type === 'code' ? 'Python' : cell.type === 'markdown' ? 'Markdown' : 'Raw'}</span>
        {changed && <span className="pg-nb-cell__changed">Changed by the agent</span>}
        <span className="pg-nb-cell__actions">
          {cell.type === 'markdown' && (
            <button type="button" className="acp-button" data-variant="ghost" aria-pressed={editing} onClick={() => setEditing(!editing)}>
              {editing ? 'Done' : 'Edit'}
            </button>
          )}
          <button type="button" className="acp-button" aria-label={`Ask the agent about cell ${cell.id}`} onClick={onAsk}>
            Ask the agent
          </button>
          {onRemove && (
            <button type="button" className="acp-button" data-variant="ghost" aria-label={`Delete cell ${cell.id}`} onClick={onRemove}>
              Delete
            </button>
          )}
        </span>
      </header>
      {showSource ? (
        <textarea
          className="pg-nb-cell__source"
          aria-label={`Source of cell ${cell.id}`}
          value={cell.source}
          rows={rows(cell.source)}
          spellCheck={cell.type === 'markdown'}
          autoFocus={editing}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <Markdown className="pg-nb-cell__rendered" text={cell.source} />
      )}
    </section>
  );
}
