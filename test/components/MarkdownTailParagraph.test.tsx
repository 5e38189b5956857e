import { describe, expect, it, vi, beforeEach } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import fc from 'fast-check';
import { Markdown } from '../../src/components/Markdown/index.js';
import { isClosedSegment } from '../../src/components/Markdown/closed-segment.js';
import { advanceTailParagraph, lastCutPoint } from '../../src/components/Markdown/tail-paragraph.js';
import { parsed } from '../helpers/counted-markdown.js';
import { settled } from '../helpers/markdown.js';

// Counts the characters react-markdown parses, to see that a streaming paragraph is parsed once.
vi.mock('react-markdown', async (importOriginal) => (await import('../helpers/counted-markdown.js')).countingReactMarkdown(importOriginal));

beforeEach(() => {
  parsed.chars = 0;
});

/**
 * Streams `chunks` (cumulative texts) into one <Markdown>, finishes it, returns its DOM once every
 * part has been parsed (a part over a render pass's parse budget waits for a later frame).
 */
async function streamed(texts: string[], final: string): Promise<HTMLElement> {
  const view = render(<Markdown text="" streaming />);
  for (const text of texts) view.rerender(<Markdown text={text} streaming />);
  view.rerender(<Markdown text={final} />);
  await settled(view.container);
  return view.container;
}

async function oneShot(text: string): Promise<HTMLElement> {
  const { container } = render(<Markdown text={text} />);
  await settled(container);
  return container;
}

/**
 * Same DOM once adjacent text nodes are merged (React may render a run of text as several
 * nodes, in a one-shot render too; only the merged DOM is what the page shows).
 */
function sameDom(actual: HTMLElement, expected: HTMLElement): boolean {
  actual.normalize();
  expected.normalize();
  return actual.innerHTML === expected.innerHTML && actual.isEqualNode(expected);
}

function prefixes(text: string, cuts: number[]): string[] {
  return [...new Set([...cuts.map((cut) => Math.min(cut, text.length)), text.length])].sort((a, b) => a - b).map((end) => text.slice(0, end));
}

const sentence = 'the parser keeps a cache of finished blocks so each chunk only touches the tail ';

describe('isClosedSegment', () => {
  it.each([
    ['plain words ', true],
    ['some **bold** and `code` and [a link](https://example.com) done ', true],
    ['a snake_case name and 2 * 3 ', true],
    ['see www.example.com and mail a@b.co ', true],
    ['an open `code span ', false],
    ['an open [link text ', false],
    ['an open **bold run ', false],
    ['an open _emphasis ', false],
    ['an open ~~strike ', false],
    ['an autolink <https://exa ', false],
    ['an escaped \\*star ', false],
    ['a &#42; reference ', false],
    ['# a heading ', false],
    ['- a list item ', false],
    ['    indented code ', false],
  ])('%j → %s', (source, closed) => {
    expect(isClosedSegment(source)).toBe(closed);
  });
});

describe('lastCutPoint', () => {
  it('cuts after a space between a word character and a letter, never before digits or markers', () => {
    const text = 'alpha beta 42 **gamma** `delta`';
    expect(lastCutPoint(text, 0, text.length)).toBe(text.indexOf('beta'));
    expect(lastCutPoint('one  two', 0, 8)).toBe(-1);
    expect(lastCutPoint('one, two', 0, 8)).toBe(-1);
  });
});

describe('advanceTailParagraph', () => {
  const long = sentence.repeat(3);

  it('cuts a long one-line paragraph and resumes from its cuts', () => {
    const first = advanceTailParagraph(null, long + 'more', true);
    expect(first?.cuts.length).toBe(1);
    const next = advanceTailParagraph(first, long + 'more words', true);
    expect(next?.cuts).toEqual(first?.cuts);
  });

  it('parses whole what a later line or its first character could still change', () => {
    expect(advanceTailParagraph(null, `${long}\n===`, true)).toBeNull();
    expect(advanceTailParagraph(null, `[ref]: ${long}`, true)).toBeNull();
    expect(advanceTailParagraph(null, `<div> ${long}`, true)).toBeNull();
  });

  it('keeps its cuts when the paragraph is finished with its blank line', () => {
    const streaming = advanceTailParagraph(null, long + 'end', true);
    const done = advanceTailParagraph(streaming, `${long}end\n\n`, false);
    expect(done?.cuts).toEqual(streaming?.cuts);
    // Finished without having streamed: nothing to reuse, parsed whole.
    expect(advanceTailParagraph(null, `${long}end\n\n`, false)).toBeNull();
  });

  it('waits for the text to grow after a refused cut', () => {
    const open = `\`${long}`;
    const refused = advanceTailParagraph(null, open, true);
    expect(refused?.cuts).toEqual([]);
    expect(refused?.retryAt).toBeGreaterThan(open.length);
  });
});

