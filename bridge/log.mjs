// @ts-check
/**
 * Logging goes to stderr only: stdout carries nothing but the machine-readable "listening" line.
 */

/**
 * `agent` lines are the agent's own stderr, already prefixed with `[agent <pid>]`.
 * @typedef {'info' | 'warn' | 'error' | 'agent'} LogLevel
 * @typedef {(level: LogLevel, message: string) => void} Logger
 */

/**
 * @param {{ write(text: string): unknown }} [stream]
 * @returns {Logger}
 */
export function createStderrLogger(stream = process.stderr) {
  return (level, message) => {
    if (level === 'agent') stream.write(`${message}\n`);
    else if (level === 'info') stream.write(`acp-react-bridge: ${message}\n`);
    else stream.write(`acp-react-bridge: ${level === 'warn' ? 'warning' : 'error'}: ${message}\n`);
  };
}

/** @type {Logger} */
export const silentLogger = () => {};
