// Composes the context text (about 1,000 characters at most) an agent reads to be briefed: the
// memories that answer the question, best first (after the best, a long one only its sentences that
// share a word with the question: retrieval/index.ts), then what they relate to; each fact once (a
// memory that says nothing an earlier one does not is left out); grouped by subject (the person or
// thing the memory is about, a name rather than a word at a sentence's start; headed once when there
// are several), each line with its date written
// out ("7 May 2023") unless the text says it. No LLM needed.
import type { MemoryRow } from "../domain/memory.ts";
import { writtenDay } from "../domain/calendar.ts";
import {
  escapeRegExp,
  queryTerms,
  saysWord,
  SHOWN_IMAGE,
  significantTerms,
  splitSentences,
  stem,
} from "../domain/text.ts";
import { namePattern } from "./matching.ts";

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
  return Number.isNaN(d.getTime()) ? "" : writtenDay(d);
}

/**
 * Whether the texts write the entity as a name: capitalised inside a sentence ("met Caroline"), or
 * never in lower case. "Painting helps ..." at a sentence's start, which the entity extractor may
 * have taken for a name, is no subject when another text says "love painting".
 */
export function writtenAsName(entity: string, texts: readonly string[]): boolean {
  const name = entity.replace(/(^|\s)\p{L}/gu, (c) => c.toUpperCase());
  const inside = new RegExp(`[\\p{L}\\p{N},;:'"-]\\s+${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, "u");
  return texts.some((t) => inside.test(t)) || !texts.some((t) => saysWord(t, entity.toLowerCase()));
}

/** The memory's subject: of the entities it is about, the one its text names first ("" when none). */
export function subjectOf(row: MemoryRow, entities: readonly string[]): string {
  if (/^the user\b/i.test(row.content)) return "The user";
  let best = "";
  let at = Number.POSITIVE_INFINITY;
  for (const e of entities) {
    const m = namePattern(e).exec(row.content);
    if (m && m.index < at) {
      at = m.index;
      best = row.content.slice(m.index + m[1]!.length, m.index + m[1]!.length + e.length);
    }
  }
  return best;
}

/**
 * The date written after a memory's line: none when its text already says it ("On 14 July 2023 ...";
 * "in July 2023" for the 1st of the month, "in 2022" for 1 January, the day a month or a year stands on),
 * so the line spends no room on it and does not write "in 2022" as "1 January 2022".
 */
export function statedDate(row: Pick<MemoryRow, "content" | "occurred_at">): string {
  const date = spelledDate(row.occurred_at);
  const [day, month, year] = date.split(" ");
  const says = (words: string) => saysWord(row.content, words);
  if (!date || says(date)) return "";
  if (day === "1" && says(`${month} ${year}`)) return "";
  return day === "1" && month === "January" && says(year!) ? "" : date;
}

/** Content words, stemmed: what a memory says, for telling a repeat from a new fact. */
function said(text: string): Set<string> {
  const words = significantTerms(text);
  if (/\b(?:not|no|never|cannot)\b|n['’]t\b/i.test(text)) words.add("not"); // "does not eat meat" is news
  return words;
}

/**
 * True when `later` says nothing `earlier` does not: 80% of its words are there, and every number
 * and negation ("Dana has 3 kids" is news after "Dana has 2 kids", and so is "Dana has no kids").
 */
function repeats(later: Set<string>, earlier: Set<string>): boolean {
  if (later.size === 0) return true;
  let known = 0;
  for (const w of later) {
    if (earlier.has(w)) known++;
    else if (w === "not" || /\d/.test(w)) return false;
  }
  return known / later.size >= 0.8;
}

interface Chosen {
  row: MemoryRow;
  subject: string;
  date: string;
}

/** A sentence that opens with a word standing for something said before it ("It made her ..."). */
const LEANS_BACK = /^(?:it|it's|its|they|they're|them|their|this|that|these|those|there)\b/i;
/** A pronoun standing for someone or something a sentence before named. */
const POINTS_BACK = /\b(?:it|its|they|them|their|she|her|he|him|his)\b/i;

/**
 * The memory cut to its sentences that share a word (a stem) with the question, and what it shows
 * ("Melanie shared a photo of a family around a campfire on the beach": a caption names the concrete
 * things a question about the memory's subject asks for, in words the question seldom shares): an
 * answer after the best takes less room for what does not answer ("Where has Melanie camped?" keeps
 * "Melanie went camping in the forest." of a memory that goes on about the family). Its first sentence
 * stays when no sentence shares a word, or when a kept one points back at what the first names
 * ("Caroline loved "Becoming Nicole". ... She would camp with it."); otherwise it goes, as a memory
 * telling a story often opens with what does not answer ("Caroline is going to a conference in July.
 * Caroline is so excited to meet other people ..."). A kept sentence that leans on the one before it
 * ("It showed her ...") keeps that one too. The whole memory when every sentence is kept.
 */
export function focused(row: MemoryRow, askedStems: ReadonlySet<string>): MemoryRow {
  const sentences = splitSentences(row.content);
  if (sentences.length < 2) return row;
  const shares = sentences.map((s) => queryTerms(s).some((w) => askedStems.has(stem(w))));
  const keep = shares.map((x, i) => x || SHOWN_IMAGE.test(sentences[i]!));
  // The first sentence names what the memory is about: kept when nothing shares a word, or when a
  // kept sentence points back ("She would camp with it").
  if (!shares.some(Boolean) || sentences.some((s, i) => i > 0 && keep[i] && POINTS_BACK.test(s))) keep[0] = true;
  for (let i = sentences.length - 1; i > 0; i--) if (keep[i] && LEANS_BACK.test(sentences[i]!)) keep[i - 1] = true;
  const kept = sentences.filter((_, i) => keep[i]);
  return kept.length === sentences.length ? row : { ...row, content: kept.join(" ") };
}

/**
 * The question's words that tell one sentence from another (stemmed): its names aside when most of
 * the answers name them (nearly every sentence names the person asked about), but not a name only
 * some say ("LGBTQ", "Rome"). `names` are lower case, as `queryNames` gives them.
 */
export function askedStems(query: string, names: readonly string[], answers: readonly MemoryRow[]): Set<string> {
  const skip = new Set(
    names.filter((n) => {
      const written = namePattern(n);
      return answers.filter((a) => written.test(a.content)).length * 2 >= answers.length;
    }),
  );
  return new Set(queryTerms(query).flatMap((t) => (skip.has(t) ? [] : [stem(t)])));
}

/** A memory's text as a sentence: ended by a full stop unless it has its own end. */
const sentence = (text: string) => (/[.!?…"”)]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/**
 * The text of the chosen memories: grouped by subject (headed when there are several), in the order of
 * each group's best memory; within a group, the memories of one date share a line and the date.
 */
function render(chosen: Chosen[]): { text: string; ids: string[] } {
  const groups = new Map<string, Map<string, Chosen[]>>();
  chosen.forEach((c, i) => {
    const group = groups.get(c.subject) ?? new Map<string, Chosen[]>();
    const key = c.date || `#${i}`; // undated memories keep a line each
    group.set(key, [...(group.get(key) ?? []), c]);
    groups.set(c.subject, group);
  });
  const lines: string[] = [];
  const ids: string[] = [];
  for (const [subject, byDate] of groups) {
    if (groups.size > 1) lines.push(`${subject || "Other"}:`);
    for (const members of byDate.values()) {
      const date = members[0]!.date;
      const said =
        members.length === 1 ? members[0]!.row.content : members.map((m) => sentence(m.row.content)).join(" ");
      lines.push(`- ${said}${date ? ` (${date})` : ""}`);
      ids.push(...members.map((m) => m.row.id));
    }
  }
  return { text: lines.join("\n"), ids };
}

