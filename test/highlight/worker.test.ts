/**
 * Highlighting in the page's worker (highlight/worker-client.ts ↔ worker-host.ts), over a real
 * `MessageChannel` (structured clone, ordered delivery): Node has no Web `Worker`, so the stub
 * below runs the worker's own entry code (`serveHighlighting`) on the far port. Real shiki and
 * real grammars on both sides. And the fallback: a worker that cannot start moves every job to
 * the main thread, with precompiled grammars, and says why.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToWorker, BlockUpdate } from '../../src/highlight/protocol.js';
import type { HighlightedLine } from '../../src/highlight/tokens.js';

type Highlight = typeof import('../../src/highlight/index.js');

/** A stand-in for the browser's `Worker`: the real worker code, on the far end of a MessageChannel. */
class ChannelWorker extends EventTarget {
  static created: ChannelWorker[] = [];
  /** What the page posted, as it posted it. */
  readonly sent: ToWorker[] = [];
  readonly url: string;
  readonly #port: MessagePort;
  readonly #inside: MessagePort;

  constructor(url: URL, options: { type?: string }) {
    super();
    this.url = url.href;
    expect(options.type).toBe('module');
    ChannelWorker.created.push(this);
    const { port1, port2 } = new MessageChannel();
    this.#port = port1;
    this.#inside = port2;
    port1.addEventListener('message', (event) => this.dispatchEvent(new MessageEvent('message', { data: event.data })));
    port1.start();
    void import('../../src/highlight/worker-host.js').then(({ serveHighlighting }) => {
      serveHighlighting({
        postMessage: (message) => port2.postMessage(message),
        addEventListener: (type, listener) => port2.addEventListener(type, listener as (event: Event) => void),
      });
      port2.start();
    });
  }

  postMessage(message: ToWorker): void {
    this.sent.push(message);
    this.#port.postMessage(message);
  }

  terminate(): void {
    this.#port.close();
    this.#inside.close();
  }

  get updates(): BlockUpdate[] {
    return this.sent.flatMap((message) => (message.type === 'batch' ? message.updates : []));
  }
}

/** A worker the page's CSP refuses: created, then an `error` event, as Chromium does. */
class RefusedWorker extends EventTarget {
  static errors: Event[] = [];
  constructor() {
    super();
    setTimeout(() => {
      const event = new Event('error', { cancelable: true });
      RefusedWorker.errors.push(event);
      this.dispatchEvent(event);
    }, 0);
  }
  postMessage(): void {}
  terminate(): void {}
}

let highlight: Highlight;

beforeEach(async () => {
  // Fresh module state (the page's one worker, the mode) for each test.
  vi.resetModules();
  ChannelWorker.created = [];
  RefusedWorker.errors = [];
  highlight = await import('../../src/highlight/index.js');
});
afterEach(() => vi.unstubAllGlobals());

/** Resolves once `job` shows `lines` lines for `code`. */
function linesFor(job: ReturnType<Highlight['createHighlightJob']>, code: string, final: boolean, lines: number, updates: { wait(): Promise<void> }) {
  return (async () => {
    while (job.tokensFor(code, final).length < lines || job.status === 'pending') await updates.wait();
    return job.tokensFor(code, final);
  })();
}

/** An onUpdate callback with a way to wait for its next call. */
function updateSignal() {
  let next: (() => void) | null = null;
  return {
    onUpdate: () => {
      next?.();
      next = null;
    },
    wait: () =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no update from the highlighter within 30 s')), 30_000);
        next = () => {
          clearTimeout(timer);
          resolve();
        };
      }),
  };
}

const text = (lines: readonly HighlightedLine[]) => lines.map((line) => line.map((token) => token.content).join(''));

const SOURCE = [
  "import { join } from 'node:path';",
  '/* a comment that',
  '   spans lines */',
  'export function greet(name: string): string {',
  '  const greeting = `Hello, ${name}!`;',
  '  return join(greeting, "x");',
  '}',
  '',
].join('\n');
/** Its lines: it ends with a terminator, so there is no last line after it. */
const SOURCE_LINES = SOURCE.split('\n').slice(0, -1);

