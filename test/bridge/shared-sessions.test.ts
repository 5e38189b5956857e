// `--shared` with several pages at once (issue 30): pages attach to the agent's sessions, get the
// sequenced log then the live stream, answer agent requests once, and observers are refused.
// Real WebSockets on 127.0.0.1, the SDK fixture agent over stdio.
import { afterEach, describe, expect, it } from 'vitest';
import { INIT_PARAMS, RawClient, closeAllBridges, startTestBridge, waitForLog, type TestBridge } from './helpers';

afterEach(closeAllBridges);

const SEQ = 'acp-react/seq';
type Message = Record<string, unknown>;

/** One page: a raw WebSocket that initialized with its own clientInfo name. */
class Page {
  private constructor(
    readonly raw: RawClient,
    readonly name: string,
  ) {}

  static async open(url: string, name: string, protocols: string[] = []): Promise<Page> {
    const raw = await RawClient.open(url, { protocols });
    const page = new Page(raw, name);
    await page.request('initialize', { ...INIT_PARAMS, clientInfo: { name, version: '1.0.0' } });
    return page;
  }

  get messages() {
    return this.raw.messages;
  }

  request(method: string, params: unknown = {}) {
    return this.raw.request(method, params);
  }

  async newSession(): Promise<string> {
    const created = await this.request('session/new', { cwd: process.cwd(), mcpServers: [] });
    return (created.result as { sessionId: string }).sessionId;
  }

  attach(sessionId: string, extra: Record<string, unknown> = {}) {
    return this.request('_acp-react/bridge/session/attach', { sessionId, ...extra });
  }

  /** The sequenced messages of a session this page received, in order. */
  logged(sessionId: string): Message[] {
    return this.messages.filter((message) => {
      const params = message.params as { sessionId?: string; _meta?: Record<string, unknown> } | undefined;
      return params?.sessionId === sessionId && typeof params._meta?.[SEQ] === 'number';
    });
  }

  seqs(sessionId: string): number[] {
    return this.logged(sessionId).map(seqOf);
  }

  waitFor(predicate: (message: Message) => boolean) {
    return this.raw.waitFor(predicate);
  }

  close() {
    return this.raw.close();
  }
}

function seqOf(message: Message): number {
  return ((message.params as { _meta: Record<string, number> })._meta[SEQ] ?? NaN) as number;
}

function chunkText(message: Message): string | undefined {
  const update = (message.params as { update?: { sessionUpdate?: string; content?: { text?: string } } } | undefined)?.update;
  return update?.sessionUpdate === 'agent_message_chunk' ? update.content?.text : undefined;
}

/** 1..n, for comparing a page's sequence numbers with the whole log. */
const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

const prompt = (id: string | number, sessionId: string, text: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'session/prompt',
  params: { sessionId, prompt: [{ type: 'text', text }] },
});

async function sharedBridge(options: Parameters<typeof startTestBridge>[0] = {}): Promise<TestBridge> {
  return startTestBridge({ shared: true, ...options });
}

