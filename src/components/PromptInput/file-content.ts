/** Byte helpers for attachments: base64 for binary blocks, strict UTF-8 for text resources. */

/** Base64 of raw bytes, in chunks so large files do not overflow the argument list. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

/**
 * The bytes as text when they are valid UTF-8 without NUL characters (what source files, Markdown,
 * JSON and logs look like); null for anything binary. Content decides, not the MIME type: browsers
 * report `.ts` files as `video/mp2t` and many code files as ''.
 */
export function decodeText(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** A MIME type for a text resource: the browser's when it names text, else plain text. */
export function textMimeType(type: string): string {
  const t = type.toLowerCase();
  if (t.startsWith('text/') || /\/(json|xml|javascript|yaml|x-yaml|toml|x-sh|sql|ld\+json|x-ndjson)$/.test(t) || t === 'image/svg+xml') {
    return type;
  }
  return 'text/plain';
}
