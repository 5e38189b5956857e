#!/usr/bin/env node
// @ts-check
// acp-react-bridge: exposes a stdio ACP agent to the browser over WebSocket. See bridge/README.md.
import { main } from '../bridge/cli.mjs';

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`acp-react-bridge: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
