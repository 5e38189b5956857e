/**
 * What the client knows of acp-react-bridge (bridge/handshake.mjs is the other side), fetched on
 * the bridge's first notification, so a page without a bridge never loads it:
 *
 * - right after the agent's `initialize` result, the bridge sends `_acp-react/bridge/features`
 *   with its features (the same entry it puts in that result's `_meta` under `acp-react/bridge`),
 *   which becomes `snapshot.agent.bridge`;
 * - with `--terminals` the bridge runs the agent's commands and pushes their output as it comes
 *   (`_acp-react/bridge/terminal/created|output|exit`), so a terminal embedded in a tool call
 *   shows live output, as with a host's own `TerminalAdapter`: the state is the same
 *   `TerminalState`, so the components need no change;
 * - while the agent has not answered `initialize`, and when it dies, the bridge says why it is
 *   silent (`_acp-react/bridge/agent_process` `{ exit, stderr }`), which becomes
 *   `snapshot.agentProcess`, kept until a connection succeeds (the `features` that follow every
 *   successful `initialize` clear it). It may come before `initialize` is answered: the client
 *   handles it whenever it arrives.
 *
 * An agent reached without a bridge sends none of these, and `agent.bridge` stays unset.
 */
import type { AcpSnapshot, AgentProcessState, BridgeState, TerminalState } from '../types.js';
import { TERMINAL_OUTPUT_BYTES, truncateFromStart } from './terminal-output.js';

interface NoticeHost {
  get(): AcpSnapshot;
  update(fn: (snapshot: AcpSnapshot) => AcpSnapshot): void;
}

// Local on purpose: importing the entry's guards from this on-demand module would split them into
// a chunk of their own, which the entry would then load as a second file (see on-demand.ts).
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';

/** The bridge's entry in an `initialize` result's `_meta`, or null when there is none. */
export function readBridge(meta: unknown): BridgeState | null {
  return readFeatures(isRecord(meta) ? meta['acp-react/bridge'] : null);
}

function readFeatures(entry: unknown): BridgeState | null {
  if (!isRecord(entry)) return null;
  const f = isRecord(entry.features) ? entry.features : {};
  const shared = isRecord(f.shared) && isString(f.shared.pageId) ? f.shared : null;
  return {
    version: isString(entry.version) ? entry.version : '',
    features: {
      envVarAuth: f.envVarAuth === true,
      terminalAuth: f.terminalAuth === true,
      terminals: f.terminals === true,
      shared: shared && { role: shared.role === 'observer' ? 'observer' : 'controller', pageId: String(shared.pageId) },
    },
  };
}

/** The bridge's report of the agent process; null when it is not one. */
function readAgentProcess(params: unknown): AgentProcessState | null {
  if (!isRecord(params) || !Array.isArray(params.stderr)) return null;
  const exit = isRecord(params.exit) ? params.exit : null;
  const orNull = <T>(value: unknown, is: (v: unknown) => v is T) => (is(value) ? value : null);
  return {
    exit: exit && {
      code: orNull(exit.code, (v): v is number => typeof v === 'number'),
      signal: orNull(exit.signal, isString),
      description: isString(exit.description) ? exit.description : '',
    },
    stderr: params.stderr.filter(isString),
  };
}

const TERMINAL = '_acp-react/bridge/terminal/';

/** Applies one notification of no ACP method; anything not the bridge's is ignored, as the spec asks. */
export function applyBridgeNotification(method: string, params: unknown, host: NoticeHost): void {
  if (method === '_acp-react/bridge/features') {
    const bridge = readFeatures(params);
    // Sent after every successful `initialize`: the agent answers, so whatever was said of its silence is over.
    host.update((s) => (s.agent ? { ...s, agent: { ...s.agent, bridge }, agentProcess: null } : s));
    return;
  }
  if (method === '_acp-react/bridge/agent_process') {
    const agentProcess = readAgentProcess(params);
    if (agentProcess) host.update((s) => ({ ...s, agentProcess }));
    return;
  }
  if (!method.startsWith(TERMINAL) || !isRecord(params) || !isString(params.terminalId) || !isString(params.sessionId)) return;
  const { terminalId, sessionId } = params;
  const set = (fn: (state: TerminalState | undefined) => TerminalState | undefined) =>
    host.update((s) => {
      const next = fn(s.terminals[terminalId]);
      return next ? { ...s, terminals: { ...s.terminals, [terminalId]: next } } : s;
    });
  switch (method.slice(TERMINAL.length)) {
    case 'created':
      set(() => ({
        terminalId,
        sessionId,
        command: isString(params.command) ? params.command : '',
        args: Array.isArray(params.args) ? params.args.filter(isString) : [],
        cwd: isString(params.cwd) ? params.cwd : null,
        output: '',
        truncated: false,
        exitStatus: null,
        released: false,
      }));
      return;
    case 'output':
      if (!isString(params.data)) return;
      set((state) => {
        if (!state) return state;
        const cut = truncateFromStart(state.output + params.data, TERMINAL_OUTPUT_BYTES);
        return { ...state, output: cut.output, truncated: state.truncated || cut.truncated || params.truncated === true };
      });
      return;
    case 'exit':
      set(
        (state) =>
          state && {
            ...state,
            exitStatus: { exitCode: typeof params.exitCode === 'number' ? params.exitCode : null, signal: isString(params.signal) ? params.signal : null },
          },
      );
  }
}
