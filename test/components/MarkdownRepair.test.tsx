import { describe, expect, it } from 'vitest';
import { repairTail } from '../../src/components/Markdown/repair-tail.js';

describe('repairTail', () => {
  it.each([
    ['Hello **wor', 'Hello **wor**'],
    ['Hello **', 'Hello '],
    ['Hello *it', 'Hello *it*'],
    ['Hello _it', 'Hello _it_'],
    ['a ~~gone', 'a ~~gone~~'],
    ['use `npm i', 'use `npm i`'],
    ['use `', 'use '],
    ['**see `foo', '**see `foo`**'],
    ['**bold *', '**bold**'],
    ['see [the docs](https://exa', 'see the docs'],
    ['see [the docs', 'see the docs'],
    ['see [the docs]', 'see the docs'],
    ['**see [docs](http://x', '**see docs**'],
    ['look ![diagram](https://evil.example/pix', 'look '],
  ])('%j displays as %j', (input, expected) => {
    expect(repairTail(input)).toBe(expected);
  });

  it.each([
    'snake_case_name and 2*3',
    '**done** and *done* and `done`',
    '[a link](https://example.com) done',
    '- list item',
    '* list item',
    '[x] is literal',
    'escaped \\* star',
  ])('leaves complete syntax alone: %j', (input) => {
    expect(repairTail(input)).toBe(input);
  });

  it('only touches the last line', () => {
    expect(repairTail('first **open\nsecond *it')).toBe('first **open\nsecond *it*');
  });

  it('hides a fence opener still being typed', () => {
    expect(repairTail('Text\n```ts')).toBe('Text\n');
    expect(repairTail('Text\n``')).toBe('Text\n');
  });
});
