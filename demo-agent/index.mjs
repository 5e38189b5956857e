// @ts-check
/**
 * `acp-react/demo-agent`: the scripted offline demo agent, for Node (a host's own tests, a local
 * demo): v1 (`createDemoAgent`), v2 (`createDemoAgentV2`), or either per the `protocol` option
 * (`createDemoAgentFor`). `npx acp-react-demo-agent` runs the same server from the command line. See
 * demo-agent/README.md.
 */
export { startDemoAgentServer } from './server.mjs';
export { createDemoAgent, DemoSessionStore } from './agent.mjs';
export { createDemoAgentFor, createDemoAgentV2 } from './agent-v2.mjs';
