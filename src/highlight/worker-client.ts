/**
 * The page's side of the highlighting worker: one worker per page (module level), created with
 * the first job and shared by every job, panel and client; the main thread only sends code and
 * paints the tokens that come back (see `protocol.ts` for what travels).
 *
 * Requests are batched: a job records its latest code, and once per task (a microtask after the
 * effects that asked) one message carries the latest code of every job that changed, as the text
 * added since the last one when the code only grew. Each language's grammar module is loaded
 * here (a chunk per language, as before) and sent to the worker once, ahead of its first block.
 *
 * If the worker cannot start (a Content-Security-Policy whose `worker-src` refuses it, a worker
 * file that was not emitted) or dies, its jobs move to the main thread (`job.ts`) and the page
 * stays there (`mode.ts`).
 */
import type { Backend, BackendCallbacks, BackendJob, HighlightStatus } from './backend.js';
import { grammarLoaders } from './grammars.js';
import type { LanguageId } from './languages.js';
import { setHighlightMode, type HighlightFallbackReason } from './mode.js';
import type { BlockUpdate, FromWorker, ToWorker } from './protocol.js';
import { TokenMirror } from './token-mirror.js';
import type { HighlightedLine } from './tokens.js';

class WorkerJob implements BackendJob {
  readonly id: number;
  readonly language: LanguageId;
  readonly #client: WorkerClient;
  readonly #callbacks: BackendCallbacks;
  readonly #mirror = new TokenMirror();
  #target: { code: string; final: boolean } | null = null;
  #sent: { code: string; final: boolean } | null = null;
  #seq = 0;
  status: HighlightStatus = 'pending';

  constructor(client: WorkerClient, id: number, language: LanguageId, callbacks: BackendCallbacks) {
    this.#client = client;
    this.id = id;
    this.language = language;
    this.#callbacks = callbacks;
  }

