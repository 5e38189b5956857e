/**
 * One `Intl.NumberFormat` per locale and options, kept: building one costs far more than
 * formatting with it (locale data is resolved each time), and components format numbers on
 * every render, some of them per streamed frame. The keys come from options written in the
 * components, so the cache stays small.
 */
const formats = new Map<string, Intl.NumberFormat>();

export function numberFormat(locale: string | undefined, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale ?? ''}\u0000${options ? JSON.stringify(options) : ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
