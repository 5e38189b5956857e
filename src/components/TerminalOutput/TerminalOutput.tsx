/**
 * The public `TerminalOutput`: the ANSI renderer (anser and the colour mapping) is fetched the first
 * time a terminal is shown (ToolCall starts the fetch as soon as an execute tool call appears).
 * Until then the output is shown as plain text in the same frame, so nothing jumps or is hidden.
 */
import { forwardRef, memo } from 'react';
import { cx, lazyModule, useMessages } from '../shared/index.js';
import { OnDemandStatus, type OnDemandState } from '../shared/OnDemandStatus.js';
import { onDemandComponent } from '../shared/on-demand-component.js';
import type { ElementRest } from '../shared/root-props.js';
import { commandLine } from './command-line.js';
import { terminalMessages } from './messages.js';
import { plainOutputLines } from './plain-output.js';
import { TerminalHeader } from './TerminalHeader.js';
import { TerminalLog } from './TerminalLog.js';
import type { TerminalOutputProps } from './TerminalOutputLoaded.js';
import { terminalRunState } from './TerminalStatus.js';

export const terminalOutputModule = /* @__PURE__ */ lazyModule(() => import('./TerminalOutputLoaded.js').then((m) => m.TerminalOutputLoaded));

export const TerminalFallback = /* @__PURE__ */ forwardRef<HTMLDivElement, TerminalOutputProps & { state: OnDemandState }>(function TerminalFallback(
  { terminal, maxLines = 1000, className, state, ...rest },
  ref,
) {
  const messages = useMessages('terminal', terminalMessages);
  const command = commandLine(terminal.command, terminal.args);
  const runState = terminalRunState(terminal);
  const lines = terminal.output ? plainOutputLines(terminal.output, maxLines) : [];
  return (
    <div
      className={cx('acp-terminal', className)}
      data-slot="terminal"
      data-status={runState}
      data-released={terminal.released || undefined}
      aria-busy={!state.error}
      {...(rest satisfies ElementRest<typeof rest, 'div'>)}
      ref={ref}
    >
      <TerminalHeader terminal={terminal} command={command} state={runState} messages={messages} />
      <div className="acp-terminal__pending" data-slot="terminal-fallback">
        <OnDemandStatus state={state} />
      </div>
      <TerminalLog
        command={command}
        messages={messages}
        lines={lines.map((line, i) => (
          <div key={i} className="acp-terminal__line" data-slot="terminal-line">
            {line}
          </div>
        ))}
      />
    </div>
  );
});

// Memoized like the renderer itself: a streaming thread re-renders tool cards on every chunk.
export const TerminalOutput = /* @__PURE__ */ memo(
  /* @__PURE__ */ onDemandComponent('TerminalOutput', terminalOutputModule, (loaded) => loaded, TerminalFallback),
);
TerminalOutput.displayName = 'TerminalOutput';
