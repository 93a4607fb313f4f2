// Seasons, which chrono does not read: "next summer" said in November 2026 is "in summer 2027".
import { PREPOSITION_BEFORE } from "./date-cues.ts";

const SEASON = /\b(last|next|this)\s+(spring|summer|autumn|fall|winter)\b/i;
/** The month a season starts in (northern hemisphere). */
const SEASON_START: Record<string, number> = { spring: 2, summer: 5, autumn: 8, fall: 8, winter: 11 };

/** "next summer" said in November 2026 → "in summer 2027" (chrono reads no seasons). */
export function resolveSeason(text: string, ref: Date): { text: string; eventAt: string } | null {
  const m = SEASON.exec(text);
  if (!m) return null;
  const season = m[2]!.toLowerCase();
  const start = SEASON_START[season]!;
  let year = ref.getUTCFullYear();
  const begins = (y: number) => new Date(Date.UTC(y, start, 1));
  const which = m[1]!.toLowerCase();
  if (which === "next") while (begins(year) <= ref) year++;
  else if (which === "last") while (new Date(Date.UTC(year, start + 3, 1)) > ref) year--;
  const before = text.slice(0, m.index);
  const phrase = `${PREPOSITION_BEFORE.test(before) ? "" : "in "}${season === "fall" ? "autumn" : season} ${year}`;
  return { text: before + phrase + text.slice(m.index + m[0].length), eventAt: begins(year).toISOString() };
}
