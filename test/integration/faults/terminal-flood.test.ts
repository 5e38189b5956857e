/**
 * A command that floods its terminal (tens of megabytes, no limit asked by the agent): the client
 * keeps a bounded buffer (TERMINAL_OUTPUT_BYTES, plus a slack it cuts back from), answers
 * `terminal/output` with at most the limit, cut at the front and flagged, and stays responsive.
 */
import { expect, it } from 'vitest';
import type { TerminalAdapter } from '../../../src/core/index.js';
import { TERMINAL_OUTPUT_BYTES } from '../../../src/core/client/terminal-output.js';
import { perTestAgents } from '../../helpers/faults.js';
import { waitForSnapshot } from '../../helpers/wait.js';

const { pool, rawAgent } = perTestAgents();

/** Writes `total` bytes of ASCII lines in 16 KB chunks, a chunk per macrotask. */
function floodingTerminal(total: number): TerminalAdapter {
  return {
    create(_request, sink) {
      const line = `${'x'.repeat(63)}\n`;
      const chunk = line.repeat(256);
      let written = 0;
      const step = () => {
        if (written >= total) return sink.exit({ exitCode: 0, signal: null });
        sink.write(chunk);
        written += chunk.length;
        setTimeout(step, 0);
      };
      setTimeout(step, 0);
      return { kill() {} };
    },
  };
}

const bytes = (text: string) => new TextEncoder().encode(text).length;

it.each([
  ['no limit from the agent', undefined, TERMINAL_OUTPUT_BYTES],
  ['a small limit from the agent', 10_000, 10_000],
])(
  'keeps a flood of output bounded (%s)',
  async (_name, outputByteLimit, limit) => {
    const agent = await rawAgent();
    const { client } = pool.make(agent.url, { terminal: floodingTerminal(24 * 1024 * 1024) });
    await client.connect();
    const { sessionId } = await client.newSession({ cwd: '/workspace' });
    const conn = agent.current!;
    let largest = 0;
    client.subscribe(() => {
      for (const terminal of Object.values(client.getSnapshot().terminals)) largest = Math.max(largest, terminal.output.length);
    });
    const created = await conn.request('terminal/create', { sessionId, command: 'flood', ...(outputByteLimit ? { outputByteLimit } : {}) }).response;
    const terminalId = created.result.terminalId as string;
    await conn.request('terminal/wait_for_exit', { sessionId, terminalId }).response;
    const output = await conn.request('terminal/output', { sessionId, terminalId }).response;

    expect(output.result.truncated).toBe(true);
    expect(bytes(output.result.output)).toBeLessThanOrEqual(limit);
    expect(bytes(output.result.output)).toBeGreaterThan(limit - 64);
    // The kept buffer never ran past its limit by more than the slack (a quarter, at least 4 KB).
    expect(largest).toBeLessThanOrEqual(limit + Math.max(4096, limit >> 2) + 16 * 1024);
    const state = await waitForSnapshot(client, (s) => s.terminals[terminalId]?.exitStatus != null, 5000, 'the exit');
    expect(state.terminals[terminalId]!.truncated).toBe(true);
  },
  60_000,
);
