import type Anser from 'anser';
import { readAnserState, type AnsiState } from './ansi-state.js';
import { ansiLook, type AnsiLook } from './ansi-style.js';

/** A run of text with one look. Text only: it is rendered as a React text node, never as HTML. */
export interface AnsiSpan extends AnsiLook {
  text: string;
}

export interface ParsedLine {
  spans: AnsiSpan[];
  /**
   * The SGR state after this line, which the next line starts from (after its shown part, for a
   * line longer than TERMINAL_LINE_CHARS).
   */
  endState: AnsiState;
  /** Characters past TERMINAL_LINE_CHARS, not shown. */
  hidden?: number;
}

/*
 * Anser interprets only CSI sequences (ESC [ ...). Everything else a program may emit would
 * otherwise show up as garbage, so it is removed first: OSC (titles, hyperlinks), DCS/PM/APC
 * strings, two-byte escapes (charset selection, keypad modes) and stray control characters.
 */
const STRING_SEQUENCES = /\x1b[\]P^_][\s\S]*?(?:\x07|\x1b\\|$)/g;
const TWO_BYTE_ESCAPES = /\x1b(?!\[)(?:[()*+#%][\x20-\x7e]?|[\x20-\x7e]?)/g;
const CONTROL_CHARS = /[\x00-\x08\x0b\x0c\x0e-\x1a\x1c-\x1f\x7f]/g;
/** `ESC[38:5:200m` uses colons; anser understands only semicolons. */
const COLON_SGR = /\x1b\[([\d:;]*)m/g;

export function cleanLine(raw: string): string {
  return raw
    .replace(STRING_SEQUENCES, '')
    .replace(TWO_BYTE_ESCAPES, '')
    .replace(CONTROL_CHARS, '')
    .replace(COLON_SGR, (_, params: string) => `\x1b[${params.replace(/:+/g, ';')}m`);
}

/**
 * Parses one line (without its `\n`) with `anser`, whose state must already be the state in
 * effect at the start of the line. Each chunk's look is taken from the state *after* anser
 * processed that chunk's escape, so text after a non-SGR sequence keeps its colour.
 */
export function parseAnsiLine(raw: string, anser: Anser, startState: AnsiState): ParsedLine {
  const text = cleanLine(raw.endsWith('\r') ? raw.slice(0, -1) : raw);
  const [first, ...chunks] = text.split('\x1b[');
  let spans: AnsiSpan[] = [];
  const push = (content: string, state: AnsiState) => {
    if (content === '') return;
    // A carriage return moves back to column 0: what follows overwrites the line (progress bars).
    const cr = content.lastIndexOf('\r');
    if (cr >= 0) {
      spans = [];
      content = content.slice(cr + 1);
      if (content === '') return;
    }
    spans.push({ text: content, ...ansiLook(state) });
  };
  // split() always returns at least one part (an empty one would push nothing either).
  push(first ?? '', startState);
  let state = startState;
  for (const chunk of chunks) {
    const result = anser.processChunk(chunk, { json: true, use_classes: true }, true);
    state = readAnserState(anser);
    push(result.content, state);
  }
  return { spans: mergeSpans(spans), endState: state };
}

/** Adjacent spans with the same look become one, so plain output is one text node per line. */
function mergeSpans(spans: AnsiSpan[]): AnsiSpan[] {
  const out: AnsiSpan[] = [];
  for (const span of spans) {
    const last = out[out.length - 1];
    if (last && last.className === span.className) out[out.length - 1] = { ...last, text: last.text + span.text };
    else out.push(span);
  }
  return out;
}
