/**
 * Dates for `format: "date"` and `format: "date-time"`.
 *
 * The browser's `datetime-local` input yields `YYYY-MM-DDTHH:mm[:ss]` with no offset, which is not
 * a valid RFC 3339 date-time (JSON Schema's `date-time`). The user means their own wall clock, so
 * the value sent carries the local UTC offset of that moment.
 */
import { itemAt } from '../../core/item-at.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;
const RFC3339_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

/** A real calendar day: rejects 2026-02-30 and month 13. */
function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/** `YYYY-MM-DD` (RFC 3339 full-date). */
export function isDate(value: string): boolean {
  const m = DATE.exec(value);
  return m !== null && isCalendarDate(...triple(m, 1));
}

/** Three groups of a match from `first` on, as numbers; the patterns never make them optional. */
function triple(m: RegExpExecArray, first: number): [number, number, number] {
  return [+itemAt(m, first), +itemAt(m, first + 1), +itemAt(m, first + 2)];
}

/** RFC 3339 `date-time`: date, `T`, time with seconds, and `Z` or a numeric offset. */
export function isRfc3339DateTime(value: string): boolean {
  const m = RFC3339_DATE_TIME.exec(value);
  if (!m) return false;
  const [hour, minute, second] = triple(m, 4);
  // Second 60 is a leap second, allowed by RFC 3339.
  if (hour > 23 || minute > 59 || second > 60) return false;
  // The offset's sign, hours and minutes come together (or, for `Z`, not at all).
  if (m[7] && (+itemAt(m, 8) > 23 || +itemAt(m, 9) > 59)) return false;
  return isCalendarDate(...triple(m, 1));
}

/**
 * `datetime-local` input value → RFC 3339 with the local offset, or null when the value is not a
 * real local time (an impossible date, or a wall-clock time skipped by a DST change).
 */
export function localInputToRfc3339(value: string): string | null {
  const m = LOCAL_DATE_TIME.exec(value);
  if (!m) return null;
  const [y, mo, d] = triple(m, 1);
  const [h, mi] = [+itemAt(m, 4), +itemAt(m, 5)];
  const s = m[6] ? +m[6] : 0;
  if (!isCalendarDate(y, mo, d) || h > 23 || mi > 59 || s > 59) return null;
  const date = new Date(y, mo - 1, d, h, mi, s);
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d || date.getHours() !== h || date.getMinutes() !== mi) {
    return null;
  }
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  const fraction = m[7] ? `.${m[7]}` : '';
  return `${itemAt(m, 1)}-${itemAt(m, 2)}-${itemAt(m, 3)}T${itemAt(m, 4)}:${itemAt(m, 5)}:${pad(s)}${fraction}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** RFC 3339 (a schema default) → `datetime-local` value in the user's time zone; '' if unusable. */
export function rfc3339ToLocalInput(value: string): string {
  if (!isRfc3339DateTime(value)) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const base = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return date.getSeconds() ? `${base}:${pad(date.getSeconds())}` : base;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
