// A reply that answers the question before it, fused with the question into one fact about the one
// who answered: a few words ("Which department?" → "Pediatrics." ⇒ 'Asked "Which department?", Maya
// answered "Pediatrics"'), yes or no (the decision it makes), or a clause that only makes sense with
// the question ("How did the kids like the memorial?" → "They were awestruck and humbled").
import { WEEKDAYS } from "../../domain/calendar.ts";
import type { Fact } from "../extractor.ts";
import { escapeRegExp, saysWord, upperFirst } from "../../domain/text.ts";
import { ADDRESS, DISCOURSE } from "./closed-classes.ts";
import { CLAUSE_DASH } from "./clause-marks.ts";
import { isRequestForm } from "./answer-form.ts";
import { givesWhatIsAsked, HOW_MANY } from "./asked-kinds.ts";
import { alternativesAsked, CHOOSING, namingAlternative, picked } from "./choices.ts";
import { answeredYesNo, asksWhatMatters, fromQuestion, HEDGE, lastSentence, ownVerb, THOUGHT_OF } from "./yes-no.ts";
import { shortAnswer, SMALL_TALK_QUESTION } from "./yes-no.ts";
import { sharedImages } from "./markup.ts";
import { joinedAs, joinTokens, type Nlp, type Sentence, anyVerb } from "./nlp.ts";
import { expandContractions } from "./contractions.ts";
import { resolvePronouns, type Speakers } from "./pronouns.ts";
import { COMMA, splitStatements, worthRemembering } from "./statements.ts";
import { written, type WritingContext } from "./written.ts";

