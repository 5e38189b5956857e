// @ts-check
/**
 * Why an agent does not answer, told to the page: an agent that cannot work on this machine (an
 * adapter whose wrapped program is missing, a bad configuration) often says why on stderr and then
 * hangs or exits, and the page, which sees only the socket, could only wait and retry.
 *
 * The bridge sends `_acp-react/bridge/agent_process` `{ exit, stderr }`:
 * - while the agent has not answered the page's `initialize`, each time it writes to stderr
 *   (coalesced, `exit: null`);
 * - when it dies, whenever that is, just before the connection closes (`exit` says how).
 * Once initialized, the agent's stderr is its own log again, for the bridge's terminal only.
 *
 * `stderr` is the last {@link STDERR_TAIL_LINES} lines as plain text (terminal colour and other
 * escape sequences taken out: loggers colour their levels), each cut at {@link STDERR_LINE_CHARS}
 * characters, with the values of the secrets the bridge holds replaced by `[redacted]` (the marker
 * the client's traffic log uses): its token, the values of an `env_var` sign-in, and those of the
 * variables in the agent's environment whose names say they are secrets (`*_API_KEY`, `*_TOKEN`…).
 */
import { BridgeNotifications } from './handshake.mjs';

/** Lines of stderr kept for the page. */
export const STDERR_TAIL_LINES = 20;
/** Longest line kept for the page; longer ones are cut and end with `…`. */
export const STDERR_LINE_CHARS = 500;
/** While the agent starts, its stderr is sent at most this often. */
export const REPORT_INTERVAL_MS = 100;
/** What a redacted secret becomes. */
export const REDACTED = '[redacted]';

/**
 * Terminal escape sequences (CSI such as colours, OSC such as titles and links) and other control
 * characters but the tab. Taken out here, before redaction, not by the page: a secret written in
 * two colours would otherwise slip past the redaction. (The page's own plain-text fallback for
 * terminals, `src/components/TerminalOutput/plain-output.ts`, removes the same sequences from
 * output it renders; the bridge cannot import the library's TypeScript.)
 */
const ESCAPES = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-_]?|[\x00-\x08\x0b-\x1f\x7f]/g;

/** Names of variables whose values are secrets: API keys, tokens, passwords, credentials. */
const SECRET_NAME = /(?:^|_)(?:API_?KEY|KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?)(?:_|$)/i;
/** Shorter values of such variables (`1`, `true`) are settings, and hiding them would garble the text. */
const MIN_SECRET_NAMED_CHARS = 8;

/**
 * The secrets the bridge holds for one agent process.
 * @param {{ env: NodeJS.ProcessEnv, extraEnv: Record<string, string>, token?: string }} held
 *   `env` the agent's environment, `extraEnv` the values of an `env_var` sign-in (all secret,
 *   whatever their names), `token` the bridge's own
 * @returns {string[]}
 */
export function secretValues({ env, extraEnv, token }) {
  const named = Object.entries(env).flatMap(([name, value]) =>
    value !== undefined && value.length >= MIN_SECRET_NAMED_CHARS && SECRET_NAME.test(name) ? [value] : [],
  );
  return [...named, ...Object.values(extraEnv), ...(token ? [token] : [])].filter((value) => value !== '');
}

/**
 * A function that replaces every occurrence of the secrets in a text by {@link REDACTED}; the
 * longest first, so a secret that contains another goes whole.
 * @param {readonly string[]} secrets
 * @returns {(text: string) => string}
 */
export function createRedactor(secrets) {
  const sorted = [...new Set(secrets)].sort((a, b) => b.length - a.length);
  if (sorted.length === 0) return (text) => text;
  return (text) => sorted.reduce((out, secret) => out.split(secret).join(REDACTED), text);
}

/** The last lines an agent wrote to stderr, redacted and bounded, for the page. */
export class StderrTail {
  /** @type {string[]} */
  #lines = [];
  #redact;

  /** @param {(text: string) => string} redact */
  constructor(redact) {
    this.#redact = redact;
  }

  /** @param {string} line a whole line, without its end */
  push(line) {
    // Redacted before it is cut: a cut through a secret would leave its first part readable.
    const redacted = this.#redact(line.replace(ESCAPES, ''));
    this.#lines.push(redacted.length > STDERR_LINE_CHARS ? `${redacted.slice(0, STDERR_LINE_CHARS)}…` : redacted);
    if (this.#lines.length > STDERR_TAIL_LINES) this.#lines.shift();
  }

  /** @returns {string[]} a copy */
  lines() {
    return [...this.#lines];
  }
}

/**
 * The notification, as the text of a frame.
 * @param {import('./agent-process.mjs').AgentExit | null} exit
 * @param {string[]} stderr
 */
export function agentProcessNotification(exit, stderr) {
  const params = { exit: exit && { code: exit.code, signal: exit.signal, description: exit.description }, stderr };
  return JSON.stringify({ jsonrpc: '2.0', method: BridgeNotifications.agentProcess, params });
}

/**
 * Sends one connection's reports: while the agent starts, its stderr at most every
 * {@link REPORT_INTERVAL_MS} (unless it has initialized by then), and its exit at once.
 * @param {{ send: (text: string) => void, initialized: () => boolean }} connection
 */
export function createAgentReporter({ send, initialized }) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return {
    /** @param {import('./agent-process.mjs').AgentProcess} agent it wrote a line to stderr */
    stderr(agent) {
      if (timer || initialized()) return;
      timer = setTimeout(() => {
        timer = undefined;
        if (!initialized() && !agent.hasExited) send(agentProcessNotification(null, agent.stderrTail()));
      }, REPORT_INTERVAL_MS);
      timer.unref();
    },
    /**
     * @param {import('./agent-process.mjs').AgentProcess} agent
     * @param {import('./agent-process.mjs').AgentExit} exit
     */
    exited(agent, exit) {
      cancel();
      send(agentProcessNotification(exit, agent.stderrTail()));
    },
    cancel,
  };
}
