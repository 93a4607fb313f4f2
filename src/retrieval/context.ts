// Composes the context text (about 1,000 characters at most) an agent reads to be briefed: the
// memories that answer the question, best first, then what they relate to; each fact once (a
// memory that says nothing an earlier one does not is left out); grouped by subject (the person or
// thing the memory is about, headed once when there are several), each line with its date written
// out ("7 May 2023"). No LLM needed.
import type { MemoryRow } from "../domain/memory.ts";
import { MONTHS } from "../domain/calendar.ts";
import { queryTerms, stem } from "../domain/text.ts";

export const CONTEXT_MAX_CHARS = 1_000;

export interface ContextResponse {
  object: "context";
  context: string;
  memory_ids: string[];
}

/** A memory's date as people write it: "7 May 2023". */
export function spelledDate(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const month = MONTHS[d.getUTCMonth()]!;
  return `${d.getUTCDate()} ${month[0]!.toUpperCase()}${month.slice(1)} ${d.getUTCFullYear()}`;
}

function line(row: MemoryRow): string {
  const date = spelledDate(row.occurred_at);
  return `- ${row.content}${date ? ` (${date})` : ""}`;
}

/** The memory's subject: of the entities it is about, the one its text names first ("" when none). */
export function subjectOf(row: MemoryRow, entities: readonly string[]): string {
  const text = row.content.toLowerCase();
  if (/^the user\b/.test(text)) return "The user";
  let best = "";
  let at = Number.POSITIVE_INFINITY;
  for (const e of entities) {
    const m = new RegExp(`(^|[^\\p{L}\\p{N}])${e.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}\\p{N}])`, "u").exec(
      text,
    );
    if (m && m.index < at) {
      at = m.index;
      best = row.content.slice(m.index + m[1]!.length, m.index + m[1]!.length + e.length);
    }
  }
  return best;
}

/** Content words, stemmed: what a memory says, for telling a repeat from a new fact. */
function said(text: string): Set<string> {
  const words = new Set(queryTerms(text).map(stem));
  if (/\b(?:not|no|never|cannot)\b|n['’]t\b/i.test(text)) words.add("not"); // "does not eat meat" is news
  return words;
}

/**
 * True when `later` says nothing `earlier` does not: 70% of its words are there, and every number
 * and negation ("Dana has 3 kids" is news after "Dana has 2 kids", and so is "Dana has no kids").
 */
function repeats(later: Set<string>, earlier: Set<string>): boolean {
  if (later.size === 0) return true;
  let known = 0;
  for (const w of later) {
    if (earlier.has(w)) known++;
    else if (w === "not" || /\d/.test(w)) return false;
  }
  return known / later.size >= 0.7;
}

/**
 * The context of `rows` (best first: the answers, then the memories related to them). `entitiesOf`
 * gives a memory's entities (for its subject). A memory that does not fit whole is left out and the
 * next ones are tried; the best one alone is cut to fit when it is too long.
 */
export function composeContext(
  rows: MemoryRow[],
  entitiesOf: (id: string) => readonly string[] = () => [],
): ContextResponse {
  const chosen: Array<{ row: MemoryRow; text: string; subject: string }> = [];
  const used = new Set<string>();
  const words: Set<string>[] = [];
  const subjects = new Set<string>();
  const headingOf = (subject: string) => (subject || "Other").length + 2; // "Caroline:" and its line break
  let length = 0; // the lines' length, line breaks included
  let headings = 0; // the headings' length once there are two subjects (one alone is not headed)
  for (const row of rows) {
    if (used.has(row.id)) continue;
    const w = said(row.content);
    if (words.some((earlier) => repeats(w, earlier))) continue;
    let text = line(row);
    const subject = subjectOf(row, entitiesOf(row.id));
    // A second subject heads both groups; each further one heads its own.
    const heading =
      subjects.size === 0 || subjects.has(subject)
        ? 0
        : headingOf(subject) + (subjects.size === 1 ? headingOf([...subjects][0]!) : 0);
    const cost = text.length + (chosen.length ? 1 : 0);
    if (length + headings + heading + cost > CONTEXT_MAX_CHARS) {
      if (chosen.length > 0) continue; // never cut a later memory: a shorter one may still fit
      let cut = CONTEXT_MAX_CHARS - 1;
      if (/[\uD800-\uDBFF]/.test(text[cut - 1] ?? "")) cut--; // never split a surrogate pair
      text = `${text.slice(0, cut)}…`;
    }
    used.add(row.id);
    words.push(w);
    subjects.add(subject);
    chosen.push({ row, text, subject });
    length += Math.min(cost, CONTEXT_MAX_CHARS);
    headings += heading;
  }
  const groups = new Map<string, typeof chosen>();
  for (const c of chosen) groups.set(c.subject, [...(groups.get(c.subject) ?? []), c]);
  const headed = groups.size > 1;
  const lines: string[] = [];
  const ids: string[] = [];
  for (const [subject, members] of groups) {
    if (headed) lines.push(`${subject || "Other"}:`);
    for (const m of members) {
      lines.push(m.text);
      ids.push(m.row.id);
    }
  }
  return { object: "context", context: lines.join("\n"), memory_ids: ids };
}
