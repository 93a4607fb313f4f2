// Wire format for timestamps: RFC 3339 in UTC with millisecond precision.
// Accepted on input: any RFC 3339 date-time with an offset, or a plain date (00:00 UTC).
// Parsed by hand rather than by Date.parse, whose leniency varies by engine (two-digit years are
// read as 19xx, leap seconds and out-of-range offsets are refused or accepted inconsistently).

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(m) ? 30 : 31;
}

function validCalendar(y: number, m: number, d: number): boolean {
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/** Milliseconds since the epoch of a UTC calendar time; years 0-99 stay years 0-99 (unlike Date.UTC). */
function utcMillis(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, ms);
  return date.getTime();
}

/** Parses an RFC 3339 timestamp or plain date; returns null when the text is not one. */
export function parseTimestamp(text: string): Date | null {
  let m = DATE_ONLY.exec(text);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return validCalendar(y, mo, d) ? new Date(utcMillis(y, mo, d)) : null;
  }
  m = DATE_TIME.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(m![i]));
  if (!validCalendar(y!, mo!, d!) || h! > 23 || mi! > 59 || s! > 60) return null;
  const ms = m[7] ? Number(m[7].padEnd(3, "0").slice(0, 3)) : 0; // finer digits are truncated
  let offsetMinutes = 0;
  if (!m[8]) {
    const [oh, om] = [Number(m[10]), Number(m[11])];
    if (oh > 23 || om > 59) return null;
    offsetMinutes = (m[9] === "-" ? -1 : 1) * (oh * 60 + om);
  }
  // A leap second (:60) is read as the first instant of the next minute, as POSIX time does.
  const leap = s === 60 ? 1 : 0;
  const t = utcMillis(y!, mo!, d!, h!, mi!, s! - leap, ms) + leap * 1000 - offsetMinutes * 60_000;
  return Number.isNaN(t) ? null : new Date(t);
}

export function formatTimestamp(d: Date | number): string {
  return new Date(d).toISOString();
}

export const EPOCH = new Date(0);
