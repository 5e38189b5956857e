// @ts-check
/**
 * Default mode: every WebSocket connection gets its own agent process, started when the
 * connection opens and stopped when it closes. The bridge is a transparent pipe: messages pass
 * through unchanged in both directions (re-serialized on the way to stdin).
 */
import { CloseCode } from './client-socket.mjs';

/**
 * @typedef {(handlers: Pick<import('./agent-process.mjs').AgentProcessOptions, 'onMessage' | 'onOversized' | 'onExit'>) => import('./agent-process.mjs').AgentProcess} AgentFactory
 */

/**
 * Connects one client to a fresh agent.
 * @param {import('./client-socket.mjs').ClientSocket} client
 * @param {{ createAgent: AgentFactory, killTimeoutMs: number, log: import('./log.mjs').Logger }} context
 * @returns {import('./agent-process.mjs').AgentProcess}
 */
export function serveDedicated(client, { createAgent, killTimeoutMs, log }) {
  let clientGone = false;
  const agent = createAgent({
    onMessage: (text) => {
      if (!client.send(text)) agent.pauseOutput();
    },
    onOversized: ({ limit }) => {
      client.close(CloseCode.MESSAGE_TOO_BIG, `agent sent a message over ${limit} bytes (--max-message-bytes)`);
    },
    onExit: (exit) => {
      if (clientGone || !client.isOpen) {
        log('info', `agent ${agent.pid} stopped after its connection closed (${exit.description})`);
        return;
      }
      log(exit.error ? 'error' : 'warn', `${client.label}: ${exit.description}${agent.pid ? ` (pid ${agent.pid})` : ''}; closing the connection (1011)`);
      client.close(CloseCode.INTERNAL_ERROR, exit.description);
    },
  });
  client.handlers = {
    onMessage: (message) => {
      if (!agent.send(message)) {
        client.pause();
        agent.onceDrained(() => client.resume());
      }
    },
    onDrain: () => agent.resumeOutput(),
    onClose: () => {
      clientGone = true;
      if (!agent.hasExited) void agent.stop(killTimeoutMs);
    },
  };
  return agent;
}
