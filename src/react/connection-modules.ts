/**
 * The connection's modules, in the page's bundle (see `core/client/connection-modules.ts`): a
 * provider connects as it mounts and needs both at once, so fetching them on demand only added
 * two requests between page load and a ready panel.
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
};