describe('acp-react-bridge --shared: several pages on one agent', () => {
  it('lets a page join a running turn: the log then the live stream, in order, with no duplicate and no gap', async () => {
    const { url } = await sharedBridge();
    const a = await Page.open(url, 'page A');
    const sessionId = await a.newSession();
    a.raw.send(prompt('flood', sessionId, 'flood 3000 64'));
    // Join mid-turn: after A has seen some of the stream, before it ends.
    await a.waitFor((message) => chunkText(message)?.startsWith('200:') ?? false);
    const b = await Page.open(url, 'page B');
    const attached = await b.attach(sessionId);
    expect(attached.result).toMatchObject({ sessionId, role: 'controller', cwd: process.cwd() });
    const { seq } = attached.result as { seq: number };
    expect(seq).toBeGreaterThan(200);
    // Everything logged before the answer came before it, and nothing else did.
    const beforeAnswer = b.logged(sessionId).filter((message) => b.messages.indexOf(message) < b.messages.indexOf(attached));
    expect(beforeAnswer.map(seqOf)).toEqual(upTo(seq));

    await a.waitFor((message) => message.id === 'flood');
    const ended = await b.waitFor((message) => message.method === '_acp-react/bridge/session/turn_ended');
    expect(ended.params).toMatchObject({ sessionId, stopReason: 'end_turn', by: { name: 'page A', role: 'controller' } });
    const last = seqOf(ended);
    expect(b.seqs(sessionId)).toEqual(upTo(last));
    expect(a.seqs(sessionId)).toEqual(upTo(last));
    // The same entries, in the same order, on both pages: the turn's start, 3000 chunks, its end.
    const texts = b.logged(sessionId).flatMap((message) => chunkText(message) ?? []);
    expect(texts.map((text) => Number(text.split(':')[0]))).toEqual(upTo(3000));
    expect(b.logged(sessionId)[0]).toMatchObject({
      method: '_acp-react/bridge/session/turn_started',
      params: { prompt: [{ type: 'text', text: 'flood 3000 64' }], by: { name: 'page A' } },
    });
    // B never got A's response: it is A's request.
    expect(b.messages.some((message) => message.id === 'flood')).toBe(false);
  });

  it('resumes a reconnecting page from the last sequence it saw: only what it missed', async () => {
    const { url } = await sharedBridge();
    const a = await Page.open(url, 'page A');
    const sessionId = await a.newSession();
    const b = await Page.open(url, 'page B');
    await b.attach(sessionId);
    await a.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'flood 5 10' }] });
    await b.waitFor((m) => m.method === '_acp-react/bridge/session/turn_ended');
    const seen = Math.max(...b.seqs(sessionId));
    await b.close();

    // While B is away, another turn.
    await a.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'flood 4 10' }] });
    const total = Math.max(...a.seqs(sessionId));

    const again = await Page.open(url, 'page B');
    const attached = await again.attach(sessionId, { afterSeq: seen });
    expect((attached.result as { seq: number }).seq).toBe(total);
    expect(again.seqs(sessionId)).toEqual(upTo(total).slice(seen));
    expect(
      again
        .logged(sessionId)
        .flatMap((m) => chunkText(m) ?? [])
        .map((t) => t.split(':')[0]),
    ).toEqual(['1', '2', '3', '4']);
  });

  it('sends a permission request to every controller and forwards exactly one answer, even two in the same tick', async () => {
    const { url } = await sharedBridge();
    const a = await Page.open(url, 'page A');
    const sessionId = await a.newSession();
    const b = await Page.open(url, 'page B');
    await b.attach(sessionId);
    a.raw.send(prompt('turn', sessionId, 'permission'));
    const [askA, askB] = await Promise.all([a, b].map((page) => page.waitFor((message) => message.method === 'session/request_permission')));
    expect(askA.id).toBe(askB.id);
    const answer = (optionId: string) => ({ jsonrpc: '2.0', id: askA.id, result: { outcome: { outcome: 'selected', optionId } } });
    // Both in the same tick: whichever the bridge reads first wins; the other is refused.
    b.raw.send(answer('allow'));
    a.raw.send(answer('reject'));

    const resolved = await Promise.all([a, b].map((page) => page.waitFor((message) => message.method === '_acp-react/bridge/session/request_resolved')));
    const winner = (resolved[0]?.params as { by: { name: string } }).by.name;
    expect(resolved[1]?.params).toEqual(resolved[0]?.params);
    expect(resolved[0]?.params).toMatchObject({ sessionId, requestId: askA.id, method: 'session/request_permission', toolCallId: 'call-1' });
    const loser = winner === 'page A' ? b : a;
    const refused = await loser.waitFor((message) => message.method === '_acp-react/bridge/refused');
    expect(refused.params).toMatchObject({ requestId: askA.id, error: { code: -32051, message: `already answered by ${winner}` } });

    const response = await a.waitFor((message) => message.id === 'turn');
    expect(response.result).toMatchObject({ stopReason: 'end_turn' });
    const info = (await a.request('_fixture/info')).result as { answers: Record<string, number>; lastPermission: unknown };
    expect(Object.values(info.answers)).toEqual([1]);
    const chosen = winner === 'page A' ? 'reject' : 'allow';
    expect(info.lastPermission).toEqual({ outcome: { outcome: 'selected', optionId: chosen } });
    expect(resolved[0]?.params).toMatchObject({ result: { outcome: { optionId: chosen } } });

    // A late answer, well after: refused the same way, and the agent still saw one.
    (winner === 'page A' ? a : b).raw.send(answer('allow'));
    await (winner === 'page A' ? a : b).waitFor((message) => message.method === '_acp-react/bridge/refused');
    const after = (await a.request('_fixture/info')).result as { answers: Record<string, number> };
    expect(Object.values(after.answers)).toEqual([1]);
  });

  it('tells the other pages a form was answered, by whom, without its values', async () => {
    const { url } = await sharedBridge();
    const a = await Page.open(url, 'page A');
    const sessionId = await a.newSession();
    const b = await Page.open(url, 'page B');
    await b.attach(sessionId);
    a.raw.send(prompt('turn', sessionId, 'elicit'));
    const ask = await b.waitFor((message) => message.method === 'elicitation/create');
    b.raw.send({ jsonrpc: '2.0', id: ask.id, result: { action: 'accept', content: { name: 'secret name' } } });
    const resolved = await a.waitFor((message) => message.method === '_acp-react/bridge/session/request_resolved');
    expect(resolved.params).toMatchObject({ sessionId, method: 'elicitation/create', by: { name: 'page B' }, result: { action: 'accept' } });
    expect(JSON.stringify(resolved)).not.toContain('secret name');
    await a.waitFor((message) => chunkText(message)?.includes('secret name') ?? false);
  });

  it('takes a queued prompt back on $/cancel_request, and a page’s own queued prompts on its session/cancel', async () => {
    const { url } = await sharedBridge();
    const a = await Page.open(url, 'page A');
    const sessionId = await a.newSession();
    const b = await Page.open(url, 'page B');
    await b.attach(sessionId);
    a.raw.send(prompt('long', sessionId, 'wait'));
    await b.waitFor((message) => chunkText(message) === 'waiting');
    b.raw.send(prompt('queued-1', sessionId, 'flood 1 1'));
    b.raw.send(prompt('queued-2', sessionId, 'flood 1 1'));
    b.raw.send({ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: 'queued-1' } });
    expect((await b.waitFor((message) => message.id === 'queued-1')).error).toMatchObject({ code: -32800 });
    b.raw.send({ jsonrpc: '2.0', method: 'session/cancel', params: { sessionId } });
    expect((await b.waitFor((message) => message.id === 'queued-2')).result).toEqual({ stopReason: 'cancelled' });
    // A's turn is the agent's to end; the queued ones never reached it.
    a.raw.send({ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: 'long' } });
    await a.waitFor((message) => message.id === 'long');
    const started = a.logged(sessionId).filter((message) => message.method === '_acp-react/bridge/session/turn_started');
    expect(started).toHaveLength(1);
  });

  it('sends a file request to the page whose prompt is running only: the agent works on one workspace', async () => {
    const { url } = await sharedBridge();
    const a = await Page.open(url, 'page A');
    const sessionId = await a.newSession();
    const b = await Page.open(url, 'page B');
    await b.attach(sessionId);
    b.raw.send(prompt('turn', sessionId, 'read'));
    const read = await b.waitFor((m) => m.method === 'fs/read_text_file');
    b.raw.send({ jsonrpc: '2.0', id: read.id, result: { content: 'from B' } });
    expect((await b.waitFor((m) => m.id === 'turn')).result).toMatchObject({ stopReason: 'end_turn' });
    await a.waitFor((m) => chunkText(m) === 'read: from B');
    expect(a.messages.some((m) => m.method === 'fs/read_text_file')).toBe(false);
  });

  it('queues prompts from two controllers in arrival order, each its own turn', async () => {
    const { url } = await sharedBridge();
    const a = await Page.open(url, 'page A');
    const sessionId = await a.newSession();
    const b = await Page.open(url, 'page B');
    await b.attach(sessionId);
    a.raw.send(prompt('first', sessionId, 'flood 50 10'));
    b.raw.send(prompt('second', sessionId, 'flood 3 10'));
    const [first, second] = await Promise.all([a.waitFor((m) => m.id === 'first'), b.waitFor((m) => m.id === 'second')]);
    expect(first.result).toMatchObject({ stopReason: 'end_turn' });
    expect(second.result).toMatchObject({ stopReason: 'end_turn' });
    await a.waitFor((m) => m.method === '_acp-react/bridge/session/turn_ended' && (m.params as { by: { name: string } }).by.name === 'page B');
    // The turns do not interleave: A's 50 chunks, then B's 3.
    const order = a.logged(sessionId).map((m) => {
      if (m.method === '_acp-react/bridge/session/turn_started') return `start ${(m.params as { by: { name: string } }).by.name}`;
      if (m.method === '_acp-react/bridge/session/turn_ended') return `end ${(m.params as { by: { name: string } }).by.name}`;
      return 'chunk';
    });
    expect(order).toEqual(['start page A', ...Array(50).fill('chunk'), 'end page A', 'start page B', 'chunk', 'chunk', 'chunk', 'end page B']);
  });

  it('shows who is attached, with their names, roles and since when', async () => {
    const { url } = await sharedBridge();
    const a = await Page.open(url, 'page A');
    const sessionId = await a.newSession();
    const b = await Page.open(url, 'page B');
    const attached = await b.attach(sessionId, { role: 'observer' });
    const presence = (attached.result as { attached: { name: string; role: string; since: string }[] }).attached;
    expect(presence.map(({ name, role }) => ({ name, role }))).toEqual([
      { name: 'page A', role: 'controller' },
      { name: 'page B', role: 'observer' },
    ]);
    expect(Number.isNaN(Date.parse(presence[0]?.since ?? ''))).toBe(false);
    const seenByA = await a.waitFor((m) => m.method === '_acp-react/bridge/session/presence' && (m.params as { attached: unknown[] }).attached.length === 2);
    expect((seenByA.params as { attached: unknown[] }).attached).toEqual(presence);

    await b.close();
    await a.waitFor((m) => m.method === '_acp-react/bridge/session/presence' && (m.params as { attached: unknown[] }).attached.length === 1);
  });

  it('ends the session for every page with the same message when the agent dies', async () => {
    const { url } = await sharedBridge();
    const a = await Page.open(url, 'page A');
    const sessionId = await a.newSession();
    const b = await Page.open(url, 'page B');
    await b.attach(sessionId);
    const c = await Page.open(url, 'page C');
    a.raw.send(prompt('turn', sessionId, 'crash'));
    const closes = await Promise.all([a, b, c].map((page) => page.raw.closed));
    expect(closes).toEqual(Array(3).fill({ code: 1011, reason: 'agent exited with code 3' }));
    for (const page of [a, b, c]) {
      expect(page.messages.find((m) => m.method === '_acp-react/bridge/agent_process')?.params).toMatchObject({ exit: { code: 3 } });
    }
  });

  it('attaches with historyPolicy "none" (live only) and "pending_only" (the requests waiting for an answer)', async () => {
    const { url } = await sharedBridge();
    const a = await Page.open(url, 'page A');
    const sessionId = await a.newSession();
    await a.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'flood 3 1' }] });
    a.raw.send(prompt('turn', sessionId, 'permission'));
    const ask = await a.waitFor((message) => message.method === 'session/request_permission');

    const live = await Page.open(url, 'live only');
    const none = await live.attach(sessionId, { historyPolicy: 'none' });
    expect(live.logged(sessionId)).toEqual([]);
    expect((none.result as { seq: number }).seq).toBe(seqOf(ask));

    const pending = await Page.open(url, 'pending only');
    await pending.attach(sessionId, { historyPolicy: 'pending_only' });
    expect(pending.logged(sessionId)).toEqual([ask]);

    a.raw.send({ jsonrpc: '2.0', id: ask.id, result: { outcome: { outcome: 'selected', optionId: 'allow' } } });
    // From here both get the live stream.
    for (const page of [live, pending]) {
      const resolved = await page.waitFor((message) => message.method === '_acp-react/bridge/session/request_resolved');
      expect(seqOf(resolved)).toBe(seqOf(ask) + 1);
    }
  });

  it('logs a sub-agent’s messages in its parent session’s log, so every page attached to the parent gets them', async () => {
    const { url } = await sharedBridge();
    const a = await Page.open(url, 'page A');
    const sessionId = await a.newSession();
    const b = await Page.open(url, 'page B');
    await b.attach(sessionId);
    await a.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'subagent' }] });
    for (const page of [a, b]) {
      const child = await page.waitFor((m) => (m.params as { sessionId?: string } | undefined)?.sessionId === `${sessionId}-child`);
      expect(chunkText(child)).toBe('hello from the child');
      // Numbered in the parent's log, which it names.
      expect((child.params as { _meta: Record<string, unknown> })._meta).toMatchObject({ [SEQ]: expect.any(Number), 'acp-react/log': sessionId });
    }
    // A page attaching later gets it in the parent's history.
    const c = await Page.open(url, 'page C');
    await c.attach(sessionId);
    expect(c.messages.some((m) => chunkText(m) === 'hello from the child')).toBe(true);
  });

  it('refuses an attach to a session it does not hold', async () => {
    const { url } = await sharedBridge();
    const a = await Page.open(url, 'page A');
    const refused = await a.attach('no-such-session');
    expect(refused.error).toMatchObject({ code: -32002, data: { sessionId: 'no-such-session' } });
  });
});

