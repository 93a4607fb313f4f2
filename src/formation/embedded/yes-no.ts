// A reply read as yes or no, or as a few words, to the question before it, and the decision a yes or
// no makes of that question ("Shall I book the 9:00 train?" → "Yes please" ⇒ "Maya asked the
// assistant to book the 9:00 train"); answers.ts fuses them.
import { escapeRegExp, lowerFirst, upperFirst } from "../../domain/text.ts";
import { thirdPerson } from "./pronouns.ts";
import { lexicon } from "../../models/lexicon.ts";

const YES =
  /^(?:yes|yeah|yep|yup|yea|sure|ok(?:ay)?|please do|go ahead|do it|sounds good|that works|correct|right|exactly|absolutely|definitely|of course|perfect|constantly|always|all the time|every day|for sure|totally)\b[\s,.!]*(?:please|thanks?|thank you|do it|go ahead|sounds good|that works|let['’]s do (?:it|that))?[\s,.!]*$/i;
const NO =
  /^(?:no|nope|nah|not really|no thanks?|no thank you|not now|not yet|don['’]t|please don['’]t|none|nothing(?: \p{L}+)?)\b[\s,.!]*(?:thanks?|thank you|that is fine|that['’]?s fine|i am good|i['’]?m good|all good|(?:still\s+)?(?:looking|working on it|sorting it|waiting)(?:\s+(?:now|into it|for it))?)?[\s,.!]*$/iu;

/**
 * A yes said with the question's own verb ("I do", "Yeah, I really do!", "we did"); a clause after it
 * ("I do, but the brakes squeal") is kept with the decision (`rest`).
 */
const ECHO =
  /^(?:(?:yes|yeah|yep|yup|oh|definitely|absolutely)[,!.]?\s+)?(?:i|we)\s+(?:(?:really|still|definitely|sure|totally|actually|certainly|absolutely)\s+)?(?:do|am|have|did|will|was)\b(?:\s+(?:actually|indeed))?(?=[.!]+\s*$|[,;]\s+(?:but|and|though|although)\b|\s*$)[.!,;]*\s*/i;
/** A no said with the question's own verb: "I do not.", "Nope, I am not". */
const ECHO_NO =
  /^(?:(?:no|nope|nah)[,!.]?\s+)?(?:i|we)\s+(?:(?:really|actually)\s+)?(?:do|am|have|did|will|was)\s+not\b[\s.!]*$/i;
/** What was so and is not now: "Not anymore, actually.", "no longer", "nope, not any more". */
const NO_LONGER =
  /^(?:(?:no|nope|nah)[,!.]?\s+)?(?:not\s+any\s?more|no\s+longer|not\s+since\s+\w+)\b[\s,.!]*(?:actually|to be honest|tbh|sadly|unfortunately)?[\s,.!]*$/i;

export type Answer =
  | { kind: "yes"; rest?: string }
  | { kind: "no"; longer?: boolean; only?: string }
  | { kind: "short"; text: string; said?: string };

/** A value said as the one thought of: "was thinking 1st june", "thinking £40" (not "thinking of moving"). */
const THINKING = String.raw`(?:(?:i|we)\s+)?(?:was\s+|were\s+|am\s+)?thinking(?!\s+(?:of|about|that|it|so|maybe|we|i)\b)`;
/** A reply opening with the value thought of ("was thinking 1st june"): the answer, not a statement of its own. */
export const THOUGHT_OF = new RegExp(`^${THINKING}\\s`, "i");
/**
 * A choice or a target said as what to do, to a question before it: "ok lets do 1900 instead" (the
 * option: "1900"), "was thinking 1st june" (a date hoped for: "1st june"), "yes aim for 120g protein a day", "make it 600" (said with its verb; "make it Saturday May 30" is a date, left to the dates). Up to 8 words.
 */
const CHOSEN_REPLY = new RegExp(
  String.raw`^(?:(?:yes|yeah|yep|sure|ok(?:ay)?|alright|fine|great|perfect)[,!.]?\s+)?(?:please\s+)?(?:(let['’]?s\s+(?:do|go with|go for|try|pick|say)|go with|go for|say|i['’]?ll\s+(?:take|go with|do)|${THINKING})\s+((?:\S+\s+){0,5}?\S+)|(aim for|make it|set it to|cap it at|keep it (?:under|below|at|around)|bump it (?:up )?to)\s+(?!\S*(?:day|[Jj]an|[Ff]eb|[Mm]ar|[Aa]pr|[Mm]ay|[Jj]un|[Jj]ul|[Aa]ug|[Ss]ep|[Oo]ct|[Nn]ov|[Dd]ec)\b)((?:\S+\s+){0,5}?\S*\d\S*(?:\s+\S+){0,3}?))(?:\s+(?:instead|then|please|pls|thanks))*[\s.!]*$`,
  "i",
);

/** A reply that only makes sense with the question before it: yes/no, or a few words (`most`) without a verb. */
export function shortAnswer(text: string, hasVerb: boolean, most = 8): Answer | null {
  const t = text.trim();
  if (YES.test(t)) return { kind: "yes" };
  if (NO.test(t) || ECHO_NO.test(t)) return { kind: "no" };
  if (NO_LONGER.test(t)) return { kind: "no", longer: true };
  const echo = ECHO.exec(t);
  if (echo) return { kind: "yes", rest: t.slice(echo[0].length).replace(/[.!]+$/, "") };
  const chosen = CHOSEN_REPLY.exec(t);
  if (chosen) return { kind: "short", text: t, said: (chosen[1] ? chosen[2]! : `${chosen[3]} ${chosen[4]}`).trim() };
  const words = t.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  // "what about music", "how about Friday", "which one": a question back, typed without its mark.
  const asksBack = t.includes("?") || /^(?:what|how|why|which)\b/i.test(t);
  if (words.length === 0 || words.length > most || hasVerb || asksBack) return null;
  return { kind: "short", text: t.replace(/[.!]+$/, "") };
}

/** A hedge closing a short answer ("22.9% i think", "about 250, i guess", "10 to be safe"). */
export const HEDGE =
  /[,\s]+(?:i\s+(?:think|guess|believe|reckon|suppose)|i['’]?m\s+pretty\s+sure|to be (?:safe|sure)|just (?:to be safe|in case))[.!\s]*$/i;
const HEDGE_VERBS = new Set(["think", "guess", "believe", "reckon", "suppose", "m", "'m", "am", "be"]);

/**
 * Whether a short reply has a verb of its own: not one of a hedge after it ("22.9% i think", when
 * `hedged`), nor of a condition closing it ("strawberries and courgettes if there is room").
 */
export function ownVerb(tokens: ReadonlyArray<{ lower: string; pos: string }>, hedged: boolean): boolean {
  const at = tokens.findLastIndex((t, i) => i > 1 && t.lower === "if");
  const answer = at > 0 ? tokens.slice(0, at) : tokens;
  return answer.some((t) => (t.pos === "VERB" || t.pos === "AUX") && !(hedged && HEDGE_VERBS.has(t.lower)));
}

// "Shall I book ...?", "Do you want me to book ...?", "Should I add ...?", "Want me to ...?"
const OFFER =
  /^(?:(?:so|ok(?:ay)?|great|alright)[,!]?\s+)?(?:shall i|should i|do you want me to|would you like me to|want me to|can i|may i|i can|i could)\s+(.+?)\??$/i;
// "Do you want ...?", "Would you like ...?", "Are you ...?", "Have you ...?", "Is it ...?"
const ASKS =
  /^(?:(?:so|and|ok(?:ay)?|hey|oh|well|also|but|anyway)[,!]?\s+)?(do you|would you|are you|have you|did you|will you|is it|is that)\s+(.+?)\??$/i;

/** The last sentence of a message: the question it closes with. */
export const lastSentence = (text: string): string =>
  text
    .split(/(?<=[.!?])\s+/)
    .at(-1)!
    .trim();

/** "Does he have any allergies?", "Is she still at the same school?": asked of whom the one answering spoke of. */
const ASKS_OF = /^(?:(?:so|and|ok(?:ay)?|also)[,!]?\s+)?(does|is|has|did|will|would|was)\s+(?:he|she)\s+(.+?)\??$/i;

/** The decision a yes or no makes of a question asked of someone else ("does not have any allergies"). */
function ofFocus(verb: string, rest: string, yes: boolean, focus: string, who: string, asker: string): string {
  const said = fromQuestion(rest, who, asker);
  if (verb !== "does") return `${focus} ${verb} ${yes ? "" : "not "}${said}`;
  const [first, ...more] = said.split(" ");
  return yes ? `${focus} ${[thirdPerson(first!), ...more].join(" ")}` : `${focus} does not ${said}`;
}

/** "Is bank sync important to you?": what matters to the one asked. */
const MATTERS =
  /^(?:(?:so|and|ok(?:ay)?|also)[,!]?\s+)?(is|are)\s+(.+?)\s+(important|essential|a must|a priority|a dealbreaker|a deal-breaker|necessary|crucial|a big deal)\s+(to|for)\s+you\b(?:,?\s+or\b.*)?\??$/i;
const plainQuestion = (q: string) => q.replace(/\*+|\s*\([^)]*\)/g, "");
/** Whether the question asks what matters to the one asked; a yes naming the thing answers it. */
export const asksWhatMatters = (q: string): boolean => MATTERS.test(plainQuestion(q));
const THIRD: Record<string, string> = { do: "does", are: "is", have: "has", were: "was" };
const CONTRACTED: Record<string, string> = { re: "is", ve: "has", ll: "will", d: "would" };

/** A question as a report: "you" is the one answering and "I" / "me" the one asking. */
export function fromQuestion(typed: string, who: string, asker: string): string {
  // "which physio are u seeing", "is ur sister coming": the texted "u" and "ur".
  const q = typed
    .replace(/\bu\b/gi, "you")
    .replace(/\bur\b(?=\s+(?:\p{L}+ing|an?|the|so|not|still)\b)/giu, "you are")
    .replace(/\bur\b/gi, "your");
  // "Wow, how did ...?": the exclamation before the question is not part of it.
  const bare = q.replace(
    /^(?:(?:wow|whoa|oh|ooh|so|and|hey|well|ok(?:ay)?|haha+|cool|nice)\b[,!.]?\s+)+(?=\p{L})/iu,
    "",
  );
  return (bare === q ? q : upperFirst(bare))
    .replace(/\b(do|are|have|were) you\b/gi, (_, v: string) => `${THIRD[v.toLowerCase()]} ${who}`)
    .replace(/\byou (are|have|do|were)\b/gi, (_, v: string) => `${who} ${THIRD[v.toLowerCase()]}`)
    .replace(/\byou['’](re|ve|ll|d)\b/gi, (_, v: string) => `${who} ${CONTRACTED[v.toLowerCase()]}`) // "what you're having"
    .replace(/\byour(s)?\b/gi, `${who}'s`)
    .replace(/\byou\b/gi, who)
    .replace(/\bmy\b/gi, `${asker}'s`)
    .replace(/\b(me|I)\b/g, asker);
}

/** Questions of small talk: what answers them says nothing lasting. */
export const SMALL_TALK_QUESTION =
  /^(how are (you|things)|how['’]?s (it going|everything|life|your day)|what['’]?s up|how have you been|how was your (day|weekend|week)|you\?|and you\?|what about you|how about you|anything else)|\b(?:move on to|go on to|(?:shall|should) we (?:start|begin|continue|look at|go through|turn to))\b/i;

/**
 * What a reply of yes or no (`answer`) says of the question: the decision, "no longer" what was so
 * ("Are you still thinking about the ER?" → "Not anymore" ⇒ "Priya is no longer thinking about the
 * ER"), and the clause said after a yes ("I do, but the brakes squeal") kept with it.
 */
export function answeredYesNo(
  question: string,
  answer: { kind: "yes"; rest?: string } | { kind: "no"; longer?: boolean; only?: string },
  who: string,
  asker: string,
  focus?: string,
): string | null {
  // "Does he have any allergies?" of the user's son: the decision is his.
  const of = focus ? ASKS_OF.exec(lastSentence(question)) : null;
  if (of && answer.kind !== "yes" && answer.longer) return null;
  if (of) return ofFocus(of[1]!.toLowerCase(), of[2]!, answer.kind === "yes", upperFirst(focus!), who, asker);
  if (answer.kind === "no" && answer.longer) {
    const was = decision(question.replace(/\bstill\s+/i, ""), true, who, asker);
    const subject = was && new RegExp(`^${escapeRegExp(who)} (?:is |has |would |will |did )?`).exec(was)?.[0];
    return subject ? `${subject}no longer ${was!.slice(subject.length)}` : null;
  }
  // "Did you get back to book club yet?" → "I did!": the yes says it happened, "yet" no more.
  const yes = answer.kind === "yes";
  const decided = decision(question, yes, who, asker, answer.kind === "no" ? answer.only : undefined);
  const text = yes ? (decided?.replace(/\s+yet$/i, "") ?? null) : decided;
  const rest = answer.kind === "yes" ? answer.rest : "";
  return text && rest ? `${text}, ${rest}` : text;
}

/** One alternative of a choice asked: "no hostels" to "Do you want hostels or hotels?" refuses the hostels alone. */
function refusedOf(asked: string, only: string | undefined): string {
  if (!only) return asked;
  const alt = String.raw`(?:(?:an?|the|some)\s+)?[\p{L}-]+`;
  const named = new RegExp(`\\b${escapeRegExp(only)}\\b`, "i");
  return asked.replace(new RegExp(`${alt}(?:,\\s*${alt})*,?\\s+or\\s+${alt}`, "iu"), (choice) =>
    (choice.split(/,\s*|\s+or\s+/i).find((part) => named.test(part)) ?? choice).trim(),
  );
}

/**
 * The decision a yes or no makes of the question asked, written about `who`, or null when the
 * question is not one a yes or no decides. `asker` is how the one who asked is written ("the assistant").
 * A no to "Do you work with an accountant, or do you do your own taxes?" is a no to the first.
 */
function decision(question: string, yes: boolean, who: string, asker: string, only?: string): string | null {
  const last = lastSentence(question);
  const q = /^(?:want|need)\s+(?!me\b)/i.test(last) ? `Do you ${lowerFirst(last)}` : last; // "Want a …?"
  const swap = (t: string) => fromQuestion(t, who, asker);
  const offer = OFFER.exec(q);
  if (offer) return `${who} ${yes ? "asked" : "did not want"} ${asker} to ${swap(offer[1]!)}`;
  // "Is bank sync important to you, or are you fine …?" → "Bank sync is important to the user".
  const matters = MATTERS.exec(plainQuestion(q));
  if (matters)
    return `${upperFirst(swap(matters[2]!))} ${matters[1]!.toLowerCase()} ${yes ? "" : "not "}${matters[3]} ${matters[4]} ${who}`;
  const ask = ASKS.exec(q);
  if (!ask) return null;
  const rest = swap(yes ? ask[2]! : refusedOf(ask[2]!.split(/,?\s+or\s+(?=do|are|have|would|will|did)\b/i)[0]!, only));
  switch (ask[1]!.toLowerCase()) {
    case "do you": {
      // "do you still ride ...", "do you definitely need ...": the adverb stays before the verb ("still rides").
      const ly = /^(\p{L}+ly)\s+/u.exec(rest);
      const adverb =
        /^(?:still|ever|really|usually|often|always|actually|normally|sometimes)\s+/i.exec(rest)?.[0] ??
        (ly && lexicon().tagsOf(ly[1]!.toLowerCase()).includes("Adverb") ? ly[0] : "");
      const [verb, ...more] = rest.slice(adverb.length).split(" ");
      return yes ? `${who} ${adverb}${thirdPerson(verb!)} ${more.join(" ")}` : `${who} does not ${rest}`;
    }
    case "would you":
      return `${who} would ${yes ? "" : "not "}${rest}`;
    case "are you":
      return `${who} is ${yes ? "" : "not "}${rest}`;
    case "have you":
      return `${who} has ${yes ? "" : "not "}${rest}`;
    case "did you":
      return `${who} did ${yes ? "" : "not "}${rest}`;
    case "will you":
      return `${who} will ${yes ? "" : "not "}${rest}`;
    default:
      return `${yes ? "Yes" : "No"}, said ${who}, when asked: ${swap(q)}`;
  }
}
