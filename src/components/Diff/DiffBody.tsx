import { useCallback, useMemo, useRef, useState, type CSSProperties } from 'react';
import { format, useLocale } from '../shared/index.js';
import type { DiffModel } from './diff-model.js';
import { foldUnchanged } from './diff-segments.js';
import type { DiffViewMode } from './DiffHeader.js';
import type { DiffMessages } from './messages.js';
import { pairRows } from './split-rows.js';
import { SplitRows } from './SplitRows.js';
import { UnifiedRows } from './UnifiedRows.js';
import type { DiffTokens } from './use-diff-highlight.js';
import { numberFormat } from '../../i18n/number-format.js';

interface DiffBodyProps {
  model: DiffModel;
  /** Syntax tokens by side, possibly still empty or partial. */
  tokens: DiffTokens;
  view: DiffViewMode;
  /** Rows drawn at first and added by each "Show more": a huge diff never mounts all at once. */
  pageSize: number;
  messages: DiffMessages;
}

const NO_GAPS: ReadonlySet<number> = new Set();

export function DiffBody({ model, tokens, view, pageSize, messages }: DiffBodyProps) {
  const locale = useLocale();
  const number = numberFormat(locale);
  const rowsRef = useRef<HTMLDivElement>(null);

  // Expanded gaps and the page limit belong to one model; a new diff starts folded again.
  const [expanded, setExpanded] = useState({ model, gaps: NO_GAPS });
  const gaps = expanded.model === model ? expanded.gaps : NO_GAPS;
  const [limit, setLimit] = useState({ model, rows: pageSize });
  const rowLimit = limit.model === model ? limit.rows : pageSize;

  const unified = useMemo(() => foldUnchanged(model.lines, gaps, undefined, model.hunkHeaders), [model, gaps]);
  const split = useMemo(() => (view === 'split' ? pairRows(unified) : null), [view, unified]);
  const total = split ? split.length : unified.length;

  const expand = useCallback(
    (start: number) => {
      setExpanded((current) => {
        const base = current.model === model ? current.gaps : NO_GAPS;
        return { model, gaps: new Set(base).add(start) };
      });
      // The button that had focus disappears; keep focus inside the diff rather than losing it to <body>.
      rowsRef.current?.focus({ preventScroll: true });
    },
    [model],
  );

  if (model.lines.length === 0) {
    return (
      <p className="acp-diff__notice" data-slot="diff-notice">
        {messages.empty_file}
      </p>
    );
  }

  const digits = String(Math.max(model.lines.length, lastNumber(model), 1)).length;
  // Digits plus the cell's 1.5ch of padding.
  const style = { '--acp-diff-number-width': `${digits + 1.5}ch` } as CSSProperties;
  const unchanged = model.additions === 0 && model.deletions === 0;

  return (
    <>
      {unchanged && (
        <p className="acp-diff__notice" data-slot="diff-notice">
          {messages.no_changes}
        </p>
      )}
      <div ref={rowsRef} className="acp-diff__rows" data-slot="diff-rows" tabIndex={-1} style={style}>
        {split ? (
          <SplitRows rows={split.slice(0, rowLimit)} tokens={tokens} onExpand={expand} messages={messages} />
        ) : (
          <UnifiedRows rows={unified.slice(0, rowLimit)} tokens={tokens} onExpand={expand} messages={messages} />
        )}
      </div>
      {total > rowLimit && (
        <div className="acp-diff__more" data-slot="diff-more">
          <span className="acp-diff__showing">{format(messages.showing, { shown: number.format(rowLimit), total: number.format(total) })}</span>
          <button type="button" className="acp-button" onClick={() => setLimit({ model, rows: rowLimit + pageSize })}>
            {format(messages.show_more, { count: number.format(Math.min(pageSize, total - rowLimit)) })}
          </button>
          <button type="button" className="acp-button" data-variant="ghost" onClick={() => setLimit({ model, rows: total })}>
            {messages.show_all}
          </button>
        </div>
      )}
    </>
  );
}

/** The largest line number on either side: a patch's lines are numbered from where its blocks sit, past the model's length. */
function lastNumber(model: DiffModel): number {
  let old = 0;
  let next = 0;
  for (let i = model.lines.length - 1; i >= 0 && (old === 0 || next === 0); i--) {
    const line = model.lines[i];
    old ||= line?.oldNumber ?? 0;
    next ||= line?.newNumber ?? 0;
  }
  return Math.max(old, next);
}
