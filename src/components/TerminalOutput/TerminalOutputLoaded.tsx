import { forwardRef, memo, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { TerminalState } from '../../core/types.js';
import { BudgetNote } from '../shared/BudgetNote.js';
import { cx, format, useLocale, useMessages } from '../shared/index.js';
import { commandLine } from './command-line.js';
import { terminalMessages } from './messages.js';
import { TerminalLine } from './TerminalLine.js';
import { TerminalLog } from './TerminalLog.js';
import { TerminalLineParser } from './terminal-lines.js';
import type { ParsedLine } from './ansi-line.js';
import { TerminalHeader } from './TerminalHeader.js';
import { terminalRunState } from './TerminalStatus.js';
import { useFollowOutput } from './use-follow-output.js';
import { numberFormat } from '../../i18n/number-format.js';
import type { RootProps } from '../shared/root-props.js';

/** @inline */
export interface TerminalOutputOwnProps {
  terminal: TerminalState;
  /** Lines mounted at first (the end of the output), and added by each "Show earlier lines". Default 1000. */
  maxLines?: number;
  className?: string;
}

/** The terminal output's own props and the rest of its root `<div>`'s. */
export type TerminalOutputProps = RootProps<TerminalOutputOwnProps>;

/** Lines per block of the log: blocks off screen are not laid out or painted (see the CSS). */
const CHUNK_LINES = 50;

/** Blocks at the end mounted at once (what a log following its output shows). */
const EAGER_CHUNKS = 2;

/**
 * The lines from `first` on, in blocks of CHUNK_LINES keyed by line number, so a block keeps its
 * element as output streams and lines are cut at the front. A flood replaces the whole page of
 * lines every frame: only the last blocks are filled at once, the others when they come near the
 * view (and only blocks in view are laid out and painted at all).
 */
function chunks(lines: ParsedLine[], first: number, firstNumber: number, log: RefObject<HTMLDivElement | null>) {
  const blocks = [];
  const lastChunk = Math.floor((firstNumber + lines.length - 1) / CHUNK_LINES);
  for (let i = first; i < lines.length;) {
    const number = firstNumber + i;
    const end = Math.min(lines.length, i + CHUNK_LINES - (number % CHUNK_LINES));
    const key = Math.floor(number / CHUNK_LINES);
    blocks.push(<MemoChunk key={key} lines={lines.slice(i, end)} firstNumber={number} eager={lastChunk - key < EAGER_CHUNKS} log={log} />);
    i = end;
  }
  return blocks;
}

interface ChunkProps {
  lines: ParsedLine[];
  firstNumber: number;
  /** Fill at once; otherwise when the block comes within a screen of the log's view. */
  eager: boolean;
  log: RefObject<HTMLDivElement | null>;
}

const MemoChunk = /* @__PURE__ */ memo(
  function Chunk({ lines, firstNumber, eager, log }: ChunkProps) {
    const ref = useRef<HTMLDivElement>(null);
    const [near, setNear] = useState(eager);
    const filled = near || eager;
    useEffect(() => {
      if (filled) return;
      const element = ref.current;
      if (!element || typeof IntersectionObserver === 'undefined') return setNear(true);
      const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
        root: log.current,
        rootMargin: '100% 0px',
      });
      observer.observe(element);
      return () => observer.disconnect();
    }, [filled, log]);
    return (
      <div ref={ref} className="acp-terminal__chunk" style={filled ? undefined : { blockSize: `${lines.length * 1.45}em` }}>
        {filled && lines.map((line, i) => <TerminalLine key={firstNumber + i} line={line} />)}
      </div>
    );
  },
  (prev, next) =>
    prev.firstNumber === next.firstNumber &&
    prev.eager === next.eager &&
    prev.lines.length === next.lines.length &&
    prev.lines.every((line, i) => line === next.lines[i]),
);

/**
 * Output of a client-owned terminal (ACP `terminal` tool-call content): ANSI colours as styled
 * text, an exit badge, and the output kept after `terminal/release`. Follows new output unless
 * the user has scrolled up.
 */
export const TerminalOutputLoaded = /* @__PURE__ */ memo(
  /* @__PURE__ */ forwardRef<HTMLDivElement, TerminalOutputProps>(function TerminalOutputLoaded({ terminal, maxLines = 1000, className, ...rest }, rootRef) {
    const messages = useMessages('terminal', terminalMessages);
    const locale = useLocale();
    const number = numberFormat(locale);

    // One parser per mounted terminal: its cache makes each new chunk cost only the new lines.
    const parser = useRef<TerminalLineParser | null>(null);
    parser.current ??= new TerminalLineParser();
    const lines = useMemo(() => (terminal.output ? parser.current!.parse(terminal.output) : []), [terminal.output]);

    const page = Math.max(1, maxLines);
    const [shown, setShown] = useState(page);
    const first = Math.max(0, lines.length - shown);
    const cutLines = first > 0 || terminal.truncated || lines.some((line) => line.hidden);
    const { ref, contentRef, onScroll } = useFollowOutput<HTMLDivElement>(lines);

    const command = commandLine(terminal.command, terminal.args);
    const state = terminalRunState(terminal);

    return (
      <div
        className={cx('acp-terminal', className)}
        data-slot="terminal"
        data-status={state}
        data-released={terminal.released || undefined}
        {...rest}
        ref={rootRef}
      >
        <TerminalHeader terminal={terminal} command={command} state={state} messages={messages} />
        {terminal.truncated && (
          <p className="acp-terminal__notice" data-slot="terminal-truncated">
            {messages.truncated}
          </p>
        )}
        {first > 0 && (
          <p className="acp-terminal__notice" data-slot="terminal-hidden-lines">
            {format(messages.hidden_lines, { count: number.format(first) })}{' '}
            <button type="button" className="acp-button" data-variant="ghost" onClick={() => setShown(shown + page)}>
              {format(messages.show_more, { count: number.format(Math.min(page, first)) })}
            </button>
          </p>
        )}
        {cutLines && (
          <div className="acp-terminal__notice" data-slot="terminal-output-actions">
            <BudgetNote fullText={() => terminal.output} fileName="terminal-output.txt">
              {messages.output_kept}
            </BudgetNote>
          </div>
        )}
        <TerminalLog
          command={command}
          messages={messages}
          lines={chunks(lines, first, parser.current!.firstNumber, ref)}
          logRef={ref}
          linesRef={contentRef}
          onScroll={onScroll}
        />
      </div>
    );
  }),
);
TerminalOutputLoaded.displayName = 'TerminalOutputLoaded';
