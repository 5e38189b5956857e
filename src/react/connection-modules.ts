/**
 * The connection's modules, in the page's bundle (see `core/client/connection-modules.ts`): a
 * provider connects as it mounts and needs them at once, so fetching them on demand only added
 * requests between page load and a ready panel (the v2 client too: a v2 agent needs it before
 * the panel is ready).
 */
import type { ConnectionModules } from '../core/client/connection-modules.js';
import { refuseBinary, refuseOversized } from '../core/client/refused-frames.js';
import { createSessionActions } from '../core/client/session-actions.js';
import { connectV2 } from '../core/client/protocol-v2.js';

const refusedFrames = { refuseBinary, refuseOversized };
const sessionActions = { createSessionActions };
const protocolV2 = { connectV2 };

export const BUNDLED: ConnectionModules = {
  refusedFrames: () => Promise.resolve(refusedFrames),
  // Only pages that reach an agent over HTTP need it: fetched then, never in the bundle.
  httpTransport: () => import('../core/client/http-transport.js'),
  sessionActions: () => Promise.resolve(sessionActions),
  protocolV2: () => Promise.resolve(protocolV2),
};
