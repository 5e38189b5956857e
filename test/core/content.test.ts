import { describe, expect, it } from 'vitest';
import { appendBlock, isUnknownBlock, readContentBlock, textOf, toPromptBlocks } from '../../src/core/content.js';
import type { ReceivedContentBlock } from '../../src/core/types.js';

describe('readContentBlock', () => {
  it.each([
    { type: 'text', text: 'hi' },
    { type: 'text', text: '', annotations: { priority: 1 } },
    { type: 'image', data: 'AAAA', mimeType: 'image/png' },
    { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
    { type: 'resource_link', uri: 'file:///a', name: 'a' },
    { type: 'resource', resource: { uri: 'file:///a', text: 'x' } },
    { type: 'resource', resource: { uri: 'file:///a', blob: 'AAAA' } },
  ])('passes a valid $type block through unchanged', (block) => {
    expect(readContentBlock(block)).toBe(block);
  });

  it.each([
    ['an unknown type', { type: 'video', url: 'x' }, 'video'],
    ['text without text', { type: 'text' }, 'text'],
    ['an image without data', { type: 'image', mimeType: 'image/png' }, 'image'],
    ['a resource link without name', { type: 'resource_link', uri: 'x' }, 'resource_link'],
    ['a resource with neither text nor blob', { type: 'resource', resource: { uri: 'x' } }, 'resource'],
    ['no type', { text: 'x' }, 'invalid'],
    ['a string', 'hello', 'invalid'],
    ['null', null, 'invalid'],
  ])('keeps %s as an unknown block', (_label, raw, type) => {
    const block = readContentBlock(raw);
    expect(block).toEqual({ type, unsupported: true, raw });
    expect(isUnknownBlock(block)).toBe(true);
    expect(textOf(block)).toBe('');
  });
});

describe('appendBlock', () => {
  it('merges consecutive plain text without touching the input array', () => {
    const blocks: ReceivedContentBlock[] = [{ type: 'text', text: 'a' }];
    const next = appendBlock(blocks, { type: 'text', text: 'b' });
    expect(next).toEqual([{ type: 'text', text: 'ab' }]);
    expect(blocks).toEqual([{ type: 'text', text: 'a' }]);
    expect(next).not.toBe(blocks);
  });

  it('does not merge across a non-text block, an annotated block or an unknown block', () => {
    const image = { type: 'image', data: 'A', mimeType: 'image/png' } as const;
    const annotated = { type: 'text', text: 'n', annotations: { priority: 1 } } as const;
    const unknown = readContentBlock({ type: 'text', text: 5 });
    let blocks: ReceivedContentBlock[] = [];
    for (const b of [
      { type: 'text', text: 'a' } as const,
      image,
      { type: 'text', text: 'b' } as const,
      annotated,
      { type: 'text', text: 'c' } as const,
      unknown,
      { type: 'text', text: 'd' } as const,
    ]) {
      blocks = appendBlock(blocks, b);
    }
    expect(blocks.map((b) => (isUnknownBlock(b) ? '?' : b.type === 'text' ? b.text : b.type))).toEqual(['a', 'image', 'b', 'n', 'c', '?', 'd']);
  });
});

describe('toPromptBlocks', () => {
  it('wraps a string as one text block and passes blocks through', () => {
    expect(toPromptBlocks('hi')).toEqual([{ type: 'text', text: 'hi' }]);
    const blocks = [{ type: 'resource_link' as const, uri: 'file:///a', name: 'a' }];
    expect(toPromptBlocks(blocks)).toBe(blocks);
  });
});