describe('Markdown streaming paragraph', () => {
  it('parses a long one-line paragraph about once, not once per chunk', async () => {
    // Markup in every sentence: plain words alone would skip the parser (literal-text.ts).
    const text = `${sentence}with **bold** and \`code\` `.repeat(60);
    const texts: string[] = [];
    for (let end = 24; end < text.length; end += 24) texts.push(text.slice(0, end));
    const container = await streamed(texts, text);
    expect(container.querySelectorAll('p')).toHaveLength(1);
    expect(container.textContent).toBe(text.replace(/\*\*|`/g, '').trimEnd());
    // Whole-tail parsing would be about length² / 48 characters (≈ 100× the text here).
    expect(parsed.chars).toBeGreaterThanOrEqual(text.trimEnd().length);
    expect(parsed.chars).toBeLessThan(text.length * 6);
  });

  it('finishes with the DOM of a one-shot render', async () => {
    const text = `${sentence}with **bold words** and \`code\` and [a link](https://example.com/a) ${sentence}www.example.com ${sentence}`;
    const texts = prefixes(
      text,
      Array.from({ length: 40 }, (_, i) => i * 9),
    );
    const finished = await streamed(texts, text);
    const expected = await oneShot(text);
    expect(sameDom(finished, expected)).toBe(true);
    expect(finished.innerHTML).toBe(expected.innerHTML);
  });

  // Markdown-ish text: mostly words, with complete inline constructs (which let a paragraph be
  // cut) and stray markers that open something (which must stop it), streamed at random chunk
  // boundaries. Lines (`inline`) and, for whole documents, block constructs.
  const inline = fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom('word ', 'words ', 'Alpha ', 'beta ', 'x ', 'word', ' ') },
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        '**bold** ',
        '*it* ',
        '_em_ ',
        '~~del~~ ',
        '`code` ',
        '[link](https://example.com/p) ',
        'www.example.com ',
        'dev@example.com ',
        '<https://auto.example> ',
        '![img](https://example.com/i.png) ',
        'snake_case ',
        '2 * 3 ',
        '**a *b* c** ',
        'https://example.com/q?a=1 ',
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('**', '*', '_', '~', '~~', '`', '``', '[', ']', '](', '<', '>', '\\*', '&amp;', '&#42;', '(', ')', '!'),
    },
  );
  const block = fc.constantFrom('\n', '\n\n', '\n- ', '\n1. ', '\n# ', '\n> ', '\n```ts\n', '\n```\n', '\n| a | b |\n|---|---|\n| 1 | 2 |\n', '\n===\n');
  const markdownText = fc
    .array(fc.oneof({ weight: 8, arbitrary: inline }, { weight: 1, arbitrary: block }), { minLength: 20, maxLength: 200 })
    .map((tokens) => tokens.join(''));

  /** Streams `text` cut at the given offsets, finishes it, and compares with a one-shot render. */
  async function streamsLikeOneShot(text: string, rawCuts: number[]): Promise<boolean> {
    const texts = prefixes(
      text,
      rawCuts.map((cut) => cut % (text.length + 1)),
    );
    const finished = await streamed(texts, text);
    const expected = await oneShot(text);
    const same = sameDom(finished, expected);
    cleanup();
    return same;
  }

  it('streamed then finished renders exactly as a one-shot parse (property)', async () => {
    await fc.assert(fc.asyncProperty(markdownText, fc.array(fc.nat(), { maxLength: 30 }), streamsLikeOneShot), { numRuns: 60 });
  }, 60_000);

  it('streamed then finished renders exactly as a one-shot parse for long single-line paragraphs (property)', async () => {
    const line = fc.array(inline, { minLength: 40, maxLength: 260 }).map((tokens) => `Start ${tokens.join('')}`);
    await fc.assert(fc.asyncProperty(line, fc.array(fc.nat(), { maxLength: 60 }), streamsLikeOneShot), { numRuns: 60 });
  }, 60_000);
});
