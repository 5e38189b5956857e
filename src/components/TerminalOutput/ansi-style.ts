import type { CSSProperties } from 'react';
import type { AnsiState } from './ansi-state.js';

/**
 * How an SGR state looks: the 16 base colours become classes that read theme tokens (so they
 * stay legible in light and dark), 256-colour and true-colour values become inline colours.
 */
export interface AnsiLook {
  className: string | undefined;
  style: CSSProperties | undefined;
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
  const style: CSSProperties = {};
  const fgColor = colorOf(fg, fgTruecolor);
  if (fgColor?.kind === 'class') classes.push(`acp-ansi-fg-${fgColor.name}`);
  else if (fgColor) style.color = fgColor.css;
  const bgColor = colorOf(bg, bgTruecolor);
  if (bgColor?.kind === 'class') classes.push(`acp-ansi-bg-${bgColor.name}`);
  else if (bgColor) style.backgroundColor = bgColor.css;
  for (const decoration of state.decorations) {
    const name = DECORATION_CLASSES[decoration];
    if (name) classes.push(name);
  }
  return {
    className: classes.length > 0 ? classes.join(' ') : undefined,
    style: Object.keys(style).length > 0 ? style : undefined,
  };
}

type Color = { kind: 'class'; name: string } | { kind: 'css'; css: string };

function colorOf(anserName: string | null, truecolor: string | null): Color | null {
  if (!anserName) return null;
  if (anserName === 'ansi-truecolor') return truecolor ? { kind: 'css', css: `rgb(${truecolor})` } : null;
  const palette = /^ansi-palette-(\d+)$/.exec(anserName);
  if (palette) return { kind: 'css', css: paletteColor(Number(palette[1])) };
  // `ansi-red` → `red`, `ansi-bright-red` → `bright-red`.
  return { kind: 'class', name: anserName.replace(/^ansi-/, '') };
}

/** xterm's 256-colour palette above the 16 base colours: a 6×6×6 cube, then 24 greys. */
export function paletteColor(index: number): string {
  if (index >= 232) {
    const level = 8 + (index - 232) * 10;
    return `rgb(${level}, ${level}, ${level})`;
  }
  const levels = [0, 95, 135, 175, 215, 255];
  const cube = index - 16;
  return `rgb(${levels[Math.floor(cube / 36) % 6]}, ${levels[Math.floor(cube / 6) % 6]}, ${levels[cube % 6]})`;
}
