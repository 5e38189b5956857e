/**
 * The client's own `initialize` (`core/client/negotiate.ts`), on an in-memory stream pair: it
 * writes one request, reads until its answer, keeps what came before in order for the app that
 * speaks the answered version, and decides that version (or fails naming both sides' versions).
 */
import type { AnyMessage, Stream } from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { INITIALIZE_ID, negotiate, type Protocol } from '../../src/core/client/negotiate.js';

/** The client's end of a stream and the agent's: what the client writes, and a way to answer. */
function pair() {
  const toClient = new TransformStream<AnyMessage, AnyMessage>();
  const toAgent = new TransformStream<AnyMessage, AnyMessage>();
  const agentWriter = toClient.writable.getWriter();
  const agentReader = toAgent.readable.getReader();
  const received: AnyMessage[] = [];
  let closed = false;
  const stream: Stream = { readable: toClient.readable, writable: toAgent.writable };
  return {
    stream,
    received,
    closed: () => closed,
    /** The next message the client wrote (null once the client closed its side). */
    async next(): Promise<Record<string, unknown> | null> {
      const { value, done } = await agentReader.read();
      if (done) {
        closed = true;
        return null;
      }
      received.push(value);
      return value as Record<string, unknown>;
    },
    send: (msg: Record<string, unknown>) => agentWriter.write({ jsonrpc: '2.0', ...msg } as AnyMessage),
    end: () => agentWriter.close(),
  };
}

const v1Params = { clientInfo: { name: 'acp-react', version: '0' }, clientCapabilities: { plan: {} } };
const params = (version: 1 | 2) => ({ protocolVersion: version, ...v1Params });
const v1Answer = { protocolVersion: 1, agentCapabilities: { loadSession: true }, agentInfo: { name: 'a', version: '1' }, authMethods: [] };

async function run(protocol: Protocol, answer: (p: ReturnType<typeof pair>) => Promise<void>, timeoutMs = 5000, latest: 1 | 2 = 1) {
  const p = pair();
  const result = negotiate(() => p.stream, protocol, params, timeoutMs, undefined, latest);
  const answered = answer(p);
  const settled = await result.then(
    (handshake) => ({ handshake, error: null }),
    (error: unknown) => ({ handshake: null, error: error as { code: unknown; message: string } }),
  );
  await answered;
  return { ...settled, p };
}

/** Reads everything from a stream until it ends. */
async function drain(readable: ReadableStream<AnyMessage>, count: number): Promise<AnyMessage[]> {
  const reader = readable.getReader();
  const out: AnyMessage[] = [];
  while (out.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    out.push(value);
  }
  reader.releaseLock();
  return out;
}

