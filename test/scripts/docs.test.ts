/**
 * What the prose docs may not say by hand, because it goes stale without anything noticing:
 * - a size or budget figure of the library (the figures live in `scripts/check-size.mjs`, which
 *   `npm test` runs and prints, and each change to a budget is named in the CHANGELOG);
 * - a benchmark flag that no benchmark reads any more (bench/README.md);
 * - a relative link to a file or a heading that is not there (README.md and the docs/ pages link
 *   each other and the repository's files).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
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

/** The reference pages the README links to. */
const DOCS_PAGES = readdirSync(join(root, 'docs'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => `docs/${f}`);

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a markdown file's headings (outside code fences). */
function anchorsIn(markdown: string): Set<string> {
  const prose = markdown.replace(/^```[\s\S]*?^```$/gm, '');
  return new Set([...prose.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1] ?? '')));
}

/** Relative links of a markdown file (not in code) that name a missing file or heading. */
function brokenLinks(file: string): string[] {
  const prose = read(file)
    .replace(/^```[\s\S]*?^```$/gm, '')
    .replace(/`[^`\n]*`/g, '');
  const broken: string[] = [];
  for (const [, target = ''] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // https:, mailto:
    const [path = '', anchor] = target.split('#');
    const linked = path ? normalize(join(dirname(file), path)) : file;
    if (!existsSync(join(root, linked))) broken.push(`${target} (no ${linked})`);
    else if (anchor !== undefined && linked.endsWith('.md') && !anchorsIn(read(linked)).has(anchor))
      broken.push(`${target} (no heading #${anchor} in ${linked})`);
  }
  return broken;
}

describe('prose docs', () => {
  it('the README links every reference page', () => {
    expect(DOCS_PAGES.length).toBeGreaterThan(3);
    const readme = read('README.md');
    expect(DOCS_PAGES.filter((page) => !readme.includes(`](${page}`))).toEqual([]);
  });

  it.each(['README.md', 'CONTRIBUTING.md', ...DOCS_PAGES])('%s links only to files and headings that exist', (file) => {
    expect(brokenLinks(file)).toEqual([]);
  });

  it.each(['README.md', 'CONTRIBUTING.md', 'hosts/README.md', ...DOCS_PAGES])('%s states no size or budget figure by hand', (file) => {
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
