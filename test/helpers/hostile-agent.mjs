// @ts-check
/**
 * A misbehaving ACP agent for the browser tests and `bench/hostile.bench.mjs`: a raw `ws` server
 * on 127.0.0.1 that speaks just enough ACP to set up a session, then answers each prompt by
 * streaming one kind of hostile or oversized content in large chunks, as a runaway or malicious
 * agent would. Frames are written as JSON text by hand: some payloads (100,000 nested arrays)
 * are deeper than `JSON.stringify` can go, which is the point.
 *
 * The prompt's text picks the scenario (`SCENARIOS`); anything else is answered with one short
 * message (`Echo: <text>`), which is how a test checks that the next prompt still works.
 */
import { WebSocketServer } from 'ws';

/** Scenario names, in the order the benchmark runs them. */
export const SCENARIOS = ['deep-markdown', 'deep-json', 'long-line', 'table', 'emphasis', 'diff', 'terminal', 'permissions', 'ansi'];

/** Permission requests the `permissions` scenario sends at once (× scale). */
export const PERMISSION_BURST = 100;

/**
 * @typedef {object} HostileAgentOptions
 * @property {number} [chunkChars]  characters of markdown per `agent_message_chunk` (default 16,384)
 * @property {number} [pauseMs]  pause between chunks, so the stream spans many frames (default 4)
 * @property {number} [scale]  multiplies every payload's size (default 1; tests use less)
 * @property {number} [floodLines]  lines the `terminal` scenario asks the client's terminal for (default 200,000 × scale)
 * @property {number} [ansiBytes]  bytes of escape-heavy output the `ansi` scenario asks the client's terminal for (default 290 KB × scale)
 */

/** @param {number} n */
const int = (n) => Math.max(1, Math.round(n));

// --- payloads ---------------------------------------------------------------------------------

/** Thousands of nested quotes and list levels, nested links and emphasis: each deeper than any renderer's stack. */
export function deepMarkdown(scale = 1) {
  const depth = int(5000 * scale);
  const listDepth = int(300 * scale);
  return [
    '# Deep nesting',
    '',
    `${'> '.repeat(depth)}the bottom of the quotes`,
    '',
    `${'- '.repeat(depth)}the bottom of the one-line list`,
    '',
    Array.from({ length: listDepth }, (_, i) => `${'  '.repeat(i)}- level ${i + 1}`).join('\n'),
    '',
    `${'['.repeat(depth)}link${'](https://example.com)'.repeat(depth)}`,
    '',
    `${'**'.repeat(depth)}strong${'**'.repeat(depth)}`,
    '',
    'After the deep parts.',
    '',
  ].join('\n');
}

/** One paragraph of a megabyte without a newline, then a long word with no space at all. */
export function longLine(scale = 1) {
  const words = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor '.repeat(int(13_000 * scale));
  const blob = 'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0MTIzNDU2Nzg5'.repeat(int(6_000 * scale));
  return `${words}\n\n${blob}\n\nAfter the long lines.\n`;
}

/** A GFM table of thousands of rows. */
export function hugeTable(scale = 1) {
  const rows = int(5000 * scale);
  const lines = ['| # | name | status | owner | note |', '|---:|:---|:---:|---|---|'];
  for (let i = 0; i < rows; i++) lines.push(`| ${i} | item-${i} | ${i % 3 ? 'open' : '**closed**'} | user${i % 17} | note ${i} with \`code\` |`);
  return `${lines.join('\n')}\n\nAfter the table.\n`;
}

/** Thousands of emphasis and link openers that never close: the parsers' quadratic cases. */
export function emphasisOpeners(scale = 1) {
  const n = int(20_000 * scale);
  return `${'*a_ '.repeat(n)}\n\n${'[ (]('.repeat(int(n / 2))}\n\n${'a* '.repeat(n)}\n\n${'_a '.repeat(n)}\n\nAfter the emphasis.\n`;
}

/** A 40,000-line file with every tenth line changed. */
export function bigDiff(scale = 1) {
  const lines = int(40_000 * scale);
  const oldLines = [];
  const newLines = [];
  for (let i = 0; i < lines; i++) {
    const line = `export const value${i} = compute(${i}, "${(i * 7919) % 10007}");`;
    oldLines.push(line);
    newLines.push(i % 10 === 5 ? `${line} // changed` : line);
  }
  return { path: '/workspace/src/generated.ts', oldText: `${oldLines.join('\n')}\n`, newText: `${newLines.join('\n')}\n` };
}

/**
 * JSON text nested `depth` levels, built without recursion: arrays (`[[[…]]]`, which also defeat
 * `String(value)`), objects (`{"k":{"k":…}}`) or both alternating.
 * @param {number} depth
 * @param {'arrays' | 'objects' | 'mixed'} [shape]
 */