describe('negotiate', () => {
  it('sends one initialize with its own string id, and hands on what arrived before the answer, in order, then the rest', async () => {
    const { handshake, p } = await run('auto', async (p) => {
      const init = await p.next();
      expect(init).toMatchObject({ id: INITIALIZE_ID, method: 'initialize', params: { protocolVersion: 1, clientCapabilities: { plan: {} } } });
      await p.send({ method: '_vendor/early', params: { n: 1 } });
      await p.send({ id: 7, method: '_vendor/ask', params: { n: 2 } });
      await p.send({ id: INITIALIZE_ID, result: v1Answer });
      // Written once the app reads (the pair has no buffer): not awaited here.
      void p.send({ method: '_vendor/late', params: { n: 3 } });
    });
    expect(handshake).toMatchObject({ version: 1, result: v1Answer });
    const rest = await drain(handshake!.rest.readable, 3);
    expect(rest.map((m) => (m as { params: { n: number } }).params.n)).toEqual([1, 2, 3]);
    // The app writes on the same stream: its messages reach the agent after the initialize.
    const writer = handshake!.rest.writable.getWriter();
    const write = writer.write({ jsonrpc: '2.0', id: 0, method: 'session/new', params: {} } as AnyMessage);
    expect(await p.next()).toMatchObject({ id: 0, method: 'session/new' });
    await write;
    expect(p.received.filter((m) => (m as { method?: string }).method === 'initialize')).toHaveLength(1);
  });

  it('extension notifications before the answer are handed on at once, not held (a bridge reporting a silent agent)', async () => {
    const p = pair();
    const early: unknown[] = [];
    const result = negotiate(
      () => p.stream,
      'auto',
      params,
      5000,
      undefined,
      1,
      (msg) => early.push(msg),
    );
    await p.next();
    await p.send({ method: '_acp-react/bridge/agent_process', params: { stderr: 'starting' } });
    await expect.poll(() => early).toEqual([{ jsonrpc: '2.0', method: '_acp-react/bridge/agent_process', params: { stderr: 'starting' } }]);
    await p.send({ method: 'session/update', params: { n: 1 } });
    await p.send({ id: INITIALIZE_ID, result: v1Answer });
    const handshake = await result;
    expect(await drain(handshake.rest.readable, 1)).toEqual([{ jsonrpc: '2.0', method: 'session/update', params: { n: 1 } }]);
    expect(early).toHaveLength(1);
  });

  it('the rest ends when the agent’s side ends', async () => {
    const ended = await run(1, async (p) => {
      await p.next();
      await p.send({ id: INITIALIZE_ID, result: v1Answer });
      void p.end();
    });
    const reader = ended.handshake!.rest.readable.getReader();
    expect(await reader.read()).toEqual({ value: undefined, done: true });
  });

  it('times out with a clear error, tells the agent to stop, and closes the stream', async () => {
    const { error, p } = await run(
      'auto',
      async (p) => {
        await p.next();
      },
      50,
    );
    expect(error).toMatchObject({ code: 'timeout', message: 'The agent did not answer initialize within 0.05 s.' });
    expect(await p.next()).toMatchObject({ method: '$/cancel_request', params: { requestId: INITIALIZE_ID } });
    expect(await p.next()).toBeNull();
  });

  it('a stream that ends before the answer is a closed connection', async () => {
    const { error } = await run('auto', async (p) => {
      await p.next();
      await p.end();
    });
    expect(error).toMatchObject({ code: 'connection_closed' });
  });

  it('an aborted negotiation closes the stream once its initialize went out', async () => {
    const p = pair();
    const controller = new AbortController();
    const result = negotiate(() => p.stream, 'auto', params, 5000, controller.signal);
    await p.next();
    controller.abort();
    await expect(result).rejects.toMatchObject({ code: -32800 });
    expect(await p.next()).toBeNull();
  });

  describe('the decision', () => {
    it('an agent error is passed on as it is (auth, internal…), and the stream closed', async () => {
      const { error, p } = await run('auto', async (p) => {
        await p.next();
        await p.send({ id: INITIALIZE_ID, error: { code: -32603, message: 'boom' } });
      });
      expect(error).toMatchObject({ code: -32603, message: 'boom' });
      expect(await p.next()).toBeNull();
    });

    it('an answer of a version no side knows names both', async () => {
      const { error } = await run('auto', async (p) => {
        await p.next();
        await p.send({ id: INITIALIZE_ID, result: { ...v1Answer, protocolVersion: 3 } });
      });
      expect(error).toMatchObject({ code: -32022, message: 'The agent answered ACP protocol version 3; this client speaks version 1.' });
    });

    it('a non-number version is refused the same way', async () => {
      const { error } = await run('auto', async (p) => {
        await p.next();
        await p.send({ id: INITIALIZE_ID, result: { ...v1Answer, protocolVersion: 'one' } });
      });
      expect(error).toMatchObject({ code: -32022, message: expect.stringMatching(/version "one"; this client speaks version 1\./) });
    });

    it('protocol 1 against an agent that speaks version 2 only: its -32022 named with the setting', async () => {
      const { error } = await run(1, async (p) => {
        await p.next();
        await p.send({ id: INITIALIZE_ID, error: { code: -32022, message: 'Unsupported protocol version', data: { requested: 1, supported: [2] } } });
      });
      expect(error).toMatchObject({ code: -32022, message: 'The agent speaks ACP protocol version 2 only; this client is set to protocol 1.' });
    });

    it('protocol 1 against an agent answering 2 (a version not offered) names the setting', async () => {
      const { error } = await run(1, async (p) => {
        await p.next();
        await p.send({ id: INITIALIZE_ID, result: { protocolVersion: 2, info: { name: 'a', version: '1' }, capabilities: {} } });
      });
      expect(error).toMatchObject({ code: -32022, message: 'The agent answered ACP protocol version 2; this client is set to protocol 1.' });
    });

    it('auto against a v2-only agent says what this client speaks', async () => {
      const { error } = await run('auto', async (p) => {
        await p.next();
        await p.send({ id: INITIALIZE_ID, error: { code: -32022, message: 'Unsupported protocol version', data: { requested: 1, supported: [2] } } });
      });
      expect(error).toMatchObject({ code: -32022, message: 'The agent speaks ACP protocol version 2 only; this client speaks version 1.' });
    });

    it('protocol 2 is refused before a stream is opened by a build without a v2 client (latest 1)', async () => {
      let opened = 0;
      await expect(negotiate(() => (opened++, pair().stream), 2, params, 5000, undefined, 1)).rejects.toMatchObject({
        code: -32022,
        message: 'ACP v2 is not available in this build of acp-react: use protocol 1 or auto.',
      });
      expect(opened).toBe(0);
    });
  });

  describe('once the build speaks version 2 (`latest`)', () => {
    const v2Answer = { protocolVersion: 2, info: { name: 'a', version: '1' }, capabilities: {} };
    const answering = (result: unknown) => async (p: ReturnType<typeof pair>) => {
      await p.next();
      await p.send({ id: INITIALIZE_ID, result });
    };

    it('auto offers 2 and takes either answer', async () => {
      const two = await run('auto', answering(v2Answer), 5000, 2);
      expect(two.p.received[0]).toMatchObject({ params: { protocolVersion: 2 } });
      expect(two.handshake).toMatchObject({ version: 2, result: v2Answer });
      const one = await run('auto', answering(v1Answer), 5000, 2);
      expect(one.handshake).toMatchObject({ version: 1, result: v1Answer });
    });

    it("an answer of 2 in v1's shape (an agent echoing the version asked): v1 under auto, with the oddity; refused under protocol 2", async () => {
      const echo = { protocolVersion: 2, agentInfo: { name: 'echo', version: '1' }, agentCapabilities: { loadSession: true } };
      const auto = await run('auto', answering(echo), 5000, 2);
      expect(auto.handshake).toMatchObject({ version: 1, result: echo, oddity: expect.stringMatching(/answered version 2 in ACP v1's shape/) });
      expect((await run('auto', answering(v2Answer), 5000, 2)).handshake?.oddity).toBeUndefined();
      expect((await run(2, answering(echo), 5000, 2)).error).toMatchObject({
        code: -32022,
        message: "The agent answered version 2 in ACP v1's shape (agentCapabilities, no info); this client is set to protocol 2.",
      });
    });

    it('auto asks once more, for version 1 only, on a fresh stream, when the agent refuses 2 with -32022', async () => {
      // A fresh stream: Streamable HTTP refuses a second initialize on a connection.
      const [first, second] = [pair(), pair()];
      const streams = [first, second];
      const result = negotiate(() => streams.shift()!.stream, 'auto', params, 5000, undefined, 2);
      expect(await first.next()).toMatchObject({ params: { protocolVersion: 2 } });
      await first.send({ method: '_vendor/stale', params: {} });
      await first.send({ id: INITIALIZE_ID, error: { code: -32022, message: 'Unsupported protocol version', data: { requested: 2, supported: [1] } } });
      expect(await first.next()).toBeNull();
      expect(await second.next()).toMatchObject({ id: INITIALIZE_ID, params: { protocolVersion: 1 } });
      await second.send({ id: INITIALIZE_ID, result: v1Answer });
      const handshake = await result;
      expect(handshake).toMatchObject({ version: 1, result: v1Answer });
      // Nothing of the first connection reaches the app.
      void second.send({ method: '_vendor/fresh', params: {} });
      expect(await drain(handshake.rest.readable, 1)).toMatchObject([{ method: '_vendor/fresh' }]);
    });

    it('protocol 2 against an agent answering 1, and auto against 3, name both sides', async () => {
      const one = await run(2, answering(v1Answer), 5000, 2);
      expect(one.error).toMatchObject({ code: -32022, message: 'The agent answered ACP protocol version 1; this client is set to protocol 2.' });
      const three = await run('auto', answering({ ...v2Answer, protocolVersion: 3 }), 5000, 2);
      expect(three.error).toMatchObject({ message: 'The agent answered ACP protocol version 3; this client speaks versions 1 and 2.' });
    });
  });
});