describe('acp-react-bridge --shared: observers', () => {
  const token = 'controller-secret';
  const observerToken = 'observer-secret';

  it('refuses an observer’s prompt, answer and cancel at the bridge; the agent sees none of them', async () => {
    const { url } = await sharedBridge({ token, observerToken });
    const a = await Page.open(url, 'controller', [`acp-token.${token}`]);
    const sessionId = await a.newSession();
    const c = await Page.open(url, 'observer', [`acp-token.${observerToken}`]);
    expect(c.messages.find((m) => m.method === '_acp-react/bridge/features')?.params).toMatchObject({ features: { shared: { role: 'observer' } } });

    expect((await c.attach(sessionId, { role: 'controller' })).error).toMatchObject({ code: -32050 });
    expect((await c.attach(sessionId)).result).toMatchObject({ role: 'observer' });
    const refusedPrompt = await c.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'hi' }] });
    expect(refusedPrompt.error).toMatchObject({ code: -32050, message: expect.stringMatching(/observer/) });
    expect((await c.request('session/new', { cwd: process.cwd(), mcpServers: [] })).error).toMatchObject({ code: -32050 });

    a.raw.send(prompt('turn', sessionId, 'permission'));
    const ask = await c.waitFor((m) => m.method === 'session/request_permission');
    c.raw.send({ jsonrpc: '2.0', id: ask.id, result: { outcome: { outcome: 'selected', optionId: 'allow' } } });
    const refusedAnswer = await c.waitFor((m) => m.method === '_acp-react/bridge/refused');
    expect(refusedAnswer.params).toMatchObject({ requestId: ask.id, error: { code: -32050 } });
    c.raw.send({ jsonrpc: '2.0', method: 'session/cancel', params: { sessionId } });
    await c.waitFor((m) => m.method === '_acp-react/bridge/refused' && (m.params as { method?: string }).method === 'session/cancel');

    // The controller's answer is the one the agent gets.
    const askA = await a.waitFor((m) => m.method === 'session/request_permission');
    a.raw.send({ jsonrpc: '2.0', id: askA.id, result: { outcome: { outcome: 'selected', optionId: 'reject' } } });
    expect((await a.waitFor((m) => m.id === 'turn')).result).toMatchObject({ stopReason: 'end_turn' });
    const info = (await a.request('_fixture/info')).result as { answers: Record<string, number>; lastPermission: unknown; sessions: number };
    expect(info).toMatchObject({ sessions: 1, answers: { [String(ask.id)]: 1 }, lastPermission: { outcome: { optionId: 'reject' } } });
  });

  it('holds a controller page that attached as an observer to that role in the session', async () => {
    const { url } = await sharedBridge();
    const a = await Page.open(url, 'page A');
    const sessionId = await a.newSession();
    const b = await Page.open(url, 'page B');
    expect((await b.attach(sessionId, { role: 'observer' })).result).toMatchObject({ role: 'observer' });
    const refused = await b.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'hi' }] });
    expect(refused.error).toMatchObject({ code: -32050 });
    b.raw.send({ jsonrpc: '2.0', method: 'session/cancel', params: { sessionId } });
    await b.waitFor((m) => m.method === '_acp-react/bridge/refused' && (m.params as { method?: string }).method === 'session/cancel');
    expect(a.logged(sessionId).filter((m) => m.method === '_acp-react/bridge/session/turn_started')).toEqual([]);
  });

  it('makes pages from loopback controllers when no token is set', async () => {
    const { url } = await sharedBridge();
    const a = await Page.open(url, 'page A');
    expect(a.messages.find((m) => m.method === '_acp-react/bridge/features')?.params).toMatchObject({
      features: { shared: { role: 'controller', pageId: expect.any(String) } },
    });
  });
});

