import { describe, expect, it } from 'vitest';
import type { HighlightedLine } from '../../src/highlight/index.js';
import { loadTokenizer } from '../../src/highlight/main-thread.js';
import { LineTokenCache } from '../../src/highlight/line-cache.js';

/** A fake tokenizer: one token per line, state = number of lines seen; records each call. */
function fakeTokenizer() {
  const calls: string[] = [];
  const tokenize = (code: string, state: number | undefined) => {
    calls.push(code);
    const lines = code.split('\n');
    return {
      lines: lines.map((line): HighlightedLine => [{ content: line, style: { color: `s${state ?? 0}` } }]),
      state: (state ?? 0) + lines.length,
    };
  };
  return { calls, tokenize };
}

describe('LineTokenCache', () => {
  it('tokenizes only complete lines, and only new ones as the code grows', () => {
    const { calls, tokenize } = fakeTokenizer();
    const cache = new LineTokenCache(tokenize);
    expect(cache.advance('a\nb\npartial')).toBe(true);
    expect(calls).toEqual(['a\nb']);
    const firstLines = cache.tokensFor('a\nb\npartial');
    expect(firstLines).toHaveLength(2);

    cache.advance('a\nb\npartial line\nc\nd');
    // Only the newly completed line went to the tokenizer, starting from the saved state.
    expect(calls).toEqual(['a\nb', 'partial line\nc']);
    const lines = cache.tokensFor('a\nb\npartial line\nc\nd');
    expect(lines.map((l) => l[0].content)).toEqual(['a', 'b', 'partial line', 'c']);
    expect(lines[2][0].style?.color).toBe('s2');
    // Earlier lines keep their identity (memoized renderers skip them).
    expect(lines[0]).toBe(firstLines[0]);
    // Growing only the unfinished last line changes nothing, and says so.
    const version = cache.version;
    cache.advance('a\nb\npartial line\nc\nd and more');
    expect(cache.version).toBe(version);
    expect(calls).toHaveLength(2);
  });

  it('includes the last line when final, without losing the ability to grow', () => {
    const { calls, tokenize } = fakeTokenizer();
    const cache = new LineTokenCache(tokenize);
    cache.advance('x\ny', { final: true });
    expect(cache.tokensFor('x\ny', true).map((l) => l[0].content)).toEqual(['x', 'y']);
    expect(cache.tokensFor('x\ny', false)).toHaveLength(1);
    cache.advance('x\nyz\n', { final: false });
    expect(cache.tokensFor('x\nyz\n').map((l) => l[0].content)).toEqual(['x', 'yz']);
    expect(calls).toEqual(['x', 'y', 'yz']);
  });

  it('works in slices and rewinds to the last checkpoint before an edit', () => {
    const { calls, tokenize } = fakeTokenizer();
    const cache = new LineTokenCache(tokenize);
    const code = '1\n2\n3\n4\n5\n';
    expect(cache.advance(code, { maxLines: 2 })).toBe(false);
    expect(cache.advance(code, { maxLines: 2 })).toBe(false);
    expect(cache.advance(code, { maxLines: 2 })).toBe(true);
    expect(calls).toEqual(['1\n2', '3\n4', '5']);
    // Stale for changed code: nothing shown until re-advanced.
    expect(cache.tokensFor('1\n2\nX\n4\n5\n')).toHaveLength(0);
    cache.advance('1\n2\nX\n4\n5\n');
    expect(calls.slice(3)).toEqual(['X\n4\n5']);
    expect(cache.tokensFor('1\n2\nX\n4\n5\n').map((l) => l[0].content)).toEqual(['1', '2', 'X', '4', '5']);
  });

  it('keeps a batch under maxChars, a long line alone (minified code cannot make one call long)', () => {
    const { calls, tokenize } = fakeTokenizer();
    const cache = new LineTokenCache(tokenize);
    const long = 'x'.repeat(100);
    const code = `a\nb\n${long}\nc\nd\n`;
    let advances = 1;
    while (!cache.advance(code, { maxLines: 8, maxChars: 10 })) advances++;
    expect(calls).toEqual(['a\nb', long, 'c\nd']);
    // The caller's clock is read between them: each call did one batch.
    expect(advances).toBe(3);
    expect(cache.tokensFor(code)).toHaveLength(5);
  });

  it('continues shiki grammar state across chunks (a comment opened earlier)', async () => {
    const tokenize = await loadTokenizer('typescript');
    const code = 'const a = 1; /* starts\nstill a comment\nends */ const b = "x";\n';
    const whole = tokenize(code.slice(0, -1), undefined).lines;

    const cache = new LineTokenCache(tokenize);
    let streamed = '';
    for (const char of code) {
      streamed += char;
      cache.advance(streamed);
    }
    expect(cache.tokensFor(code)).toEqual(whole);
    const comment = cache.tokensFor(code)[1][0];
    expect(comment.content).toBe('still a comment');
    expect(comment.style?.color).toContain('--acp-code-comment');
  });
});
