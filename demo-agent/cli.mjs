#!/usr/bin/env node
// @ts-check
/**
 * Runs the demo ACP agent over WebSocket.
 *
 *   node demo-agent/cli.mjs [--port 3031] [--host 127.0.0.1] [--delay 30] [--require-auth] [--page-size 5] [--transport acp-server|direct]
 *
 * Prints the URL (`ws://127.0.0.1:3031/acp`) on the first line of stdout. Per-connection options can
 * also be picked in the URL query: `?auth=required&delay=40&pageSize=3`.
 */
import { parseArgs } from 'node:util';
import { startDemoAgentServer } from './server.mjs';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.DEMO_AGENT_PORT ?? '3031' },
    host: { type: 'string', default: '127.0.0.1' },
    delay: { type: 'string', default: '30' },
    'require-auth': { type: 'boolean', default: false },
    'page-size': { type: 'string', default: '5' },
    transport: { type: 'string', default: 'acp-server' },
    help: { type: 'boolean', short: 'h', default: false },
  },
  strict: true,
});

if (values.help) {
  process.stdout.write(
    'Usage: node demo-agent/cli.mjs [--port 3031] [--host 127.0.0.1] [--delay 30] [--require-auth] [--page-size 5]\n' +
      'URL query options per connection: ?auth=required&delay=<ms>&pageSize=<n>\n',
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

const server = await startDemoAgentServer({
  port: toInt('port', values.port),
  host: values.host,
  delayMs: toInt('delay', values.delay),
  requireAuth: values['require-auth'],
  listPageSize: Math.max(1, toInt('page-size', values['page-size'])),
  transport: values.transport === 'direct' ? 'direct' : 'acp-server',
});

process.stdout.write(`${server.url}\n`);
process.stderr.write(
  `Demo ACP agent listening on ${server.url} (delay ${values.delay} ms${values['require-auth'] ? ', auth required' : ''}). Ctrl+C to stop.\n`,
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
