// @ts-check
/**
 * `acp-react/bridge`: the bridge's programmatic API, for Node only (it spawns agent processes and
 * listens on sockets). See bridge/README.md.
 */
export { attachBridge, startBridge } from './server.mjs';
