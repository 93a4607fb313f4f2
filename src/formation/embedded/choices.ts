// The options an assistant offered and the one a reply picks by its place: "the second one" to a
// list of two plans is the second plan ("Private tutor online, two sessions a week (€160/month)").
import { saysWord } from "../../domain/text.ts";

/** A list item: "1. ...", "2) ...", "- ...", "* ...", "• ...". */
const ITEM = /^(\s*)(?:\d{1,2}[.)]|[-*•+])\s+(.*\S)\s*$/;
/** A question asking for a choice. */
export const CHOOSING = /\b(?:which|prefer|rather|options?|choose|pick|go with|sounds? best|lean(?:ing)?|appeals?)\b/i;
/** A table row numbering an option: its first cell a number or a letter, the option in the next. */
const TABLE_OPTION =
  /^\s*\|\s*(?:\*\*)?(?:\d{1,2}|[A-E])(?:\*\*)?\s*\|\s*([^|]*\S)\s*\||^\s*\|\s*(?:\*\*)?(?:\d{1,2}|[A-E])[.)]\s+([^|]*?\S)(?:\*\*)?\s*\|/;
/** An option's heading or bold line: "### Option B: Porto", "**Plan 2 — the tutor**". */
const HEADING = /^\s*(?:#{1,6}\s+|\*\*)((?:option|plan|choice)\s+[1-9a-e]\b.*\S)\s*$/i;
/** A numbered bold line of its own: "**3. Buried ethernet cable**" (a "### 2. ..." heading is a section). */
const NUMBERED_HEADING = /^\s*\*\*([1-9])[.)]\s+([^*]*\S)\*\*\s*$/;
/** "Option B:", "Plan 2 —": the label opening an option, left out of what it says. */
const LABEL = /^(?:option|plan|choice)\s+[1-9a-e]\b\s*[:.)—–-]*\s*/i;
/** The most of an option a memory keeps: its first sentence, cut at a word. */
const MOST = 140;

