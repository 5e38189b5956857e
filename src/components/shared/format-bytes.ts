import { numberFormat } from '../../i18n/number-format.js';

/**
 * A byte count for people, localized by Intl, the same everywhere (attachments, refusals,
 * message blocks): "38 bytes", "12 kB", "3.4 MB". One decimal below 10 of a unit, none above,
 * so sizes of one kind line up; negative counts (a bad `size` field) read as 0.
 */
export function formatBytes(bytes: number, locale: string | undefined): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return numberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    // Short "byte" is not pluralized in English ("38 byte"); the long form is, and is still short.
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
  }).format(value);
}
