#!/usr/bin/env node
// @ts-check
/**
 * Runs the demo ACP agent over WebSocket: `npx acp-react-demo-agent` from an installed package,
 * `node demo-agent/cli.mjs` in this repository.
 *
 *   acp-react-demo-agent [--port 3031] [--host 127.0.0.1] [--delay 30] [--require-auth] [--page-size 5] [--transport acp-server|direct] [--protocol 1|2|auto]
 *
 * Prints the URL (`ws://127.0.0.1:3031/acp`) on the first line of stdout. Per-connection options can
 * also be picked in the URL query: `?auth=required&delay=40&pageSize=3&protocol=2`.
 */
import { parseArgs } from 'node:util';
import { parseProtocol } from './options.mjs';
import { startDemoAgentServer } from './server.mjs';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.DEMO_AGENT_PORT ?? '3031' },
    host: { type: 'string', default: '127.0.0.1' },
    delay: { type: 'string', default: '30' },
    'require-auth': { type: 'boolean', default: false },
    'page-size': { type: 'string', default: '5' },
    transport: { type: 'string', default: 'acp-server' },
    protocol: { type: 'string', default: '1' },
    help: { type: 'boolean', short: 'h', default: false },
  },
  strict: true,
});

if (values.help) {
  process.stdout.write(
    'Usage: acp-react-demo-agent [--port 3031] [--host 127.0.0.1] [--delay 30] [--require-auth] [--page-size 5] [--protocol 1|2|auto]\n' +
      'A scripted, offline ACP agent for trying acp-react: it listens on ws://HOST:PORT/acp (PORT 0 picks a free one)\n' +
      'and prints that URL on the first line of stdout. --protocol: the ACP version it speaks (auto: what the client asks for).\n' +
      'URL query options per connection: ?auth=required&delay=<ms>&pageSize=<n>&protocol=1|2|auto\n',
  );
  process.exit(0);
}

/** @param {string} name @param {string} value */
function toInt(name, value) {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    process.stderr.write(`--${name} must be a non-negative integer, got "${value}"\n`);
    process.exit(2);
  }
  return n;
}

const protocol = parseProtocol(values.protocol);
if (protocol === undefined) {
  process.stderr.write(`--protocol must be 1, 2 or auto, got "${values.protocol}"\n`);
  process.exit(2);
}

const port = toInt('port', values.port);
const server = await startDemoAgentServer({
  port,
  host: values.host,
  delayMs: toInt('delay', values.delay),
  requireAuth: values['require-auth'],
  listPageSize: Math.max(1, toInt('page-size', values['page-size'])),
  transport: values.transport === 'direct' ? 'direct' : 'acp-server',
  protocol,
}).catch((/** @type {NodeJS.ErrnoException} */ error) => {
  const hint = error.code === 'EADDRINUSE' ? ': the port is in use; pick another with --port (0 picks a free one)' : `: ${error.message}`;
  process.stderr.write(`acp-react-demo-agent: cannot listen on ${values.host}:${port}${hint}\n`);
  process.exit(1);
});

process.stdout.write(`${server.url}\n`);
process.stderr.write(
  `Demo ACP agent listening on ${server.url} (ACP ${protocol === 'auto' ? 'v1 or v2' : `v${protocol}`}, delay ${values.delay} ms${values['require-auth'] ? ', auth required' : ''}). Ctrl+C to stop.\n`,
);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
