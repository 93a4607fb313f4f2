// What a user wants the assistant's answers to be, typed without a verb: "and no emojis pls", "just
// give me the commands, no explanation"; and anything else they ask to be without ("no burpees ever
// please"): "no meat pls" is about the user's food, not the answers.
import { GIVE_UP } from "./corrections.ts";

/** What answers should leave out, typed without a verb: "and no emojis pls", "no jargon please, i get lost", "no gym suggestions btw ...". */
const NO_FORM =
  /^(?:(?:and|also|oh|but|just|pls|please|plz)\s+)*no\s+((?:more\s+)?[\p{L}\s-]{2,40}?)(?:\s+(?:pls|please|plz|thx|thanks|btw))?(?:(?:,|(?<=btw|suggestions|recommendations|recs))\s+(.{3,200}?))?[\s.!]*$/iu;
/**
 * The parts of an answer a user may not want (not "no meat": that is about the user, not the answers), and
 * things suggested ("no ibuprofen suggestions btw it wrecks my stomach").
 */
const ANSWER_PARTS =
  /^(?:more\s+)?(?:(?:big|giant|huge|long)\s+)?(?:[\p{L}-]+(?:\s+[\p{L}-]+)?\s+(?:suggestions|recommendations|recs)|emojis?|jargon|charts?|graphs?|diagrams?|(?:long\s+)?explanations?|preambles?|intros?|fluff|waffle|small talk|disclaimers?|caveats?|markdown|tables|bullet points|code comments|lectures?|essays?|walls? of text|long answers)$/iu;

/**
 * Anything else the user asks to be without, with a "please": "also no burpees ever please lol" (to a
 * training plan), "no mushrooms pls". Not "no worries please".
 */
const NO_PLEASE =
  /^(?:(?:and|also|oh|but|just|so)\s+)*no\s+((?:more\s+)?[\p{L}-]+(?:\.[\p{L}\p{N}]+)?(?:\s+[\p{L}-]+){0,2}?)(\s+(?:ever|at all))?\s+(?:pls|please|plz)(?:\s+(?:lol|haha|thx|thanks|ty))?(?:,?\s+(.{3,200}?))?[\s.!]*$/iu;
/** "pls also no stats about second strokes or recovery odds": the "please" before it. */
const PLEASE_NO =
  /^(?:(?:and|also|oh|but|so)\s+)*(?:pls|please|plz)[,:]?\s+(?:(?:also|and|just)\s+)?no\s+([\p{L}\p{N}'’-]+(?:\s+[\p{L}\p{N}'’-]+){0,8}?)(\s+(?:ever|at all))?(?:,\s+(.{3,200}?))?[\s.!]*$/iu;
const NOT_THINGS = /^(?:worries|worry|problem|problems|rush|hurry|stress|pressure|need|way|idea|offen[cs]e|thanks)$/i;

/** "just give me the commands, no explanation": what the answers should hold, and what not. */
const JUST_THIS =
  /^(?:(?:pls|please|ok|so)\s+)*just (?:give|show|send|tell) me (.{2,40}?),?\s+no\s+(.{2,30}?)[\s.!]*$/i;

/**
 * What answers should be, typed without a verb and asked for with a "pls": "shorter answers pls for the
 * small stuff", "less detail please, just the commands", "more examples pls".
 */
const WANT_FORM =
  /^(?:(?:and|also|oh|but|so|pls|please|plz)\s+)*((?:(?:much|a bit|way)\s+)?(?:shorter|longer|simpler|clearer|less|more|fewer)\s+(?:answers?|replies|responses|explanations?|detail|details|text|words|examples?|steps|code comments|context|jargon))\s+(?:pls|please|plz)\b(?:\s+(for\s+[^,.!?]{2,40}?))?(?:,\s+(.{3,200}?))?[\s.!]*$/iu;

/**
 * "bullet points pls, no essays", "Markdown, no emojis.": a form of answer asked for without a verb, with a
 * "please" or beside a part of answers not wanted.
 */