/** An item's words without markdown: "**Private tutor** online" → "Private tutor online". */
function plain(item: string): string {
  const text = item
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1") // a link's words
    .replace(/[*_`]+/g, "")
    .replace(LABEL, "")
    .replace(/\s+/g, " ")
    .trim();
  const first = text.split(/(?<=[.!?])\s+(?=\p{Lu})/u)[0]!.replace(/[.:;,\s]+$/, "");
  if (first.length <= MOST) return first;
  return first.slice(0, first.lastIndexOf(" ", MOST)).replace(/[,;:\s-]+$/, "");
}

/**
 * The options an assistant's message offers, without markdown: its headings "Option A", "Option B" when
 * it has two or more; else, when it asks nothing or asks for a choice, the rows of a table that
 * numbers them, else the items of its last list of at least two at one indentation (deeper lines and
 * blank lines between them belong to an item). A list of questions offers nothing to choose from.
 */
export function optionsOffered(markdown: string): string[] {
  // Offered, when the message asks nothing or asks for a choice ("Which of these appeals most?"): a list
  // of advice before "Does that plan work for you?" is no list of options.
  // Headed "Option 1", "Option 2", they are offered whatever it asks ("What do you think?").
  const lines = markdown.split("\n");
  const headings = lines.flatMap((line) => HEADING.exec(line)?.[1] ?? []);
  if (headings.length >= 2) return headings.map(plain);
  // "How do you want people to pay?\n1. Card readers\n2. Tokens\n3. Cash only": a closing list answers the question.
  const after = lines.slice(lines.findLastIndex((line) => line.includes("?")) + 1).filter((line) => line.trim());
  const short = (line: string) => !line.includes("?") && plain(line).split(/\s+/).length <= 8;
  if (after.length >= 2 && after.every((line) => ITEM.test(line) && short(line)))
    return after.map((line) => plain(ITEM.exec(line)![2]!));
  const asked = markdown.match(/[^.!?\n]*\?/g) ?? [];
  if (asked.length && !asked.some((q) => CHOOSING.test(q))) return [];
  // A table of numbered options: "| **2** | **Pembrokeshire** (Tenby) | ~2h45 |" is "Pembrokeshire (Tenby)".
  // "| **1. SumUp** | £25–£40 |": the number and the option in one cell.
  const rows = lines.flatMap((line) => {
    const row = TABLE_OPTION.exec(line);
    return row ? [(row[1] ?? row[2])!] : [];
  });
  if (rows.length >= 2) return rows.map(plain);
  // "**1. Mesh wifi**", "**3. Buried ethernet cable**": each at its own number ("3" picks the third
  // even when the second was dropped), the lines under them aside.
  // Not sections of advice before a numbered list or with no choice asked ("**1. His threshold**").
  const numbered = lines.flatMap((line, i) => {
    const m = NUMBERED_HEADING.exec(line);
    return m ? [{ at: Number(m[1]) - 1, text: plain(m[2]!), line: i }] : [];
  });
  const listedAfter = lines.slice((numbered.at(-1)?.line ?? 0) + 1).some((line) => /^\s*\d{1,2}[.)]\s/.test(line));
  const choosing = (markdown.match(/[^.!?\n]*\?/g) ?? []).some((q) => CHOOSING.test(q));
  if (numbered.length >= 2 && !listedAfter && choosing) {
    const options = Array.from({ length: Math.max(...numbered.map((n) => n.at)) + 1 }, () => "");
    for (const n of numbered) options[n.at] = n.text;
    return options;
  }
  let lists: Array<{ indent: number; items: string[] }> = [];
  let current: { indent: number; items: string[] } | null = null;
  for (const line of lines) {
    const item = ITEM.exec(line);
    if (item && (!current || item[1]!.length <= current.indent)) {
      if (!current || item[1]!.length < current.indent) {
        current = { indent: item[1]!.length, items: [] };
        lists.push(current);
      }
      current.items.push(item[2]!);
    } else if (line.trim() && !/^\s/.test(line) && !item) current = null; // a paragraph ends the list
  }
  lists = lists.filter((l) => l.items.length >= 2 && !l.items.some((i) => /\?\s*$/.test(i)));
  return lists.at(-1)?.items.map(plain) ?? [];
}

/** Places by word: "the second one", "the 2nd". */
const PLACES: Record<string, number> = {
  ...Object.fromEntries(["first", "second", "third", "fourth", "fifth"].map((w, i) => [w, i])),
  ...Object.fromEntries(["1st", "2nd", "3rd", "4th", "5th"].map((w, i) => [w, i])),
};
/** A pick by place: "the second one", "option 2", "plan B", "2nd", "the last one", "the latter", "no, the other one". */
const PICK = new RegExp(
  String.raw`^(?:(?:ok(?:ay)?|hmm+|oo+h|oh|ah|um+|yeah|yes|no|nah|so|i think|probably|def(?:initely)?)[,!\s]+)*` +
    String.raw`(?:(?:i['’]?(?:ll| will| would| d)?|let['’]?s|we['’]?ll|gonna)?\s*(?:go(?:ing)? (?:with|for)|take|pick|choose|do|prefer)\s+)?` +
    String.raw`(?:the\s+)?(?:(${Object.keys(PLACES).join("|")}|last|latter|former|other)(?:\s+(?:one|option|choice|plan|idea))?` +
    String.raw`|(?:option|plan|choice|number|no\.?|#)\s*([1-9]|[a-e])(?![\p{L}\p{N}]))` +
    // Only the pick: "the first one was too pricey" says something of the first one instead.
    String.raw`\s*(?:please|pls|for sure|probably|i think|def(?:initely|o)?|sounds (?:best|good|great))?\s*(?:[.,!;:)-]|$)`,
  "iu",
);

/** Words alone, lower case, without a parenthesis: "Pet transport company (road)" → "pet transport company". */
const head = (text: string) =>
  text
    .replace(/\s*\([^)]*\)/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    // "just home kit" names "Home kit only"; "yes coach from the office" names "Coach from the office".
    .replace(
      /^(?:(?:just|only|the|prob|probably|def|definitely|yes|yeah|yep|ok|okay)\s+)+|(?:\s+(?:only|pls|please|then|def|definitely))+$/g,
      "",
    );

/**
 * The option a reply picks by its place among `options` (the former and the latter of two), or by
 * naming it whole ("pet transport company." to "Option 1: Pet transport company (road)"), or null.
 */
export function picked(reply: string, options: readonly string[]): string | null {
  const named = head(reply);
  const byName = options.filter((o) => named.length >= 3 && head(o) === named);
  if (byName.length === 1) return byName[0]!;
  // "fixed screen" to "Fixed or hinged screen?": the option and the thing the other qualifies.
  const qualifying = options.filter((o) => {
    const thing = named.startsWith(`${head(o)} `) ? named.slice(head(o).length + 1) : "";
    return /^\S+$/.test(thing) && options.some((p) => p !== o && head(p).split(" ").includes(thing));
  });
  if (qualifying.length === 1) return qualifying[0]!;
  // "card readers, people dont carry cash anymore" to "1. **Card readers** at the main stalls": the option's opening words.
  const lead = head(reply.split(/[,.;:!?]/)[0]!);
  const opening = options.filter((o) => lead.includes(" ") && `${head(o)} `.startsWith(`${lead} `));
  if (opening.length === 1 && lead !== named) return opening[0]!;
  // "2. kitchen's small though", "3 i think": a number alone picks by its place too.
  const m =
    PICK.exec(reply.trim()) ??
    /^([1-9])(?=\s*(?:[.,!)]|$|(?:probably|i think|i guess|pls|please)\b))/i.exec(reply.trim());
  if (!m || options.length < 2) return null;
  const word = (m[1] ?? m[2]!).toLowerCase();
  const two = options.length === 2;
  const at =
    word === "last"
      ? options.length - 1
      : word === "latter" || word === "former" || word === "other"
        ? two
          ? Number(word !== "former")
          : -1
        : (PLACES[word] ?? (/^\d$/.test(word) ? Number(word) - 1 : word.charCodeAt(0) - 97));
  return at >= 0 && at < options.length && options[at] ? options[at]! : null;
}

/** What opens a question before its first alternative: "Do you want", "would you rather go". */
const ASKED_LEAD =
  /^(?:(?:so|and|but|also|or)\s+)?(?:(?:do|would|will|are|is|should|shall|can|could|did)\s+(?:you|u)\s+(?:(?:want|prefer|need|like|rather|fancy|plan)\s+(?:to\s+)?)?)?/i;

/**
 * The alternatives a question offers ("Which colour do you want, red or blue?", "Home kit only, or
 * home and away?"): the one after its last "or", and the few words before it (after a comma, or after
 * "do you want"); the first stands empty when it is more than a few words ("Would you stick to €10 and
 * do manual uploads, or …?"), not told apart from the question's words.
 */
export function alternativesAsked(question: string): string[] {
  const q = question.replace(/\s*\([^)]*\)/g, "");
  const last = /,?\s+or\s+(?:(?:at|in|on|with|for|to|from|by)\s+)?([^?]{2,80})\?\s*$/i.exec(q);
  if (!last) return [];
  const first = q
    .slice(0, last.index)
    .split(/[,:;]\s*|[.!?]\s+/)
    .at(-1)!
    .replace(ASKED_LEAD, "")
    .trim();
  return [first.split(/\s+/).length <= 4 ? first : "", last[1]!.trim()];
}

/**
 * Of a reply's first three sentences, the one after the first naming an alternative the question asked
 * ("yes coach from the office" to "Coach from the office, or making their own way?"); -1 when none.
 */
export function namingAlternative(texts: readonly string[], question: string): number {
  const words = alternativesAsked(question).flatMap((a) => a.match(/\p{L}{4,}/gu) ?? []);
  return texts.findIndex((t, i) => i > 0 && i < 3 && words.some((w) => saysWord(t, w, "i")));
}

/** "How many do you want?", "How many would you like to order?": a count asked with its thing unsaid. */
const HOW_MANY_UNSAID =
  /^((?:[\p{L}'’]+[,!]?\s+){0,3}?how many)(?=\s+(?:do|does|did|would|will|should|shall|can|could|are|is)\b)/iu;
/** A count the message gave before its question: "**8–10 pizzas**", "6 tables", "3 to 4 volunteers". */
const COUNTED_THING =
  /\b\d+(?:\s*(?:[–-]|to)\s*\d+)?\s+(?!(?:hours|minutes|days|weeks|months|years|times|pounds|dollars|euros|quid|bucks|miles|kms)\b)(\p{Ll}{3,}s)\b/gu;

/**
 * The closing question with the thing it counts, when the message named it only before ("I'd suggest
 * **8–10 pizzas**. How many do you want to order?" ⇒ "How many pizzas do you want to order?"), so an
 * answer fused with it ("10") says what it counts.
 */
export function withCountedThing(question: string, message: string): string {
  const how = HOW_MANY_UNSAID.exec(question);
  const before = message.slice(0, Math.max(0, message.lastIndexOf(question)));
  // The count the message put in bold ("**8–10 pizzas** for 26 kids"), else its last.
  const bold = [...before.matchAll(/\*\*([^*]+)\*\*/g)].flatMap((m) => [...m[1]!.matchAll(COUNTED_THING)]);
  const thing = how && (bold.at(-1) ?? [...before.replace(/[*_`]+/g, "").matchAll(COUNTED_THING)].at(-1))?.[1];
  return thing ? `${how[1]} ${thing}${question.slice(how[0].length)}` : question;
}
