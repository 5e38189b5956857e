import type { ReactNode, Ref, UIEventHandler } from 'react';
import { format } from '../shared/index.js';
import type { TerminalMessages } from './messages.js';

export interface TerminalLogProps {
  command: string;
  messages: TerminalMessages;
  /** The output lines; none shows the "no output" text. */
  lines: ReactNode[];
  /** A prop rather than `ref`, which function components receive only from React 19. */
  logRef?: Ref<HTMLDivElement>;
  /** The element holding the lines, whose size changes the log follows. */
  linesRef?: Ref<HTMLDivElement>;
  onScroll?: UIEventHandler<HTMLDivElement>;
}

/**
 * The scrollable output region, the same for the loaded renderer and its plain-text fallback.
 * Chunks are not announced (`aria-live="off"`): a screen reader user reads the log on demand
 * instead of hearing every line.
 */
export function TerminalLog({ command, messages, lines, logRef, linesRef, onScroll }: TerminalLogProps) {
  return (
    <div
      ref={logRef}
      onScroll={onScroll}
      className="acp-terminal__output"
      data-slot="terminal-log"
      role="log"
      aria-live="off"
      aria-label={format(messages.output_label, { command })}
      // Scrollable regions must be reachable by keyboard to be scrolled.
      tabIndex={0}
    >
      <div ref={linesRef} data-slot="terminal-lines">
        {lines.length === 0 ? <span className="acp-terminal__empty">{messages.no_output}</span> : lines}
      </div>
    </div>
  );
}