/**
 * The context of `rows` (best first: the answers, then the memories related to them). `entitiesOf`
 * gives a memory's entities (for its subject). A later memory that does not fit whole goes in as its
 * `shorten`ed form (its sentences that answer) when that fits; else it is left out and the next ones are
 * tried. The best one alone is cut to fit when it is too long.
 */
export function composeContext(
  rows: MemoryRow[],
  entitiesOf: (id: string) => readonly string[] = () => [],
  shorten?: (row: MemoryRow) => MemoryRow,
): ContextResponse {
  // Subjects are names, not "Painting" or "Glad" (see writtenAsName).
  const names = new Map<string, boolean>();
  const texts = rows.map((r) => r.content);
  const isName = (e: string) => names.get(e) ?? names.set(e, writtenAsName(e, texts)).get(e)!;
  const chosen: Chosen[] = [];
  const used = new Set<string>();
  const words: Set<string>[] = [];
  let best = { text: "", ids: [] as string[] };
  for (const row of rows) {
    if (used.has(row.id)) continue;
    const w = said(row.content);
    if (words.some((earlier) => repeats(w, earlier))) continue;
    const candidate = {
      row,
      subject: subjectOf(row, entitiesOf(row.id).filter(isName)),
      date: statedDate(row),
    };
    let next = render([...chosen, candidate]);
    if (next.text.length > CONTEXT_MAX_CHARS && chosen.length > 0 && shorten) {
      const short = shorten(row);
      if (short.content.length < row.content.length) {
        candidate.row = short;
        next = render([...chosen, candidate]);
      }
    }
    if (next.text.length > CONTEXT_MAX_CHARS) {
      if (chosen.length > 0) continue; // never cut a later memory: a shorter one may still fit
      let cut = CONTEXT_MAX_CHARS - 1;
      if (/[\uD800-\uDBFF]/.test(next.text[cut - 1] ?? "")) cut--; // never split a surrogate pair
      return { object: "context", context: `${next.text.slice(0, cut)}…`, memory_ids: [row.id] };
    }
    used.add(row.id);
    words.push(w);
    chosen.push(candidate);
    best = next;
  }
  return { object: "context", context: best.text, memory_ids: best.ids };
}
