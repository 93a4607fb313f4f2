// Month and weekday names: capitalised, yet they name no one (names, entities, vocatives skip them).
export const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
] as const;

export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

/** A day as a memory writes it: "3 April 2026". */
export function writtenDay(d: Date): string {
  const month = MONTHS[d.getUTCMonth()]!;
  return `${d.getUTCDate()} ${month[0]!.toUpperCase()}${month.slice(1)} ${d.getUTCFullYear()}`;
}

/** A day with its weekday, as a memory writes it: "Friday, 12 June 2026". */
export function writtenWeekday(d: Date): string {
  const day = WEEKDAYS[(d.getUTCDay() + 6) % 7]!;
  return `${day[0]!.toUpperCase()}${day.slice(1)}, ${writtenDay(d)}`;
}
