/**
 * An agent made with the SDK's `agent()` app API, served on loopback by the SDK's own `AcpServer`
 * (WebSocket and Streamable HTTP on `/acp`), for integration tests that script the agent side.
 */
import { createServer } from 'node:http';
import type { AgentApp } from '@agentclientprotocol/sdk';
import type { AgentApp as UnstableAgentApp } from '@agentclientprotocol/sdk/unstable';
import { AcpServer } from '@agentclientprotocol/sdk/experimental/server';
import { createNodeHttpHandler, createNodeWebSocketUpgradeHandler } from '@agentclientprotocol/sdk/experimental/node';
import { WebSocketServer } from 'ws';

export interface SdkAgentServer {
  /** `ws://127.0.0.1:<port>/acp` */
  url: string;
  /** Drops every open WebSocket at once, as a network failure would. */
  dropSockets(): void;
  close(): Promise<void>;
}

/** `agent` may come from the SDK's stable or unstable entry (two classes to the type checker). */
export async function serveSdkAgent(agent: AgentApp | UnstableAgentApp): Promise<SdkAgentServer> {
  const acpServer = new AcpServer({ agent: agent as never });
  const sockets = new WebSocketServer({ noServer: true });
  const onUpgrade = createNodeWebSocketUpgradeHandler(acpServer, sockets);
  const server = createServer(createNodeHttpHandler(acpServer));
  server.on('upgrade', (request, socket, head) => onUpgrade(request, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `ws://127.0.0.1:${(server.address() as { port: number }).port}/acp`,
    dropSockets() {
      for (const socket of sockets.clients) socket.terminate();
    },
    async close() {
      await acpServer.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
