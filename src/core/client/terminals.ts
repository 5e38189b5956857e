/**
 * Client-side terminals: the five `terminal/*` requests implemented on top of a host's
 * `TerminalAdapter`. The core owns the output buffer, so truncation follows the spec everywhere:
 * past `outputByteLimit` the output is cut from the beginning, at a character boundary.
 */
import type * as acp from '@agentclientprotocol/sdk';
import type { TerminalAdapter, TerminalProcess } from '../api.js';
import type { TerminalState } from '../types.js';
import type { WorkspaceHost } from './on-demand.js';

interface LiveTerminal {
  process: TerminalProcess | null;
  limit: number | null;
  exited: Promise<{ exitCode: number | null; signal: string | null }>;
  resolveExit: (status: { exitCode: number | null; signal: string | null }) => void;
}

export interface TerminalManager {
  create(params: acp.CreateTerminalRequest): Promise<acp.CreateTerminalResponse>;
  output(params: acp.TerminalOutputRequest): acp.TerminalOutputResponse;
  waitForExit(params: acp.WaitForTerminalExitRequest): Promise<acp.WaitForTerminalExitResponse>;
  kill(params: acp.KillTerminalRequest): Promise<acp.KillTerminalResponse>;
  release(params: acp.ReleaseTerminalRequest): Promise<acp.ReleaseTerminalResponse>;
  /** Kills everything (the connection closed). */
  disposeAll(): void;
}

export function createTerminalManager(adapter: TerminalAdapter, host: WorkspaceHost): TerminalManager {
  const getState = (terminalId: string): TerminalState | undefined => host.get().terminals[terminalId];
  const setState = (terminalId: string, state: TerminalState) =>
    host.update((s) => ({ ...s, terminals: { ...s.terminals, [terminalId]: state } }));
  const unknown = (terminalId: string) => host.error('resourceNotFound', `Unknown terminal: ${terminalId}`);
  const live = new Map<string, LiveTerminal>();
  let counter = 0;

  const requireState = (sessionId: string, terminalId: string) => {
    const state = getState(terminalId);
    if (!state || state.sessionId !== sessionId || state.released) {
      throw unknown(terminalId);
    }
    return state;
  };

  return {
    async create(params) {
      const terminalId = `term-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
      let resolveExit!: LiveTerminal['resolveExit'];
      const exited = new Promise<{ exitCode: number | null; signal: string | null }>((r) => (resolveExit = r));
      const entry: LiveTerminal = { process: null, limit: params.outputByteLimit ?? null, exited, resolveExit };
      live.set(terminalId, entry);
      setState(terminalId, {
        terminalId,
        sessionId: params.sessionId,
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
          const { output, truncated } = truncateFromStart(state.output + chunk, entry.limit);
          setState(terminalId, { ...state, output, truncated: state.truncated || truncated });
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
      return {
        output: state.output,
        truncated: state.truncated,
        ...(state.exitStatus ? { exitStatus: state.exitStatus } : {}),
      };
    },
    async waitForExit({ sessionId, terminalId }) {
      requireState(sessionId, terminalId);
      const entry = live.get(terminalId);
      if (!entry) throw unknown(terminalId);
      return entry.exited;
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

/** Keeps the last `limit` bytes (UTF-8) of `text`, cutting at a character boundary. */
export function truncateFromStart(text: string, limit: number | null): { output: string; truncated: boolean } {
  if (limit === null || text.length * 3 <= limit) return { output: text, truncated: false };
  const bytes = new TextEncoder().encode(text);
  if (bytes.length <= limit) return { output: text, truncated: false };
  let start = bytes.length - limit;
  // Skip UTF-8 continuation bytes so the cut never splits a character.
  while (start < bytes.length && (bytes[start]! & 0xc0) === 0x80) start++;
  return { output: new TextDecoder().decode(bytes.subarray(start)), truncated: true };
}
