const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * "3 hours ago", "yesterday", "now": the largest whole unit, so a list sorted by time reads in
 * steady steps. Returns null for a missing or unparsable `updatedAt` (it is optional in ACP).
 */
export function relativeTime(iso: string | null | undefined, now: number, locale: string | undefined): string | null {
  const date = parseDate(iso);
  if (!date) return null;
  const seconds = (date.getTime() - now) / 1000;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}

/** The exact time, for the tooltip and `dateTime`. */
export function absoluteTime(iso: string | null | undefined, locale: string | undefined): string | null {
  const date = parseDate(iso);
  return date ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date) : null;
}

function parseDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}
