// What a message carries besides its sentences: a chat export's notes of shared images, and a diary's
// part labels ("Week 3:"), which the embedded extractor reads apart from the statements.
import { asWeeklyPlan, withListedMonth } from "./weekday-dates.ts";

/** A diary's or a log's part label opening a line ("Week 3: I met ...", "Day 12 - ..."): not part of a fact. */
export const PART_LABEL =
  /(^|\n)[ \t]*(?:week|day|sprint|month|session|entry|part)[ \t]+\d{1,4}[ \t]*[:\u2013\u2014-][ \t]*/giu;

// A chat export's note of a shared image and its caption: "[shares a photo: a dog on a beach]", "[photo: a sunset]".
const IMAGE_NOTE =
  /\[\s*(?:(?:shares|shared|sends|sent|posts|posted)\s+(?:an?\s+)?)?(?:photo|image|picture|pic)\s*(?:of\s*)?:?\s*([^\]]{3,500})\]/giu;

/** A chat export's note of something else shared ("[sends a link]", "[voice note]"): nothing said. */
const OTHER_NOTE =
  /\[\s*(?:(?:sends|sent|shares|shared|posts|posted)\s+(?:an?\s+)?)?(?:link|video|gif|voice (?:note|message)|sticker|file|document|screenshot|meme|location|audio)\b[^\]]{0,200}\]/giu;

/**
 * The text without its image notes, and each note's caption as "a photo of ..."; `typed` when a note
 * was typed by the writer ("[photo: ...]", no "shares"), beside what they say of it.
 */
