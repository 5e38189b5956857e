/**
 * Client-side terminals: the five `terminal/*` requests implemented on top of a host's
 * `TerminalAdapter`. The core owns the output buffer, so truncation follows the spec everywhere:
 * past `outputByteLimit` the output is cut from the beginning, at a character boundary.
 *
 * The buffer is bounded even when the agent sets no limit (TERMINAL_OUTPUT_BYTES), and keeping it
 * bounded costs O(1) per byte written: the buffer may run past its limit by a slack of a quarter,
 * and is cut back to the limit only then, counting only what it drops; `terminal/output` cuts
 * exactly.
 */
import type * as acp from '@agentclientprotocol/sdk';
import type { TerminalAdapter, TerminalProcess } from '../api.js';
import type { TerminalState } from '../types.js';
import type { WorkspaceHost } from './on-demand.js';
import { dropFromStart, TERMINAL_OUTPUT_BYTES, truncateFromStart, utf8Length } from './terminal-output.js';

interface LiveTerminal {
  process: TerminalProcess | null;
  limit: number;
  /** UTF-8 bytes of the output kept so far. */
  bytes: number;
  exited: Promise<{ exitCode: number | null; signal: string | null }>;
  resolveExit: (status: { exitCode: number | null; signal: string | null }) => void;
}

export interface TerminalManager {
  create(params: acp.CreateTerminalRequest): Promise<acp.CreateTerminalResponse>;
  output(params: acp.TerminalOutputRequest): acp.TerminalOutputResponse;
  /** Settles at the exit, or with -32800 when `signal` aborts (the agent's `$/cancel_request`); the command keeps running. */
  waitForExit(params: acp.WaitForTerminalExitRequest, signal?: AbortSignal): Promise<acp.WaitForTerminalExitResponse>;
  kill(params: acp.KillTerminalRequest): Promise<acp.KillTerminalResponse>;
  release(params: acp.ReleaseTerminalRequest): Promise<acp.ReleaseTerminalResponse>;
  /** Kills everything (the connection closed). */
  disposeAll(): void;
}

export function createTerminalManager(adapter: TerminalAdapter, host: WorkspaceHost): TerminalManager {
  const getState = (terminalId: string): TerminalState | undefined => host.get().terminals[terminalId];
  const setState = (terminalId: string, state: TerminalState) => host.update((s) => ({ ...s, terminals: { ...s.terminals, [terminalId]: state } }));
  const unknown = (terminalId: string) => host.error('resourceNotFound', `Unknown terminal: ${terminalId}`);
  const live = new Map<string, LiveTerminal>();
  let counter = 0;

  const requireState = (sessionId: string, terminalId: string) => {
    const state = getState(terminalId);
    if (!state || (state.subagentSessionId ?? state.sessionId) !== sessionId || state.released) {
      throw unknown(terminalId);
    }
    return state;
  };

  return {
    async create(params) {
      const terminalId = `term-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
      let resolveExit!: LiveTerminal['resolveExit'];
      const exited = new Promise<{ exitCode: number | null; signal: string | null }>((r) => (resolveExit = r));
      const limit = Math.min(params.outputByteLimit ?? TERMINAL_OUTPUT_BYTES, TERMINAL_OUTPUT_BYTES);
      const entry: LiveTerminal = { process: null, limit, bytes: 0, exited, resolveExit };
      const slack = Math.max(4096, limit >> 2);
      live.set(terminalId, entry);
      // A child session's terminal is its top-level session's to show, the child's to use, and
      // starts in the child's working directory unless the agent names one.
      const child = host.owner(params.sessionId);
      if (child && params.cwd == null) params = { ...params, cwd: child.cwd };
      setState(terminalId, {
        terminalId,
        sessionId: child?.sessionId ?? params.sessionId,
        subagentSessionId: child ? params.sessionId : null,
        command: params.command,
        args: params.args ?? [],
        cwd: params.cwd ?? null,
        output: '',
        truncated: false,
        exitStatus: null,
        released: false,
      });
      const sink = {
        write(chunk: string) {
          const state = getState(terminalId);
          if (!state || state.exitStatus) return;
          let output = state.output + chunk;
          let truncated = state.truncated;
          entry.bytes += utf8Length(chunk);
          if (entry.bytes > entry.limit + slack) {
            // Cut back to the limit once the slack is used up. The buffer knows its size, so only
            // what is dropped is counted: O(slack) work per `slack` bytes, not O(limit).
            const cut = dropFromStart(output, entry.bytes - entry.limit);
            output = cut.output;
            truncated = true;
            entry.bytes -= cut.dropped;
          }
          setState(terminalId, { ...state, output, truncated });
        },
        exit(status: { exitCode: number | null; signal: string | null }) {
          const state = getState(terminalId);
          if (state && !state.exitStatus) setState(terminalId, { ...state, exitStatus: status });
          entry.resolveExit(status);
        },
      };
      try {
        entry.process = await adapter.create(params, sink);
      } catch (error) {
        live.delete(terminalId);
        sink.write(`${error instanceof Error ? error.message : String(error)}\n`);
        sink.exit({ exitCode: 127, signal: null });
        throw host.error('internalError', `Could not start ${params.command}.`);
      }
      return { terminalId };
    },
    output({ sessionId, terminalId }) {
      const state = requireState(sessionId, terminalId);
      // The buffer may hold up to its slack more than the limit: the agent gets the limit exactly.
      const { output, truncated } = truncateFromStart(state.output, live.get(terminalId)?.limit ?? TERMINAL_OUTPUT_BYTES);
      return {
        output,
        truncated: state.truncated || truncated,
        ...(state.exitStatus ? { exitStatus: state.exitStatus } : {}),
      };
    },
    async waitForExit({ sessionId, terminalId }, signal) {
      requireState(sessionId, terminalId);
      const entry = live.get(terminalId);
      if (!entry) throw unknown(terminalId);
      return new Promise((resolve, reject) => {
        const cancelled = () => reject(host.error('requestCancelled', 'terminal/wait_for_exit was cancelled.'));
        if (signal?.aborted) return cancelled();
        signal?.addEventListener('abort', cancelled, { once: true });
        void entry.exited.then((status) => {
          signal?.removeEventListener('abort', cancelled);
          resolve(status);
        });
      });
    },
    async kill({ sessionId, terminalId }) {
      requireState(sessionId, terminalId);
      await live.get(terminalId)?.process?.kill();
      return {};
    },
    async release({ sessionId, terminalId }) {
      const state = requireState(sessionId, terminalId);
      const entry = live.get(terminalId);
      if (entry && !state.exitStatus) await entry.process?.kill();
      live.delete(terminalId);
      // The id becomes invalid for the agent, but the output stays visible in the tool call card.
      const latest = getState(terminalId) ?? state;
      setState(terminalId, { ...latest, released: true });
      return {};
    },
    disposeAll() {
      for (const entry of live.values()) void entry.process?.kill();
      live.clear();
    },
  };
}
