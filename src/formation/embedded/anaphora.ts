// A statement that leans on something said before it ("I love it", "They motivate me") does not
// stand alone: the extractor joins it to the statement before it in the same message, or drops it.
import { joinTokens, type Token, anyVerb } from "./nlp.ts";
import type { Speakers } from "./pronouns.ts";
import { MONTHS, WEEKDAYS } from "../../domain/calendar.ts";
import { escapeRegExp } from "../../domain/text.ts";
import { FEELINGS, FIRST_PERSON, LIGHT_VERBS, SECOND_PERSON } from "./closed-classes.ts";
import { TO_ASSISTANT } from "./stories.ts";
import { MONTH_WORD } from "./date-cues.ts";

const ANAPHORS = new Set(["it", "its", "they", "them", "their", "theirs", "he", "she", "him", "his", "her", "hers"]);
const DEMONSTRATIVES = new Set(["this", "that", "these", "those"]);
/** Nouns that name nothing on their own ("a big fan of them", "those things"). */
const GENERIC_NOUNS = new Set([
  "thing",
  "one",
  "stuff",
  "fan",
  "lot",
  "kind",
  "sort",
  "way",
  "bit",
  "idea",
  "fun",
  "part",
]);

/**
 * Whether the statement leans on something said before it: a pronoun ("it", "they", "this") with no
 * noun or name before it in the statement to stand for ("I love it", "They motivate me").
 */