const FORM_PLEASE =
  /^(?:(?:and|also|oh|so)\s+)*((?:short\s+)?bullet points|short answers|numbered lists?|checklists?|plain text|markdown)(\s+(?:pls|please|plz))?(?:,?\s+no\s+([\p{L} ]{2,30}?))?[\s.!]*$/iu;

/** `resolved`: the text with its pronouns resolved, which a reason after the request is written with. */
export function unwantedInAnswers(text: string, who: string | null, resolved = text): string | null {
  const form = FORM_PLEASE.exec(text.trim());
  if (form && who && (form[2] || ANSWER_PARTS.test(form[3] ?? "")))
    return `${who} wants ${form[1]!.toLowerCase()} from the assistant${form[3] ? `, no ${form[3]}` : ""}`;
  const just = JUST_THIS.exec(text.trim());
  if (just && who && ANSWER_PARTS.test(just[2]!))
    return `${who} wants just ${just[1]} from the assistant, no ${just[2]}`;
  const wanted = WANT_FORM.exec(resolved.trim());
  if (wanted && who)
    return `${who} wants ${wanted[1]!.toLowerCase()} from the assistant${wanted[2] ? ` ${wanted[2]}` : ""}${wanted[3] ? `; ${wanted[3]}` : ""}`;
  const [, part, why] = NO_FORM.exec(resolved.trim()) ?? [];
  // The reason the user gives after it stays with it: "no charts please, I would like to print this out".
  if (part && who && ANSWER_PARTS.test(part.trim()))
    return `${who} wants no ${part.trim().toLowerCase()} in the assistant's answers${why ? `; ${why}` : ""}`;
  const [, thing, ever, reason] = NO_PLEASE.exec(resolved.trim()) ?? PLEASE_NO.exec(resolved.trim()) ?? [];
  return thing && who && !NOT_THINGS.test(thing.split(/\s/)[0]!)
    ? `${who} wants no ${thing.toLowerCase()}${ever ?? ""}${reason ? `; ${reason}` : ""}`
    : null;
}

/**
 * How the user asks to be answered without a verb, with a "please": "totals first pls", "metric units
 * please", "British spelling throughout, please". Not a thing to make this once ("resignation letter
 * draft pls"), a pick ("the 9:00 one pls", "both pls") nor a yes or thanks.
 */
