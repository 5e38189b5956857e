/**
 * The client's one `initialize`, written on the tapped stream before any SDK app is connected.
 * Neither SDK client app can "offer the newest version, accept an older answer": the v1 app's
 * parser drops the v2 fields, and the v2 app closes the connection on an answer of 1. So the client
 * asks itself, reads until the answer, decides the version, and hands the app of that version
 * the rest of the stream (what came before the answer first, in order). The v1 app has no
 * client-side gate, so it works on a stream whose `initialize` was done for it.
 *
 * The id is a string: it cannot meet the app's numeric ids, and both versions allow it. The tap
 * records the request and its answer like any other.
 */
import type { AnyMessage, Stream } from '@agentclientprotocol/sdk';
import { AcpClientError, ErrorCodes, toAcpError } from '../errors.js';
import { isRecord } from '../guards.js';

export const INITIALIZE_ID = 'acp-react/initialize';

/** The newest ACP version this build speaks (`protocol-v2.ts`), and so what `protocol: 'auto'` offers. */
export const LATEST: 1 | 2 = 2;

export type Protocol = 1 | 2 | 'auto';

export interface Handshake {
  version: 1 | 2;
  /** The agent's `initialize` result, unchecked. */
  result: Record<string, unknown>;
  /** The stream for the app of that version. */
  rest: Stream;
  /** What was odd about the answer, though it was used (for a `protocol_oddity` diagnostic). */
  oddity?: string;
}

/**
 * `open` opens the stream, once `protocol` is known to be spoken. `params(version)`: the
 * `initialize` params offering that version (with `auto` and version 2, the v1 fields too, so a
 * v1 agent can answer 1 to the same request). Under `auto`, an agent that refuses the version
 * offered (-32022) is asked once more, for version 1 only, on a stream opened anew. On failure
 * the stream is closed.
 */
export async function negotiate(
  open: () => Stream | Promise<Stream>,
  protocol: Protocol,
  params: (version: 1 | 2) => Record<string, unknown>,
  timeoutMs: number,
  signal?: AbortSignal,
  latest: 1 | 2 = LATEST,
  /** Extension notifications (`_…`) before the answer, at once: acp-react-bridge reports a silent agent's process meanwhile. */
  early?: (notification: { method: string; params: unknown }) => void,
): Promise<Handshake> {
  if (protocol !== 'auto' && protocol > latest) {
    throw new AcpClientError(ErrorCodes.unsupportedProtocolVersion, 'ACP v2 is not available in this build of acp-react: use protocol 1 or auto.');
  }
  /** What came before the answer, for the app. */
  let buffered: AnyMessage[] = [];
  let written: Promise<unknown> = Promise.resolve();
  const start = async () => {
    const opened = await open();
    buffered = [];
    return [opened, opened.readable.getReader(), opened.writable.getWriter()] as const;
  };
  let [stream, reader, writer] = await start();
  // After the last write settled: a socket closed while still opening throws where nobody hears.
  const close = () =>
    written
      .catch(() => {})
      .then(() => {
        void reader.cancel().catch(() => {});
        void writer.close().catch(() => {});
      });
  const spoken = latest > 1 ? 'versions 1 and 2' : 'version 1';
  const refuse = (what: string) =>
    new AcpClientError(
      ErrorCodes.unsupportedProtocolVersion,
      `The agent ${what}; this client ${protocol === 'auto' ? `speaks ${spoken}` : `is set to protocol ${protocol}`}.`,
    );

  /** Sends `initialize` offering `version`; resolves with the answer's message. */
  const ask = (version: 1 | 2) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
      };
      const fail = (error: unknown) => {
        settle();
        reject(error);
      };
      const timer = setTimeout(() => {
        // Tells the agent to stop, before the stream closes.
        written = written.then(() => writer.write({ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: INITIALIZE_ID } } as AnyMessage));
        fail(new AcpClientError(ErrorCodes.timeout, `The agent did not answer initialize within ${timeoutMs / 1000} s.`));
      }, timeoutMs);
      const abort = () => fail(new AcpClientError(ErrorCodes.requestCancelled, 'initialize was cancelled.'));
      signal?.addEventListener('abort', abort);
      if (signal?.aborted) abort();
      written = writer.write({ jsonrpc: '2.0', id: INITIALIZE_ID, method: 'initialize', params: params(version) } as AnyMessage);
      written.catch(fail);
      const read = (): Promise<void> =>
        reader.read().then(({ value, done }) => {
          if (done) return fail(new AcpClientError(ErrorCodes.connectionClosed, 'The connection to the agent closed before it answered initialize.'));
          if (!('method' in value) && (value as { id?: unknown }).id === INITIALIZE_ID) {
            settle();
            return resolve(value as Record<string, unknown>);
          }
          if (early && !('id' in value) && /^_/.test((value as { method?: string }).method ?? '')) early(value as { method: string; params: unknown });
          else buffered.push(value);
          return read();
        }, fail);
      void read();
    });

  try {
    let offered = protocol === 'auto' ? latest : protocol;
    for (;;) {
      const answer = await ask(offered);
      const { error, result } = answer as { error?: { code?: unknown; data?: unknown }; result?: unknown };
      if (error) {
        const supported = isRecord(error.data) && Array.isArray(error.data.supported) ? (error.data.supported as unknown[]) : null;
        if (error.code !== ErrorCodes.unsupportedProtocolVersion && !supported?.length) throw toAcpError(error);
        if (protocol === 'auto' && offered > 1) {
          // On a fresh stream: Streamable HTTP refuses a second `initialize` on a connection.
          offered = 1;
          await close();
          [stream, reader, writer] = await start();
          continue;
        }
        throw supported ? refuse(`speaks ACP protocol version ${supported.join(' and ')} only`) : toAcpError(error);
      }
      let version = isRecord(result) ? result.protocolVersion : undefined;
      let oddity: string | undefined;
      // Some v1 agents echo the version asked: a v1-shaped answer is v1, whatever it says.
      if (version === 2 && isRecord(result) && !isRecord(result.info) && (isRecord(result.agentCapabilities) || isRecord(result.agentInfo))) {
        const what = "answered version 2 in ACP v1's shape (agentCapabilities, no info)";
        if (protocol !== 'auto') throw refuse(what);
        oddity = `The agent ${what}; it is spoken to in ACP v1.`;
        version = 1;
      }
      // Under `auto` the agent may choose an older version than offered: 1 is always spoken.
      if (isRecord(result) && (version === offered || (version === 1 && protocol === 'auto'))) {
        const rest = new ReadableStream<AnyMessage>({
          start: (controller) => buffered.forEach((msg) => controller.enqueue(msg)),
          pull: (controller) => reader.read().then(({ value, done }) => (done ? controller.close() : controller.enqueue(value))),
          cancel: (reason) => reader.cancel(reason),
        });
        writer.releaseLock();
        return { version: version as 1 | 2, result, rest: { readable: rest, writable: stream.writable }, ...(oddity && { oddity }) };
      }
      throw refuse(`answered ACP protocol version ${JSON.stringify(version)}`);
    }
  } catch (error) {
    void close();
    throw error;
  }
}
