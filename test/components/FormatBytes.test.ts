/** One byte formatter for attachments, refusals and message blocks: the same size reads the same everywhere. */
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../src/components/shared/format-bytes.js';

describe('formatBytes', () => {
  it('counts bytes whole, in the long plural form', () => {
    expect(formatBytes(38, 'en')).toBe('38 bytes');
    expect(formatBytes(1, 'en')).toBe('1 byte');
  });

  it('keeps one decimal below 10 of a unit and none above', () => {
    expect(formatBytes(3_400_000, 'en')).toBe('3.4 MB');
    expect(formatBytes(12_345, 'en')).toBe('12 kB');
    expect(formatBytes(10 * 1000 * 1000, 'en')).toBe('10 MB');
  });

  it('reads a negative count (a bad size field) as 0', () => {
    expect(formatBytes(-5, 'en')).toBe('0 bytes');
  });

  it('follows the locale', () => {
    expect(formatBytes(3_400_000, 'de')).toBe('3,4 MB');
  });
});
