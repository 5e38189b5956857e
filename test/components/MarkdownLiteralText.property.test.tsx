/**
 * Literal text (`literal-text.ts`) skips the markdown parser: these check that it is exactly what
 * the parser (the same remark + GFM the renderer uses) would have made of it, and that a streamed
 * answer of plain words is rendered without parsing.
 */
import fc from 'fast-check';
import type { Root } from 'mdast';
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { Markdown } from '../../src/components/Markdown/index.js';
import { isClosedSegment } from '../../src/components/Markdown/closed-segment.js';
import { isLiteralText, literalTextValue } from '../../src/components/Markdown/literal-text.js';
import { parsed } from '../helpers/counted-markdown.js';
import { settled } from '../helpers/markdown.js';

vi.mock('react-markdown', async (importOriginal) => (await import('../helpers/counted-markdown.js')).countingReactMarkdown(importOriginal));

beforeEach(() => {
  parsed.chars = 0;
});

const parser = unified().use(remarkParse).use(remarkGfm).freeze();

// Mostly the characters literal text may hold, with every kind of special one mixed in.
const char = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...'abcXYZéßж0189 .,;!?\'"()/%$+=#-') },
  { weight: 2, arbitrary: fc.constantFrom(...'*_~`[]<>&\\|:@\t\n\r\u0000\u00a0') },
  { weight: 1, arbitrary: fc.constantFrom('www.', 'WWW.', 'http://x.y', 'a@b.co', '&amp;', '1) ', '  ') },
);
const text = fc.array(char, { minLength: 1, maxLength: 40 }).map((parts) => parts.join(''));

describe('literal text', () => {
  it('is what the parser makes of it: one paragraph, one text node, trailing spaces dropped', () => {
    fc.assert(
      fc.property(text, (source) => {
        if (!isLiteralText(source)) return;
        const tree = parser.runSync(parser.parse(source)) as Root;
        expect(tree.children).toHaveLength(1);
        const [paragraph] = tree.children;
        expect(paragraph?.type).toBe('paragraph');
        expect(paragraph && 'children' in paragraph ? paragraph.children : []).toEqual([
          expect.objectContaining({ type: 'text', value: literalTextValue(source) }),
        ]);
      }),
      { numRuns: 3000 },
    );
  });

  it('renders as react-markdown renders it', () => {
    fc.assert(
      fc.property(text, (source) => {
        if (!isLiteralText(source)) return;
        const expected = renderToStaticMarkup(<ReactMarkdown remarkPlugins={[remarkGfm]}>{source}</ReactMarkdown>);
        expect(renderToStaticMarkup(<p>{literalTextValue(source)}</p>)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('answers false for anything markdown gives meaning to', () => {
    for (const source of [
      'a *b*',
      'a _b_',
      'a `b`',
      'a [b](c)',
      'see www.example.com',
      'WWW.example.com',
      'at http://x.y',
      'mail a@b.co',
      'a &amp; b',
      'a\\*',
      'a | b',
      'a <b>',
      '1) one',
      ' indented',
      '# heading',
      'tab\there',
    ]) {
      expect(isLiteralText(source), source).toBe(false);
    }
    for (const source of ['w0 w1 w2 ', 'Plain words, and (some) punctuation: no', 'Déjà vu! 100% sure?']) {
      expect(isLiteralText(source), source).toBe(!source.includes(':'));
    }
  });

  it('is a closed segment without a parse', () => {
    expect(isClosedSegment('w0 w1 w2 ')).toBe(true);
  });

  it('renders a streamed answer of plain words without parsing it, as the one-shot render shows it', async () => {
    const words = Array.from({ length: 3000 }, (_, i) => `w${i} `);
    const view = render(<Markdown text="" streaming />);
    let text = '';
    for (let i = 0; i < words.length; i += 97) {
      text = words.slice(0, i + 97).join('');
      view.rerender(<Markdown text={text} streaming />);
    }
    view.rerender(<Markdown text={text} />);
    await settled(view.container);
    expect(parsed.chars).toBe(0);
    // The count is live: one word of markup goes through the parser.
    view.rerender(<Markdown text={`${text}**end**`} />);
    await settled(view.container);
    expect(parsed.chars).toBeGreaterThan(0);
    view.rerender(<Markdown text={text} />);
    await settled(view.container);
    expect(view.container.textContent?.replace(/\s+/g, ' ').trim()).toBe(text.trim());
    const streamedHtml = view.container.innerHTML;
    view.unmount();
    const oneShot = render(<Markdown text={text} />);
    await settled(oneShot.container);
    expect(oneShot.container.innerHTML).toBe(streamedHtml);
  });
});
