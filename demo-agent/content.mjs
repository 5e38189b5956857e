// @ts-check
/**
 * Fixed texts, schemas and code samples used by the demo agent's scripts.
 * Everything here is deterministic: the same prompt always produces the same output.
 * Browser-safe (no Node imports), so Storybook can run the agent in process.
 */

/** Relative path of the file the default turn reads and edits. */
export const GREETING_FILE = 'src/greeting.ts';

export const GREETING_OLD = `export function greet(name: string): string {
  return 'Hello, ' + name + '!';
}

export function greetAll(names: string[]): string[] {
  const out: string[] = [];
  for (const name of names) out.push(greet(name));
  return out;
}
`;

export const FORMAT_FILE = 'src/format.ts';

export const FORMAT_OLD = `export function formatList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return items.slice(0, -1).join(', ') + ' and ' + items.at(-1);
}
`;

export const GREETING_NEW = `export interface GreetOptions {
  /** Punctuation appended to the greeting. */
  punctuation?: '!' | '.' | '?';
}

export function formatName(name: string): string {
  return name.trim().replace(/\\s+/g, ' ');
}

export function greet(name: string, options: GreetOptions = {}): string {
  const punctuation = options.punctuation ?? '!';
  return \`Hello, \${formatName(name)}\${punctuation}\`;
}

export function greetAll(names: readonly string[], options?: GreetOptions): string[] {
  return names.map((name) => greet(name, options));
}
`;

/**
 * @param {string} request  what the user asked, shortened
 * @param {string} modeId
 * @returns {string}
 */
export function defaultThought(request, modeId) {
  return (
    `The user asked: "${request}". I'm in ${modeId} mode. ` +
    `Before changing anything I should read \`${GREETING_FILE}\` to see how greetings are built today. ` +
    'The punctuation looks hard-coded, so an options object is the least invasive change. ' +
    'After the edit I will run the test suite to make sure nothing regressed, then summarize.'
  );
}

/** The test `/subagents`' test writer adds (a new file). */
export const GREETING_TEST_FILE = 'test/greeting.test.ts';

export const GREETING_TEST = `import { describe, expect, it } from 'vitest';
import { greet } from '../src/greeting';

describe('greet', () => {
  it('greets a name', () => {
    expect(greet('Ada')).toBe('Hello, Ada!');
  });

  it('keeps what an empty name gives today', () => {
    expect(greet('')).toBe('Hello, !');
  });
});
`;

export const DEFAULT_INTRO = `I'll start by reading \`${GREETING_FILE}\`.`;

export const DEFAULT_ANSWER = `## Plan for \`${GREETING_FILE}\`

Here is what I found after reading the file:

- \`greet()\` hard-codes the **exclamation mark**
- There is no way to pass a _custom_ punctuation
- \`greetAll()\` re-implements a loop instead of reusing \`map\`

| Function | Change | Risk |
| --- | --- | --- |
| \`greet\` | add \`options.punctuation\` | low |
| \`formatName\` | new: collapse whitespace | low |
| \`greetAll\` | reuse \`greet\` via \`map\` | medium |

See the [ACP documentation](https://agentclientprotocol.com/protocol/overview) for how tool calls like the ones below are reported.

\`\`\`ts
${GREETING_NEW.trimEnd()}
\`\`\`

I'll apply this edit now.
`;

/**
 * @param {{ read: string, edit: string, tests: string }} outcome  one sentence each
 * @returns {string}
 */
export function defaultSummary(outcome) {
  return `### Summary

- **Read:** ${outcome.read}
- **Edit:** ${outcome.edit}
- **Tests:** ${outcome.tests}

Let me know if you want the same option for \`greetAll\` callers.
`;
}

