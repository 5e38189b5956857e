import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { blocksOf, splitBlocks, type BlockSplit } from '../../src/components/Markdown/split-blocks.js';

const sources = (text: string, final = true) => blocksOf(splitBlocks(text), final).map((b) => b.source);
const kinds = (text: string, final = true) => blocksOf(splitBlocks(text), final).map((b) => `${b.kind}${b.open ? ':open' : ''}`);

const DOC = [
  '# Title',
  '',
  'Intro paragraph with **bold**',
  'and a second line.',
  '',
  '- one',
  '- two',
  '',
  '- three (loose list)',
  '  continued inside the item',
  '',
  '| a | b |',
  '|---|---|',
  '| 1 | 2 |',
  '',
  '```ts',
  'const a = 1;',
  '',
  'const b = 2;',
  '```',
  'After the fence.',
  '',
  '> quote',
  '',
  '1. first',
  '   ```sh',
  '   echo hi',
  '',
  '   echo there',
  '   ```',
  '2. second',
  '',
  'Tail paragraph.',
].join('\n');

describe('splitBlocks', () => {
  it('cuts paragraphs, headings, lists, tables and fences into blocks', () => {
    expect(sources(DOC)).toEqual([
      '# Title\n',
      'Intro paragraph with **bold**\nand a second line.\n\n',
      '- one\n- two\n\n- three (loose list)\n  continued inside the item\n\n',
      '| a | b |\n|---|---|\n| 1 | 2 |\n\n',
      '```ts\nconst a = 1;\n\nconst b = 2;\n```\n',
      'After the fence.\n\n',
      '> quote\n\n',
      '1. first\n   ```sh\n   echo hi\n\n   echo there\n   ```\n2. second\n\n',
      'Tail paragraph.',
    ]);
  });

  it('keeps a fence with blank lines as one block, and an unclosed fence at the end open', () => {
    expect(kinds('Text\n\n```js\nlet a;\n\n\nlet b;\n')).toEqual(['markdown', 'fence:open']);
    expect(kinds('```js\nlet a;\n```\n')).toEqual(['fence']);
    // A closing fence as the very last line, without newline, closes the block once final.
    expect(kinds('```js\nlet a;\n```', true)).toEqual(['fence']);
    expect(kinds('```js\nlet a;\n```', false)).toEqual(['fence:open']);
  });

  it('lets headings and fences interrupt a paragraph but not setext underlines', () => {
    expect(sources('para\n# Heading\nmore\n')).toEqual(['para\n', '# Heading\n', 'more\n']);
    expect(sources('para\n```\ncode\n```\n')).toEqual(['para\n', '```\ncode\n```\n']);
    expect(sources('Title\n---\n\nnext\n')).toEqual(['Title\n---\n\n', 'next\n']);
  });

  it('does not treat "```" with backticks in its info string as a fence', () => {
    expect(kinds('```a`b```\n\npara\n')).toEqual(['markdown', 'markdown']);
  });

  it('keeps the unfinished last line in the tail block, cutting before it only when certain', () => {
    // "1" may become "1. item", continuing the list: undecided until the line is complete.
    const list = splitBlocks('- a\n\n1');
    expect(list.finished).toEqual([]);
    expect(blocksOf(list, false).map((b) => b.source)).toEqual(['- a\n\n1']);
    // After a paragraph, any line at column 0 starts a new block, whatever it turns into.
    const para = splitBlocks('para\n\n# Hea');
    expect(para.finished.map((b) => b.source)).toEqual(['para\n\n']);
    expect(blocksOf(para, false).map((b) => b.source)).toEqual(['para\n\n', '# Hea']);
    // An indented line may continue the block: undecided.
    expect(splitBlocks('para\n\n  x').finished).toEqual([]);
  });

  it('resumes from the tail: finished blocks are reused, not rescanned', () => {
    const first = splitBlocks('one\n\ntwo\n\nthree\n');
    expect(first.finished.map((b) => b.source)).toEqual(['one\n\n', 'two\n\n']);
    // Poison the prefix: if the splitter rescanned it, these sentinels would be replaced.
    const sentinel = first.finished.map((b) => ({ ...b, source: `<${b.source}>` }));
    const poisoned: BlockSplit = { ...first, finished: sentinel };
    const next = splitBlocks('one\n\ntwo\n\nthree\n\nfour\n', poisoned);
    expect(next.finished.slice(0, 2)).toEqual(sentinel);
    expect(next.finished[2].source).toBe('three\n\n');
    expect(next.tailStart).toBe('one\n\ntwo\n\nthree\n\n'.length);
  });

  it('starts over when the text is not an extension of the previous one', () => {
    const first = splitBlocks('one\n\ntwo\n\nthree\n');
    const next = splitBlocks('uno\n\ndos\n\ntres\n', first);
    expect(next.finished.map((b) => b.source)).toEqual(['uno\n\n', 'dos\n\n']);
  });

  it('gives the same blocks however the text was chunked (property)', () => {
    const docs = [DOC, '```\nopen fence\n\nstill open', '- a\n\n  b\n\n- c\n\nend', '# h\n## h2\ntext\n\n\n~~~\n~~~\n'];
    fc.assert(
      fc.property(fc.constantFrom(...docs), fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 60 }), (doc, sizes) => {
        let split: BlockSplit | null = null;
        let at = 0;
        const seen = new Map<number, string>();
        for (let i = 0; at < doc.length; i++) {
          at = Math.min(doc.length, at + sizes[i % sizes.length]);
          split = splitBlocks(doc.slice(0, at), split);
          // A finished block never changes afterwards.
          for (const block of split.finished) {
            const before = seen.get(block.start);
            if (before !== undefined) expect(block.source).toBe(before);
            seen.set(block.start, block.source);
          }
        }
        const whole = blocksOf(splitBlocks(doc), true);
        expect(blocksOf(split!, true)).toEqual(whole);
      }),
      { numRuns: 200 },
    );
  });
});