export function danglingPronoun(tokens: Token[]): boolean {
  // "(landlord said yes,) but only dogs under 20kg", "unless it rains": a condition on what was just said.
  if (/^(?:only|except|unless)$/.test(tokens.find((t) => t.pos !== "PUNCT" && t.pos !== "CCONJ")?.lower ?? ""))
    return true;
  for (const [j, t] of tokens.entries()) {
    const next = tokens[j + 1];
    if ((t.pos === "NOUN" && !GENERIC_NOUNS.has(t.lemma)) || t.pos === "PROPN") return false;
    if (ANAPHORS.has(t.lower) && t.pos === "PRON") return true;
    // "hear that.", "love that one", "those things": a demonstrative standing for something said before.
    if (
      DEMONSTRATIVES.has(t.lower) &&
      (!next || !["NOUN", "ADJ", "PROPN"].includes(next.pos) || GENERIC_NOUNS.has(next.lemma))
    )
      return t.pos !== "SCONJ" || !next || next.pos === "PUNCT" || next.pos === "NUM";
    if (t.lower === "there" && t.pos === "ADV" && !/^(is|are|was|were|'s)$/.test(tokens[j + 1]?.lower ?? ""))
      return true;
  }
  return false;
}

/** Why a statement was not kept on its own, when it may still say how the speaker found what they told. */
const APPRAISAL_DROPS = new Set(["reaction", "no content", "no subject to stand alone"]);
/** Words of a remark that say how much, not what: "a really nice time", "so special", "going to be fun". */
const BLAND = new Set(
  "special nice fun wonderful fantastic incredible lovely beautiful crazy wild big real time lot way thing deal blast go going moment sweet neat perfect best love dream journey ride rollercoaster".split(
    " ",
  ),
);

/**
 * Whether the statement says how the speaker found what they just told ("I went to a council meeting
 * for adoption." → "It was inspiring and emotional"; "I made it in pottery class." → "Pottery is so
 * relaxing"): a remark dropped on its own that leans on that statement, or a remark with no person
 * in it about the thing that statement names. It belongs with that statement, as one memory. Never
 * a remark to or about the listener ("It's so sweet to see your family").
 */
export function appraises(tokens: Token[], worth: { keep: boolean; why: string }, previous?: string): boolean {
  if (previous === undefined) return false;
  if (tokens.some((t) => SECOND_PERSON.has(t.lower))) return false;
  const words = tokens.filter((t) => t.pos !== "PUNCT");
  // "It was awesome", "It is going to be great": a feeling with nothing in it to remember.
  const says = words.some(
    (t) =>
      ["ADJ", "VERB", "NOUN"].includes(t.pos) &&
      !LIGHT_VERBS.has(t.lemma) &&
      !FEELINGS.has(t.lower) &&
      !BLAND.has(t.lemma) &&
      !BLAND.has(t.lower),
  );
  if (!says) return false;
  if (!worth.keep) return APPRAISAL_DROPS.has(worth.why) && danglingPronoun(tokens);
  // "flat B: bedminster, 1 bed, £925 pcm": a labelled note tells a fact of its own, not how the last one went.
  if (/^[\p{L}\p{N} ]{1,24}:/u.test(joinTokens(tokens))) return false;
  // "Pottery is so relaxing and creative" after "Melanie made a bowl in pottery class"; a date is no
  // topic ("14 October newcastle" after "12 October leeds").
  const calendar = (t: Token) =>
    (MONTHS as readonly string[]).includes(t.lower) || (WEEKDAYS as readonly string[]).includes(t.lower);
  const topic = words.find((t) => (t.pos === "NOUN" || t.pos === "PROPN") && !calendar(t));
  if (!topic || words.indexOf(topic) > 1) return false;
  if (words.some((t) => FIRST_PERSON.has(t.lower) || (t.pos === "PROPN" && t !== topic))) return false;
  return new RegExp(`(?<![\\p{L}])${escapeRegExp(topic.lower)}`, "iu").test(previous);
}

/** A date alone: "october next year", "end of march", "mid jan". */
const DATE_ONLY = new RegExp(
  `^(?:in |by |from |around |on )?(?:(?:the|end|start|mid|early|late|of|next|this|year|month|week|${MONTH_WORD}|\\d{1,2}(?:st|nd|rd|th)?|\\d{4})(?:\\s+|,\\s*|$))+$`,
  "i",
);

/** A part of a list of what is left out: "no slug pellets", "nothing", "or none". */
const LEFT_OUT = /^(?:(?:and|or|&)\s+)?(?:no|not|nothing|none)\b/i;

/**
 * Whether the statement, with no verb of its own, details the statement before it, and belongs with
 * it as one memory: how much of what it told ("(the coordinator mentioned reablement.) 2 visits a day,
 * for up to 6 weeks", "48s on 16 cores!!"), when ("october next year"), or what a refusal leaves out ("(no chemicals at all pls.)
 * no glyphosate, no slug pellets, nothing"). Not after an instruction to the assistant ("shorter
 * answers pls. just the code + 1-2 lines").
 */
/**
 * "booked the medical!! a place in rotherham on the 23rd, £65.": a verbless note, told with an article,
 * of what the short fact before says was booked or found; it goes on with that fact after a comma.
 */
export const bookedDetail = (tokens: Token[], previous: string): boolean =>
  /^(?:a|an)$/.test(tokens[0]?.lower ?? "") &&
  !anyVerb(tokens) &&
  previous.split(" ").length <= 8 &&
  /\b(?:booked|bought|found|ordered|reserved|hired|rented|picked)\b/.test(previous);

export function details(tokens: Token[], worth: { why: string }, previous?: string): boolean {
  if (previous === undefined || tokens.some((t) => SECOND_PERSON.has(t.lower))) return false;
  const said = joinTokens(tokens).replace(/[.!\s]+$/, "");
  // "(goal is to be debt free by my 30th.) october next year"
  if (DATE_ONLY.test(said) && !tokens.some((t) => t.pos === "VERB")) return !TO_ASSISTANT.test(previous);
  if (bookedDetail(tokens, previous)) return !TO_ASSISTANT.test(previous);
  // "found a secondhand 3x4 frame on fb marketplace. £120.": a price alone is of the thing before.
  if (worth.why === "too short" && /^[£$€]\d[\d,.]*k?$/.test(said)) return !TO_ASSISTANT.test(previous);
  if (worth.why !== "no verb") return false;
  if (tokens.some((t) => t.pos === "NUM" && /\d/.test(t.text)) && tokens.at(-1)?.text !== "?")
    return !TO_ASSISTANT.test(previous);
  const parts = said.split(/\s*[,;]\s*/);
  return /\b(?:no|not|never|nothing|without)\b/i.test(previous) && parts.every((p) => LEFT_OUT.test(p));
}

const FIRST_PLURAL = /^(?:we|our|us)$/i;
/** A statement whose first word that says something is "we" / "our" ("So we all made our own pots"). */
export function weOpening(tokens: Token[]): boolean {
  const first = tokens.find((t) => !["PUNCT", "CCONJ", "ADV", "INTJ"].includes(t.pos));
  return FIRST_PLURAL.test(first?.text ?? "");
}

/**
 * In a chat between two people, a remark about the listener that says nothing about the speaker
 * ("Lucky Melanie to have such an awesome family", "Glad Melanie's son is okay") is the speaker's
 * reaction, not a fact: the listener tells their own facts. Users talking to an assistant are exempt.
 */
export function aboutListenerOnly(
  content: string,
  ctx: { mode: string; toAssistant?: boolean; speakers: Speakers },
): boolean {
  const { speaker, other } = ctx.speakers;
  if (ctx.mode !== "conversation" || ctx.toAssistant || !speaker || !other) return false;
  const mentions = (name: string) => new RegExp(`\\b${escapeRegExp(name)}\\b`).test(content);
  return mentions(other) && !mentions(speaker);
}
