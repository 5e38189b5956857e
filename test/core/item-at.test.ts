import { describe, expect, it } from 'vitest';
import { itemAt } from '../../src/core/item-at.js';

describe('itemAt', () => {
  it('reads an index in range, from arrays and typed arrays', () => {
    expect(itemAt(['a', 'b'], 1)).toBe('b');
    expect(itemAt(new Int32Array([7, 0]), 1)).toBe(0);
    expect(itemAt([null], 0)).toBeNull();
  });

  it('throws a RangeError naming the index and the length, instead of returning undefined', () => {
    expect(() => itemAt(['a'], 1)).toThrow(new RangeError('acp-react internal error: index 1 is out of range (length 1)'));
    expect(() => itemAt(new Int32Array(2), -1)).toThrow(RangeError);
  });
});