export function sharedImages(text: string): { text: string; images: string[]; typed: boolean } {
  const images: string[] = [];
  const typed = /\[\s*(?:photo|image|picture|pic)\s*:/i.test(text);
  const rest = text.replace(OTHER_NOTE, " ").replace(IMAGE_NOTE, (_, caption: string) => {
    const what = caption.trim().replace(/^(?:an?\s+)?(?:photo|photograph|photography|image|picture|pic)\s+of\s+/iu, "");
    if (what) images.push(`a photo of ${what}`);
    return " ";
  });
  return { text: rest, images, typed };
}

/** Words by which a message points at the image it shares. */
const POINTS_AT_IMAGE = /\b(?:this|these|here|look|pic|picture|photo|snap|check out)\b/i;

/**
 * A message's facts with its shared images ("Caroline shared a photo of ..."): an image is its own
 * memory when the message says nothing else worth keeping; said with the message's last statement when
 * the text points at it ("Look at this!", "Here's a pic of ...") or the writer typed the note beside
 * it ("[photo: ...] Ten songs, my first album"); else left out, its words living on in
 * the memories' search context (their message). A caption alone is seldom a fact about the speaker.
 */
export function withSharedImages<F extends { content: string }>(
  facts: F[],
  images: F[],
  text: string,
  typed = false,
): F[] {
  if (facts.length === 0 || images.length === 0) return facts.length ? facts : images;
  if (!typed && !POINTS_AT_IMAGE.test(text)) return facts;
  const last = facts.at(-1)!;
  return [...facts.slice(0, -1), { ...last, content: [last.content, ...images.map((i) => i.content)].join(" ") }];
}

/** Words that only open a message, before what it says ("ok so 3) renews on the 28th"). */
const OPENING_WORDS = "ok|okay|so|right|yes|yeah|yep|alright|sure|well";
const OPENED = String.raw`(?:(?:${OPENING_WORDS})[,!.]?\s+)*`;
const LINE_START = new RegExp(String.raw`(?:^|\n)[ \t]*(?:(?:${OPENING_WORDS}|hi|hey)[,!.]?\s+)*$`, "i");
const OPENS_ON_NUMBER = new RegExp(String.raw`^\s*${OPENED}\d\s`, "i");

/** A note typed as a thing, a spaced dash and what it is, opening a line or a sentence (two or more make a list). */
const DASHED_NOTE =
  /(?<=^|[.!?]\s+|\n)(?!(?:i|we|he|she|they|it|you|my|our|this|that|one|also|ps|update|edit|note|quick|btw|oh|ok|so|and|but)\b)(\p{L}[\p{L}\p{N}]*(?:\s+(?:[\p{L}\p{N}]+|\+)){0,2})\s+[-–—]\s+(?!(?:it|its|it['’]s|i|we|he|she|they|that|this|which|so|and|but|want|can|please|pls|do|don['’]?t)\b)(?=\S)/giu;

const NAMED_NUMBER = /\b(?:day|week|stage|part|round|level|step|phase|chapter|option|plan|flat|room|unit|module)\s$/i;

/** Words a period follows inside a sentence, before a number ("approx. 12", "No. 5"). */
const ABBREVIATED = /\b(?:approx|appr|ca|vs|no|nr|nos|st|dr|mr|mrs|ms|jr|sr|etc|fig|vol|ch|pt|ref)$/i;

/**
 * The items of a list typed inline or on lines, by their numbers: "1. saltmarsh studio 2. day rate
 * mostly 3. net 30", "1 - leeds 2: marek", "1. 7.30pm to 8am. 3. maisie is 7. 4 dan is a postman"
 * (inside a list, a number opening a sentence marks an item without its period). Numbers may skip some
 * (the questions the writer chose to answer) and, marked, come in any order ("2. marek nowak. 1. leeds").
 * The first is 1, any at the start of a line, or any after sentences that answered the questions before
 * it ("its abt 26 miles. 4. my knee hurts"). Text before the first item is item 0. Null when the text
 * holds no list (two items, or one after such sentences).
 */
export function numberedItems(text: string): Array<{ n: number; text: string }> | null {
  const marks = [
    ...text.matchAll(/(?<![\p{L}\p{N}.,:$£€-])(\d{1,2})(?:[.)](?=\s)|\s?[-–—:]\s+(?=[\p{L}\p{N}])|(?=\s+\p{L}))/gu),
  ];
  const items: Array<{ n: number; at: number; from: number; paren: boolean; marked: boolean }> = [];
  for (const m of marks) {
    const n = Number(m[1]);
    const last = items.at(-1)?.n ?? 0;
    const before = text.slice(0, m.index);
    // "day 1 - lands end", "stage 2: bodmin": a number a word names labels a note, not a list.
    if (/[-–—:]\s*$/.test(m[0]) && NAMED_NUMBER.test(before)) continue;
    // A line's start, also after a word that only opens the message ("ok so 3) renews on the 28th").
    const lineStart = LINE_START.test(before);
    const marked = /[.)\-–—:]\s*$/.test(m[0]); // "4 weeks" is no item; "4 dan ..." after "3. ..." is
    const sentenceStart = lineStart || /[.!?]\s*$/.test(before);
    // "1 - 3 families" opens an item only at a sentence's start ("3 - 4 times a week" is a range).
    if (/[-–—:]\s*$/.test(m[0]) && /^\d/.test(text.slice(m.index + m[0].length)) && !sentenceStart) continue;
    const empty = items.length > 0 && text.slice(items.at(-1)!.from, m.index).trim() === ""; // "2. 5 days"
    const used = items.some((it) => it.n === n);
    // Unmarked, the next few, or at a sentence's start any (to 9) once one was marked ("1. 62k. 5 not yet").
    const anyOrder = sentenceStart && n <= 9 && items.some((it) => it.marked);
    if (empty || used || (!marked && (n <= last || n > last + 3) && !anyOrder)) continue;
    // The first: 1, or another after sentences that answered the questions before it ("... june. 4. my knee").
    // Unmarked, only "1" opening the message ("1 not really, gui only pls 2 yes 3 loft prob": see below).
    const first = marked
      ? n === 1 || (lineStart && n <= 9) || (sentenceStart && before.trim() !== "")
      : n === 1 && before.trim() === "";
    // "3) renews on the 28th 1) 18 booked": a number closed by ")" marks an item anywhere once one did.
    const paren = /\)$/.test(m[0]) && items.some((it) => it.paren);
    const inOrder = n === last + 1 && items.length > 0 && !items[0]!.marked; // "1 not really 2 yes"
    if (last === 0 ? !first : !(marked ? sentenceStart || n === last + 1 || paren : sentenceStart || inOrder)) continue;
    items.push({ n, at: m.index, from: m.index + m[0].length, paren: /\)$/.test(m[0]), marked });
  }
  const preamble = text.slice(0, items[0]?.at ?? 0).trim();
  if (items.length < 2 && !(items.length === 1 && preamble && items[0]!.n > 1)) return null;
  const listed = items.map((it, i) => ({ n: it.n, text: text.slice(it.from, items[i + 1]?.at ?? text.length).trim() }));
  // A list of numbers none marks answers in order, each item whole: "1 kid, 2 dogs" counts things, and
  // "1 more question: is it 2 hours" has a number inside a sentence.
  const unmarked = !items[0]!.marked;
  const unfinished = /(?:,|\b(?:and|or|is|it|to|the|a|an|of|for|in|on|at|by|about|like|than|with))$/i;
  if (unmarked && listed.some((it, i) => it.n !== i + 1 || unfinished.test(it.text) || items[i]!.marked)) return null;
  return preamble ? [{ n: 0, text: preamble }, ...listed] : listed;
}

