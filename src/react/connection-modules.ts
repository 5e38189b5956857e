/**
 * The connection's modules, in the page's bundle (see `core/client/connection-modules.ts`): a
 * provider connects as it mounts and needs them at once, so fetching them on demand only added
 * requests between page load and a ready panel. Not the ACP v2 client: it brings the SDK's v2
 * app (about 18 kB gzip), which only a page whose agent answers version 2 needs, so it is fetched
 * then, like the HTTP transport.
 */
import type { ConnectionModules } from '../core/client/connection-modules.js';
import { refuseBinary, refuseOversized } from '../core/client/refused-frames.js';
import { createSessionActions } from '../core/client/session-actions.js';

const refusedFrames = { refuseBinary, refuseOversized };
const sessionActions = { createSessionActions };

export const BUNDLED: ConnectionModules = {
  refusedFrames: () => Promise.resolve(refusedFrames),
  // Only pages that reach an agent over HTTP need it: fetched then, never in the bundle.
  httpTransport: () => import('../core/client/http-transport.js'),
  sessionActions: () => Promise.resolve(sessionActions),
  protocolV2: () => import('../core/client/protocol-v2.js'),
};
