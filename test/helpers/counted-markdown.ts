/**
 * Counts the characters react-markdown is given to parse, to see which text skips the parser (or
 * is parsed only once while it streams). In a test file:
 *
 *   vi.mock('react-markdown', async (importOriginal) =>
 *     (await import('../helpers/counted-markdown.js')).countingReactMarkdown(importOriginal));
 *
 * and read `parsed.chars` (zero it in a `beforeEach`). The factory imports this module itself
 * because `vi.mock` is hoisted above the file's imports.
 */
type ReactMarkdownModule = typeof import('react-markdown');

export const parsed = { chars: 0 };

export async function countingReactMarkdown(importOriginal: () => Promise<ReactMarkdownModule>): Promise<ReactMarkdownModule> {
  const actual = await importOriginal();
  const Counted = (props: Parameters<ReactMarkdownModule['default']>[0]) => {
    parsed.chars += String(props.children ?? '').length;
    return actual.default(props);
  };
  return { ...actual, default: Counted };
}
