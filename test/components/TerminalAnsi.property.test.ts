/**
 * Terminal output as a misbehaving program writes it: thousands of nested colour sequences,
 * escapes of every kind, control characters, lines of megabytes, streamed in arbitrary chunks.
 * The line parser never throws, shows no escape code, keeps every line within its budget, gives
 * the same lines however the output arrives, and does work proportional to what arrives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TERMINAL_LINE_CHARS, TerminalLineParser } from '../../src/components/TerminalOutput/terminal-lines.js';
import { parseAnsiLine } from '../../src/components/TerminalOutput/ansi-line.js';
import { createAnser, INITIAL_ANSI_STATE } from '../../src/components/TerminalOutput/ansi-state.js';

const ESC = '\u001b';
const piece = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('word ', 'x', 'Ü', '😀', ' ', '\t', '\r', '\n', '\r\n') },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 255 }).map((n) => `${ESC}[${n}m`) },
  { weight: 1, arbitrary: fc.array(fc.integer({ min: 0, max: 300 }), { maxLength: 40 }).map((ns) => `${ESC}[${ns.join(';')}m`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      `${ESC}[38;5;200m`,
      `${ESC}[38:2:1:2:3m`,
      `${ESC}[48;2;10;20;30m`,
      `${ESC}]0;title${ESC}\\`,
      `${ESC}]8;;https://x${ESC}\\`,
      `${ESC}(B`,
      `${ESC}[2J`,
      `${ESC}[K`,
      `${ESC}P`,
      '\u0007',
      '\u0000',
      '\u007f',
      ESC,
    ),
  },
  // Deep: the same sequence thousands of times (colour opened again and again, never reset).
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 3000 }).map((n) => `${ESC}[1;31m`.repeat(n)) },
  // Wide: a line far over the line budget.
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 }).map((n) => 'abcdefgh'.repeat((TERMINAL_LINE_CHARS / 8) * n)) },
);
const output = fc.array(piece, { maxLength: 200 }).map((pieces) => pieces.join(''));

/** Cumulative prefixes of `text` cut at `cuts`, as a growing terminal output arrives. */
function prefixes(text: string, cuts: number[]): string[] {
  return [...new Set([...cuts.map((c) => c % (text.length + 1)), text.length])].sort((a, b) => a - b).map((end) => text.slice(0, end));
}

const shownText = (lines: ReturnType<TerminalLineParser['parse']>) => lines.map((line) => line.spans.map((s) => s.text).join(''));

describe('TerminalLineParser with hostile output', () => {
  it('never throws, shows no escape code and keeps each line within its budget (property)', () => {
    fc.assert(
      fc.property(output, (text) => {
        const lines = new TerminalLineParser().parse(text);
        for (const line of shownText(lines)) {
          expect(line).not.toContain(ESC);
          expect(line.length).toBeLessThanOrEqual(TERMINAL_LINE_CHARS);
        }
        // Never more text than arrived.
        expect(shownText(lines).join('').length).toBeLessThanOrEqual(text.length);
      }),
      { numRuns: 150 },
    );
  });

  it('gives the same lines however the output arrives, with work proportional to it (property)', () => {
    fc.assert(
      fc.property(output, fc.array(fc.nat(), { maxLength: 30 }), (text, cuts) => {
        const parser = new TerminalLineParser();
        const steps = prefixes(text, cuts);
        let lines: ReturnType<TerminalLineParser['parse']> = [];
        for (const step of steps) lines = parser.parse(step);
        const oneShot = new TerminalLineParser().parse(text);
        expect(lines.map((l) => [l.spans, l.hidden ?? 0])).toEqual(oneShot.map((l) => [l.spans, l.hidden ?? 0]));
        // Each chunk scans what it added plus, at most, the shown part of the line it continued.
        expect(parser.scannedChars).toBeLessThanOrEqual(text.length + steps.length * TERMINAL_LINE_CHARS);
      }),
      { numRuns: 150 },
    );
  });

  it('scans a flood line by line once when chunks end on line breaks, and parses only the lines shown', () => {
    const parser = new TerminalLineParser();
    let text = '';
    let lines: ReturnType<TerminalLineParser['parse']> = [];
    for (let chunk = 0; chunk < 200; chunk++) {
      for (let line = 0; line < 50; line++) text += `${ESC}[3${line % 8}m[${chunk}:${line}]${ESC}[0m building\n`;
      lines = parser.parse(text);
    }
    expect(parser.scannedChars).toBe(text.length - 200 * 50);
    expect(parser.parsedChars).toBe(0);
    // Showing the last page parses those lines, and only those.
    const page = lines.slice(-100);
    expect(page.at(-1)!.spans).toEqual([
      { text: '[199:49]', className: 'acp-ansi-fg-red' },
      { text: ' building', className: undefined },
    ]);
    for (const line of page) void line.spans;
    expect(parser.parsedChars).toBeLessThan(100 * 40);
  });
});

