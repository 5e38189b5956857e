/**
 * `createAcpClient`: the headless ACP client. It folds everything the agent sends into an
 * immutable snapshot and exposes the protocol's client-side actions (`api.ts`), each gated by the
 * capabilities the agent advertised. This facade only wires the parts together:
 *
 * - `connection.ts`: the connection and its reconnect loop, and `request.ts` on it;
 * - `inbound.ts`: the tap every frame passes, with the outstanding requests;
 * - `sessions.ts`: `session/new` and the routing of `session/update`;
 * - `turns.ts`: `session/prompt` and `session/cancel`;
 * - `agent-requests.ts`: the permission and elicitation requests the agent sends.
 *
 * What a page needs to connect, stream and prompt is in the core entry; the rest is fetched on
 * demand so the entry stays small (see `on-demand.ts`): file and terminal requests
 * (`workspace.ts`), the less frequent actions and the restore after a reconnect
 * (`session-actions.ts`), frame refusals (`refused-frames.ts`, via the transport) and elicitation
 * reading (`elicitation.ts`). The second and third come through `ConnectionModules`, which
 * `<AcpProvider>` supplies already loaded.
 */
// First, on purpose: the bundler emits modules in the order they are first imported, and the core
// entry gzips about 100 bytes smaller (of its 12 kB budget) with the reducer, which sessions.ts
// brings in, ahead of the client's parts. scripts/check-size.mjs measures it.
import { afterDrop, createSessions } from './sessions.js';
import { createConnection } from './connection.js';
import { createTap } from './inbound.js';
import { createTurns } from './turns.js';
import type * as acp from '@agentclientprotocol/sdk';
import { ON_DEMAND_ACTIONS, type AcpClient, type AcpClientOptions, type OnDemandActions } from '../api.js';
import { AcpClientError, ErrorCodes, toAcpError } from '../errors.js';
import { appendBlock, readContentBlock, textOf } from '../content.js';
import { applySessionUpdate } from '../reducer/index.js';
import { applyChildTerminalUpdate } from '../reducer/snapshot-update.js';
import { closeOpenThought } from '../reducer/thoughts.js';
import { appendItem, replaceItem } from '../thread.js';
import { createSessionState } from '../session.js';
import { createStore } from '../store.js';
import type { AcpSnapshot } from '../types.js';
import { createPendingRequests, type ExtensionCall } from './agent-requests.js';
import { ON_DEMAND, type ConnectionModules } from './connection-modules.js';
import type { ClientHelpers } from './on-demand.js';
import type { SessionActions } from './session-actions.js';
import { createSubagentRouter, type SubagentRouter } from './subagents.js';
import { addDiagnostic, initialSnapshot, putSession, removeSession, withSession } from './snapshot.js';
import type { TerminalManager } from './terminals.js';
import { createTrafficLog } from './traffic.js';

export function createAcpClient(options: AcpClientOptions): AcpClient {
  return createClient(options, ON_DEMAND);
}