const WANT_PLEASE =
  /^(?:(?:and|also|oh|but|so)\s+)*(?:(pls|please|plz)[:,]?\s+)?((?!(?:yes|yeah|yep|yup|ok|okay|sure|thanks|thank|ty|no|nah|hi|hey|both|either|all|same|that|this|it|the\s+\S+\s+one)\b)[\p{L}\p{N}£$€][\p{L}\p{N}£$€%:.,'’ +&-]{1,60}?)(\s+(?:pls|please|plz))?[\s.!]*$/iu;
const UNIT =
  "(?:km|kms|kilometres|kilometers|miles|kg|kgs|kilos|grams|ml|litres|liters|celsius|metric|imperial|cups|ounces|oz|lbs|pounds|fahrenheit|inches|cm|feet|usd|gbp|eur|euros|dollars)";
/**
 * "and grams not cups for any recipe stuff", "also metric units, i cant think in feet", "and always metric": the units the
 * user wants, with no verb or "please" needed (a reason after a comma stays with them).
 */
const UNITS_OVER = new RegExp(
  String.raw`^(?:(?:and|also|oh|but|so|pls|please|plz)\s+)*(always\s+)?(${UNIT}\s+(?:not|over|instead of)\s+${UNIT}\b[^.!?,]{0,40}?|(?:metric|imperial)(?:\s+units)?(?:\s+only)?)(?:\s+(?:pls|please|plz))?(\s+(?:always|from now on|throughout|everywhere))?(?:,\s+([^.!?]{3,120}?))?[\s.!]*$`,
  "i",
);

/** "just code pls": what the answers are to be, which the tagger may read as a verb ("code"). */
const JUST_THE_FORM = /^(?:just|only)\s+(?:the\s+)?(?:code|commands?|answers?|numbers|bullets?|links?)\b/i;
/** Words of how answers are to be, from now on ("force free only pls" is of training, not answers). */
const STANDING_FORM = new RegExp(
  String.raw`\b(?:${UNIT}|first|throughout|always|from now on|(?:code|answers?|commands?|text|links?|bullets?)\s+only|${JUST_THE_FORM.source.slice(1)}|units?|metric|imperial|spelling|format(?:ting)?|style|bullets?|tables|brief|short(?:er)?|concise|plain|simpler?)\b`,
  "i",
);

/** The shape of an answer, which asks for it even with no "please": "code first, then max 3 bullets". */
const ANSWER_SHAPE =
  /\b(?:code|answer|summary|totals?|commands?|tl;?dr)\s+first\b|\bmax(?:imum)?\s+\d+\s+(?:bullets?|lines?|sentences?|paragraphs?|words?)\b/i;

/** "prices in £ pls not kroner": what amounts are to be given in, and not in. */
const GIVEN_IN =
  /^(?:(?:and|also|oh|so)\s+)*((?:prices|costs|sizes|distances|weights|temps|temperatures|amounts)\s+in\s+\S+)(?:\s+(?:pls|please|plz))?,?\s+(not\s+[\p{L}£$€]+)(?:\s+(?:pls|please|plz))?[\s.!]*$/iu;

/** "totals first pls" (a sentence without a verb): "The user wants totals first from the assistant". */
export function wantedPlease(text: string, who: string | null, verbless = true): string | null {
  const given = GIVEN_IN.exec(text.trim());
  if (given && who) return `${who} wants ${given[1]!.toLowerCase()} from the assistant, ${given[2]!.toLowerCase()}`;
  // "metric pls always": how long it holds, after the "please".
  // "and always metric, kg not stone": "always" before them holds as long.
  const [, always, units, holds = always ? " always" : "", why] = UNITS_OVER.exec(text.trim()) ?? [];
  if (units && who)
    return `${who} wants ${units.toLowerCase()}${holds.toLowerCase()} from the assistant${why ? `; ${why}` : ""}`;
  if (!verbless && !JUST_THE_FORM.test(text.trim())) return null;
  const [, before, wanted, after] = WANT_PLEASE.exec(text.trim()) ?? [];
  // "just tables + numbers from now on": lasting, it needs no "please".
  const lasting = /\bfrom now on\b/i.test(wanted ?? "");
  // ("so right arm from now on" is the user's own way of doing something, nothing of the answers'.)
  const form = wanted?.replace(/\b(?:from now on|throughout|always)\b/gi, "") ?? "";
  return wanted && who && (before || after || lasting || ANSWER_SHAPE.test(wanted)) && STANDING_FORM.test(form)
    ? `${who} wants ${wanted.replace(/[\s,.]+$/, "")} from the assistant`
    : null;
}

/** "scratch the 10p thing", "forget the quartz": a plan given up (corrections.ts), the user's own news. */
const GIVING_UP = new RegExp(
  `^(?:(?:ok|okay|oh|actually|so|and)[,]?\\s+)*(?:${GIVE_UP.join("|")})\\s+(?:the|my|our)\\s+\\S`,
  "i",
);

/**
 * Whether a sentence asks the assistant for something in a form these read ("no chemicals at all pls",
 * "pls also no stats about ...", "totals first pls") or gives up a plan ("scratch the 10p thing"): the
 * user's own, kept as theirs, not an answer to the question before.
 */
export const isRequestForm = (text: string): boolean =>
  GIVING_UP.test(text) || unwantedInAnswers(text, "someone") !== null || wantedPlease(text, "someone") !== null;
