// The counts a fact gives, each with the word it goes with (changed-values.ts compares them): "budget is
// about 300" ["budget", "300"], "5 volunteers" ["volunteer", "5"], "we can go up to 1400" (a budget),
// "£1500 now …, so that is the budget", and a unit written onto its number ("34m").
import { MONTHS, WEEKDAYS } from "../domain/calendar.ts";
import { stem } from "../domain/text.ts";

/** What one can spend going up: "we can go up to 1400", "budget goes up to 1200", "could stretch to 500". */
export const GOES_UP_TO = "(?:go(?:es|ne)?|going|went|stretch(?:es|ed)?) (?:up )?to";
const SPENDABLE = new RegExp(`^${GOES_UP_TO}\\s`, "i"); // a count after it is the budget
/** Who can spend, or what, before "go up to": "we can", "the user could", "budget" (not "church hire"). */
const SPENDER = /(?:^|\b(?:i|we|they|user|can|could|would|might|may|budget|max|maximum|happy to|able to))\s*$/i;
/** "…, so that is the budget": what the sentence's amount is. */
const THAT_IS_THE =
  /\b(?:that|this|which)(?:['’]s| is) (?:the|my|our) (?:new )?(budget|limit|target|price|rent|fee|cap)[\s.!]*$/iu;
/** A count by the period: "10 a month", "£80 per night" (what a budget or a price says it is). */
const RATE = /^(?:a|an|per|each|every)\s+(month|week|year|day|night|hour)\b/i;
/** A count and the word it goes with ("5 volunteers", "450 pounds"; else the one before: "budget is about 300", "income for the year was 38,400"). */
const COUNT =
  /(?:(\p{L}+)\s+(?:(?:(?:for|in|over) (?:the|this|that|last) (?:year|month|week|quarter)|for (?:the|my|our) \p{L}+)\s+)?(?:(?:is|are|was|were|up to|to|at|of|about|around|roughly|like|now|be|maybe|just|only|max)\s+)*)?[£$€]?(\d[\d,.]*k?)(?:\s*(\p{L}+|%))?/gu;
/** Words no count goes with: a date's ("7 May", "2pm", "the 14th"), or one that only joins. */
const NO_HEAD = new RegExp(
  `^(?:and|or|but|so|if|when|unless|though|once|for|each|off|a|an|the|per|in|on|at|to|of|with|from|by|then|now|not|instead|because|which|that|is|are|was|i|we|he|she|they|it|am|pm|st|nd|rd|th|week|weekend|day|year|${[...MONTHS, ...WEEKDAYS].join("|")})$`,
  "i",
);
/** A named person's age: "Lily is 10 actually", "Maya turned 41" (its word after: AGE_AFTER or none that counts). */
const AGE = /^\p{Lu}\p{Ll}+\s+(?:is|turned|turns)\s+\d/u;
const AGE_AFTER = /^(?:years?|yrs?|yo|actually|now)$/i;

/** Each count a text gives, with the words it goes with (stemmed): ["budget", "300"], ["quid", "300"]. */
export function counts(text: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  // 'Asked "What is the user's budget?", the user answered "about 300"': the count is of what was asked.
  const asked = /^Asked "(?:how (?:many|much) (\p{L}+)|[^"]*?(\p{L}+)\?)", .+ answered "(.*)"/iu.exec(text);
  const value = asked && /[£$€]?(\d[\d,.]*k?)/.exec(asked[3]!)?.[1];
  if (value) out.push([stem((asked[1] ?? asked[2]!).toLowerCase()), value.replace(/[.,]$/, "")]);
  // The question's own counts are not the answer's ("Still 5 s per-request timeout?" → "3s").
  const said = asked ? asked[3]! : text;
  // "pauline says i can have £1500 now …, so that is the budget": the amount is of what the sentence names it.
  const named = THAT_IS_THE.exec(said)?.[1];
  const sum = named && /[£$€](\d[\d,.]*k?)/.exec(said)?.[1];
  if (sum) out.push([stem(named.toLowerCase()), sum.replace(/[.,]$/, "")]);
  for (const m of said.matchAll(COUNT)) {
    const value = m[2]!.replace(/[.,]$/, "");
    // A year ("in August 2026, rent ..."), not an amount ("Budget 1000 quid", "£2000").
    if (/^(?:19|20)\d\d$/.test(value) && !/[£$€]\d/.test(m[0])) continue;
    if (
      /^\d{1,2}[.:]\d{2}$/.test(value) &&
      /\b(?:at|from|till|until|by)\s+$/i.test(said.slice(0, m.index + m[0].indexOf(m[2]!)))
    )
      continue; // a time of day ("pick her up from preschool at 11.30")
    // A name's number ("User 2 likes ...", "in Room 5"), but a sentence's first word ("Rent 725, ...").
    const first = m.index === 0 || /[.!?:"]\s*$/.test(said.slice(0, m.index));
    if (/^\p{Lu}\p{L}*\s+\d/u.test(m[0]) && (m[1] === "User" || !first)) continue;
    const rest = said.slice(m.index + m[0].length);
    // "can go to 20 a month" after "budget 10 a month max": the same rate.
    const rate = RATE.exec(said.slice(m.index + m[0].length - (m[3]?.length ?? 0)))?.[1];
    if (rate) out.push([`/${rate.toLowerCase()}`, value]);
    // Not whom the fact is about ("The user was about 11", "Maya is in 3 clubs"): a name counts nothing,
    // but its age ("Lily is 10 actually", "Maya turned 41").
    const age = m[1] && AGE.test(m[0]) && (!m[3] || NO_HEAD.test(m[3]) || AGE_AFTER.test(m[3]));
    // A share is of the word after it ("20% deposit"); "41 years old" is an age, not years of something;
    // a letter is a unit ("429s", "3s"), of nothing in particular.
    const after = m[3] === "%" ? /^\s+(\p{L}+)/u.exec(rest)?.[1] : /^\s+old\b/.test(rest) ? undefined : m[3];
    // "we can go up to 1400", "could stretch to 500": what one can spend is the budget; a label
    // opening a sentence is no name.
    const label = first && /^\p{Lu}\p{L}*\s+(?:(?:about|around|roughly|max|~)\s*)?[£$€]?\d/u.test(m[0]); // "Budget 1000 quid.", "Rent 725, ...", "Budget about £1200"
    // (Not a price going up: "church hire went up to £150".)
    const spends = SPENDABLE.test(m[0]) && SPENDER.test(said.slice(0, m.index));
    const head = spends ? "budget" : label ? m[1]?.toLowerCase() : m[1];
    for (const w of [head, after])
      if (
        w &&
        (w.length > 1 || UNITS.has(w.toLowerCase())) &&
        !NO_HEAD.test(w) &&
        (!/^(?:user|\p{Lu}.*)$/u.test(w) || (age && w === head))
      )
        out.push([stem(w.toLowerCase()), value]);
  }
  return out;
}

/** Units a count may go with (stemmed), which say what is measured, not of what. */
export const UNITS = new Set(
  "km m cm mm kg g lb kilo mile metre meter hour minute second day week month year % mph ml l litr w watt"
    .split(" ")
    .map(stem),
);
