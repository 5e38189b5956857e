/**
 * What the prose docs may not say by hand, because it goes stale without anything noticing:
 * - a size or budget figure of the library (the figures live in `scripts/check-size.mjs`, which
 *   `npm test` runs and prints, and each change to a budget is named in the CHANGELOG);
 * - a benchmark flag that no benchmark reads any more (bench/README.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** Paragraphs (blank-line separated) that speak of bundle size and state a figure in kB or bytes. */
function sizeFiguresByHand(markdown: string): string[] {
  return markdown
    .split(/\n\s*\n/)
    .filter((paragraph) => /gzip|bundle/i.test(paragraph) && /\b\d[\d.,]*\s?(?:kB|KB|KiB|bytes)\b/.test(paragraph))
    .map((paragraph) => paragraph.trim().slice(0, 160));
}

describe('prose docs', () => {
  it.each(['README.md', 'CONTRIBUTING.md', 'hosts/README.md'])('%s states no size or budget figure by hand', (file) => {
    expect(sizeFiguresByHand(read(file))).toEqual([]);
  });

  it('bench/README.md documents only flags that a benchmark reads', () => {
    const sources = ['bench', 'bench/lib', 'bench/pages']
      .flatMap((dir) =>
        readdirSync(join(root, dir))
          .filter((f) => /\.(mjs|ts|tsx)$/.test(f))
          .map((f) => read(join(dir, f))),
      )
      .join('\n');
    const flags = [...new Set(read('bench/README.md').match(/--[a-z][a-z-]+/g) ?? [])];
    expect(flags.length).toBeGreaterThan(5);
    // A flag is read as `--name` or through the benches' `flag('name')` helper.
    const unread = flags.filter((flag) => !sources.includes(flag) && !sources.includes(`'${flag.slice(2)}'`));
    expect(unread).toEqual([]);
  });

  it('bench/README.md describes no build the benchmarks no longer make', () => {
    expect(read('bench/README.md')).not.toMatch(/what-if build sizes/);
  });
});
