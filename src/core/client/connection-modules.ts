/**
 * The modules a connection uses but a page can start without: the refusal of binary and
 * oversized frames (needed once a socket is open), the less frequent actions with the restore
 * after a reconnect (needed once the connection is ready), and the Streamable HTTP transport
 * (needed only for an `http(s)://` agent; fetched on demand by the provider too). `createAcpClient` fetches them with
 * `import()` (`ON_DEMAND`), keeping the headless entry small; `<AcpProvider>`, which connects as
 * soon as it mounts, passes them already loaded (`src/react/connection-modules.ts`): fetched, they
 * only added two requests to every page's start.
 */
import type { createSessionActions } from './session-actions.js';
import type { RefusalSource } from './transport.js';

export interface ConnectionModules extends RefusalSource {
  sessionActions(): Promise<{ createSessionActions: typeof createSessionActions }>;
}

export const ON_DEMAND: ConnectionModules = {
  refusedFrames: () => import('./refused-frames.js'),
  httpTransport: () => import('./http-transport.js'),
  sessionActions: () => import('./session-actions.js'),
};