export function deepJsonText(depth, shape = 'arrays') {
  const opens = [];
  const closes = [];
  for (let i = 0; i < depth; i++) {
    const array = shape === 'arrays' || (shape === 'mixed' && i % 2 === 0);
    opens.push(array ? '[' : '{"k":');
    closes.push(array ? ']' : '}');
  }
  return `${opens.join('')}"bottom"${closes.reverse().join('')}`;
}

// --- the agent ---------------------------------------------------------------------------------

/**
 * @param {HostileAgentOptions} [options]
 * @returns {Promise<{ url: string, takeLargestFrame(): string, close(): Promise<void> }>}
 */
export async function startHostileAgent(options = {}) {
  const chunkChars = options.chunkChars ?? 16_384;
  const pauseMs = options.pauseMs ?? 4;
  const scale = options.scale ?? 1;
  const floodLines = options.floodLines ?? int(200_000 * scale);
  const ansiBytes = options.ansiBytes ?? int(290 * 1024 * scale);
  const burst = int(PERMISSION_BURST * scale);
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve, reject) => {
    wss.once('listening', () => resolve(undefined));
    wss.once('error', reject);
  });
  const address = /** @type {import('node:net').AddressInfo} */ (wss.address());
  let sessions = 0;
  // The biggest frame sent since it was last taken: the benchmark times its JSON.parse alone.
  let largestFrame = '';

  wss.on('connection', (socket) => {
    let nextId = 1;
    /** @type {Map<number, (message: any) => void>} */
    const pending = new Map();
    /** @type {Set<string>} */
    const cancelled = new Set();
    const sendText = (/** @type {string} */ text) => {
      if (text.length > largestFrame.length) largestFrame = text;
      if (socket.readyState === socket.OPEN) socket.send(text);
    };
    const send = (/** @type {unknown} */ message) => sendText(JSON.stringify(message));
    const respond = (/** @type {unknown} */ id, /** @type {unknown} */ result) => send({ jsonrpc: '2.0', id, result });
    const update = (/** @type {string} */ sessionId, /** @type {unknown} */ value) =>
      send({ jsonrpc: '2.0', method: 'session/update', params: { sessionId, update: value } });
    /** A raw `session/update` whose update object is given as JSON text. */
    const updateText = (/** @type {string} */ sessionId, /** @type {string} */ json) =>
      sendText(`{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":${JSON.stringify(sessionId)},"update":${json}}}`);
    const request = (/** @type {string} */ method, /** @type {unknown} */ params) => {
      const id = nextId++;
      const answer = new Promise((resolve) => pending.set(id, resolve));
      send({ jsonrpc: '2.0', id, method, params });
      return answer;
    };
    const pause = () => new Promise((resolve) => setTimeout(resolve, pauseMs));

    /** Streams markdown as agent message chunks of `chunkChars`. */
    async function streamText(/** @type {string} */ sessionId, /** @type {string} */ text) {
      for (let at = 0; at < text.length && !cancelled.has(sessionId); at += chunkChars) {
        update(sessionId, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: text.slice(at, at + chunkChars) } });
        await pause();
      }
    }

    /** A tool call that runs `command arg` in the client's terminal, shows it, waits for its exit and releases it. */
    async function runTerminal(
      /** @type {string} */ sessionId,
      /** @type {string} */ toolCallId,
      /** @type {string} */ title,
      /** @type {string} */ command,
      /** @type {string} */ arg,
      /** @type {string} */ done,
    ) {
      update(sessionId, { sessionUpdate: 'tool_call', toolCallId, title, kind: 'execute', status: 'in_progress' });
      const created = /** @type {any} */ (await request('terminal/create', { sessionId, command, args: [arg] }));
      const terminalId = created?.result?.terminalId;
      if (typeof terminalId !== 'string') {
        await streamText(sessionId, `The client refused the terminal: ${JSON.stringify(created?.error ?? created)}\n`);
        return;
      }
      update(sessionId, { sessionUpdate: 'tool_call_update', toolCallId, content: [{ type: 'terminal', terminalId }] });
      await request('terminal/wait_for_exit', { sessionId, terminalId });
      update(sessionId, { sessionUpdate: 'tool_call_update', toolCallId, status: 'completed' });
      await request('terminal/release', { sessionId, terminalId });
      await streamText(sessionId, `${done}\n`);
    }

    /** @type {Record<string, (sessionId: string) => Promise<void>>} */
    const scenarios = {
      'deep-markdown': (sessionId) => streamText(sessionId, deepMarkdown(scale)),
      'long-line': (sessionId) => streamText(sessionId, longLine(scale)),
      table: (sessionId) => streamText(sessionId, hugeTable(scale)),
      emphasis: (sessionId) => streamText(sessionId, emphasisOpeners(scale)),
      async 'deep-json'(sessionId) {
        const depth = int(100_000 * scale);
        const arrays = deepJsonText(depth, 'arrays');
        const objects = deepJsonText(depth, 'objects');
        const mixed = deepJsonText(depth, 'mixed');
        await streamText(sessionId, 'Deep JSON follows: a tool call, an unknown update and an unknown content block.\n');
        updateText(
          sessionId,
          `{"sessionUpdate":"tool_call","toolCallId":"deep-json","title":"Deeply nested input","kind":"other","status":"completed","rawInput":${arrays},"rawOutput":{"nested":${objects}},"content":[{"type":"content","content":{"type":"x-unknown","value":${mixed}}}]}`,
        );
        await pause();
        updateText(sessionId, `{"sessionUpdate":"x_deep_update","payload":${arrays}}`);
        await pause();
        updateText(sessionId, `{"sessionUpdate":"agent_message_chunk","content":{"type":"x-deep-block","payload":${mixed}}}`);
        await pause();
        await streamText(sessionId, '\n\nAfter the deep JSON.\n');
      },
      async diff(sessionId) {
        const { path, oldText, newText } = bigDiff(scale);
        update(sessionId, {
          sessionUpdate: 'tool_call',
          toolCallId: 'big-diff',
          title: `Edit ${path}`,
          kind: 'edit',
          status: 'completed',
          locations: [{ path }],
          content: [{ type: 'diff', path, oldText, newText }],
        });
        await pause();
        await streamText(sessionId, 'Edited the generated file.\n');
      },
      terminal: (sessionId) => runTerminal(sessionId, 'flood', 'Flood the terminal', 'flood', String(floodLines), 'The terminal is done.'),
      ansi: (sessionId) => runTerminal(sessionId, 'ansi', 'Escape-heavy build output', 'ansi', String(ansiBytes), 'The ANSI output is done.'),
      async permissions(sessionId) {
        // A burst, as an agent fanning out tool calls would send it: each call announced, then
        // its permission asked, none waiting for an answer before the next is sent.
        const answers = [];
        for (let i = 0; i < burst; i++) {
          const toolCallId = `ask-${i}`;
          const title = `Run step ${i + 1} of ${burst}`;
          update(sessionId, { sessionUpdate: 'tool_call', toolCallId, title, kind: 'execute', status: 'pending', rawInput: { command: `step ${i + 1}` } });
          answers.push(
            request('session/request_permission', {
              sessionId,
              toolCall: { toolCallId, title, kind: 'execute', status: 'pending' },
              options: [
                { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
                { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
              ],
            }),
          );
        }
        const outcomes = await Promise.all(answers);
        let allowed = 0;
        outcomes.forEach((answer, i) => {
          const outcome = /** @type {any} */ (answer)?.result?.outcome;
          const ok = outcome?.outcome === 'selected' && outcome.optionId === 'allow';
          if (ok) allowed++;
          update(sessionId, { sessionUpdate: 'tool_call_update', toolCallId: `ask-${i}`, status: ok ? 'completed' : 'failed' });
        });
        await streamText(sessionId, `Permissions answered: ${allowed} of ${burst} allowed.\n`);
      },
    };

    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      /** @type {any} */
      let message;
      try {
        message = JSON.parse(String(data));
      } catch {
        return;
      }
      if (message.method === undefined && typeof message.id === 'number') {
        pending.get(message.id)?.(message);
        pending.delete(message.id);
        return;
      }
      const { id, method, params } = message;
      switch (method) {
        case 'initialize':
          respond(id, {
            protocolVersion: 1,
            agentCapabilities: { loadSession: false, promptCapabilities: {} },
            agentInfo: { name: 'hostile-agent', title: 'Hostile Agent', version: '0.0.0' },
            authMethods: [],
          });
          return;
        case 'session/new':
          respond(id, { sessionId: `hostile-${++sessions}` });
          return;
        case 'session/cancel':
          cancelled.add(params?.sessionId);
          return;
        case 'session/prompt': {
          const sessionId = params.sessionId;
          cancelled.delete(sessionId);
          const text = (params.prompt ?? [])
            .map((/** @type {any} */ b) => (b?.type === 'text' ? b.text : ''))
            .join('')
            .trim();
          const run = scenarios[text] ?? ((/** @type {string} */ s) => streamText(s, `Echo: ${text}`));
          void run(sessionId).then(
            () => respond(id, { stopReason: cancelled.has(sessionId) ? 'cancelled' : 'end_turn' }),
            (error) => send({ jsonrpc: '2.0', id, error: { code: -32603, message: String(error?.message ?? error) } }),
          );
          return;
        }
        default:
          if (id !== undefined && method !== undefined) send({ jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } });
      }
    });
  });

  return {
    url: `ws://127.0.0.1:${address.port}`,
    takeLargestFrame() {
      const frame = largestFrame;
      largestFrame = '';
      return frame;
    },
    async close() {
      for (const client of wss.clients) client.terminate();
      await new Promise((resolve) => wss.close(() => resolve(undefined)));
    },
  };
}
