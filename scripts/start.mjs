#!/usr/bin/env node
/**
 * `npm start`: the scripted demo agent on loopback plus the playground's Vite dev server.
 * Prints the playground URL; Ctrl-C stops both.
 *
 *   PORT        playground port (default 5173)
 *   AGENT_PORT  demo agent port (default 3031)
 *   AGENT_DELAY ms between streamed steps of the demo agent (default 35)
 */
import { createServer } from 'vite';
import { startDemoAgentServer } from '../demo-agent/server.mjs';

const host = '127.0.0.1';
const port = Number(process.env.PORT ?? 5173);
const agentPort = Number(process.env.AGENT_PORT ?? 3031);
const delayMs = Number(process.env.AGENT_DELAY ?? 35);

const agent = await startDemoAgentServer({ host, port: agentPort, delayMs }).catch((error) => {
  console.error(`Could not start the demo agent on ${host}:${agentPort}: ${error.message}`);
  console.error('Set AGENT_PORT to a free port and try again.');
  process.exit(1);
});
process.env.VITE_DEMO_AGENT_URL = agent.url;

const vite = await createServer({
  configFile: new URL('../playground/vite.config.ts', import.meta.url).pathname,
  server: { host, port, strictPort: true },
  logLevel: 'warn',
}).catch((error) => {
  console.error(`Could not start the playground: ${error.message}`);
  process.exit(1);
});
try {
  await vite.listen();
} catch (error) {
  console.error(`Could not listen on http://${host}:${port}: ${error instanceof Error ? error.message : String(error)}. Set PORT to a free port.`);
  await agent.close();
  process.exit(1);
}

const url = `http://${host}:${port}/`;
console.log(`
  acp-react playground   ${url}
    Web IDE              ${url}
    Notebook             ${url}notebook.html
    Two panels           ${url}notebook.html?view=panels
    Custom element       ${url}element.html
  Demo agent             ${agent.url}

  Connect to another agent: ${url}?agent=ws://127.0.0.1:3030
  (run a stdio agent through: npx acp-react-bridge --port 3030 -- <agent command>)
  Pick one from the ACP registry: ${url}?launcher=http://127.0.0.1:3030
  (with: npx acp-react-bridge --launcher --port 3030)
  Press Ctrl-C to stop.
`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await Promise.allSettled([vite.close(), agent.close()]);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
