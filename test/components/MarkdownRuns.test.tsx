import { describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import fc from 'fast-check';
import { Markdown } from '../../src/components/Markdown/index.js';
import { isClosedSegment } from '../../src/components/Markdown/closed-segment.js';
import { extendRuns, isCutPoint, NO_RUNS, RUN_LENGTH } from '../../src/components/Markdown/paragraph-runs.js';
import { settled } from '../helpers/markdown.js';

const sentence = 'the parser keeps a cache of finished blocks so **each chunk** only touches the `tail` ';
/** A one-line paragraph of several runs. */
const huge = sentence.repeat(Math.ceil((RUN_LENGTH * 5) / sentence.length));
/** Its run elements: one per run end, and the last run after them. */
const hugeRuns = extendRuns(NO_RUNS, huge, huge.length).ends.length + 1;

/** The text in `step`-character chunks, as cumulative texts. */
function chunked(text: string, step: number): string[] {
  const texts: string[] = [];
  for (let end = step; end < text.length; end += step) texts.push(text.slice(0, end));
  return texts;
}

function streamInto(texts: string[]) {
  const view = render(<Markdown text="" streaming />);
  for (const text of texts) view.rerender(<Markdown text={text} streaming />);
  return view;
}

const runsOf = (container: HTMLElement) => [...container.querySelectorAll('.acp-markdown__run')];

describe('extendRuns', () => {
  it('ends a run at the first cut point at or after RUN_LENGTH where the run is closed', () => {
    // Plain words: every run is closed wherever it ends.
    const plain = huge.replace(/[*`]/g, '');
    const { ends } = extendRuns(NO_RUNS, plain, plain.length);
    expect(ends.length).toBe(Math.floor(plain.length / RUN_LENGTH));
    let start = 0;
    for (const end of ends) {
      expect(isCutPoint(plain, end)).toBe(true);
      expect(end - start).toBeGreaterThanOrEqual(RUN_LENGTH);
      expect(isClosedSegment(plain.slice(start, end))).toBe(true);
      for (let i = start + RUN_LENGTH; i < end; i++) expect(isCutPoint(plain, i)).toBe(false);
      start = end;
    }
  });

  it('tries twice as far when the run is still open there', () => {
    // A code span opened just before the first try and closed long after it.
    const open = `${'word '.repeat(RUN_LENGTH / 5 - 2)}\`code ${'word '.repeat(RUN_LENGTH / 5)}\` ${'word '.repeat(RUN_LENGTH / 2)}`;
    const { ends } = extendRuns(NO_RUNS, open, open.length);
    expect(ends[0]).toBeGreaterThanOrEqual(2 * RUN_LENGTH);
    expect(isClosedSegment(open.slice(0, ends[0]))).toBe(true);
  });

  it('has no runs below RUN_LENGTH', () => {
    const text = sentence.repeat(Math.floor(RUN_LENGTH / sentence.length));
    expect(extendRuns(NO_RUNS, text, text.length).ends).toEqual([]);
  });

  it('ends runs where the text alone says, however it arrives (property)', () => {
    const word = fc.constantFrom('word ', 'Alpha ', 'x ', '**bold** ', '`code` ', '[l](https://e.com) ', '`', '*', '[', '2 * 3 ');
    const line = fc.array(word, { minLength: 1500, maxLength: 3000 }).map((words) => `Start ${words.join('')}`);
    fc.assert(
      fc.property(line, fc.array(fc.nat(), { maxLength: 40 }), (text, rawCuts) => {
        const whole = extendRuns(NO_RUNS, text, text.length).ends;
        const steps = [...new Set(rawCuts.map((cut) => cut % text.length))].sort((a, b) => a - b);
        let runs = NO_RUNS;
        for (const end of [...steps, text.length]) runs = extendRuns(runs, text, end);
        return runs.ends.join() === whole.join();
      }),
      { numRuns: 40 },
    );
  });
});

describe('Markdown huge one-line paragraph', () => {
  it('streams into one paragraph of block runs, each kept as is when the message ends', async () => {
    // Stopped mid-stream, in the middle of a run that has not ended yet.
    const texts = chunked(huge, 300);
    const middle = Math.floor(texts.length * 0.7);
    const view = streamInto(texts.slice(0, middle));
    const streamingRuns = runsOf(view.container);
    expect(streamingRuns.length).toBeGreaterThanOrEqual(2);
    for (const text of texts.slice(middle)) view.rerender(<Markdown text={text} streaming />);
    view.rerender(<Markdown text={huge} />);
    await settled(view.container);
    expect(view.container.querySelectorAll('p')).toHaveLength(1);
    const plain = huge.replace(/[*`]/g, '').trimEnd();
    expect(view.container.querySelector('p')?.textContent).toBe(plain);
    const finishedRuns = runsOf(view.container);
    expect(finishedRuns).toHaveLength(hugeRuns);
    // The same elements, the open run's too: neither ending a run nor finishing the message
    // replaces (and re-lays out) what had streamed.
    streamingRuns.forEach((run, index) => expect(finishedRuns[index]).toBe(run));
  });

  it('finishes with the DOM of a one-shot render, runs included', async () => {
    const view = streamInto(chunked(huge, 257));
    view.rerender(<Markdown text={huge} />);
    const streamed = view.container;
    const oneShot = render(<Markdown text={huge} />).container;
    // Rendered at once, the paragraph is more than one frame's parse budget: it settles over a few.
    await settled(oneShot);
    await settled(streamed);
    streamed.normalize();
    oneShot.normalize();
    expect(runsOf(oneShot)).toHaveLength(hugeRuns);
    expect(streamed.innerHTML).toBe(oneShot.innerHTML);
    cleanup();
  });

  it('shows a piece that would parse as a block on its own (a forced cut in a run of asterisks) as its characters, inside the paragraph', async () => {
    const stars = '**'.repeat(8000);
    const { container } = render(<Markdown text={`${stars}strong${stars}`} />);
    await settled(container);
    expect(container.querySelectorAll('p')).toHaveLength(1);
    expect(container.querySelector('p hr, p h1, p ul, p blockquote')).toBeNull();
    // Every asterisk is there as text: no piece was swallowed as a thematic break.
    expect((container.querySelector('p')!.textContent!.match(/\*/g) ?? []).length).toBe(2 * stars.length);
  });

  it('renders a short paragraph without runs', () => {
    const { container } = render(<Markdown text={sentence.repeat(10)} />);
    expect(runsOf(container)).toHaveLength(0);
  });
});
