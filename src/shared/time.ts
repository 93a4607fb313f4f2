// Wire format for timestamps: RFC 3339 in UTC with millisecond precision.
// Accepted on input: any RFC 3339 date-time with an offset, or a plain date (00:00 UTC).

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Date.UTC reads years 0-99 as 1900-1999; this builds the date for the year as written. */
function utcDate(y: number, m: number, d: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return date;
}

function validCalendar(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = utcDate(y, m + 1, 0).getUTCDate();
  return d <= days;
}

/** Parses an RFC 3339 timestamp or plain date; returns null when the text is not one. */
export function parseTimestamp(text: string): Date | null {
  let m = DATE_ONLY.exec(text);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (!validCalendar(y, mo, d)) return null;
    return utcDate(y, mo, d);
  }
  m = DATE_TIME.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(m![i]));
  if (!validCalendar(y, mo, d) || h > 23 || mi > 59 || s > 60) return null;
  const t = Date.parse(text.replace(" ", "T").replace(/(\.\d{3})\d+/, "$1"));
  return Number.isNaN(t) ? null : new Date(t);
}

export function formatTimestamp(d: Date | number): string {
  return new Date(d).toISOString();
}

export const EPOCH = new Date(0);
