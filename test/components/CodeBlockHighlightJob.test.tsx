/**
 * How highlighting shares the main thread where no worker runs (highlight/main-thread.ts): a run
 * forced by the idle timeout (no idle time left) tokenizes only a little and comes back; a
 * finished block renders once, when all of it is coloured; a streaming block renders as lines
 * are added.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MainThreadJob, loadTokenizer } from '../../src/highlight/main-thread.js';

type IdleCallback = (deadline: { timeRemaining(): number }) => void;

function installIdleCallbacks() {
  const queue: IdleCallback[] = [];
  vi.stubGlobal('requestIdleCallback', (callback: IdleCallback) => queue.push(callback));
  vi.stubGlobal('cancelIdleCallback', () => {});
  return {
    /** Runs the callbacks waiting now, each with `ms` of idle time (0: forced by the timeout). */
    idle(ms: number) {
      for (const callback of queue.splice(0)) callback({ timeRemaining: () => ms });
    },
    get waiting() {
      return queue.length;
    },
  };
}

/** A long block: far more lines than a forced run may tokenize. */
const LINES = 400;
const code = Array.from({ length: LINES }, (_, i) => `const value${i}: number = ${i} * 2; // line ${i}`).join('\n');

beforeAll(async () => {
  await loadTokenizer('typescript');
}, 20_000);

afterEach(() => vi.unstubAllGlobals());

describe('MainThreadJob', () => {
  it('a forced run tokenizes part of a finished block, comes back for the rest, and renders once when done', () => {
    const idle = installIdleCallbacks();
    const onUpdate = vi.fn();
    const job = new MainThreadJob('typescript', onUpdate);
    job.request(code, true);

    idle.idle(0);
    const afterForced = job.tokensFor(code, true).length;
    expect(afterForced).toBeGreaterThan(0);
    expect(afterForced).toBeLessThan(LINES);
    expect(onUpdate).not.toHaveBeenCalled();
    expect(job.status).toBe('pending');
    expect(idle.waiting).toBe(1);

    for (let i = 0; i < 10_000 && idle.waiting > 0; i++) idle.idle(50);
    expect(job.status).toBe('ready');
    expect(job.tokensFor(code, true)).toHaveLength(LINES);
    expect(onUpdate).toHaveBeenCalledTimes(1);
    job.dispose();
  });

  it('a streaming block renders each time lines were added', () => {
    const idle = installIdleCallbacks();
    const onUpdate = vi.fn();
    const job = new MainThreadJob('typescript', onUpdate);
    job.request('const a = 1;\nconst b = 2;\n', false);
    idle.idle(50);
    expect(job.tokensFor('const a = 1;\nconst b = 2;\n', false)).toHaveLength(2);
    expect(onUpdate).toHaveBeenCalledTimes(1);

    job.request('const a = 1;\nconst b = 2;\nconst c = 3;\n', false);
    idle.idle(0);
    expect(onUpdate).toHaveBeenCalledTimes(2);
    job.dispose();
  });
});
