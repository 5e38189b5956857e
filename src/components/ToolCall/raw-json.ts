/**
 * Pretty JSON for the raw input/output disclosure. Rendered as a text node (escaped by React),
 * never as HTML. Values JSON cannot express (bigint, cycles) still produce readable text
 * instead of throwing, because agent payloads are arbitrary.
 */
export function prettyJson(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    const seen = new WeakSet<object>();
    const text = JSON.stringify(
      value,
      (_key, item: unknown) => {
        if (typeof item === 'bigint') return `${item.toString()}n`;
        if (typeof item === 'object' && item !== null) {
          if (seen.has(item)) return '[Circular]';
          seen.add(item);
        }
        return item;
      },
      2,
    );
    return text ?? String(value);
  } catch {
    return String(value);
  }
}

/** Raw payloads can be whole files; beyond this many characters only the start is shown. */
export const RAW_JSON_LIMIT = 100_000;
