// The questions an assistant's message closes with as a list: numbered ("1. What's the rate?\n2. How
// long is left?") or bulleted ("- How many kids are you inviting?\n- What's your budget?"), each up to its
// question mark, which a reply answers part by part (answer-parts.ts).
import { upperFirst } from "../../domain/text.ts";
import { withoutCode } from "./markup.ts";

/**
 * A numbered list of questions an assistant's message closes with ("1. What's the rate on the card?\n2.
 * How long is left on the car finance?"), in order; an item may be a prompt without a mark ("1.
 * **Current weight and height**"). Null when fewer than two items ask, or a question after the list
 * closes the message ("How many do you want to invite?" after a list of what to ask testers).
 */
export function askedList(text: string): string[] | null {
  const lines = withoutCode(text, " ").trim().split("\n");
  let items: string[] = [];
  let last = -1;
  lines.forEach((line, i) => {
    const item = /^\s*(\d{1,2})[.)]\s+(.+)$/.exec(line);
    if (!item) return;
    // "What do you do for work? I'll tailor the vocabulary.": the item asks up to its question mark.
    const typed = item[2]!.replace(/\*+|`/g, "").trim();
    const said = typed.includes("?") ? typed.slice(0, typed.lastIndexOf("?") + 1) : typed;
    if (item[1] === "1") items = [said];
    else if (Number(item[1]) === items.length + 1) items.push(said);
    else return;
    last = i;
  });
  // Bulleted questions after the list ask too ("## Who's involved\n- Do you have a planner?"); a
  // question of another kind after it closes the message instead.
  const after = lines.slice(last + 1);
  const bulleted = after.flatMap(
    (line) => /^\s*[-*•]\s+(.*\?)\s*$/.exec(line)?.[1]?.replace(/\*+|`/g, "").trim() ?? [],
  );
  const other = after.filter((line) => !/^\s*[-*•]\s+.*\?\s*$/.test(line)).join(" ");
  if (items.filter((q) => q.endsWith("?")).length < 2 || other.includes("?")) return closingBullets(lines);
  return [...items, ...bulleted];
}

/** A question's opening word: a bullet that opens with one asks ("- **How many kids** are you inviting?"). */
const ASKING_OPENER = /^(?:how|what|when|where|which|who|why|do|does|did|is|are|can|could|would|will|have|has|any)\b/i;

/**
 * Bulleted questions the message closes with ("- **How many kids** are you inviting?\n- **What's your
 * budget?**\n- **Does Ollie have a favourite?** At 8, they usually do!"), each up to its question mark;
 * not options under one question ("What matters most?\n- Boot space?\n- Running costs?").
 */
function closingBullets(lines: string[]): string[] | null {
  let end = lines.findLastIndex((line) => line.trim() !== "");
  // "These are the two things that come up most.": a remark after the list, asking nothing, still leaves it asked.
  const list = lines.findLastIndex((line) => /^\s*[-*•]\s+/.test(line));
  const heading = lines.slice(0, list).findLast((line) => /^\s*#/.test(line)) ?? "";
  if (list >= 0 && end - list <= 3 && !lines.slice(list + 1).some((line) => /\?|^\s*#/.test(line))) end = list;
  if (/\bask\b/i.test(heading)) return null; // "## Questions to ask new photographers": not asked of the reader
  let start = end + 1;
  while (start > 0 && /^\s*[-*•]\s+/.test(lines[start - 1]!)) start--;
  if (start > end) return null;
  const asked = lines
    .slice(start, end + 1)
    .map((line) => line.replace(/^\s*[-*•]\s+|\*+|`/g, "").trim())
    .map((line) => (line.includes("?") ? line.slice(0, line.indexOf("?") + 1) : ""));
  // "## Things to decide\n- Home kit only, or home and away?\n- Colours?": with no question above it, every bullet asks.
  const above = lines.slice(0, start).findLast((line) => line.trim() !== "") ?? "";
  const opens = (q: string) => ASKING_OPENER.test(q) || !above.includes("?");
  return asked.length >= 2 && asked.every((q) => q && opens(q)) ? asked : null;
}

/** A clause after a comma that asks again ("…, and how old is she?", "…, is it a full or partial replacement"). */
const ASKS_AGAIN =
  /,\s+(?=and\s+(?:how|what|when|where|which|who|why|do|does|did|is|are|can|could|would|will|have|has|any)\b|(?:how|what|when|where|why|do|does|did|is|are|can|could|would|will|have|has)\s)/gi;

/**
 * Questions a message closes with one after another, each asking something else: "Which hip is it, is
 * it a full or partial replacement, and how old is she?", "How old is he? Any allergies?" (each a
 * question of its own, opening with a question word), which a reply answers part by part ("left. full
 * replacement. shes 79"). A clause asked after a comma goes on in lower case ("and how old is she?"):
 * answers to the clauses of one question are quoted together (answer-parts.ts). Not alternatives ("…, or
 * would you rather …?"), nor a remark asked before the question ("Sound good? What's your budget?" asks
 * one). Null when fewer than two ask.
 */
export function askedInTurn(text: string): string[] | null {
  const paragraph = withoutCode(text, " ")
    .trim()
    .split(/\n\s*\n/)
    .at(-1)!
    .replace(/\*+|`/g, "")
    .trim();
  const sentences = paragraph.split(/(?<=[.!?:])\s+|\n+/);
  const asking = sentences.slice(sentences.findLastIndex((s) => !s.endsWith("?")) + 1);
  // "…, and if so, where do you want the notes to live?" asks on only after a yes, "a plan — what to ask
  // for, and when to book it?" says what the plan holds: one question each.
  const clauses = (s: string) => s.split(ASKS_AGAIN).map((q) => (q.endsWith("?") ? q : `${q}?`));
  const one = (q: string, i: number) =>
    /\bif (?:so|not)\?$/i.test(q) || (i > 0 && /^(?:and\s+)?\p{L}+\s+to\s/iu.test(q));
  const asked = asking.flatMap((s) => (clauses(s).some(one) ? [s] : clauses(s)));
  const run = asked.slice(asked.findLastIndex((q) => !ASKING_OPENER.test(q.replace(/^and\s+/i, ""))) + 1);
  return run.length >= 2 && run.length <= 4 ? [upperFirst(run[0]!), ...run.slice(1)] : null;
}

/** A clause asked after a comma, going on with the question before it (askedInTurn writes it in lower case). */
export const goesOn = (question: string): boolean => /^\p{Ll}/u.test(question);

/** The last question asked whole: its clauses asked after a comma joined again ("What are Finn's naps, and how does he do?"). */
export function lastAsked(questions: readonly string[]): string | undefined {
  let first = questions.length - 1;
  while (first > 0 && goesOn(questions[first]!)) first--;
  const clauses = questions.slice(Math.max(0, first));
  return clauses.length
    ? clauses.map((q, i) => (i < clauses.length - 1 ? q.replace(/\?$/, "") : q)).join(", ")
    : undefined;
}
