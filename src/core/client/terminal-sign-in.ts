/**
 * Signing in with a `terminal` auth method through acp-react-bridge (`--terminal-auth`): the
 * bridge runs the agent's login program in a pseudo-terminal and streams it over the page's
 * connection (`_acp-react/bridge/auth_terminal/*`, bridge/auth-terminal.mjs is the other side);
 * the host shows it in a terminal emulator (the AgentPanel's sign-in dialog) and types into it.
 *
 * When the program ends with status 0, the bridge starts a fresh agent process (an agent may
 * read the stored credentials only at start; the page's `initialize` is replayed to it), then the
 * client sends `authenticate` with the method's id and restores the open sessions. An agent that
 * does not take a terminal method in `authenticate` (the client guide says clients never send one)
 * answers "method not found" or "invalid params": the fresh process is then taken as signed in,
 * and the next request that needs sign-in says otherwise if it is not. A program that fails, or is
 * stopped (the dialog closed), leaves the panel as it was, with an error that says what happened.
 *
 * The output never goes through the snapshot: the handle hands it straight to the emulator, so a
 * chatty login program costs no React render.
 */
import type * as acp from '@agentclientprotocol/sdk';
import type { TerminalSignIn } from '../api.js';
import type { AcpClientError } from '../errors.js';
import type { AcpSnapshot } from '../types.js';
import { AUTH_TERMINAL, AUTH_TERMINAL_OUTPUT, AUTH_TERMINAL_START as START } from './auth-terminal-methods.js';

const RESTART = '_acp-react/bridge/restart';
/** Output kept for a listener that subscribes late (the dialog's emulator loads on demand). */
const EARLY_OUTPUT_CHARS = 256 * 1024;

export interface TerminalSignInHost {
  get(): AcpSnapshot;
  request<T>(method: string, params: unknown, options?: { timeoutMs?: number }): Promise<T>;
  error(code: 'unsupported' | 'invalidParams' | 'invalidState', message: string): Error;
  normalize(error: unknown): AcpClientError;
  setAuth(auth: Partial<AcpSnapshot['auth']>): void;
  /** The restarted agent's `initialize` result replaces the agent's; open sessions are marked lost. */
  applyRestart(initialize: acp.InitializeResponse): void;
  restoreSessions(): Promise<void>;
  /** Puts the traffic log's redaction in place (typed keystrokes may be a code, and the terminal echoes them). */
  redact(): void;
}

interface Running {
  terminalId: string;
  listeners: Set<(data: string) => void>;
  early: string;
  exit(status: { exitCode: number | null; signal: string | null }): void;
}

export function createTerminalSignIn(host: TerminalSignInHost) {
  let running: Running | null = null;

  async function start(methodId: string, size: { cols: number; rows: number } = { cols: 80, rows: 24 }): Promise<TerminalSignIn> {
    const state = host.get().agent;
    const method = state?.authMethods.find((m) => m.id === methodId);
    if (!method) throw host.error('invalidParams', `Unknown auth method: ${methodId}`);
    if ((method as { type?: unknown }).type !== 'terminal') throw host.error('invalidParams', `"${method.name}" is not a terminal sign-in method.`);
    if (!state?.bridge?.features.terminalAuth) {
      throw host.error('unsupported', `"${method.name}" runs in a terminal; only acp-react-bridge started with --terminal-auth can run it for this page.`);
    }
    if (running) throw host.error('invalidParams', 'A sign-in terminal is already open.');
    host.redact();
    host.setAuth({ pendingMethodId: methodId, error: null });
    let terminalId: string;
    try {
      ({ terminalId } = await host.request<{ terminalId: string }>(`${START}`, { methodId, ...size }, { timeoutMs: 0 }));
    } catch (error) {
      const normalized = host.normalize(error);
      host.setAuth({ pendingMethodId: null, error: normalized.toInfo() });
      throw normalized;
    }
    let exited!: (status: { exitCode: number | null; signal: string | null }) => void;
    const exit = new Promise<{ exitCode: number | null; signal: string | null }>((resolve) => (exited = resolve));
    const current: Running = { terminalId, listeners: new Set(), early: '', exit: exited };
    running = current;
    let stopped = false;
    const send = (what: string, params: Record<string, unknown>) => {
      void host.request(`${AUTH_TERMINAL}${what}`, { terminalId, ...params }).catch(() => {});
    };

    const result = exit.then(async (status) => {
      if (running === current) running = null;
      if (status.exitCode !== 0) {
        const message = stopped
          ? 'The sign-in terminal was closed before the sign-in finished.'
          : status.signal
            ? `The sign-in program was stopped (${status.signal}).`
            : `The sign-in program ended with status ${status.exitCode}.`;
        const failure = host.error('invalidState', message);
        host.setAuth({ pendingMethodId: null, error: host.normalize(failure).toInfo() });
        throw failure;
      }
      try {
        const { initialize } = await host.request<{ initialize: acp.InitializeResponse }>(RESTART, { methodId }, { timeoutMs: 0 });
        host.applyRestart(initialize);
        await host.request('authenticate', { methodId }, { timeoutMs: 0 }).catch((error: unknown) => {
          const { code } = host.normalize(error);
          // Method not found or invalid params: the agent takes no terminal method in `authenticate`.
          if (code !== -32601 && code !== -32602) throw error;
        });
        host.setAuth({ required: false, pendingMethodId: null, error: null, reason: null });
      } catch (error) {
        const normalized = host.normalize(error);
        host.setAuth({ required: true, pendingMethodId: null, error: normalized.toInfo() });
        throw normalized;
      }
      await host.restoreSessions();
    });
    // The host may not wait for the result; a failure is in the snapshot already.
    result.catch(() => {});

    return {
      terminalId,
      onData(listener) {
        if (current.early) listener(current.early);
        current.early = '';
        current.listeners.add(listener);
        return () => current.listeners.delete(listener);
      },
      write: (data) => send('input', { data }),
      resize: (cols, rows) => send('resize', { cols, rows }),
      kill() {
        stopped = true;
        // Without a connection there is no bridge to tell (it ends the program when the page's
        // connection closes): the sign-in is over all the same.
        void host.request(`${AUTH_TERMINAL}kill`, { terminalId }).catch(() => exited({ exitCode: null, signal: 'SIGHUP' }));
      },
      exit,
      result,
    };
  }

  /** The bridge's `auth_terminal/output` and `exit` notifications. */
  function onNotification(method: string, params: Record<string, unknown>) {
    const current = running;
    if (!current || params.terminalId !== current.terminalId) return;
    if (method === AUTH_TERMINAL_OUTPUT && typeof params.data === 'string') {
      if (current.listeners.size === 0) current.early = (current.early + params.data).slice(-EARLY_OUTPUT_CHARS);
      for (const listener of current.listeners) listener(params.data);
    } else if (method === `${AUTH_TERMINAL}exit`) {
      current.exit({
        exitCode: typeof params.exitCode === 'number' ? params.exitCode : null,
        signal: typeof params.signal === 'string' ? params.signal : null,
      });
    }
  }

  return {
    start,
    onNotification,
    /** The connection dropped: a running sign-in cannot finish (the bridge has ended its program). */
    dropped() {
      running?.exit({ exitCode: null, signal: 'SIGHUP' });
    },
  };
}
