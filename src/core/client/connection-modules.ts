/**
 * The modules a connection uses but a page can start without: the refusal of binary and
 * oversized frames (needed once a socket is open), the less frequent actions with the restore
 * after a reconnect (needed once the connection is ready), the ACP v2 client (needed only for an
 * agent that answers version 2), and the Streamable HTTP transport
 * (needed only for an `http(s)://` agent; fetched on demand by the provider too). `createAcpClient` fetches them with
 * `import()` (`ON_DEMAND`), keeping the headless entry small; `<AcpProvider>`, which connects as
 * soon as it mounts, passes them already loaded (`src/react/connection-modules.ts`): fetched, they
 * only added two requests to every page's start.
 */
import type * as protocolV2 from './protocol-v2.js';
import type { createSessionActions } from './session-actions.js';
import type { RefusalSource } from './transport.js';

export interface ConnectionModules extends RefusalSource {
  sessionActions(): Promise<{ createSessionActions: typeof createSessionActions }>;
  /** The ACP v2 client (the SDK's v2 app and its handlers), for an agent that answered version 2. */
  protocolV2(): Promise<Pick<typeof protocolV2, 'connectV2' | 'readInitializeV2' | 'readPermissionV2'>>;
}

export const ON_DEMAND: ConnectionModules = {
  refusedFrames: () => import('./refused-frames.js'),
  httpTransport: () => import('./http-transport.js'),
  sessionActions: () => import('./session-actions.js'),
  protocolV2: () => import('./protocol-v2.js'),
};
