import { itemAt } from '../../core/item-at.js';
import type { AnsiState } from './ansi-state.js';

/**
 * How an SGR state looks, as class names only. Colours resolve to the 16 theme-token colours
 * of TerminalOutput.css: 256-colour and true-colour values are mapped to the nearest of them.
 * No fixed RGB colour is legible on both a light and a dark background, so, like a terminal's
 * "minimum contrast" setting, legibility wins over the exact shade.
 */
export interface AnsiLook {
  className: string | undefined;
}

const DECORATION_CLASSES: Record<string, string> = {
  bold: 'acp-ansi-bold',
  dim: 'acp-ansi-dim',
  italic: 'acp-ansi-italic',
  underline: 'acp-ansi-underline',
  hidden: 'acp-ansi-hidden',
  strikethrough: 'acp-ansi-strike',
  // `blink` is deliberately not rendered: blinking text is an accessibility hazard.
};

export function ansiLook(state: AnsiState): AnsiLook {
  let { fg, bg, fgTruecolor, bgTruecolor } = state;
  if (state.decorations.includes('reverse')) {
    // Reverse video swaps the colours; a missing one defaults like a terminal's (white on black).
    [fg, bg] = [bg ?? 'ansi-black', fg ?? 'ansi-white'];
    [fgTruecolor, bgTruecolor] = [bgTruecolor, fgTruecolor];
  }
  const classes: string[] = [];
  const fgName = baseColorName(fg, fgTruecolor);
  if (fgName) classes.push(`acp-ansi-fg-${fgName}`);
  const bgName = baseColorName(bg, bgTruecolor);
  if (bgName) classes.push(`acp-ansi-bg-${bgName}`);
  for (const decoration of state.decorations) {
    const name = DECORATION_CLASSES[decoration];
    if (name) classes.push(name);
  }
  return { className: classes.length > 0 ? classes.join(' ') : undefined };
}

/** Anser's colour name (`ansi-red`, `ansi-palette-208`, `ansi-truecolor`) as a base colour name. */
function baseColorName(anserName: string | null, truecolor: string | null): string | null {
  if (!anserName) return null;
  if (anserName === 'ansi-truecolor') {
    const [r, g, b, extra] = truecolor?.split(',').map((part) => Number(part.trim())) ?? [];
    // Exactly three finite channels; anything else has no colour to show.
    return isChannel(r) && isChannel(g) && isChannel(b) && extra === undefined ? nearestBaseColor(r, g, b) : null;
  }
  const palette = /^ansi-palette-(\d+)$/.exec(anserName);
  if (palette) {
    const [r, g, b] = paletteRgb(Number(itemAt(palette, 1)));
    return nearestBaseColor(r, g, b);
  }
  // `ansi-red` → `red`, `ansi-bright-red` → `bright-red`.
  return anserName.replace(/^ansi-/, '');
}

const isChannel = (value: number | undefined): value is number => value !== undefined && Number.isFinite(value);

/** xterm's 256-colour palette above the 16 base colours: a 6×6×6 cube, then 24 greys. */
export function paletteRgb(index: number): [number, number, number] {
  if (index >= 232) {
    const level = 8 + (index - 232) * 10;
    return [level, level, level];
  }
  const cube = index - 16;
  return [cubeLevel(Math.floor(cube / 36) % 6), cubeLevel(Math.floor(cube / 6) % 6), cubeLevel(cube % 6)];
}

/** A colour cube step (0-5) as a channel value: 0, then 95 to 255 in steps of 40. */
function cubeLevel(step: number): number {
  return step === 0 ? 0 : 55 + 40 * step;
}

const HUES = ['red', 'yellow', 'green', 'cyan', 'blue', 'magenta'] as const;

/** The base colour closest in hue (greys by lightness); light shades get the `bright-` variant. */
export function nearestBaseColor(r: number, g: number, b: number): string {
  const max = Math.max(r, g, b) / 255;
  const min = Math.min(r, g, b) / 255;
  const lightness = (max + min) / 2;
  if (max - min < 0.12) {
    if (lightness < 0.2) return 'black';
    if (lightness < 0.55) return 'bright-black';
    return lightness < 0.85 ? 'white' : 'bright-white';
  }
  const hue = rgbHue(r / 255, g / 255, b / 255, max, min);
  // A hue in [0, 360) rounds to one of the six sectors (360 wraps to red).
  const name = itemAt(HUES, Math.round(hue / 60) % 6);
  return lightness > 0.6 ? `bright-${name}` : name;
}

function rgbHue(r: number, g: number, b: number, max: number, min: number): number {
  const delta = max - min;
  let hue: number;
  if (max === r) hue = ((g - b) / delta) % 6;
  else if (max === g) hue = (b - r) / delta + 2;
  else hue = (r - g) / delta + 4;
  return (hue * 60 + 360) % 360;
}
