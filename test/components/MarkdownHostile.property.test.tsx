/**
 * Markdown as a hostile or runaway agent writes it: thousands of nested quotes, lists, links and
 * emphasis, megabyte lines, huge tables, thousands of unmatched marks, in any mix and streamed in
 * any chunks. Rendering never throws, the DOM never nests deeper than the nesting budget allows,
 * and the parser's work stays bounded: every parse is a bounded unit (size and marks), and all
 * parses together are a small multiple of the text (counted, never timed).
 */
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { Markdown } from '../../src/components/Markdown/index.js';
import { MARKDOWN_UNIT_CHARS, MARKUP_LIMIT, NESTING_LIMIT } from '../../src/components/shared/budgets.js';
import { countMarkup } from '../../src/components/Markdown/markup.js';
import { MAX_RUN } from '../../src/components/Markdown/paragraph-runs.js';
import { settled } from '../helpers/markdown.js';
import { domDepth } from '../helpers/dom-depth.js';

// Every source react-markdown parses, to bound the parser's work by counting.
const parses = vi.hoisted(() => ({ sources: [] as string[] }));
vi.mock('react-markdown', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-markdown')>();
  const Counted = (props: Parameters<typeof actual.default>[0]) => {
    parses.sources.push(String(props.children ?? ''));
    return actual.default(props);
  };
  return { ...actual, default: Counted };
});
beforeEach(() => {
  parses.sources = [];
});

const depth = fc.integer({ min: 1, max: 4000 });
const part = fc.oneof(
  depth.map((d) => `${'> '.repeat(d)}quoted`),
  depth.map((d) => `${'- '.repeat(d)}listed`),
  fc.integer({ min: 1, max: 200 }).map((d) => Array.from({ length: d }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n')),
  depth.map((d) => `${'['.repeat(d)}link${'](https://e.com)'.repeat(d)}`),
  depth.map((d) => `${'**'.repeat(d)}strong${'**'.repeat(d)}`),
  fc.integer({ min: 1, max: 8000 }).map((n) => '*a_ '.repeat(n)),
  fc.integer({ min: 1, max: 3000 }).map((n) => '[ (]('.repeat(n)),
  fc.integer({ min: 1, max: 30_000 }).map((n) => 'word '.repeat(n)),
  fc.integer({ min: 1, max: 60_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 1, max: 1500 }).map((n) => ['| a | b |', '|---|---|', ...Array.from({ length: n }, (_, i) => `| ${i} | **${i}** |`)].join('\n')),
  fc.constantFrom('Plain words.', '# Heading', '```ts\nconst x = 1;\n```', '1. one\n2. two'),
);
const document = fc.array(part, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('\n\n'));

/** The parse unit's bounds: its size (a table group adds its head; a paragraph run may reach MAX_RUN) and its marks. */
function checkUnits(text: string) {
  for (const source of parses.sources) {
    expect(source.length).toBeLessThanOrEqual(Math.max(MARKDOWN_UNIT_CHARS, MAX_RUN) + 4096);
    expect(countMarkup(source)).toBeLessThanOrEqual(MARKUP_LIMIT + 64);
  }
  const parsed = parses.sources.reduce((sum, source) => sum + source.length, 0);
  expect(parsed).toBeLessThanOrEqual(4 * text.length + 64 * 1024);
}

describe('Markdown with hostile input', () => {
  it('renders any deep and wide document at once without throwing, nesting or parsing without bound (property)', async () => {
    await fc.assert(
      fc.asyncProperty(document, async (text) => {
        parses.sources = [];
        const { container } = render(<Markdown text={text} />);
        await settled(container, 20_000);
        expect(container.querySelector('[data-slot="part-error"]')).toBeNull();
        expect(domDepth(container)).toBeLessThanOrEqual(3 * NESTING_LIMIT + 24);
        checkUnits(text);
        cleanup();
      }),
      { numRuns: 25 },
    );
  }, 300_000);

  it('streams any such document in any chunks with bounded parsing (property)', async () => {
    await fc.assert(
      fc.asyncProperty(document, fc.array(fc.integer({ min: 1, max: 40_000 }), { minLength: 1, maxLength: 12 }), async (text, sizes) => {
        parses.sources = [];
        const view = render(<Markdown text="" streaming />);
        let end = 0;
        let steps = 0;
        for (const size of sizes) {
          end = Math.min(text.length, end + size);
          view.rerender(<Markdown text={text.slice(0, end)} streaming />);
          steps++;
        }
        view.rerender(<Markdown text={text} />);
        await settled(view.container, 20_000);
        expect(view.container.querySelector('[data-slot="part-error"]')).toBeNull();
        expect(domDepth(view.container)).toBeLessThanOrEqual(3 * NESTING_LIMIT + 24);
        for (const source of parses.sources) expect(source.length).toBeLessThanOrEqual(Math.max(MARKDOWN_UNIT_CHARS, MAX_RUN) + 4096);
        // Each chunk re-parses at most the open unit of each growing block, not the whole text.
        const parsed = parses.sources.reduce((sum, source) => sum + source.length, 0);
        expect(parsed).toBeLessThanOrEqual(4 * text.length + (steps + 2) * 4 * (MAX_RUN + 4096));
        cleanup();
      }),
      { numRuns: 15 },
    );
  }, 300_000);

  it('shows quotes nested past the budget flattened, with a note, and the text after them', async () => {
    // 6 KB: within the parse unit once capped (a bigger block would show as plain text).
    const { container } = render(<Markdown text={`${'> '.repeat(3000)}bottom\n\nAfter.`} />);
    await settled(container);
    expect(container.querySelectorAll('blockquote')).toHaveLength(NESTING_LIMIT);
    expect(container.textContent).toContain('bottom');
    expect(container.textContent).toContain('After.');
    expect(container.querySelector('[role="note"]')?.textContent).toBe(`Nested deeper than ${NESTING_LIMIT} levels: the deeper levels are shown as text.`);
  });
});