/** Words that open a reply without answering: thanks, greetings, "good question", "let me think", "diff question". */
const OPENING =
  /^(?:[\s,.!…-]|\b(?:thanks?|thank you|thx|hey|hi|hello|wow|whoa|oh|ooh|aw+|hm+|um+|uh|well|so|good question|great question|(?:good|great|fair) (?:catch|point|shout)|fair enough|true|right|let me think|let me see|let['’]?s see|ha(?:ha)+|lol|so much|a lot|sure thing|congrats|congratulations|nice one|oops|cheers|yay|woo+(?:hoo+)?|omg|ugh+|(?:diff|different|another|other|new|quick|random|unrelated|separate|side) (?:question|q)|unrelated|side note|on another note)\b)*$/i;
/** "morning!", "Good evening!": a greeting by the time of day (not "mornings." answering when). */
const GREETED = /^(?:good\s+)?(?:morning|afternoon|evening)\s*!+\s*$/i;
/** Why a clause of a reply would be dropped on its own yet answers the question before it. */
const LEANS_ON_QUESTION = new Set(["no subject to stand alone", "no content", "reaction", "an appraisal"]);
/** A clause that leans on a question opens with a pronoun or a thing just asked about ("The store ..."). */
const LEANING_SUBJECT = /^(?:it|they|that|this|these|those|he|she|i|we|there|the)\b/i;
/** A fact that still opens with a word standing for what the question asked about. */
const LEANING_FACT = /^(?:it|they|that|this|these|those)\b/i;
/** A who/what/... question, after a word turning the talk to it ("Now — what equipment do you have?"). */
const WH_QUESTION =
  /^(?:(?:now|so|and|ok(?:ay)?|great|right|also|first|next|finally|lastly)\b[\s,:—–-]+)*(?:what|which|where|when|who|why|how)\b/i;
/** A question asking what someone thinks or how something went: a reaction is its answer. */
const ASKS_OPINION = /\b(?:like|think|thought|feel|felt|how (?:is|was|are|were|did|does|do)|how['’]s)\b/i;
/** A reply that announces or balks rather than answers: "ok big news", "ok diff thing", "a lot of words I do not understand". */
const ANNOUNCING = /\b(?:news|update|change|understand|confus\w*|(?:diff|different|other|another|next) thing)\b/i;
/** Thanks alone, however it is typed: "perfect thx", "great, thanks!". */
const THANKS_ONLY =
  /^(?:(?:perfect|great|amazing|brilliant|lovely|awesome|cool|nice|ok(?:ay)?|sounds good)[,!.\s]*)*(?:thx|thanks|thank you|ty|cheers)\b[\s!.]*$/i;
/** Not an answer: "Not sure", "That is a tough question", "That sounds fun", and what announces. */
const NON_ANSWER = new RegExp(
  String.raw`\b(?:not (?:know|sure)|no idea|(?:tough|good|great|hard) question|sounds?|looks?|you|your)\b|${ANNOUNCING.source}`,
  "i",
);
/** Whether a word (lower case) is one of the names or its short form ("mel" for Melanie). */
const nameOrShort = (word: string, names: readonly string[]) =>
  word.length >= 2 && names.some((n) => n.startsWith(word));

/** An option picked by its place: "the second one", "option 2". */
const PICKED_ONE = /\b(?:one|option|choice|plan|number)\b/i;
/** A sentence opening with a place or a number, which may count the user's own points ("second, ..."). */
const BY_PLACE = /^\W*(?:\d|first|second|third|fourth|fifth|last|next|other)/i;

const verbless = (s: Sentence) => !anyVerb(s.tokens);
const wordsIn = (s: Sentence) => s.tokens.filter((t) => /[\p{L}\p{N}]/u.test(t.text)).length;

/**
 * The part of a reply that answers: its first sentence after thanks, greetings and the listener's
 * name ("Thanks, Maria! I see them at least once a week."), up to a semicolon or a dash ("Three
 * times a week; it keeps us on track"). Fragments without a verb after one answer with it, to 8
 * words in all ("Cardiology. September 9th at 10:30.", "Breakfast around 8. Supper around 6."), or
 * 24 for one opening with "and" ("garmin forerunner 255. and a puregym membership near the hospital").
 */
/** The answering part, and the sentences it joins ("Cardiology." and "September 9th at 10:30."). */
type Answering = Sentence & { joined?: string[] };

function answeringPart(
  nlp: Nlp,
  reply: string,
  names: readonly string[],
  options: readonly string[] = [],
  question = "",
): Answering | undefined {
  const unnamed = (text: string) => text.replace(/\p{L}+/gu, (w) => (nameOrShort(w.toLowerCase(), names) ? "" : w));
  // "ticket price. thinking $40" to "What ticket price are you thinking?": the topic typed back is no answer
  // (but "mornings" to "Mornings or afternoons?" picks one).
  const asked = new Set(/\bor\b/i.test(question) ? [] : (question.toLowerCase().match(/\p{L}+/gu) ?? []));
  const echoes = (part: string) => {
    const words = part.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    return words.length > 0 && words.length <= 3 && words.every((w) => asked.has(w) || asked.has(w.replace(/s$/, "")));
  };
  // "ok tournament. so update, …", "Now the invoice.": a topic taken up before what is said of it.
  const takesUp = (part: string) =>
    /^(?:ok(?:ay)?|right|alright|so|now|next)[,.]?\s+(?:the\s+)?\p{L}+(?:\s+\p{L}+)?[.!:]?$/iu.test(part);
  const sentences = nlp.sentences(expandContractions(sharedImages(reply).text));
  // "no chemicals at all pls. ... the second one sounds good": a later sentence that picks an offered
  // option, by name or as "the second one" (not "second, yeah $55 is too low" nor "1,050.").
  const picking = sentences
    .slice(1)
    .find((s) => picked(s.text, options) && (PICKED_ONE.test(s.text) || !BY_PLACE.test(s.text)));
  if (picking) return picking;
  const texts = sentences.map((s) => s.text);
  // After a request, the sentence naming an alternative asked ("keep it short pls. bullet points. yes coach …").
  const naming = isRequestForm(texts[0] ?? "") ? namingAlternative(texts, question) : -1;
  if (naming > 0) return sentences[naming];
  // "£2m. nothing commercial" to "Do you have any commercial clients lined up?": a yes or no question is
  // answered by the sentence sharing its words, when the first is only a figure or a code.
  const yesNo = /^(?:do|does|did|are|is|have|has|would|will|can)\s+you\b/i.test(lastSentence(question));
  const sharing = (text: string) => (text.match(/\p{L}{4,}/gu) ?? []).some((w) => saysWord(question, w, "i"));
  for (const [i, sentence] of sentences.slice(0, 3).entries()) {
    const part = sentence.text.split(/\s*;\s*/)[0]!.split(CLAUSE_DASH)[0]!;
    const later = yesNo && !/\p{L}{4,}/u.test(part) && sentences.slice(i + 1, 3).some((s) => sharing(s.text));
    const aside = OPENING.test(unnamed(part)) || GREETED.test(part);
    if (aside || (i < sentences.length - 1 && (echoes(part) || takesUp(part) || later))) continue;
    // "no chemicals at all pls": what the user asks for is theirs to keep (answer-form.ts), not an answer.
    if (isRequestForm(part)) continue;
    if (part !== sentence.text) return nlp.sentences(part)[0];
    // "square appointments, I don't want another login": a few words before the reason are the answer.
    const named = /^([^,]{2,40}),\s+(?:i|we|because|bc|cause|cos)\b/i.exec(part)?.[1];
    const before = named && nlp.sentences(named)[0];
    // Not a remark ("oh good catch, I ...") or a topic ("Timing-wise, we ...").
    if (before && verbless(before) && wordsIn(before) <= 4 && !OPENING.test(unnamed(named)) && !/wise$/i.test(named))
      return before;
    let answer: Answering = sentence;
    for (const next of sentences.slice(i + 1)) {
      const naming = next.tokens.some((t) => ["NOUN", "PROPN", "NUM"].includes(t.pos)) && !OPENING.test(next.text);
      if (
        !verbless(answer) ||
        !verbless(next) ||
        !naming ||
        /\?|\b(?:pls|please|plz)\b/i.test(next.text) || // asks, as "use km not miles pls" does
        // "garmin forerunner 255. and a puregym membership near the hospital": an "and" goes on with the answer.
        wordsIn(answer) + wordsIn(next) > (/^(?:and|plus|&)\s/i.test(next.text) ? 24 : 8)
      )
        break;
      // Joined by a comma: "Cardiology, September 9th at 10:30".
      const head = answer.tokens.at(-1)?.pos === "PUNCT" ? answer.tokens.slice(0, -1) : answer.tokens;
      const tokens = [...head, { ...COMMA }, { ...next.tokens[0]!, space: " " }, ...next.tokens.slice(1)];
      const joined = [...(answer.joined ?? [answer.text]), next.text];
      answer = { text: joinTokens(tokens), tokens, entities: [...answer.entities, ...next.entities], joined };
    }
    return answer;
  }
  return undefined;
}

/** What a reply is read with: who speaks, and the options the message before offered (choices.ts). */
export type Replying = WritingContext & {
  speakers: Speakers;
  participants: ReadonlySet<string>;
  options?: readonly string[];
  /** Whom the reply's writer was talking about when asked ("she's a lurcher called Pickle" → "How old is she?"). */
  carried?: { person: { text: string } | null } | null;
};

/**
 * A reply fused with the question it answers: one fact about the one who answered. A few words
 * ("Pediatrics."), yes or no, or a clause that leans on the question ("They were awestruck and
 * humbled" to "How did the kids like the memorial?"); a clause that stands alone is the
 * statements' to keep.
 */
export function answered(
  nlp: Nlp,
  question: string,
  asker: string,
  reply: string,
  ctx: Replying,
  ownFacts: (text: string) => string[] = () => [],
  listed = false,
): { fact: Omit<Fact, "messageIndexes">; replaces: string[] } | null {
  const who = ctx.speakers.speaker;
  // "What about you — are you still working on your game?": the question after the turn to the listener.
  question = question.replace(/(^|[.!?]\s+)(?:what|how) about you\s*(?:[—–-]+|,)\s*(?=\p{L})/iu, "$1");
  // The question without a greeting or a name before it ("Hey Jon, how are you?").
  const asked = lastSentence(question).replace(
    /^(?:(?!(?:which|what|how|who)\b)(?:[\p{L}'’]+\s+){0,2}[\p{L}'’]+[,!]\s+)+/iu,
    "",
  );
  if (!who || SMALL_TALK_QUESTION.test(asked)) return null;
  // "Thanks, Mel", "Hey Gina": the listener's name (or its short form) is not a thing named.
  const names = [ctx.speakers.speaker, ctx.speakers.other, ...ctx.participants].flatMap((n) =>
    n ? [n.toLowerCase()] : [],
  );
  const first = answeringPart(nlp, reply, names, ctx.options, question);
  if (!first) return null;
  if (!givesWhatIsAsked(asked, first.text)) return null;
  // "the second one": of the question's own alternatives ("…, or at a local practice?"), else of the options offered.
  const alternatives = alternativesAsked(question);
  const option = picked(first.text, alternatives.length ? alternatives : (ctx.options ?? []));
  if (option) {
    // Fused with the question when it asked for the choice (not "And do you have dates in mind?" after the options).
    // Asked of a question ("Which would you prefer?"), not of what the message says before it ("I'd lean
    // towards Option 1. What do you think?"); "(e.g. a refund)" ends no sentence.
    const questions = question.replace(/\s*\([^)]*\)/g, "").match(/[^.!?]*\?/g) ?? [];
    const asking = question && (alternatives.length > 0 || questions.some((q) => CHOOSING.test(q)));
    const q = asking ? `Asked "${upperFirst(fromQuestion(question, who, asker))}", ` : "";
    // "x1 carbon then, whichever config ships fastest with uk keyboard": what the pick is said with stays.
    const saying = joinedAs(first.tokens, resolvePronouns(first.tokens, ctx.speakers).tokens).replace(/[.!\s]+$/, "");
    const more = wordsIn(first) - option.split(/\s+/).length > 3 ? `, saying "${saying}"` : "";
    const chose = `${who} chose "${fromQuestion(expandContractions(option), who, asker)}"${more}`;
    const fact = written(`${q}${chose}`, ctx, false);
    return fact && { fact: { ...fact, entities: [who] }, replaces: ownFacts(first.text) };
  }
  // "ok here's the run, all october:" introduces what follows it.
  if (!question || /:\s*$/.test(first.text)) return null;
  // "22.9% i think", "courgettes if there is room": a hedge or a condition after the answer makes no clause.
  const hedged = HEDGE.test(first.text);
  const picks = /^which\b/i.test(asked) && wordsIn(first) <= 2; // "left" to "Which hip is it?" names, not tells
  const hasVerb = !picks && ownVerb(first.tokens, hedged);
  /** Whether the question asks of this word ("car" in "Do you want a car for any of the days?"). */
  const asksOf = (word: string) => new RegExp(`\\b${escapeRegExp(word)}\\b`, "i").test(asked);
  // "400 a month feels doable", "2 portions usually, callum eats the dinner too": a count said with a clause.
  const countSaid = HOW_MANY.test(asked) && /^\d/.test(first.text) && hasVerb;
  // "no car" to "Do you want a car ...?" is a no: the thing refused is the thing asked about.
  const refused = /^no\s+([\p{L}-]+)(?:[\s.!]*$|\s*,)/iu.exec(first.text)?.[1]; // "no accountant, its just me"
  // "yes company" to "Do you want to go with a company?" is a yes: what it names is what was asked of
  // (not one of the question's alternatives: "Yes, money" to "... for example money or accommodation?").
  const agreed = /\bor\b/i.test(asked)
    ? undefined
    : /^(?:yes|yeah|yep|yup|sure)[,!.]?\s+([\p{L}-]+(?:\s+[\p{L}-]+)?)[\s.!]*$/iu.exec(first.text)?.[1];
  // "yes bank sync would be nice" to "Is bank sync important to you, or …?": a yes naming what was asked first.
  const askedFirst = asksWhatMatters(asked) ? asked.split(/,?\s+or\s+/i)[0]! : "";
  const saysYes = /^(?:yes|yeah|yep|yup)\b[,!.]?\s+(.+)$/i.exec(first.text)?.[1]?.split(/\s+/);
  const yesTo = saysYes?.some((w) => w.length > 3 && new RegExp(`\\b${escapeRegExp(w)}\\b`, "i").test(askedFirst));
  const answer =
    refused && asksOf(refused)
      ? { kind: "no" as const, only: refused }
      : agreed?.split(/\s+/).every(asksOf) || yesTo
        ? { kind: "yes" as const }
        : countSaid
          ? { kind: "short" as const, text: first.text }
          : // An item of a numbered reply answers its question by its place, verb or none ("leeds, its flat 2").
            shortAnswer(
              first.text,
              hasVerb && !listed,
              !(listed || WH_QUESTION.test(asked) || WH_QUESTION.test(question)) ? 8 : hasVerb ? 16 : 24,
            );
  let replaces: string[] = []; // the statements' own facts of the clause, which the fused fact replaces
  const listener = ctx.speakers.other?.toLowerCase();
  const leans = () => {
    const words = first.tokens.filter((t) => /[\p{L}\p{N}]/u.test(t.text));
    if (!hasVerb || words.length > 12 || !LEANING_SUBJECT.test(first.text) || !WH_QUESTION.test(asked)) return false;
    if (NON_ANSWER.test(first.text) || words.some((w) => w.lower === listener)) return false;
    const [clause, more] = splitStatements(nlp, first.text, ctx.participants);
    if (!clause || more) return false;
    // What the statements form of the clause alone stands alone unless it still leans on "it" or "they".
    const own = ownFacts(first.text);
    replaces = own.filter((f) => LEANING_FACT.test(f));
    if (replaces.length < own.length) return false;
    const worth = worthRemembering(clause, "conversation", ctx.participants);
    if (!worth.keep && !LEANS_ON_QUESTION.has(worth.why)) return false;
    // "What's their name?" is not answered by "They are doing great": a thing asked for is named.
    const namesThing = clause.some((t) => ["NOUN", "PROPN", "NUM"].includes(t.pos));
    if (ASKS_OPINION.test(asked)) return true;
    return worth.why !== "reaction" && worth.why !== "an appraisal" && (namesThing || /^how\b/i.test(asked));
  };
  if (!answer && !leans()) return null;
  if (answer?.kind === "short" && ANNOUNCING.test(first.text)) return null; // "ok big news": what follows answers
  if (THOUGHT_OF.test(first.text) && !WH_QUESTION.test(asked)) return null; // "i was thinking pizza?" asks no yes or no
  if (THANKS_ONLY.test(first.text)) return null; // "perfect thx" thanks for what was asked
  // "22.9% i think", "<5 min, ideally sun night": no statement of their own beside the answer.
  if (answer && (hedged || countSaid || (answer.kind === "short" && (!hasVerb || answer.said !== undefined))))
    replaces = (first.joined ?? [first.text]).flatMap(ownFacts);
  let text: string | null;
  if (!answer || answer.kind === "short") {
    // "Pediatrics.", "My whole life.": a thing named, not a reaction ("Awesome!", "Thanks"); "left" to "Which hip is it?".
    const naming = (t: { pos: string; lower: string }) =>
      (["NOUN", "PROPN", "NUM", ...(answer && !picks ? [] : ["ADJ", "VERB"])].includes(t.pos) || /\d/.test(t.lower)) &&
      !DISCOURSE.has(t.lower) &&
      !ADDRESS.has(t.lower) &&
      !nameOrShort(t.lower, names);
    if (!first.tokens.some(naming)) return null;
    const resolved = resolvePronouns(first.tokens, ctx.speakers).tokens;
    const joined = joinedAs(first.tokens, resolved);
    // A clause is a sentence ("it is around 2k" typed in lower case); a few words are quoted as typed.
    const said = answer?.kind === "short" && answer.said ? answer.said : answer ? joined : upperFirst(joined);
    // "How old is she?" asks of whom the one answering was talking about.
    const focus = ctx.carried?.person?.text;
    // "How did you two meet?": the one answering and whom they were talking about.
    const two = focus && !/\s/.test(focus) ? `${who} and ${focus}` : "the two of them";
    const q = fromQuestion(question.replace(/\byou (?:two|both|guys)\b/gi, two), who, asker).replace(
      /\b(?:she|he)\b(?=[^.!?]*\?\s*$)/g,
      (p) => focus ?? p,
    );
    // "28th" to "When's your next appointment?": the day of the month it names, to be dated.
    const day = /^when\b/i.test(asked)
      ? said.replace(/^(?:the\s+)?(?=\d{1,2}(?:st|nd|rd|th)[.!\s]*$)/i, "on the ")
      : said;
    text = `Asked "${upperFirst(q)}", ${who} answered "${day.replace(/[.!\s]+$/, "")}"`;
  } else {
    text = answeredYesNo(question, answer, who, asker, ctx.carried?.person?.text);
    // "I do, but the brakes squeal": the statement's own "Priya does, but …" is the decision's now.
    if (answer.kind === "yes" && answer.rest) replaces = ownFacts(first.text);
  }
  // "Sunday." to "Saturday or Sunday for Salzburg?" is the Sunday of a trip the question leaves unsaid,
  // not the next one: a weekday alone as the answer keeps its name.
  const word = first.text.replace(/[.!\s]+$|^on\s+/gi, "").toLowerCase();
  const weekdayOnly = (WEEKDAYS as readonly string[]).includes(word);
  // "When was the surgery?" → "April 21st": a question of the past dates its answer before the talk.
  const fact = text
    ? written(text, weekdayOnly ? { ...ctx, reference: null } : ctx, /\b(?:was|were|did)\b/i.test(asked))
    : null;
  return fact && { fact: { ...fact, entities: [who] }, replaces };
}