/** A ~200-line TypeScript module, used by `/explain` (rendering and highlighting performance). */
export const EXPLAIN_CODE = `/**
 * A small, dependency-free task queue with priorities, retries and cancellation.
 * Used by the explanation below; every section is discussed in order.
 */
export type Priority = 'high' | 'normal' | 'low';

export interface TaskOptions {
  /** Higher priorities run first; ties run in submission order. */
  priority?: Priority;
  /** How many times a failing task is retried before it is rejected. */
  retries?: number;
  /** Base delay between retries, doubled after every attempt. */
  backoffMs?: number;
  /** Aborting this signal removes a queued task or rejects a running one. */
  signal?: AbortSignal;
}

export interface QueueStats {
  queued: number;
  running: number;
  completed: number;
  failed: number;
}

type Job<T> = {
  id: number;
  run: (signal: AbortSignal) => Promise<T>;
  priority: Priority;
  retries: number;
  backoffMs: number;
  signal?: AbortSignal;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
};

const PRIORITY_WEIGHT: Record<Priority, number> = { high: 0, normal: 1, low: 2 };

export class AbortedError extends Error {
  constructor(message = 'The task was aborted') {
    super(message);
    this.name = 'AbortedError';
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new AbortedError());
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortedError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export class TaskQueue {
  readonly #concurrency: number;
  readonly #queue: Job<unknown>[] = [];
  readonly #listeners = new Set<(stats: QueueStats) => void>();
  #running = 0;
  #completed = 0;
  #failed = 0;
  #nextId = 1;
  #paused = false;

  constructor(concurrency = 4) {
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new RangeError(\`concurrency must be a positive integer, got \${concurrency}\`);
    }
    this.#concurrency = concurrency;
  }

  get stats(): QueueStats {
    return {
      queued: this.#queue.length,
      running: this.#running,
      completed: this.#completed,
      failed: this.#failed,
    };
  }

  subscribe(listener: (stats: QueueStats) => void): () => void {
    this.#listeners.add(listener);
    listener(this.stats);
    return () => this.#listeners.delete(listener);
  }

  add<T>(run: (signal: AbortSignal) => Promise<T>, options: TaskOptions = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (options.signal?.aborted) {
        reject(new AbortedError());
        return;
      }
      const job: Job<T> = {
        id: this.#nextId++,
        run,
        priority: options.priority ?? 'normal',
        retries: options.retries ?? 0,
        backoffMs: options.backoffMs ?? 100,
        signal: options.signal,
        resolve,
        reject,
      };
      this.#insert(job as Job<unknown>);
      options.signal?.addEventListener(
        'abort',
        () => {
          const index = this.#queue.indexOf(job as Job<unknown>);
          if (index !== -1) {
            this.#queue.splice(index, 1);
            reject(new AbortedError());
            this.#emit();
          }
        },
        { once: true },
      );
      this.#emit();
      this.#drain();
    });
  }

  pause(): void {
    this.#paused = true;
  }

  resume(): void {
    this.#paused = false;
    this.#drain();
  }

  async onIdle(): Promise<void> {
    while (this.#queue.length > 0 || this.#running > 0) {
      await new Promise<void>((resolve) => {
        const off = this.subscribe((stats) => {
          if (stats.queued === 0 && stats.running === 0) {
            off();
            resolve();
          }
        });
      });
    }
  }

  #insert(job: Job<unknown>): void {
    const weight = PRIORITY_WEIGHT[job.priority];
    let index = this.#queue.findIndex((other) => PRIORITY_WEIGHT[other.priority] > weight);
    if (index === -1) index = this.#queue.length;
    this.#queue.splice(index, 0, job);
  }

  #drain(): void {
    while (!this.#paused && this.#running < this.#concurrency && this.#queue.length > 0) {
      const job = this.#queue.shift()!;
      this.#running++;
      void this.#execute(job).finally(() => {
        this.#running--;
        this.#emit();
        this.#drain();
      });
    }
  }

  async #execute(job: Job<unknown>): Promise<void> {
    const controller = new AbortController();
    const forward = () => controller.abort(job.signal?.reason);
    job.signal?.addEventListener('abort', forward, { once: true });
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          job.resolve(await job.run(controller.signal));
          this.#completed++;
          return;
        } catch (error) {
          if (controller.signal.aborted || attempt >= job.retries) throw error;
          await sleep(job.backoffMs * 2 ** attempt, controller.signal);
        }
      }
    } catch (error) {
      this.#failed++;
      job.reject(error);
    } finally {
      job.signal?.removeEventListener('abort', forward);
    }
  }

  #emit(): void {
    const stats = this.stats;
    for (const listener of this.#listeners) listener(stats);
  }
}`;

export const EXPLAIN_INTRO = `# How \`TaskQueue\` works

This module implements a **priority task queue** with bounded concurrency, exponential-backoff retries and
cooperative cancellation through \`AbortSignal\`. Here is the whole file, then a walk-through.

`;

