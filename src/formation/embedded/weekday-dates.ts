// "deadline is sunday 20th", "starts monday 23rd", "on sat the 12th": a weekday with a day of the month
// and no month. chrono reads neither; the month is the one near the reference whose day falls on that
// weekday (ahead for a plan, before for a story): "Sunday, 20 September 2026", which the date resolver reads whole.
import { MONTHS, WEEKDAYS } from "../../domain/calendar.ts";
import { upperFirst } from "../../domain/text.ts";

const DAY = "(?:mon|tues|wednes|thurs|fri|satur|sun)day";
const MONTH = MONTHS.map((m) => m.slice(0, 3)).join("|");
const WEEKDAY_AND_DAY = new RegExp(
  `\\b(${DAY}),?\\s+(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)\\b(?!\\s*(?:of\\s+)?(?:${MONTH}))`,
  "gi",
);
const DAY_MS = 86_400_000;

/** The text with the month and year written after each "weekday Nth" that names none. */
export function withMonthOfWeekday(text: string, ref: Date, past: boolean): string {
  return text.replace(WEEKDAY_AND_DAY, (all, day: string, n: string) => {
    const weekday = WEEKDAYS.indexOf(day.toLowerCase() as (typeof WEEKDAYS)[number]);
    const today = Date.UTC(ref.getUTCFullYear(), ref.getUTCMonth(), ref.getUTCDate());
    const fits = [-2, -1, 0, 1, 2]
      .map((k) => new Date(Date.UTC(ref.getUTCFullYear(), ref.getUTCMonth() + k, Number(n))))
      .filter((d) => d.getUTCDate() === Number(n) && (d.getUTCDay() + 6) % 7 === weekday);
    const ahead = fits.filter((d) => d.getTime() >= today);
    const before = fits.filter((d) => d.getTime() < today);
    const pick = past ? (before.at(-1) ?? ahead[0]) : (ahead[0] ?? before.at(-1));
    if (!pick || Math.abs(pick.getTime() - today) > 62 * DAY_MS) return all;
    const [name, month] = [WEEKDAYS[weekday]!, MONTHS[pick.getUTCMonth()]!].map(upperFirst);
    return `${name}, ${Number(n)} ${month} ${pick.getUTCFullYear()}`;
  });
}