describe('acp-react-bridge --shared: the log bound', () => {
  it('keeps each session’s log within --shared-buffer-bytes under a flood with three pages, and tells a page that fell behind to reload', async () => {
    const bound = 256 * 1024;
    const testBridge = await sharedBridge({ sharedBufferBytes: bound });
    const { url } = testBridge;
    const a = await Page.open(url, 'page A');
    const sessionId = await a.newSession();
    const b = await Page.open(url, 'page B');
    await b.attach(sessionId);
    const slow = await Page.open(url, 'slow page');
    await slow.attach(sessionId);
    // The slow page stops reading: its socket fills, the bridge stops sending to it.
    slow.raw.ws.pause();
    await a.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'flood 20000 2048' }] });
    await b.waitFor((m) => m.method === '_acp-react/bridge/session/turn_ended');
    const total = Math.max(...a.seqs(sessionId));
    expect(a.seqs(sessionId)).toEqual(upTo(total));
    expect(b.seqs(sessionId)).toEqual(upTo(total));

    slow.raw.ws.resume();
    const reload = await slow.waitFor((m) => m.method === '_acp-react/bridge/session/reload');
    expect(reload.params).toMatchObject({ sessionId, seq: total, reason: expect.stringMatching(/fell behind/) });
    // What it did get has no gap: 1..k, then the reload notice, nothing after it for that session.
    const got = slow.seqs(sessionId);
    expect(got).toEqual(upTo(got.length));
    expect(got.length).toBeLessThan(total);
    expect(slow.messages.indexOf(reload)).toBeGreaterThan(slow.messages.indexOf(slow.logged(sessionId).at(-1) ?? reload));

    // A fourth page asking for the whole session is told to reload; what the log still holds fits the bound.
    const late = await Page.open(url, 'late page');
    const refused = await late.attach(sessionId);
    expect(refused.error).toMatchObject({ code: -32052, data: { sessionId, seq: total } });
    const { firstSeq } = (refused.error as { data: { firstSeq: number } }).data;
    expect(firstSeq).toBeGreaterThan(1);
    await late.attach(sessionId, { afterSeq: firstSeq - 1 });
    const tail = late.logged(sessionId);
    expect(tail.map(seqOf)).toEqual(upTo(total).slice(firstSeq - 1));
    const bytes = tail.reduce((sum, message) => sum + Buffer.byteLength(JSON.stringify(message)), 0);
    expect(bytes).toBeLessThanOrEqual(bound);
    await waitForLog(testBridge.logs, /slow page.*fell behind/);
  }, 60_000);
});
