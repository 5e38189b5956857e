/** Characters of a title shown at most; an agent may send anything, and one line shows far less. */
const MAX_TITLE_LENGTH = 200;

/** A session title as one line: whitespace runs (newlines included) become one space, overlong ones are cut. */
export function displayTitle(title: string | null): string | null {
  if (title === null) return null;
  const line = title.replace(/\s+/g, ' ').trim();
  if (line === '') return null;
  return line.length > MAX_TITLE_LENGTH ? `${line.slice(0, MAX_TITLE_LENGTH - 1).trimEnd()}…` : line;
}
