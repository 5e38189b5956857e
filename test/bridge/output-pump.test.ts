import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOutputPump } from '../../bridge/output-pump.mjs';

function pump(maxChunkChars = 8, maxPendingChars = 32) {
  const pushes: Array<{ data: string; dropped: boolean }> = [];
  const output = createOutputPump({ intervalMs: 50, maxChunkChars, maxPendingChars, push: (data, dropped) => pushes.push({ data, dropped }) });
  return { output, pushes };
}

describe('createOutputPump', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('pushes what arrives within one interval as one notification', () => {
    const { output, pushes } = pump();
    output.write('a');
    output.write('');
    output.write('bc');
    expect(pushes).toEqual([]);
    vi.advanceTimersByTime(50);
    expect(pushes).toEqual([{ data: 'abc', dropped: false }]);
    vi.advanceTimersByTime(500);
    expect(pushes).toHaveLength(1);
  });

  it('sends more than a push holds in order, one chunk per interval', () => {
    const { output, pushes } = pump(4);
    output.write('0123456789');
    vi.advanceTimersByTime(50);
    expect(pushes.map((p) => p.data)).toEqual(['0123']);
    vi.advanceTimersByTime(100);
    expect(pushes.map((p) => p.data)).toEqual(['0123', '4567', '89']);
  });

  it('drops the oldest output past the bound, down to three quarters of it, and says so once', () => {
    const { output, pushes } = pump(64, 32);
    output.write('x'.repeat(30));
    output.write('0123456789');
    vi.advanceTimersByTime(50);
    expect(pushes).toEqual([{ data: `${'x'.repeat(14)}0123456789`, dropped: true }]);
    output.write('next');
    vi.advanceTimersByTime(50);
    expect(pushes[1]).toEqual({ data: 'next', dropped: false });
  });

  it('never splits a surrogate pair, in a chunk or a cut', () => {
    const { output, pushes } = pump(4, 8);
    output.write('abc🦀de');
    vi.advanceTimersByTime(100);
    expect(pushes.map((p) => p.data)).toEqual(['abc🦀', 'de']);
    // 10 code units over a bound of 8: the cut (at 4, inside the second crab) moves past the pair.
    output.write('a🦀🦀🦀🦀b');
    vi.advanceTimersByTime(100);
    expect(pushes.slice(2)).toEqual([
      { data: '🦀🦀', dropped: true },
      { data: 'b', dropped: false },
    ]);
  });

  it('drain pushes everything now, in chunks; cancel drops what waits', () => {
    const { output, pushes } = pump(4);
    output.write('0123456789');
    output.drain();
    expect(pushes.map((p) => p.data)).toEqual(['0123', '4567', '89']);
    output.write('late');
    output.cancel();
    vi.advanceTimersByTime(500);
    expect(pushes).toHaveLength(3);
  });
});