describe('the page’s highlighting worker', () => {
  it('is one worker for every block, started by the first request; a growing block sends only its new text and gets its new lines', async () => {
    vi.stubGlobal('Worker', ChannelWorker);
    expect(highlight.highlightMode()).toBe('idle');
    const first = updateSignal();
    const second = updateSignal();
    const a = highlight.createHighlightJob('typescript', first.onUpdate);
    const b = highlight.createHighlightJob('typescript', second.onUpdate);
    // Importing the service and making jobs start nothing (server rendering does both).
    expect(ChannelWorker.created).toHaveLength(0);
    expect(highlight.highlightMode()).toBe('idle');

    // Block a streams its code in pieces, waiting for each one's lines; block b gets it whole.
    const pieces = [SOURCE.slice(0, 40), SOURCE.slice(0, 90), SOURCE.slice(0, 150), SOURCE];
    for (const code of pieces) {
      a.request(code, false);
      await linesFor(a, code, false, code.split('\n').length - 1, first);
    }
    b.request(SOURCE, true);
    const whole = await linesFor(b, SOURCE, true, SOURCE_LINES.length, second);

    expect(ChannelWorker.created).toHaveLength(1);
    const worker = ChannelWorker.created[0]!;
    expect(worker.url).toMatch(/\/worker\.js$/);
    expect(highlight.highlightMode()).toBe('worker');
    // The grammar went once, ahead of the blocks.
    expect(worker.sent.filter((message) => message.type === 'grammar').map((message) => message.type === 'grammar' && message.language)).toEqual([
      'typescript',
    ]);
    // Block a: its first update is its code so far, every later one only the text added.
    const aUpdates = worker.updates.filter((update) => update.block === worker.updates[0]!.block);
    expect(aUpdates.map((update) => update.append)).toEqual([false, true, true, true]);
    expect(aUpdates.map((update) => update.text).join('')).toBe(SOURCE);

    // The same tokens as the whole code tokenized at once, multi-line comment included.
    const streamed = a.tokensFor(SOURCE, false);
    expect(streamed).toEqual(whole.slice(0, streamed.length));
    expect(text(whole)).toEqual(SOURCE_LINES);
    expect(whole[2]?.[0]?.style?.color).toContain('--acp-code-comment');
    expect(whole[0]?.find((token) => token.content === 'import')?.style?.color).toContain('--acp-code-keyword');
    a.dispose();
    b.dispose();
  });

  it('sends the requests of one task as one message, with each block’s latest code', async () => {
    vi.stubGlobal('Worker', ChannelWorker);
    const signal = updateSignal();
    const otherSignal = updateSignal();
    const job = highlight.createHighlightJob('typescript', signal.onUpdate);
    const other = highlight.createHighlightJob('typescript', otherSignal.onUpdate);
    job.request('const a = 1;\n', false);
    other.request('let x;\n', false);
    await linesFor(job, 'const a = 1;\n', false, 1, signal);
    await linesFor(other, 'let x;\n', false, 1, otherSignal);
    const worker = ChannelWorker.created[0]!;
    const before = worker.sent.length;

    // Chunks of a stream and a block replaced, all in one task.
    job.request('const a = 1;\nconst b', false);
    job.request('const a = 1;\nconst b = 2;\n', false);
    other.request('let x = 0;\n', true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const batches = worker.sent.slice(before);
    expect(batches).toHaveLength(1);
    const [batch] = batches;
    expect(batch?.type === 'batch' && batch.updates.map((update) => [update.text, update.append])).toEqual([
      ['const b = 2;\n', true],
      ['let x = 0;\n', false],
    ]);
    job.dispose();
    other.dispose();
  });

  it('re-tokenizes a block from where its text changed, and answers for older text colour nothing wrong', async () => {
    vi.stubGlobal('Worker', ChannelWorker);
    const signal = updateSignal();
    const job = highlight.createHighlightJob('typescript', signal.onUpdate);
    const before = 'const a = 1;\nconst b = 2;\nconst c = 3;\n';
    job.request(before, false);
    await linesFor(job, before, false, 3, signal);

    // The middle line becomes the start of a comment: the lines after it change colour.
    const after = 'const a = 1;\n/* const b = 2;\nconst c = 3;\n';
    // Until the worker answers, the old tokens are not shown for the new text past the change.
    job.request(after, false);
    expect(job.tokensFor(after, false).length).toBeLessThanOrEqual(1);
    const lines = await linesFor(job, after, false, 3, signal);
    expect(text(lines)).toEqual(['const a = 1;', '/* const b = 2;', 'const c = 3;']);
    expect(lines[2]?.[0]?.style?.color).toContain('--acp-code-comment');
    const worker = ChannelWorker.created[0]!;
    expect(worker.updates.at(-1)).toMatchObject({ append: false, text: after });
    job.dispose();
  });

  it('never sends a block that was released while its grammar loaded (the worker would keep it)', async () => {
    vi.stubGlobal('Worker', ChannelWorker);
    // The grammar module arrives when the test says so.
    const real = await import('../../src/highlight/grammars.js');
    let arrive: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    vi.doMock('../../src/highlight/grammars.js', () => ({
      grammarLoaders: { ...real.grammarLoaders, python: () => arrived.then(() => real.grammarLoaders.python()) },
    }));
    vi.resetModules();
    highlight = await import('../../src/highlight/index.js');
    const signal = updateSignal();
    const gone = highlight.createHighlightJob('python', () => {});
    gone.request('gone = 1\n', true);
    // Connected and waiting for its grammar.
    await vi.waitFor(() => expect(ChannelWorker.created).toHaveLength(1));
    gone.dispose();
    const kept = highlight.createHighlightJob('python', signal.onUpdate);
    kept.request('kept = 2\n', true);
    arrive();
    await linesFor(kept, 'kept = 2\n', true, 1, signal);
    expect(ChannelWorker.created[0]!.updates.map((update) => update.text)).toEqual(['kept = 2\n']);
    kept.dispose();
    vi.doUnmock('../../src/highlight/grammars.js');
  });

  it('answers a huge block in many small messages, never more than 400 new lines in one', async () => {
    vi.stubGlobal('Worker', ChannelWorker);
    const signal = updateSignal();
    const job = highlight.createHighlightJob('typescript', signal.onUpdate);
    const code = Array.from({ length: 2500 }, (_, i) => `const value${i} = ${i} * 2; // line ${i}`).join('\n');
    const answers: number[] = [];
    job.request(code, true);
    await vi.waitFor(() => expect(ChannelWorker.created).toHaveLength(1));
    const worker = ChannelWorker.created[0]!;
    worker.addEventListener('message', (event) => {
      const data = (event as MessageEvent).data as { type: string; results?: { lines?: unknown[] }[] };
      for (const result of data.results ?? []) answers.push(result.lines?.length ?? 0);
    });
    const lines = await linesFor(job, code, true, 2500, signal);
    expect(lines).toHaveLength(2500);
    expect(answers.length).toBeGreaterThan(5);
    expect(Math.max(...answers)).toBeLessThanOrEqual(400);
    job.dispose();
  });
});

describe('the main-thread fallback', () => {
  it('takes over when the worker is refused (CSP worker-src): the jobs keep their code and are highlighted, and nothing is reported as a page error', async () => {
    vi.stubGlobal('Worker', RefusedWorker);
    const modes: string[] = [];
    highlight.subscribeHighlightMode(() => modes.push(highlight.highlightMode()));
    const signal = updateSignal();
    const job = highlight.createHighlightJob('typescript', signal.onUpdate);
    job.request(SOURCE, true);
    const lines = await linesFor(job, SOURCE, true, SOURCE_LINES.length, signal);
    expect(text(lines)).toEqual(SOURCE_LINES);
    expect(lines[2]?.[0]?.style?.color).toContain('--acp-code-comment');
    expect(modes).toEqual(['starting', 'main-thread']);
    expect(highlight.highlightFallbackReason()).toBe('failed');
    // Handled, so the browser does not report it as an uncaught error of the page.
    expect(RefusedWorker.errors).toHaveLength(1);
    expect(RefusedWorker.errors[0]?.defaultPrevented).toBe(true);

    // Later blocks go straight to the main thread: no second worker.
    const later = highlight.createHighlightJob('json', signal.onUpdate);
    later.request('{"a": 1}', true);
    await linesFor(later, '{"a": 1}', true, 1, signal);
    expect(RefusedWorker.errors).toHaveLength(1);
    job.dispose();
    later.dispose();
  });

  it('is used where the Worker constructor throws (a CSP checked before the fetch) or there is no Worker at all', async () => {
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('Refused to create a worker', 'SecurityError');
        }
      },
    );
    const python = await highlight.highlightLines('x = 1', 'python');
    expect(text(python ?? [])).toEqual(['x = 1']);
    expect(python?.[0]?.find((token) => token.content === '1')?.style?.color).toContain('--acp-code-number');
    expect(highlight.highlightMode()).toBe('main-thread');
    expect(highlight.highlightFallbackReason()).toBe('refused');

    vi.resetModules();
    vi.stubGlobal('Worker', undefined);
    const fresh = (await import('../../src/highlight/index.js')) as Highlight;
    expect(text((await fresh.highlightLines('a\nb', 'ts')) ?? [])).toEqual(['a', 'b']);
    expect(fresh.highlightMode()).toBe('main-thread');
    expect(fresh.highlightFallbackReason()).toBe('unsupported');
  });
});
