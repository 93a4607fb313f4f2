// Holidays, which chrono does not read: "good friday's out" said in February 2026 is Friday, 3 April
// 2026 ("Good the Friday, 13 February" before), "easter monday", "christmas eve", "boxing day".
// Easter's date comes from date-easter; the rest fall on the same day each year.
import { gregorianEaster } from "date-easter";
import { writtenDay } from "../../domain/calendar.ts";

/** Days counted from Easter Sunday. */
const FROM_EASTER: Record<string, number> = {
  "good friday": -2,
  "easter saturday": -1,
  "easter sunday": 0,
  "easter day": 0,
  "easter monday": 1,
};
/** Month (1–12) and day of a holiday on the same day each year. */
const FIXED: Record<string, [number, number]> = {
  "christmas eve": [12, 24],
  "christmas day": [12, 25],
  "boxing day": [12, 26],
  "new year's eve": [12, 31],
  "new years eve": [12, 31],
  "new year's day": [1, 1],
  "new years day": [1, 1],
  halloween: [10, 31],
  "valentine's day": [2, 14],
  "valentines day": [2, 14],
  "bonfire night": [11, 5],
  "st patrick's day": [3, 17],
};
const HOLIDAY = new RegExp(`\\b(?:${[...Object.keys(FROM_EASTER), ...Object.keys(FIXED)].join("|")})\\b`, "gi");

function dayIn(name: string, year: number): Date {
  const fixed = FIXED[name];
  if (fixed) return new Date(Date.UTC(year, fixed[0] - 1, fixed[1]));
  const easter = gregorianEaster(year);
  return new Date(Date.UTC(year, easter.month - 1, easter.day + FROM_EASTER[name]!));
}

/**
 * The text with each holiday named written with its date, which chrono then reads as said ("good
 * friday's out" → "Good Friday, 3 April 2026's out"): the next one when dates lie ahead, else the
 * nearest to the reference.
 */
export function withHolidaysDated(text: string, ref: Date, ahead: boolean): string {
  return text.replace(HOLIDAY, (said: string) => {
    const name = said.toLowerCase().replace(/’/g, "'");
    const year = ref.getUTCFullYear();
    const days = [year - 1, year, year + 1].map((y) => dayIn(name, y));
    const next = days.find((d) => d.getTime() >= ref.getTime() - 86_400_000)!;
    const gap = (d: Date) => Math.abs(d.getTime() - ref.getTime());
    const day = ahead ? next : days.reduce((a, b) => (gap(b) < gap(a) ? b : a));
    const named = said.replace(/\b\p{L}/gu, (c) => c.toUpperCase());
    return `${named}, ${writtenDay(day)}`;
  });
}
