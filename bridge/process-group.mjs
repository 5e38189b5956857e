// @ts-check
/**
 * Ending a program with everything it started. The bridge starts the agent and the agent's
 * terminal commands `detached` (each leads a process group of its own), and a pseudo-terminal
 * makes its program a session leader: either way the program's pid is its group's id, and a
 * signal to `-pid` reaches its children and theirs too (a shell's `sleep 30 &`), which a signal to
 * the program alone would leave running. Windows has no process groups: the program alone gets it.
 */

/**
 * Sends `signal` to the process group led by `pid`; where there are no groups (Windows) or the
 * group cannot be signalled, to the process itself through `signalOne` (its handle's `kill`, a
 * no-op once the process has ended). No group yet is not "gone": a pseudo-terminal's program that
 * is killed right after it is spawned may not have made its own session, and only `signalOne`
 * reaches it then.
 * @param {number | undefined} pid the group leader's pid (undefined: the program never started)
 * @param {NodeJS.Signals} signal
 * @param {(signal: NodeJS.Signals) => unknown} signalOne
 */
export function signalProcessGroup(pid, signal, signalOne) {
  if (pid === undefined) return;
  if (process.platform !== 'win32') {
    try {
      process.kill(-pid, signal);
      return;
    } catch {
      // No such group (yet or any more), or not ours to signal: the process itself, below.
    }
  }
  try {
    signalOne(signal);
  } catch {
    // Already gone.
  }
}