const BULLET = /^([ \t]*)(?:[-*•+]|\d{1,2}[.)])[ \t]+(.*\S)[ \t]*$/;
/** A heading that only names the list under it ("Stuff I keep forgetting to write down:", "Things to remember:"). */
const HEADING_ONLY =
  /^(?:(?:some|a few|few|random|quick|misc(?:ellaneous)?|other|more|important|useful|the|my)\s+)*(?:stuff|things|notes?|reminders?|facts|details|info|bits|odds and ends|to-?dos?|to do|list)\b/i;
/** A lead of the writer's own that items complete ("My meds:", "Things I love:", "Places we've been:"). */
const OWNED_LEAD = /^(?:my|our)\b|\b(?:i|we)(?:['’]\p{L}+)?\s+\p{L}+/iu;
/** A lead the items complete ("I'm allergic to:", "My kids are:"), said without its colon. */
const OPEN_END = /\b(?:to|of|for|with|about|from|in|on|at|like|are|is|include|includes|including)$/i;

/**
 * A line ending in ":" over a list: its items, each a few words, complete a lead of the writer's own ("I'm allergic to:\n  -
 * penicillin\n  - shellfish" → "I'm allergic to penicillin and shellfish", "Things I love:\n- hiking\n-
 * jazz" → "Things I love: hiking and jazz"); over longer items, a heading that only names the list
 * ("Stuff I keep forgetting to write down:") goes.
 */
export function withListLeads(text: string): string {
  if (!/:[ \t]*\n/.test(text)) return text; // no line ends in ":" before another
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const lead = /^([ \t]*(?:(?:[-*•+]|\d{1,2}[.)])[ \t]+)?)(.*\S):[ \t]*$/.exec(lines[i]!);
    if (!lead) continue;
    const depth = BULLET.test(lines[i]!) ? /^[ \t]*/.exec(lines[i]!)![0].length : -1;
    let end = i + 1;
    while (end < lines.length && (BULLET.exec(lines[end]!)?.[1]?.length ?? -1) > depth) end++;
    const items = lines.slice(i + 1, end).map((line) => BULLET.exec(line)![2]!.replace(/[.;,]$/, ""));
    if (items.length === 0) continue;
    const short = items.length <= 8 && items.every((it) => it.split(/\s+/).length <= 6 && !/[.!?]\s/.test(it));
    if (short && (OPEN_END.test(lead[2]!) || OWNED_LEAD.test(lead[2]!.trim()))) {
      const said = items.length === 1 ? items[0]! : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
      lines.splice(i, end - i, `${lead[1]}${lead[2]}${OPEN_END.test(lead[2]!) ? "" : ":"} ${said}.`);
    } else if (HEADING_ONLY.test(lead[2]!.trim())) lines.splice(i--, 1);
  }
  return lines.join("\n");
}