/** `createAcpClient` with the connection's modules supplied (see `connection-modules.ts`). */
export function createClient(options: AcpClientOptions, modules: ConnectionModules): AcpClient {
  const now = options.now ?? Date.now;
  const store = createStore<AcpSnapshot>(initialSnapshot(), options.scheduler ?? 'frame');
  const traffic = createTrafficLog(options.trafficCapacity ?? 5000, now);
  const get = store.getSnapshot;
  const update = (fn: (s: AcpSnapshot) => AcpSnapshot) => store.setState(fn(get()));
  const diagnose = (kind: Parameters<typeof addDiagnostic>[1], message: string, raw?: unknown) => update((s) => addDiagnostic(s, kind, message, now(), raw));
  const helpers: ClientHelpers = {
    get,
    update,
    error: (code, message, data) => new AcpClientError(ErrorCodes[code], message, data),
    normalize: (error) => toAcpError(error),
  };

  /** Made on the first connection (with the workspace module); it outlives reconnects. */
  let terminals: TerminalManager | undefined;
  /** Whose a child session's requests are (null for any other session id). */
  const owner = (sessionId: string) => children?.owner(sessionId);
  const serveWorkspace = async (app: acp.ClientApp) => {
    if (!options.fs && !options.terminal) return;
    const workspace = await import('./workspace.js');
    const host = { ...helpers, diagnose: (message: string) => diagnose('adapter_error', message), owner };
    if (options.fs) workspace.serveFs(app, options.fs, host);
    if (options.terminal) workspace.serveTerminals(app, (terminals ??= workspace.createTerminalManager(options.terminal, host)), host);
  };
  const extMethods = new Map(Object.entries(options.extMethods ?? {}));
  const extNotifications = new Map(Object.entries(options.extNotifications ?? {}));
  /**
   * Adds a handler to one of the two; the function it returns removes that handler (not a later
   * one). Names are not checked here (the entry's budget): only methods the SDK does not route
   * to an ACP handler ever reach them.
   */
  const on =
    <H>(handlers: Map<string, H>) =>
    (method: string, handler: H) => {
      handlers.set(method, handler);
      return () => {
        if (handlers.get(method) === handler) handlers.delete(method);
      };
    };
  const onExtension = (notification: ExtensionCall) => void actions().then((loaded) => loaded.onExtension(notification));
  const tap = createTap(traffic, diagnose, (params) => {
    if (!children?.route(params)) sessions.onUpdate(params);
    // v2: a state update may have ended the turn a prompt waits for.
    turns.watch((params as { sessionId?: string } | null)?.sessionId);
  });
  const pending = createPendingRequests({
    get,
    update,
    now,
    diagnose,
    applyPolicy: options.permissionPolicy && ((requestId, params) => void actions().then((loaded) => loaded.applyPolicy(requestId, params))),
    connectionLost: () => connection.lost(),
    sessionOfRequest: tap.sessionOfRequest,
    owner,
    // Notifications of no ACP method (the host's handlers, acp-react-bridge's features and
    // terminals' output) and requests of none, answered by the on-demand actions module; the one
    // promise keeps the notifications in order.
    onExtension,
    onExtRequest: (ctx) => actions().then((loaded) => loaded.answerExtRequest(ctx)),
  });
  const connection = createConnection(get, update, now, options, tap, modules, {
    // File and terminal requests (with an adapter): fetched on connect.
    serveWorkspace: options.fs || options.terminal ? serveWorkspace : null,
    early: onExtension,
    register: pending.register,
    async ready(isReconnect) {
      // Fetched now, while the connection is known to work, not first when it has dropped.
      const restore = actions();
      if (isReconnect) await (await restore).restoreSessions();
      else restore.catch(() => {});
    },
    dropped(error, willRetry) {
      terminals?.disposeAll();
      pending.interruptAll();
      const at = now();
      update((s) => afterDrop(s, error, willRetry, at));
      turns.watch();
    },
  });
  const sessions = createSessions(
    get,
    update,
    now,
    diagnose,
    connection.request,
    (options) => actions().then((loaded) => loaded.checkSessionOptions(options)),
    store,
  );
  /**
   * Unless `subagents: false`: the router of child sessions' updates and requests. Bundled with
   * the client rather than fetched on connect: every client with the default options fetched it
   * before its first streamed text anyway, so the page paid the same bytes and one request more.
   */
  // Made after the sessions, whose early updates it adopts; the closures above read it only later.
  const children: SubagentRouter | undefined =
    options.subagents === false
      ? undefined
      : createSubagentRouter(
          {
            get,
            peek: store.peek,
            update,
            now,
            diagnose,
            withSession,
            createSessionState,
            // A child's updates are read as the connection's ACP version speaks them, like its parent's.
            applySessionUpdate: (session, raw, at) => applySessionUpdate(session, raw, at, get().agent?.protocolVersion),
            applyChildTerminalUpdate: (snapshot, sessionId, childId, raw, at) =>
              applyChildTerminalUpdate(snapshot, sessionId, childId, raw, at, snapshot.agent?.protocolVersion),
            strays: sessions.strayUpdates,
          },
          [readContentBlock, appendBlock, textOf, appendItem, replaceItem, closeOpenThought],
        );
  const turns = createTurns(get, update, now, connection, pending.cancelSession, store.peek);

  // The less frequent actions (session-actions.ts), fetched once the first connection is ready.
  let loadingActions: Promise<SessionActions> | undefined;
  const actions = () =>
    (loadingActions ??= modules.sessionActions().then(
      (module) =>
        module.createSessionActions({
          ...helpers,
          ...sessions,
          request: connection.request,
          notify: (method, params) => connection.requireConnection().notify(method, params),
          settleSession(sessionId) {
            pending.cancelSession(sessionId);
            turns.settle(sessionId);
          },
          authenticateTimeoutMs: options.authenticateTimeoutMs ?? 300_000,
          join: options.attach,
          diagnose,
          permissionPolicy: options.permissionPolicy,
          answerPermission: (requestId, answer) => pending.answerPermission(requestId, answer),
          answerElicitation: pending.answerElicitation,
          extMethods,
          extNotifications,
          createSessionState,
          applyUpdate: applySessionUpdate,
          now,
          tap,
          putSession,
          removeSession,
          withSession,
        }),
      (error) => {
        // Fetched again by the next call.
        loadingActions = undefined;
        throw toAcpError(error);
      },
    ));
  // Each one a client method that runs once the module has loaded.
  const later = {} as Record<string, unknown>;
  for (const name in ON_DEMAND_ACTIONS) {
    later[name] = (...args: unknown[]) => actions().then((loaded) => (loaded[name as keyof OnDemandActions] as (...a: unknown[]) => unknown)(...args));
  }

  return {
    ...(later as OnDemandActions),
    prompt: turns.prompt,
    cancel: turns.cancel,
    ...connection.actions,
    getSnapshot: get,
    subscribe: store.subscribe,
    traffic,
    newSession: sessions.newSession,
    respondToPermission: (requestId, optionId) => pending.answerPermission(requestId, { optionId }),
    respondToElicitation: (requestId, response) => pending.answerElicitation(requestId, response),
    onExtMethod: on(extMethods),
    onExtNotification: on(extNotifications),
  };
}
