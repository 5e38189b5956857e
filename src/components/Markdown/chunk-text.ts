/** Characters per block when long text is shown as written (laid out on its own, like a paragraph's runs). */
export const TEXT_CHUNK = 4096;

/** `text` in pieces of at most TEXT_CHUNK characters, never between the two halves of a surrogate pair. */
export function chunkText(text: string, size: number = TEXT_CHUNK): string[] {
  const chunks: string[] = [];
  for (let at = 0; at < text.length;) {
    let end = Math.min(text.length, at + size);
    const code = text.charCodeAt(end - 1);
    if (end < text.length && code >= 0xd800 && code <= 0xdbff) end--;
    chunks.push(text.slice(at, end));
    at = end;
  }
  return chunks;
}