describe('TerminalLineParser when the output is cut at the front as it grows', () => {
  it('gives the lines of a fresh parse, reusing the lines kept whole (property)', () => {
    fc.assert(
      fc.property(output, fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 20 }), (text, steps) => {
        // A buffer that keeps its last `keep` characters as text arrives, like the core's.
        const parser = new TerminalLineParser();
        let end = 0;
        for (const [grow, keep] of steps) {
          end = Math.min(text.length, end + (grow % 400));
          const start = Math.max(0, end - 50 - (keep % 2000));
          const shown = text.slice(start, end);
          const lines = parser.parse(shown);
          const fresh = new TerminalLineParser().parse(shown);
          expect(lines.map((l) => [l.spans, l.hidden ?? 0])).toEqual(fresh.map((l) => [l.spans, l.hidden ?? 0]));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('parses a flood kept to a bounded buffer in time proportional to what arrives', () => {
    const parser = new TerminalLineParser();
    let text = '';
    let arrived = 0;
    for (let chunk = 0; chunk < 400; chunk++) {
      let added = '';
      for (let line = 0; line < 50; line++) added += `${ESC}[3${line % 8}m[${chunk}:${line}]${ESC}[0m building\n`;
      arrived += added.length;
      text += added;
      // Cut back to 20,000 characters once over 25,000, mid-line, as the core does.
      if (text.length > 25_000) text = text.slice(text.length - 20_000);
      parser.parse(text);
    }
    // Appended lines once each, plus the line each cut splits: nothing like the whole buffer per cut.
    expect(parser.scannedChars).toBeLessThan(arrived * 1.1);
  });
});

describe('TerminalLineParser line numbers', () => {
  it('keeps each line its number when earlier lines are cut at the front', () => {
    const parser = new TerminalLineParser();
    parser.parse('one\ntwo\nthree\nfour\n');
    expect(parser.firstNumber).toBe(0);
    parser.parse('three\nfour\nfive\n');
    expect(parser.firstNumber).toBe(2);
    // Cut inside a line: what is left of it keeps that line's number.
    parser.parse('ree\nfour\nfive\nsix\n');
    expect(parser.firstNumber).toBe(2);
    parser.parse('something else entirely\n');
    expect(parser.firstNumber).toBe(0);
  });
});

describe('the end state worked out from colour sequences alone', () => {
  it('is the state the full parse of the line ends in (property)', () => {
    const line = fc
      .array(
        piece.filter((p) => !p.includes('\n')),
        { maxLength: 60 },
      )
      .map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(line, line, (first, second) => {
        // The second line starts in the state the first one left, however it was worked out.
        const [a, b] = new TerminalLineParser().parse(`${first}\n${second}\n`);
        const fullA = parseAnsiLine(first.slice(0, TERMINAL_LINE_CHARS), createAnser(INITIAL_ANSI_STATE), INITIAL_ANSI_STATE);
        expect(a.endState).toEqual(fullA.endState);
        const fullB = parseAnsiLine(second.slice(0, TERMINAL_LINE_CHARS), createAnser(fullA.endState), fullA.endState);
        expect(b.endState).toEqual(fullB.endState);
        expect(b.spans).toEqual(fullB.spans);
      }),
      { numRuns: 300 },
    );
  });
});
