import { memo, useMemo, useRef, useState } from 'react';
import type { TerminalState } from '../../core/types.js';
import { cx, format, useLocale, useMessages } from '../shared/index.js';
import { commandLine } from './command-line.js';
import { terminalMessages } from './messages.js';
import { TerminalLine } from './TerminalLine.js';
import { TerminalLog } from './TerminalLog.js';
import { TerminalLineParser } from './terminal-lines.js';
import { TerminalHeader } from './TerminalHeader.js';
import { terminalRunState } from './TerminalStatus.js';
import { useFollowOutput } from './useFollowOutput.js';

export interface TerminalOutputProps {
  terminal: TerminalState;
  /** Lines mounted at most (the end of the output) until the user asks for all. Default 1000. */
  maxLines?: number;
  className?: string;
}

/**
 * Output of a client-owned terminal (ACP `terminal` tool-call content): ANSI colours as styled
 * text, an exit badge, and the output kept after `terminal/release`. Follows new output unless
 * the user has scrolled up.
 */
export const TerminalOutput = /* @__PURE__ */ memo(function TerminalOutput({ terminal, maxLines = 1000, className }: TerminalOutputProps) {
  const messages = useMessages('terminal', terminalMessages);
  const locale = useLocale();
  const number = new Intl.NumberFormat(locale);

  // One parser per mounted terminal: its cache makes each new chunk cost only the new lines.
  const parser = useRef<TerminalLineParser | null>(null);
  parser.current ??= new TerminalLineParser();
  const lines = useMemo(() => (terminal.output ? parser.current!.parse(terminal.output) : []), [terminal.output]);

  const [showAll, setShowAll] = useState(false);
  const first = showAll ? 0 : Math.max(0, lines.length - Math.max(1, maxLines));
  const { ref, onScroll } = useFollowOutput<HTMLDivElement>(lines);

  const command = commandLine(terminal.command, terminal.args);
  const state = terminalRunState(terminal);

  return (
    <div
      className={cx('acp-terminal', className)}
      data-slot="terminal"
      data-state={state}
      data-released={terminal.released || undefined}
    >
      <TerminalHeader terminal={terminal} command={command} state={state} messages={messages} />
      {terminal.truncated && (
        <p className="acp-terminal__notice" data-slot="truncated">
          {messages.truncated}
        </p>
      )}
      {first > 0 && (
        <p className="acp-terminal__notice" data-slot="hidden-lines">
          {format(messages.hidden_lines, { count: number.format(first) })}{' '}
          <button type="button" className="acp-button" data-variant="ghost" onClick={() => setShowAll(true)}>
            {format(messages.show_all, { count: number.format(lines.length) })}
          </button>
        </p>
      )}
      <TerminalLog
        command={command}
        messages={messages}
        lines={lines.slice(first).map((line, i) => <TerminalLine key={first + i} line={line} />)}
        logRef={ref}
        onScroll={onScroll}
      />
    </div>
  );
});
