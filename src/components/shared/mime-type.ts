/** The MIME type without parameters, lower-cased (`Image/PNG; q=1` -> `image/png`). */
export function baseMimeType(mimeType: string | null | undefined): string {
  // `split` always gives at least one part; the fallback only satisfies the index check.
  return ((mimeType ?? '').split(';', 1)[0] ?? '').trim().toLowerCase();
}
