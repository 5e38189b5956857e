/** Upper bound on raw JSON shown for an unsupported update: a hostile agent could send megabytes. */
const MAX_CHARS = 20_000;

/** Pretty JSON for display, never throwing (cycles, BigInt) and never unbounded. */
export function rawJson(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}\n…` : text;
}
