import { memo } from 'react';
import { MarkdownSource } from './MarkdownSource.js';
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
 * A one-line paragraph rendered from its pieces, each parsed once. Pieces up to a run's end go
 * into that run, a block of its own inside the `<p>` (so the paragraph stays one for assistive
 * technology); the pieces after the last run and the uncut rest follow inline.
 */
export function CutParagraph({ source, paragraph, streaming }: CutParagraphProps) {
  const { cuts, runs } = paragraph;
  const children = [];
  let cutIndex = 0;
  let runStart = 0;
  for (const runEnd of runs.ends) {
    const pieceEnds: number[] = [];
    for (; cuts[cutIndex] <= runEnd; cutIndex++) pieceEnds.push(cuts[cutIndex] - runStart);
    children.push(<MemoRun key={`run${runStart}`} source={source.slice(runStart, runEnd)} pieceEnds={pieceEnds} />);
    runStart = runEnd;
  }
  for (; cutIndex < cuts.length; cutIndex++) {
    const start = cutIndex === 0 ? 0 : cuts[cutIndex - 1];
    children.push(<MemoPiece key={start} source={source.slice(start, cuts[cutIndex])} />);
  }
  const rest = source.slice(restStart(paragraph));
  return (
    <p>
      {children}
      <MarkdownSource source={streaming ? repairTail(rest) : rest} inline />
    </p>
  );
}

/**
 * A finished piece of a cut paragraph. Parsed alone its trailing space is dropped (it ends a
 * paragraph), so the one space every piece ends with is put back after it.
 */
function Piece({ source }: { source: string }) {
  return (
    <>
      <MarkdownSource source={source} inline />{' '}
    </>
  );
}

const MemoPiece = memo(Piece);

/** A finished run: its pieces (ending at `pieceEnds`, offsets in the run), in a block of its own. */
function Run({ source, pieceEnds }: { source: string; pieceEnds: readonly number[] }) {
  return (
    <span className="acp-markdown__run">
      {pieceEnds.map((end, index) => {
        const start = index === 0 ? 0 : pieceEnds[index - 1];
        return <MemoPiece key={start} source={source.slice(start, end)} />;
      })}
    </span>
  );
}

/** Runs never change once ended; compared by value, as their props are rebuilt every render. */
const MemoRun = memo(
  Run,
  (prev, next) =>
    prev.source === next.source &&
    prev.pieceEnds.length === next.pieceEnds.length &&
    prev.pieceEnds.every((end, index) => end === next.pieceEnds[index]),
);
