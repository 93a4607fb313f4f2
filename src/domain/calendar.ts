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
