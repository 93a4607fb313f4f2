// A change of mind inside one message or passage: "Next month we're going to Madeira. Actually,
// scratch that, it's Azores now." The correction is no memory of its own: the statement it corrects
// says the new place ("... going to Azores ..."). Only a named place or thing after "to", "in", "at"
// or "from" is replaced; a correction this cannot place is left to the usual rules.
import { escapeRegExp } from "../../domain/text.ts";
import { CALENDAR } from "./closed-classes.ts";
import { MONTH_WORD } from "./date-cues.ts";
import { lexicon } from "../../models/lexicon.ts";
import { joinTokens, type Token } from "./nlp.ts";

/** "Actually, scratch that, ...", "No wait, ...", "Change of plans: ...", "Make that ...". */
const RETRACTS =
  /^(?:(?:actually|oh|wait|sorry|hmm|ok|okay)[,!]?\s+)*(?:(?:scratch that|scrap that|no wait|wait no|correction|change of plans?|make that|make it)\b[,:;!]?\s*)+/i;
/** What it is now: "it is Azores now", "it's the Azores", "Porto", "we are going to Porto". */
const NOW =
  /^(?:(?:it|that)\s+(?:is|was|will be|has to be)\s+|it['’]s\s+|now\s+it\s+is\s+|we\s+are\s+going\s+to\s+)?(?:the\s+)?(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*)/u;
/** A named place or thing in the corrected statement: "to Madeira", "in Porto" (not "for Ines's birthday"). */
const NAMED_AFTER = /\b(to|in|at|from)\s+(?:the\s+)?(\p{Lu}[\p{L}-]*(?:\s+\p{Lu}[\p{L}-]*)*)(?!['’]s)\b/u;

export interface Correction {
  text: string;
  replaced: string;
  by: string;
}

/** The `previous` statement as `statement` corrects it, or null when `statement` corrects nothing. */
export function corrected(previous: string, statement: string): Correction | null {
  const retract = RETRACTS.exec(statement);
  if (!retract) return null;
  const now = NOW.exec(statement.slice(retract[0].length));
  const by = now?.[1];
  if (!by || CALENDAR.has(by.toLowerCase())) return null;
  const named = NAMED_AFTER.exec(previous);
  const replaced = named?.[2];
  if (!named || !replaced || replaced === by) return null;
  const at = named.index + named[0].length - replaced.length;
  const text = previous.slice(0, at) + by + previous.slice(at + replaced.length);
  return { text: text.replace(new RegExp(`\\bthe ${escapeRegExp(by)}\\b`), by), replaced, by };
}

/** Verbs that give up what follows them whatever it is ("forget evri", "scratch the 10p thing"). */
export const GIVE_UP = ["scratch", "scrap", "forget", "ditch", "nix"];
/** Verbs that drop a plan said before: "scrap the quartz", "forget the 2:30 goal", "cancel the italki idea". */
export const DROPS = new Set([...GIVE_UP, "drop", "cancel", "skip", "bin"]);
/** Parts of an assistant's answers a user may ask it to skip ("skip the long intros"): an instruction, no plan dropped. */
export const ANSWER_PARTS =
  "(?:intros?|introductions?|preambles?|pleasantries|small talk|fluff|waffle|disclaimers|caveats|explanations?|the background|the theory)";
const ANSWER_PART = new RegExp(`\\b${ANSWER_PARTS}\\b`, "i");
/** Words before the verb that only turn the talk ("actually", "ok", "Update —"). */
const TURNS = new Set(["actually", "ok", "okay", "oh", "wait", "update", "so", "and", "also", "hmm", "nah", "no"]);

/**
 * A plan dropped in a later message, as what the speaker decided: "actually scrap the quartz, we're
 * going with laminate" ⇒ "The user dropped the quartz, the user and others are going with laminate";
 * "forget the 2:30 goal" ⇒ "The user dropped the 2:30 goal". Only a request whose verb drops
 * something named after "the", "my" or "our" ("forget it", "scratch that" name nothing here).
 * `said`: each token as written after pronoun resolution.
 */
export function droppedPlan(tokens: Token[], said: string[], speaker: string | null): string | null {
  let k = 0;
  while (k < tokens.length && (TURNS.has(tokens[k]!.lower) || tokens[k]!.pos === "PUNCT")) k++;
  // "forget evri, staying w royal mail", "ok drop duolingo.": a named option given up needs no "the" (but
  // "drop kids off" drops nothing).
  // "skip homebrew for now": a named option given up for a while.
  const ends = tokens.slice(k + 2).every((t) => t.pos === "PUNCT" || /^(?:for|now|then|altogether)$/.test(t.lower));
  // "scrap 2-2-3": a plan named by its numbers, given up.
  const giveUp = GIVE_UP.includes(tokens[k]?.lower ?? "");
  const pos = tokens[k + 1]?.pos;
  const named = (giveUp || ends) && (pos === "NOUN" || pos === "PROPN" || (giveUp && pos === "NUM"));
  if (!speaker || !DROPS.has(tokens[k]?.lower ?? "") || !(named || /^(?:the|my|our)$/.test(tokens[k + 1]?.lower ?? "")))
    return null;
  if (!named && (!tokens[k + 2] || tokens[k + 2]!.pos === "PUNCT")) return null;
  // "drop the target to €2,500" lowers a value (changedValue), it gives up nothing.
  const rest = joinTokens(tokens.slice(k));
  if (/\bto\s+[$£€]?\s?\d/.test(rest) || ANSWER_PART.test(rest)) return null;
  const what = joinTokens(tokens.slice(k + 1).map((t, i) => ({ ...t, text: said[k + 1 + i]! })));
  return `${speaker} dropped ${what}`;
}

/** "ok 1st sept then", "fine, the 14th then": a date settled on. */
const SETTLED_DATE =
  /^(?:(?:ok(?:ay)?|alright|fine|right|cool)[,!.]?\s+)?((?:the\s+)?(?:\d{1,2}(?:st|nd|rd|th)?\s+\p{L}{3,9}|\p{L}{3,9}\s+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)))\s+then\b[\s.!]*$/iu;
const MONTH = `(?:${MONTH_WORD})\\b`;
/** "actually lets do 1 april, way cleaner": a date chosen by what to do with it. */
const DATE_CHOSEN = new RegExp(
  `^(?:(?:ok(?:ay)?|alright|right|fine|yes|yeah|actually|so|hmm+)[,!.]?\\s+)*(?:let['’]?s\\s+(?:do|go with|go for|aim for|say)|go with)\\s+((?:the\\s+)?(?:\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}|${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?))(?=\\s*(?:[,.!]|then\\b|$))`,
  "iu",
);
/** "sqlite it is", "Sunday it is then", "let's go with laminate", "let's aim for November then", "lets do rayon", "going delaval then", "go for sub 1:20 then". */
const CHOSEN =
  /^(?:(?:ok(?:ay)?|alright|right|fine|yes|yeah|cool|great|actually|so|hmm+|nah|no)[,!.]?\s+)*(?:([^,.!?]+?)\s+it\s+is|(?:(?:let['’]?s|let us)\s+(?:go with|aim for|stick with|pick|choose|book|(?:do|use)(?!\s+(?:a|an|the|some|that|this|it)\b|\s+\d))|(?:i['’]?ll|i will|we['’]?ll|we will)\s+(?:go with|stick with)|go\s+(?:with|for)(?=\s+[^,.!?]+?\s+then\b)|(?:(?:i|we)(?:\s+am|\s+are|['’]m|['’]re)\s+)?going(?:\s+(?:with|for))?(?!\s+(?:to|home|out|back|in|up|down|off|away|on|\w+ing)\b)(?=\s+[^,.!?]+?\s+then\s*[.!]*$))\s+([^,.!?]+?))(?:\s+then)?\s*(?:[,.!].*)?$/i;

const CHOSEN_THEN =
  /^(?:(?:ok(?:ay)?|alright|right|fine|yes|yeah|cool|great)[,!.]?\s+)?((?:[\p{L}\d-]+\s+){0,2}[\p{L}\d-]+)\s+then\s*[.!]*$/iu;
/** Words of "ok then", "see you then", "bye then", "not now then": no thing chosen. */
const NO_CHOICE =
  /^(?:ok|okay|fine|alright|right|sure|bye|thanks|thank|cool|great|good|nice|perfect|yes|no|not|yeah|nah|see|talk|later|soon|now|and|so|until|till|since|just|only|well|oh|hmm|done|deal|agreed|will|would|can|could|should|must|might|may|shall)$/i;

/**
 * The option a speaker settles on: "sqlite it is" ⇒ "The user settled on sqlite"; "let's go with
 * laminate" ⇒ "The user settled on laminate". Not "that's how it is" or "so it is": a choice names
 * something, in a few words and no verb.
 */
export function chosenOption(text: string, speaker: string | null): string | null {
  const date = (SETTLED_DATE.exec(text.trim()) ?? DATE_CHOSEN.exec(text.trim()))?.[1];
  if (date && speaker) return `${speaker} settled on ${date}`;
  const m = CHOSEN.exec(text.trim());
  // "treadle feeder then", "hemp then": the thing the advice led to, a word or three and nothing else.
  const then = CHOSEN_THEN.exec(text.trim())?.[1];
  // Not "gerald will survive then": a verb in it tells, it does not choose.
  if (!m && then?.split(/\s+/).some((w) => NO_CHOICE.test(w) || lexicon().mayBeVerb(w.toLowerCase()))) return null;
  const what = (m?.[1] ?? m?.[2] ?? then)?.trim();
  // "everything else stays as it is", "leave it like it is": the way things are, no choice.
  if (!speaker || !what || what.split(/\s+/).length > 5 || /\b(?:as|like)$/i.test(what)) return null;
  // "I'm sure it is", "I bet it is", "let's pick you up": a person or a verb in it is no option.
  if (
    /\b(?:is|are|am|was|were|be|been|how|what|that|this|so|it|there|here|i|you|we|they|he|she|me|us|him|her|them)\b/i.test(
      what,
    )
  )
    return null;
  return `${speaker} settled on ${what}`;
}

/** Verbs that move a value, setting one only with "to" ("drop the target to €2,500", not "drop the kids at 8"). */
const MOVING = "drop|raise|lower|increase|reduce|cut|bump|up";
const MOVED_VALUE = new RegExp(`^(?:\\S+\\s+)*?(?:${MOVING})\\s`, "i");
/** "actually make the new rate 500 not 520", "change my budget to £250": a value of the speaker's, set anew. */
const SET_VALUE = new RegExp(
  `^(?:(?:actually|ok(?:ay)?|wait|oh|hmm|sorry|no|nah|so|and|honestly)[,!]?\\s+)*(?:make|change|set|put|${MOVING})\\s+(?:(?:the|my|our)\\s+|(?!(?:it|that|this|them|those|these|mine)\\b))((?:[\\p{L}-]+\\s+){0,3}?[\\p{L}-]+)\\s+(?:(?:up\\s+|down\\s+)?to\\s+|at\\s+)?([$£€]?\\d[\\d,.]*(?:\\s*(?:k|%|a|per|an?)\\b(?:\\s+\\p{L}+)?)?)(?:\\s*,?\\s*(?:not|instead of)\\s+([$£€]?\\d[\\d,.]*k?))?(?:[\\s.!]*$|\\s*[,;]\\s)`,
  "iu",
);

/** The speaker's value set anew: "make the new rate 500 not 520" ⇒ "The user's new rate is 500, not 520". */
export function changedValue(text: string, speaker: string | null): string | null {
  const m = SET_VALUE.exec(text.trim());
  if (!m || !speaker) return null;
  // "drop the target to €2,500" sets a value; "drop the kids at 8" does not: these verbs set one with "to".
  if (MOVED_VALUE.test(m[0]) && !/\bto\s+[$£€]?\d/i.test(m[0])) return null;
  const what = m[1]!.toLowerCase();
  const be = /[^s]s$/.test(what) ? "are" : "is"; // "per diems are £30"
  return `${speaker}'s ${what} ${be} ${m[2]!.trim()}${m[3] ? `, not ${m[3]}` : ""}`;
}

/** "good spot, move louisiana to friday then", "lets push the dentist to the 14th": a plan of the speaker's moved (not "move pushed to …", said of the move). */
const MOVED =
  /^(?:(?!(?:if|when|unless|whenever)\b)(?:[\p{L}']+\s+){0,2}[\p{L}']+[,!.]\s+)?(?:(?:ok(?:ay)?|so|then|yes|yeah|actually)\s+)*(?:let['’]?s\s+|let us\s+|(we(?:['’]ll| will)|i(?:['’]ll| will))\s+)?(?:move|push|shift)\s+(the\s+|my\s+|our\s+)?(?!(?:it|that|this|them|those|these|me|us|you|him|her|pushed|moved|shifted|put)\b)((?:[\p{L}\p{N}&'-]+\s+){0,3}?[\p{L}\p{N}&'-]+)\s+(?:back\s+|forward\s+)?to\s+(.{2,40}?)(?:\s+(?:then|instead|please|pls))?[\s.!]*$/iu;

/** The speaker's plan moved: "move louisiana to friday then" ⇒ "The user moved louisiana to Friday". */
export function movedPlan(text: string, speaker: string | null): string | null {
  const m = MOVED.exec(text.trim());
  if (!m || !speaker) return null;
  const owner = !m[2] ? "" : /^the/i.test(m[2]) ? "the " : `${speaker}'s `;
  return `${speaker} ${m[1] ? "will move" : "moved"} ${owner}${m[3]} to ${m[4]}`;
}