export const EXPLAIN_OUTRO = `

## Walk-through

1. **Types first.** \`TaskOptions\` keeps every knob optional; defaults live in \`add()\`, so callers only pass what differs.
2. **Ordering.** \`#insert()\` keeps the array sorted by priority weight and, within a weight, by arrival. That makes
   \`shift()\` the next job to run, with no heap needed for small queues.
3. **Concurrency.** \`#drain()\` starts jobs until \`#running\` reaches the limit; every finished job calls it again.
4. **Retries.** \`#execute()\` loops over attempts. The delay doubles each time (\`backoffMs * 2 ** attempt\`), and an
   aborted signal stops retrying at once.
5. **Cancellation.** A queued job is spliced out when its signal aborts; a running job sees the abort through the
   \`AbortController\` it was given.
6. **Observability.** \`subscribe()\` pushes a \`QueueStats\` snapshot after every change, and \`onIdle()\` is built on it.

| Concern | Where | Notes |
| --- | --- | --- |
| priority | \`#insert\` | stable within a priority |
| retries | \`#execute\` | exponential backoff |
| cancellation | \`add\`, \`#execute\` | queued and running jobs |
| stats | \`#emit\` | snapshot, not a live object |

> **Tip:** for thousands of queued jobs, replace the sorted array with a binary heap; the public API stays the same.
`;

/**
 * @param {number} count
 * @returns {string}  deterministic long prose for `/long`, about 200 characters per paragraph
 */
export function longAnswer(count) {
  const topics = [
    'the transport layer',
    'session persistence',
    'tool-call rendering',
    'permission prompts',
    'plan tracking',
    'context usage',
    'slash commands',
    'reconnection',
    'cancellation',
    'markdown streaming',
  ];
  let text = '# A very long answer\n\n';
  for (let i = 0; i < count; i++) {
    const topic = topics[i % topics.length];
    text +=
      `**Part ${i + 1}.** This paragraph discusses ${topic} in more detail than anyone needs. ` +
      `It exists so that the client has to render a long, steadily growing message, and so that ` +
      `auto-scroll, virtualization and copy buttons get exercised over ${count} paragraphs.\n\n`;
  }
  // The answer stops mid-sentence: the turn ends with stopReason "max_tokens".
  return text + 'And finally, the last part of this answer would have explained how everything fits togeth';
}

/** Form-mode elicitation schema covering every property kind in SDK 2.4 stable. */
export const FORM_SCHEMA = /** @type {const} */ ({
  type: 'object',
  title: 'Project settings',
  description: 'Tell the demo agent about your project. Nothing leaves this page.',
  properties: {
    email: { type: 'string', format: 'email', title: 'Contact email', description: 'Where build reports go' },
    homepage: { type: 'string', format: 'uri', title: 'Homepage', default: 'https://example.com' },
    releaseDate: { type: 'string', format: 'date', title: 'Release date' },
    reminderAt: { type: 'string', format: 'date-time', title: 'Reminder', description: 'When to remind you' },
    projectName: {
      type: 'string',
      title: 'Project name',
      description: 'Lowercase letters, digits and dashes; 3 to 40 characters',
      minLength: 3,
      maxLength: 40,
      pattern: '^[a-z][a-z0-9-]*$',
      default: 'my-app',
    },
    budget: { type: 'number', title: 'Budget (USD)', minimum: 0, maximum: 10000, default: 250.5 },
    teamSize: { type: 'integer', title: 'Team size', minimum: 1, maximum: 50, default: 3 },
    useTypeScript: { type: 'boolean', title: 'Use TypeScript', default: true },
    packageManager: {
      type: 'string',
      title: 'Package manager',
      enum: ['npm', 'pnpm', 'yarn', 'bun'],
      default: 'npm',
    },
    license: {
      type: 'string',
      title: 'License',
      oneOf: [
        { const: 'mit', title: 'MIT' },
        { const: 'apache-2.0', title: 'Apache 2.0', description: 'Includes a patent grant' },
        { const: 'proprietary', title: 'Proprietary' },
      ],
      default: 'apache-2.0',
    },
    targets: {
      type: 'array',
      title: 'Targets',
      items: { type: 'string', enum: ['browser', 'node', 'deno', 'workers'] },
      minItems: 1,
      maxItems: 3,
      default: ['browser'],
    },
    features: {
      type: 'array',
      title: 'Features',
      items: {
        anyOf: [
          { const: 'lint', title: 'Linting' },
          { const: 'test', title: 'Unit tests' },
          { const: 'ci', title: 'CI workflow', description: 'Runs lint and tests on every push' },
        ],
      },
      default: ['lint', 'test'],
    },
  },
  required: ['email', 'projectName', 'teamSize', 'packageManager'],
});

export const COMPACTION_SUMMARY = [
  'Summary of the conversation so far: ',
  `the user is working on \`${GREETING_FILE}\`. `,
  'A `GreetOptions` interface with a `punctuation` option was proposed, ',
  'the edit was reviewed through a permission prompt, ',
  'and the test suite was run in a client terminal.',
];