  request(code: string, final: boolean): void {
    this.#target = { code, final };
    if (this.status === 'failed') return;
    if (this.#sent?.code === code && this.#sent.final === final) return;
    this.#client.enqueue(this);
  }

  tokensFor(code: string, final: boolean): readonly HighlightedLine[] {
    return this.#mirror.tokensFor(code, final);
  }

  dispose(): void {
    this.#client.release(this);
  }

  /** The update that brings the worker to the latest code: only the added text when the code grew. */
  takeUpdate(): BlockUpdate | null {
    const target = this.#target;
    if (!target || (this.#sent?.code === target.code && this.#sent.final === target.final)) return null;
    const append = this.#sent !== null && target.code.startsWith(this.#sent.code);
    const text = append && this.#sent ? target.code.slice(this.#sent.code.length) : target.code;
    this.#sent = target;
    this.#seq++;
    this.#mirror.sent(this.#seq, target.code);
    this.status = 'pending';
    return { block: this.id, language: this.language, seq: this.#seq, text, append, final: target.final };
  }

  answer(result: Extract<FromWorker, { type: 'tokens' }>['results'][number]): void {
    if ('failed' in result) {
      this.status = 'failed';
      this.#callbacks.onUpdate();
      return;
    }
    const changed = this.#mirror.apply(result);
    const ready = result.done && result.seq === this.#seq;
    const statusChanged = ready && this.status !== 'ready';
    if (ready) this.status = 'ready';
    if (changed || statusChanged) this.#callbacks.onUpdate();
  }

  /** The grammar could not be loaded: plain text, as on the main thread. */
  fail(): void {
    this.status = 'failed';
    this.#callbacks.onUpdate();
  }

  lost(): void {
    this.#callbacks.onLost();
  }
}

class WorkerClient implements Backend {
  #worker: Worker | null = null;
  #failed = false;
  #nextId = 1;
  readonly #jobs = new Map<number, WorkerJob>();
  /** Per language: 'ready' once its grammar was posted to the worker, a promise while it loads. */
  readonly #grammars = new Map<LanguageId, 'ready' | Promise<void>>();
  readonly #queued = new Set<WorkerJob>();
  #disposed: number[] = [];
  #flushScheduled = false;

  constructor() {
    setHighlightMode('starting');
    try {
      // The form bundlers recognise to emit the worker as a file of its own: keep it literal.
      this.#worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    } catch (error) {
      // Browsers that check the CSP before fetching the worker throw here.
      this.#fail('refused', error);
      return;
    }
    this.#worker.addEventListener('message', (event: MessageEvent<FromWorker>) => this.#receive(event.data));
    this.#worker.addEventListener('error', (event) => {
      // Handled: not reported again as an error of the page.
      event.preventDefault();
      // An ErrorEvent when the worker's code threw; a plain Event when its script could not load.
      const { error, message } = event as Partial<ErrorEvent>;
      this.#fail('failed', error ?? message ?? null);
    });
    this.#worker.addEventListener('messageerror', () => this.#fail('failed', null));
  }

  get failed(): boolean {
    return this.#failed;
  }

  createJob(language: LanguageId, callbacks: BackendCallbacks): BackendJob {
    const job = new WorkerJob(this, this.#nextId++, language, callbacks);
    if (this.#failed) queueMicrotask(() => job.lost());
    else this.#jobs.set(job.id, job);
    return job;
  }

  enqueue(job: WorkerJob): void {
    // A job released while its grammar loaded must not reach the worker, which would keep it.
    if (this.#failed || !this.#jobs.has(job.id)) return;
    this.#queued.add(job);
    this.#scheduleFlush();
  }

  release(job: WorkerJob): void {
    this.#queued.delete(job);
    if (!this.#jobs.delete(job.id)) return;
    this.#disposed.push(job.id);
    this.#scheduleFlush();
  }

  #scheduleFlush(): void {
    if (this.#flushScheduled) return;
    this.#flushScheduled = true;
    queueMicrotask(() => {
      this.#flushScheduled = false;
      this.#flush();
    });
  }

  #flush(): void {
    if (this.#failed || !this.#worker) return;
    const updates: BlockUpdate[] = [];
    for (const job of this.#queued) {
      const grammar = this.#grammar(job.language);
      if (grammar === 'ready') {
        const update = job.takeUpdate();
        if (update) updates.push(update);
      } else {
        // Sent once the grammar is in the worker: it reads messages in order.
        grammar.then(
          () => this.enqueue(job),
          () => job.fail(),
        );
      }
    }
    this.#queued.clear();
    if (updates.length === 0 && this.#disposed.length === 0) return;
    this.#post({ type: 'batch', updates, disposed: this.#disposed });
    this.#disposed = [];
  }

  /** 'ready' when the worker has the grammar; else a promise that settles once it was posted. */
  #grammar(language: LanguageId): 'ready' | Promise<void> {
    const known = this.#grammars.get(language);
    if (known) return known;
    const loading = grammarLoaders[language]().then((module) => {
      this.#post({ type: 'grammar', language, registrations: module.default });
      this.#grammars.set(language, 'ready');
    });
    this.#grammars.set(language, loading);
    // An offline chunk fetch is retried by the next block in that language.
    loading.catch(() => this.#grammars.delete(language));
    return loading;
  }

  #post(message: ToWorker): void {
    this.#worker?.postMessage(message);
  }

  #receive(message: FromWorker): void {
    if (message.type === 'ready') {
      setHighlightMode('worker');
      return;
    }
    for (const result of message.results) this.#jobs.get(result.block)?.answer(result);
  }

  #fail(reason: HighlightFallbackReason, cause: unknown): void {
    if (this.#failed) return;
    // For developers: the page keeps working, highlighted on the main thread (see mode.ts).
    console.info(
      'acp-react: highlighting runs on the main thread; its worker',
      reason === 'refused' ? 'was refused:' : 'failed to start or stopped:',
      cause ?? '(no details; is it allowed by the page’s worker-src?)',
    );
    this.#failed = true;
    this.#worker?.terminate();
    this.#worker = null;
    setHighlightMode('main-thread', reason);
    const jobs = [...this.#jobs.values()];
    this.#jobs.clear();
    this.#queued.clear();
    for (const job of jobs) job.lost();
  }
}

let client: WorkerClient | null = null;

/** The page's worker path, started on first use; null when the worker could not be created. */
export function workerBackend(): Backend | null {
  client ??= new WorkerClient();
  return client.failed ? null : client;
}
