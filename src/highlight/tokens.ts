/**
 * The token shape every consumer renders: plain data, no shiki types, no HTML strings.
 *
 * `style` holds CSS values ready for a React `style` prop. Colours are `var(--acp-code-…)`
 * references (see `theme.ts`), so one tokenization is correct in light and dark themes and a
 * host restyles syntax colours by overriding custom properties.
 */
import type { GrammarState, ThemedToken } from 'shiki/core';

export interface HighlightStyle {
  color?: string;
  fontStyle?: 'italic';
  fontWeight?: 'bold';
  textDecoration?: 'underline' | 'line-through' | 'underline line-through';
}

export interface HighlightToken {
  /** The token's text; concatenating a line's tokens gives the line back exactly. */
  content: string;
  style?: HighlightStyle;
}

/** One source line, without its terminator. */
export type HighlightedLine = HighlightToken[];

/**
 * Tokenizes `code` (complete lines joined by `\n`) starting from a grammar state, and returns
 * the lines' tokens and the state at the end of the last line, to continue from later. Made by
 * the engine (`engine.ts`), handed out by the service (`highlighter.ts`).
 */
export type Tokenize = (code: string, state: GrammarState | undefined) => { lines: HighlightedLine[]; state: GrammarState | undefined };

// shiki's FontStyle bit flags (a const enum upstream, so not importable at runtime).
const ITALIC = 1;
const BOLD = 2;
const UNDERLINE = 4;
const STRIKETHROUGH = 8;

export function toHighlightToken(token: ThemedToken, defaultColor: string | undefined): HighlightToken {
  const style: HighlightStyle = {};
  if (token.color && token.color !== defaultColor) style.color = token.color;
  const flags = token.fontStyle ?? 0;
  if (flags > 0) {
    if (flags & ITALIC) style.fontStyle = 'italic';
    if (flags & BOLD) style.fontWeight = 'bold';
    const underline = (flags & UNDERLINE) !== 0;
    const strike = (flags & STRIKETHROUGH) !== 0;
    if (underline && strike) style.textDecoration = 'underline line-through';
    else if (underline) style.textDecoration = 'underline';
    else if (strike) style.textDecoration = 'line-through';
  }
  return Object.keys(style).length > 0 ? { content: token.content, style } : { content: token.content };
}
