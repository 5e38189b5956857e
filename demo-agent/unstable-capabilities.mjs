// @ts-check
/**
 * The UNSTABLE client capabilities the demo agent honours (`clientCapabilities.subagents`, ACP RFD
 * "subagents", and `clientCapabilities.plan`, plan operations), read from the raw `initialize` message.
 *
 * Why raw: the demo agent is a stable SDK app, and the SDK parses `initialize` params with its
 * stable schema before any handler sees them, which drops keys it does not know, such as
 * `subagents`. Passing `onRequest` a parser of our own would switch off the SDK's rule that every
 * request before `initialize` fails -32600, and an app built with the SDK's unstable entry cannot be
 * connected in process to a stable client (their app internals differ). The updates themselves
 * need nothing: the SDK sends outgoing notifications and requests as given. So each connection's
 * stream is read on its way in: an `initialize` request's unstable capabilities are noted before the
 * SDK parses it, and the `initialize` handler adds them to the capabilities it keeps for the
 * connection (`DemoClientCapabilities`) when it accepts that request.
 */
import * as acp from '@agentclientprotocol/sdk';

/**
 * @typedef {import('@agentclientprotocol/sdk').AgentConnection} AgentConnection
 * @typedef {import('@agentclientprotocol/sdk').AgentContext} AgentContext
 * @typedef {import('@agentclientprotocol/sdk').ClientApp} ClientApp
 * @typedef {import('@agentclientprotocol/sdk').Stream} Stream
 */

/**
 * What the connection's latest `initialize` request advertised beyond the stable schema.
 * @typedef {object} UnstableCapabilities
 * @property {boolean} subagents  `clientCapabilities.subagents` was an object (`{}` opts in; omitted or `null` does not)
 * @property {boolean} plan  `clientCapabilities.plan` was an object: the client takes `plan_update` / `plan_removed`
 */

/**
 * The client capabilities a connection's handlers and scripts see: the stable ones as parsed, plus
 * the unstable ones read here.
 * @typedef {import('@agentclientprotocol/sdk').ClientCapabilities & { subagents?: Record<string, never>, plan?: Record<string, never>, agentOwned?: true }} DemoClientCapabilities
 */

/** @returns {UnstableCapabilities} */
export const noUnstableCapabilities = () => ({ subagents: false, plan: false });

/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Notes each `initialize` request's unstable capabilities in `seen`; every message goes on
 * unchanged. The SDK reads a message after this has, so the handler of an `initialize` finds its
 * capabilities here (a client that sends a second one without waiting has it refused anyway).
 * @param {Stream} stream
 * @param {UnstableCapabilities} seen
 * @returns {Stream}
 */
export function readUnstableCapabilities(stream, seen) {
  const readable = stream.readable.pipeThrough(
    new TransformStream({
      /** @param {unknown} message */
      transform(message, controller) {
        if (isRecord(message) && message.method === 'initialize' && 'id' in message) {
          const caps = isRecord(message.params) ? message.params.clientCapabilities : undefined;
          seen.subagents = isRecord(caps) && isRecord(caps.subagents);
          seen.plan = isRecord(caps) && isRecord(caps.plan);
        }
        controller.enqueue(message);
      },
    }),
  );
  return { readable, writable: stream.writable };
}

/** @param {unknown} value @returns {value is Stream} */
const isStream = (value) => isRecord(value) && 'readable' in value && 'writable' in value;

/**
 * Adds what `seen` holds to the capabilities an accepted `initialize` parsed.
 * @param {import('@agentclientprotocol/sdk').ClientCapabilities | undefined} parsed
 * @param {UnstableCapabilities} seen
 * @returns {DemoClientCapabilities}
 */
export function withUnstableCapabilities(parsed, seen) {
  return { ...parsed, ...(seen.subagents ? { subagents: {} } : {}), ...(seen.plan ? { plan: {} } : {}) };
}

/**
 * The demo agent's app: a stable SDK `AgentApp` whose connections read their unstable capabilities
 * (above) and hand them to `onConnection` before any message is handled. Every way the SDK serves
 * an app goes through `connect` (a stream, `AcpServer`, a client app passed to `connect`), except a
 * client app connecting to this one (`clientApp.connect(agentApp)`), which uses the app's internals:
 * there the capabilities read as not advertised.
 */
export class DemoAgentApp extends acp.AgentApp {
  /**
   * @param {{ name?: string }} options
   * @param {(client: AgentContext, seen: UnstableCapabilities) => void} onConnection
   */
  constructor(options, onConnection) {
    super(options);
    this.onConnection = onConnection;
  }

  /**
   * @override
   * @param {Stream | ClientApp} target
   * @param {object} [options]  passed on (`AcpServer` defers connect handlers with it)
   * @returns {AgentConnection}
   */
  connect(target, options) {
    const seen = noUnstableCapabilities();
    if (isStream(target)) {
      const connection = /** @type {(s: Stream, o?: object) => AgentConnection} */ (super.connect)(readUnstableCapabilities(target, seen), options);
      this.onConnection(connection.client, seen);
      return connection;
    }
    // A client app in process: the same two joined streams the SDK would make, so this one is read too.
    const toAgent = new TransformStream();
    const toClient = new TransformStream();
    const peer = target.connect({ readable: toClient.readable, writable: toAgent.writable });
    const connection = this.connect({ readable: toAgent.readable, writable: toClient.writable }, options);
    void connection.closed.then(() => peer.close());
    void peer.closed.then(() => connection.close());
    return connection;
  }
}
