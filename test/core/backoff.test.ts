import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RECONNECT, reconnectDelay } from '../../src/core/client/backoff.js';

const noJitter = () => 0.5;
const options = { ...DEFAULT_RECONNECT, initialDelayMs: 500, maxDelayMs: 15_000, factor: 2, jitter: 0.3 };

describe('reconnectDelay', () => {
  it('starts at the initial delay and doubles', () => {
    expect([1, 2, 3, 4, 5].map((a) => reconnectDelay(a, options, noJitter))).toEqual([500, 1000, 2000, 4000, 8000]);
  });

  it('is capped at the maximum, even for absurd attempt counts', () => {
    expect(reconnectDelay(6, options, noJitter)).toBe(15_000);
    expect(reconnectDelay(1e6, options, noJitter)).toBe(15_000);
  });

  it('treats attempt 0 or below as the first attempt', () => {
    expect(reconnectDelay(0, options, noJitter)).toBe(500);
    expect(reconnectDelay(-3, options, noJitter)).toBe(500);
  });

  it('spreads the delay by ±jitter', () => {
    expect(reconnectDelay(1, options, () => 0)).toBe(350);
    expect(reconnectDelay(1, options, () => 0.999999)).toBe(650);
    expect(reconnectDelay(3, { ...options, jitter: 0 }, () => 0)).toBe(2000);
  });

  it('property: within [base·(1−j), base·(1+j)], never negative, non-decreasing in the attempt', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (attempt, r, jitter) => {
          const o = { ...options, jitter };
          const base = Math.min(o.maxDelayMs, o.initialDelayMs * o.factor ** (attempt - 1));
          const d = reconnectDelay(attempt, o, () => r);
          expect(d).toBeGreaterThanOrEqual(Math.floor(base * (1 - jitter)));
          expect(d).toBeLessThanOrEqual(Math.ceil(base * (1 + jitter)));
          expect(d).toBeGreaterThanOrEqual(0);
          expect(reconnectDelay(attempt + 1, o, () => r)).toBeGreaterThanOrEqual(d);
        },
      ),
    );
  });
});
