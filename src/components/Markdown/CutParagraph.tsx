import { memo, useContext } from 'react';
import { BudgetNote } from '../shared/BudgetNote.js';
import { MarkdownContext } from './markdown-context.js';
import { MarkdownSource, Pending } from './MarkdownSource.js';
import { MAX_RUN } from './paragraph-runs.js';
import { repairTail } from './repair-tail.js';
import { restStart, type TailParagraph } from './tail-paragraph.js';

interface CutParagraphProps {
  /** The paragraph's block source. */
  source: string;
  /** Where it is cut into pieces and runs (see `tail-paragraph.ts`, `paragraph-runs.ts`). */
  paragraph: TailParagraph;
  /** More text may follow: the uncut rest is tidied for display. */
  streaming: boolean;
}

/**
 * A one-line paragraph rendered from its pieces, each parsed once, inside one `<p>` (so it stays
 * one paragraph for assistive technology). Once the paragraph has runs, every run is a block of
 * its own, the last one included: it keeps its element (and its pieces theirs) when it ends and
 * the next run starts, so ending a run re-renders nothing.
 */
export function CutParagraph({ source, paragraph, streaming }: CutParagraphProps) {
  const { messages } = useContext(MarkdownContext);
  const { cuts, runs } = paragraph;
  const restFrom = restStart(paragraph);
  const rest = source.slice(restFrom);
  const restSource = streaming ? repairTail(rest) : rest;
  const note = runs.forced ? <BudgetNote>{messages.formatted_in_parts}</BudgetNote> : null;
  // Cutting waits for the parse budget: said on the paragraph, since its text may show no sign of it.
  const state = paragraph.pending ? 'pending' : undefined;
  if (runs.ends.length === 0) {
    return (
      <>
        <p data-state={state}>
          <Pieces source={source} pieceEnds={cuts} />
          <Rest source={restSource} />
        </p>
        {note}
      </>
    );
  }
  const children = [];
  let cutIndex = 0;
  let runStart = 0;
  for (const runEnd of [...runs.ends, source.length]) {
    const pieceEnds: number[] = [];
    // Past the last cut the read is undefined: the run takes no more pieces.
    for (let cut = cuts[cutIndex]; cut !== undefined && cut <= runEnd; cut = cuts[++cutIndex]) pieceEnds.push(cut - runStart);
    const last = runEnd === source.length;
    children.push(<MemoRun key={runStart} source={source.slice(runStart, last ? restFrom : runEnd)} pieceEnds={pieceEnds} rest={last ? restSource : ''} />);
    runStart = runEnd;
  }
  return (
    <>
      <p data-state={state}>{children}</p>
      {note}
    </>
  );
}

/**
 * The uncut rest. Runs bound it to MAX_RUN characters; longer means the runs have not caught up
 * with the text yet (the parse budget ran out), so it shows as written until they have.
 */
function Rest({ source }: { source: string }) {
  return source.length > MAX_RUN ? <Pending source={source} /> : <MarkdownSource source={source} inline />;
}

interface RunProps {
  /** The run's pieces, ending at `pieceEnds` (offsets in it). */
  source: string;
  pieceEnds: readonly number[];
  /** The paragraph's uncut rest, in its last run. */
  rest: string;
}

function Run({ source, pieceEnds, rest }: RunProps) {
  return (
    <span className="acp-markdown__run">
      <Pieces source={source} pieceEnds={pieceEnds} />
      {rest ? <Rest source={rest} /> : null}
    </span>
  );
}

/** Ended runs never change; compared by value, as their props are rebuilt every render. */
const MemoRun = /* @__PURE__ */ memo(
  Run,
  (prev, next) =>
    prev.source === next.source &&
    prev.rest === next.rest &&
    prev.pieceEnds.length === next.pieceEnds.length &&
    prev.pieceEnds.every((end, index) => end === next.pieceEnds[index]),
);

function Pieces({ source, pieceEnds }: { source: string; pieceEnds: readonly number[] }) {
  return pieceEnds.map((end, index) => {
    const start = index === 0 ? 0 : pieceEnds[index - 1];
    return <MemoPiece key={start} source={source.slice(start, end)} />;
  });
}

/**
 * A finished piece of a cut paragraph. Parsed alone its trailing space is dropped (it ends a
 * paragraph), so the space a piece ends with is put back after it. A forced run end may fall
 * inside a word (see `paragraph-runs.ts`): that piece has no space to put back.
 */
function Piece({ source }: { source: string }) {
  return (
    <>
      <MarkdownSource source={source} inline />
      {source.endsWith(' ') ? ' ' : null}
    </>
  );
}

const MemoPiece = /* @__PURE__ */ memo(Piece);