/**
 * A list typed inline, one item a line (`numberedItems`), answers a numbered list of questions item by
 * item, as does a short line ("yes roommate sam\nher name is juno"); and a sentence ending before a
 * number ("cant do sunday. 12 kids now") ends there, not in a date "sunday 12".
 */
export function listedApart(text: string): string {
  // "tortillas - tortilleria ixta sheffield. meat - haighs butchers": notes of things, as "tortillas: …".
  const planned = asWeeklyPlan(withListedMonth(withListLeads(text)));
  const typed = (planned.match(DASHED_NOTE) ?? []).length >= 2 ? planned.replace(DASHED_NOTE, "$1: ") : planned;
  const items = numberedItems(typed);
  const listed = items ? items.map((it) => it.text).join("\n\n") : typed;
  const apart = listed.replace(/(\p{L}+)\.\s+(?=\d)/gu, (whole, word: string) =>
    ABBREVIATED.test(word) ? whole : `${word}.\n`,
  );
  if (!apart.includes("\n")) return apart;
  return (
    apart
      .replace(/^([^\n]{1,50})\n(?=[^\n])/gmu, "$1\n\n") // a short line typed in a chat ends its sentence
      // So does any line a chat breaks, unless it breaks off mid-clause ("with the,\n").
      .replace(/(?<![,;:(&+\n]|\b(?:and|or|but|with|to|the|a|an|of|for|in|on|at|my|our))\n(?=[ \t]*\S)/gu, "\n\n")
  );
}

/** A label of a few words that only introduces the code after it: "Error:", "The test:", "heres the code:" (not a list item's: "2. Full file:"). */
const CODE_LABEL = /(^|(?<!\d)[.!?][ \t]+|\n[ \t]*)(?:[\p{L}'’]+[ \t]+){0,3}[\p{L}'’]+:\s*(?=```)/gu;

/**
 * The text without its fenced code and logs (and a label introducing it) (an unclosed fence runs to the end): code says no statement. By
 * default what came before the code ends its sentence there.
 */
export function withoutCode(text: string, by?: string): string {
  return text
    .replace(CODE_LABEL, "$1")
    .replace(/(\S?)\s*```[\s\S]*?(?:```|$)/g, (_, last: string) =>
      by !== undefined ? `${last}${by}` : `${last}${/^[^.!?:;,]$/.test(last) ? "." : ""}\n\n`,
    );
}

const OPENING_NUMBER = new RegExp(String.raw`(^\s*${OPENED}|[.!?]\s+|\n\s*)(\d)(?=\s+\p{L})`, "giu");

/**
 * A terse reply to a numbered list of `asked` questions, its items unmarked ("2 no, 3 days is a
 * dealbreaker. 1 base. 3 yes"): the numbers opening it and its sentences, each once and none above
 * `asked`, are marked as items ("2. no, ..."), so that the reply is read item by item.
 */
export function markedItems(text: string, asked: number): string {
  if (asked < 2 || !OPENS_ON_NUMBER.test(text)) return text;
  if (numberedItems(text)) return text;
  const opening = [...text.matchAll(OPENING_NUMBER)].map((m) => Number(m[2]));
  if (opening.length < 2 || new Set(opening).size < opening.length || opening.some((n) => n < 1 || n > asked))
    return text;
  // "2 is 15 min": the item's answer, not a statement about the number.
  return text.replace(OPENING_NUMBER, "$1$2.").replace(/(\d)\.\s+(?:is|are|=)\s+/g, "$1. ");
}
