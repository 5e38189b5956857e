/**
 * Text that markdown leaves exactly as written: a streamed paragraph's pieces are mostly words,
 * spaces and plain punctuation, and parsing them (twice: once to decide a cut, once to render)
 * was most of the script a streamed answer cost per frame. Such text needs no parser at all.
 *
 * Literal means: parsed as (part of) one paragraph, the result is one text node holding the
 * source without its trailing whitespace. That holds when
 * - it starts with a letter: no block can start there (indented code, a list item such as
 *   `1) `, a heading, a quote, a thematic break), and paragraph parsing strips nothing in front;
 * - every character is a letter, a digit, a space or punctuation with no inline meaning: no
 *   emphasis, strikethrough, code, link, image or HTML delimiters, no backslash escapes, no
 *   character references (`&`), no table pipes, no `:` or `@` (GFM autolink literals: `http://`,
 *   e-mail addresses), no tab or line ending, no control character;
 * - it holds no `www.` (the third GFM autolink literal, matched in any case).
 * Anything else answers false and goes through the parser, as before.
 */
const LITERAL = /^\p{L}[\p{L}\p{N} .,;!?'"()/%$+=#-]*$/u;
const WWW = /www\./i;

export function isLiteralText(source: string): boolean {
  return LITERAL.test(source) && !WWW.test(source);
}

/** What the parser makes of literal text (see above): a paragraph's text, trailing spaces dropped. */
export function literalTextValue(source: string): string {
  return source.trimEnd();
}
