import { numberFormat } from '../../i18n/number-format.js';

/** File sizes in the user's locale: "512 bytes", "12.3 kB", "4.1 MB". */
export function formatBytes(bytes: number, locale: string | undefined): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
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
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
