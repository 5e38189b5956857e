import Anser from 'anser';

/**
 * The SGR state ("current colours and decorations") in effect at a point of the output.
 *
 * Anser keeps this state on its instance between `processChunk` calls but has no public
 * accessor for it, so we read and seed those documented constructor fields here, in one place.
 * Carrying it lets each line be parsed (and cached) on its own: a colour opened on one line
 * still applies on the next, as in a real terminal.
 */
export interface AnsiState {
  /** Anser class name (`ansi-red`, `ansi-bright-blue`, `ansi-palette-200`, `ansi-truecolor`) or null. */
  fg: string | null;
  bg: string | null;
  /** `"r, g, b"` when `fg` is `ansi-truecolor`. */
  fgTruecolor: string | null;
  bgTruecolor: string | null;
  decorations: readonly string[];
}

interface AnserFields {
  fg: string | null;
  bg: string | null;
  fg_truecolor: string | null;
  bg_truecolor: string | null;
  decorations: string[];
}

export const INITIAL_ANSI_STATE: AnsiState = {
  fg: null,
  bg: null,
  fgTruecolor: null,
  bgTruecolor: null,
  decorations: [],
};

export function createAnser(state: AnsiState): Anser {
  const anser = new Anser();
  const fields = anser as unknown as AnserFields;
  fields.fg = state.fg;
  fields.bg = state.bg;
  fields.fg_truecolor = state.fgTruecolor;
  fields.bg_truecolor = state.bgTruecolor;
  fields.decorations = [...state.decorations];
  return anser;
}

export function readAnserState(anser: Anser): AnsiState {
  const fields = anser as unknown as AnserFields;
  return {
    fg: fields.fg ?? null,
    bg: fields.bg ?? null,
    fgTruecolor: fields.fg === 'ansi-truecolor' ? (fields.fg_truecolor ?? null) : null,
    bgTruecolor: fields.bg === 'ansi-truecolor' ? (fields.bg_truecolor ?? null) : null,
    // Anser may push the same decoration twice (`ESC[1;1m`); once is enough.
    decorations: [...new Set(fields.decorations ?? [])],
  };
}

/** A compact identity for a state, used in cache keys. */
export function ansiStateKey(state: AnsiState): string {
  return `${state.fg ?? ''}|${state.bg ?? ''}|${state.fgTruecolor ?? ''}|${state.bgTruecolor ?? ''}|${state.decorations.join(',')}`;
}
