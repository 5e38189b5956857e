import { forwardRef, memo, useMemo, useState, useDeferredValue, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { TrafficEntry } from '../../core/client/traffic.js';
import { toTranscript } from '../../core/devtools/transcript.js';
import { cx, format, useMessages } from '../shared/index.js';
import type { RootProps } from '../shared/root-props.js';
import { TOOL_OUTPUT_LIMIT } from '../shared/budgets.js';
import { downloadText } from '../shared/download-text.js';
import { displayJson } from '../shared/json-display.js';
import { JsonNotesLoaded as JsonNotes } from '../shared/BudgetNote.js';
import { describeFrame, frameText } from './describe-frame.js';
import { HighlightingMode } from './HighlightingMode.js';
import { inspectorMessages } from './messages.js';

/** @inline */
export interface ProtocolInspectorOwnProps {
  entries: readonly TrafficEntry[];
  paused?: boolean;
  onPausedChange?: (paused: boolean) => void;
  onClear?: () => void;
  /**
   * The ACP version the connection speaks (`snapshot.agent.protocolVersion`), shown as "ACP v2";
   * null or absent (before an agent has answered `initialize`) shows none.
   */
  protocolVersion?: number | null;
  /** File name for the exported transcript. */
  exportFileName?: string;
  className?: string;
}

/** The inspector's own props and the rest of its root `<section>`'s. */
export type ProtocolInspectorProps = RootProps<ProtocolInspectorOwnProps, 'section'>;

/**
 * The raw JSON-RPC traffic of a connection, both directions, including frames the SDK refused.
 * Filter by method and `sessionUpdate` kind, search, pause, and export the newline-delimited
 * transcript that `replayTranscript` (and the stories) read back.
 */
export const ProtocolInspectorLoaded = /* @__PURE__ */ forwardRef<HTMLElement, ProtocolInspectorProps>(function ProtocolInspectorLoaded(
  { entries, paused = false, onPausedChange, onClear, protocolVersion, exportFileName = 'acp-transcript.ndjson', className, ...rest },
  ref,
) {
  const messages = useMessages('inspector', inspectorMessages);
  const [method, setMethod] = useState('');
  const [kind, setKind] = useState('');
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const summaries = useMemo(() => entries.map((e) => ({ entry: e, summary: describeFrame(e) })), [entries]);
  const methods = useMemo(
    () =>
      [
        ...new Set(
          summaries.map((s) => (s.summary.id && !s.summary.method.includes('/') && s.summary.method.startsWith('re') ? 'responses' : s.summary.method)),
        ),
      ].sort(),
    [summaries],
  );
  const kinds = useMemo(() => [...new Set(summaries.flatMap((s) => (s.summary.kind ? [s.summary.kind] : [])))].sort(), [summaries]);

  const shown = useMemo(() => {
    const needle = deferredQuery.trim().toLowerCase();
    return summaries.filter(({ entry, summary }) => {
      if (method === 'responses' ? !summary.method.startsWith('response') && !summary.method.startsWith('error') : method && summary.method !== method)
        return false;
      if (kind && summary.kind !== kind) return false;
      return !needle || frameText(entry, TOOL_OUTPUT_LIMIT).toLowerCase().includes(needle);
    });
  }, [summaries, method, kind, deferredQuery]);

  const exportTranscript = () => downloadText(toTranscript(entries), exportFileName, 'application/x-ndjson');

  return (
    <section
      data-slot="inspector"
      data-state={paused ? 'paused' : 'live'}
      aria-label={messages.title}
      {...rest}
      ref={ref}
      className={cx('acp-inspector', className)}
    >
      <div className="acp-inspector__toolbar" data-slot="inspector-toolbar">
        <label className="acp-inspector__field">
          <span>{messages.filter_method}</span>
          <select value={method} onChange={(e) => setMethod(e.target.value)}>
            <option value="">{messages.all}</option>
            {methods.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="acp-inspector__field">
          <span>{messages.filter_kind}</span>
          <select value={kind} onChange={(e) => setKind(e.target.value)}>
            <option value="">{messages.all}</option>
            {kinds.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <input
          className="acp-inspector__search"
          type="search"
          placeholder={messages.search}
          aria-label={messages.search}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        {onPausedChange && (
          <button type="button" className="acp-button" aria-pressed={paused} onClick={() => onPausedChange(!paused)}>
            {paused ? messages.resume : messages.pause}
          </button>
        )}
        {onClear && (
          <button type="button" className="acp-button" onClick={onClear}>
            {messages.clear}
          </button>
        )}
        <button type="button" className="acp-button" onClick={exportTranscript} disabled={entries.length === 0}>
          {messages.export}
        </button>
      </div>
      <p className="acp-inspector__count" data-slot="inspector-count">
        {format(messages.count, { shown: shown.length, total: entries.length })}
        {paused ? ` · ${messages.paused}` : ''}
      </p>
      {protocolVersion != null && (
        <p className="acp-inspector__protocol" data-slot="inspector-protocol">
          {format(messages.protocol, { version: protocolVersion })}
        </p>
      )}
      <HighlightingMode />
      {entries.length === 0 ? <p className="acp-inspector__empty">{messages.empty}</p> : <FrameList rows={shown} messages={messages} />}
    </section>
  );
});

interface Row {
  entry: TrafficEntry;
  summary: ReturnType<typeof describeFrame>;
}

function FrameList({ rows, messages }: { rows: Row[]; messages: typeof inspectorMessages }) {
  const parent = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => parent.current, estimateSize: () => 30, overscan: 12 });
  return (
    <div ref={parent} className="acp-inspector__frames" data-slot="inspector-frames" role="list" tabIndex={0} aria-label={messages.title}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((v) => (
          <div
            key={rows[v.index]!.entry.seq}
            role="listitem"
            data-index={v.index}
            ref={virtualizer.measureElement}
            style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${v.start}px)` }}
          >
            <FrameRow row={rows[v.index]!} messages={messages} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** Characters of a closed frame's one-line preview. */
const PREVIEW_CHARS = 160;

const FrameRow = /* @__PURE__ */ memo(function FrameRow({ row, messages }: { row: Row; messages: typeof inspectorMessages }) {
  const [open, setOpen] = useState(false);
  const { entry, summary } = row;
  const text = frameText(entry, PREVIEW_CHARS);
  return (
    <div className="acp-inspector__frame" data-dir={entry.dir} data-state={entry.error ? 'refused' : summary.isError ? 'error' : 'ok'}>
      <button type="button" className="acp-inspector__frame-head" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span className="acp-inspector__dir" aria-label={entry.dir === 'out' ? messages.outbound : messages.inbound}>
          {entry.dir === 'out' ? '→' : '←'}
        </span>
        <span className="acp-inspector__method">{summary.method}</span>
        {summary.kind && <span className="acp-inspector__kind">{summary.kind}</span>}
        {entry.error && (
          <span className="acp-inspector__refused">
            {messages.refused}: {entry.error}
          </span>
        )}
        {!open && <span className="acp-inspector__preview">{text}</span>}
      </button>
      {open && <FrameJson entry={entry} />}
    </div>
  );
});

/** An opened frame: pretty JSON within the display budgets, or the refused frame's text. */
function FrameJson({ entry }: { entry: TrafficEntry }) {
  const value = entry.msg !== undefined ? entry.msg : (entry.raw ?? '');
  const json = displayJson(value);
  return (
    <>
      <pre className="acp-inspector__json">{json.text}</pre>
      <JsonNotes json={json} value={value} fileName={`frame-${entry.seq}.json`} />
    </>
  );
}
