// Splits text into statements and keeps those worth remembering: preferences, biography,
// relationships, plans, events, opinions, possessions, skills. Greetings, thanks, questions,
// filler, small talk and pure reactions are dropped. Decisions use the tagger's parts of speech
// and lemmas; word lists only name the closed classes (greetings, interjections, pronouns).
import { lexicon } from "../../models/lexicon.ts";
import { afterLabel, numberRange, openingWord } from "./clause-marks.ts";
import { inBrackets, joinTokens, type Nlp, type Token, anyVerb } from "./nlp.ts";
import { hasFiniteVerb, isImperative, isPast } from "./subjects.ts";
import { askedAfter, unmarkedQuestion } from "./asked-after.ts";
import { unwantedInAnswers } from "./answer-form.ts";
import { weigh } from "./weight.ts";
import { announcingFrame, appraisal, evaluative, reactsToListener, shownNews, withoutLeads } from "./reactions.ts";
import {
  CALENDAR,
  DISCOURSE,
  FIRST_PERSON,
  REACTION_SUBJECTS,
  RELATIVE_START,
  ADDRESS,
  ANNOUNCERS,
  SOCIAL_VERBS,
  LIGHT_VERBS,
  SMALL_TALK,
  SHORT_MONTHS,
  SUBORDINATORS,
} from "./closed-classes.ts";

/** A word of the clause: "2am", "6pm" count (the tagger reads them as symbols), "£" and "-" do not. */
const isWord = (t: Token) =>
  t.pos !== "PUNCT" && t.pos !== "SPACE" && (t.pos !== "SYM" || /\d/.test(t.text)) && /[\p{L}\p{N}]/u.test(t.text);

const EMOJI = /\p{Extended_Pictographic}/u;
export const COMMA: Token = { text: ",", lower: ",", pos: "PUNCT", lemma: ",", space: "" };

const SUBJECTS = new Set(["i", "we", "she", "he"]);
/** "... and I hate mushrooms": a conjunction before a clause with its own subject starts a new fact. */
function newSubject(tokens: Token[], i: number): boolean {
  const t = tokens[i]!;
  // "They have been there through everything, I have known these friends for 4 years": a comma splice
  // too, when what comes before is a clause of its own ("Since we last spoke, I moved" is not).
  const splice = t.text === "," && !SUBORDINATORS.has(openingWord(tokens)) && hasFiniteVerb(tokens.slice(0, i));
  if ((!(t.pos === "CCONJ" && /^(and|but)$/.test(t.lower)) && !splice) || inBrackets(tokens, i)) return false;
  // "my friend Sam and I went", "Budget update: Grace and I have agreed".
  if (i < 3 || (t.lower === "and" && !hasFiniteVerb(tokens.slice(afterLabel(tokens), i)))) return false;
  const subject = tokens[i + 1];
  // "Isla is 9, Rory is 7 and Maeve is 4": a name written as one opens a clause too, though "is" only
  // with a number or a quality after it ("…, Exeter is on Saturday" goes on with the clause before).
  const named =
    subject?.pos === "PROPN" &&
    /^\p{Lu}/u.test(subject.text) &&
    !CALENDAR.has(subject.lower) &&
    !(/^(?:is|are|was|were)$/.test(tokens[i + 2]?.lower ?? "") && !/^(?:NUM|ADJ)$/.test(tokens[i + 3]?.pos ?? ""));
  if (!subject || (!SUBJECTS.has(subject.lower) && !named)) return false;
  const verb = tokens.slice(i + 2, i + 4).find((x) => x.pos !== "ADV");
  return verb?.pos === "VERB" || verb?.pos === "AUX";
}

/**
 * "I have a python script at work, can you convert it?", "We're moving to Berlin, scrap that, it's
 * Munich": a request or a change of mind after the comma is a clause of its own.
 */
function opensClauseAfterComma(tokens: Token[], i: number): boolean {
  if (i < 3 || tokens[i]!.text !== ",") return false;
  const [a, b] = [tokens[i + 1]?.lower ?? "", tokens[i + 2]?.lower ?? ""];
  return (
    (/^(?:can|could|would|will)$/.test(a) && /^(?:you|u)$/.test(b)) ||
    (/^(?:scratch|scrap)$/.test(a) && b === "that") ||
    (a === "no" && b === "wait")
  );
}

/**
 * Splits a sentence's tokens at clause separators (spaced dashes, semicolons, emoji). A part
 * without a verb of its own ("- a gift from my grandma", "- running, reading, or playing the
 * violin - which refreshes me") completes the clause before it rather than standing alone.
 */
export function clauses(tokens: Token[]): Token[][] {
  const parts: Token[][] = [];
  let cur: Token[] = [];
  for (const [i, t] of tokens.entries()) {
    // "im Tom im 70": a run-on without a stop between a name and the next "I am".
    const runOn =
      t.lower === "i" &&
      tokens[i - 1]?.pos === "PROPN" &&
      !CALENDAR.has(tokens[i - 1]!.lower) && // "since my knee surgery in April I've switched"
      /^(?:am|was|have|will)$/.test(tokens[i + 1]?.lower ?? "") &&
      hasFiniteVerb(tokens.slice(0, i - 1));
    if (runOn && cur.length) {
      parts.push(cur);
      cur = [];
    }
    if (
      (/^[-–—]+$/.test(t.text) && (t.space !== "" || /^[–—]$/.test(t.text)) && !numberRange(tokens, i)) ||
      t.text === ";" ||
      (EMOJI.test(t.text) && !inBrackets(tokens, i)) ||
      newSubject(tokens, i) ||
      opensClauseAfterComma(tokens, i)
    ) {
      if (cur.length) parts.push(cur);
      cur = [];
      continue;
    }
    cur.push(t);
  }
  if (cur.length) parts.push(cur);
  const out: Token[][] = [];
  for (const part of parts) {
    const words = part.filter(isWord);
    const prev = out[out.length - 1];
    const question = part.some((t) => t.text.includes("?"));
    const completes = !question && (!hasFiniteVerb(part) || RELATIVE_START.has(words[0]?.lower ?? ""));
    if (prev && completes && words.length >= 3) {
      while (prev.length && prev[prev.length - 1]!.pos === "PUNCT") prev.pop();
      prev.push(COMMA, { ...part[0]!, space: " " }, ...part.slice(1));
    } else if (!prev || !completes) {
      out.push(part);
    }
  }
  return out.map((c) => (c[0] ? [{ ...c[0], space: "" }, ...c.slice(1)] : c));
}

const CHAT_FILLERS = new Set("lol lmao haha hahaha tbh btw imo imho ngl xd jk omg tho".split(" "));

/** Removes leading interjections and discourse markers, and vocative names ("Hey Mel, ...", "..., Caroline!"). */
export function stripFiller(tokens: Token[], participants: ReadonlySet<string>): Token[] {
  // Chat shorthand that says nothing of the fact, wherever it is ("im 41 btw", "ripped off lol").
  let t = tokens.filter((x) => !CHAT_FILLERS.has(x.lower));
  t = shownNews(t) ?? t;
  const lex = lexicon();
  for (let changed = true; changed && t.length; ) {
    changed = false;
    const first = t[0]!;
    const announcer = ANNOUNCERS.find((a) => a.every((w, i) => t[i]?.lower === w))?.length ?? announcingFrame(t);
    if (
      first.pos === "INTJ" ||
      DISCOURSE.has(first.lower) ||
      lex.isInterjection(first.lower) ||
      (first.lower === "sorry" && t[1]?.lower === "i") || // "sorry im carla btw", "sorry i missed your call"
      (/^(?:fine|alright)$/.test(first.lower) && t[1]?.text === ",") || // "fine, budget goes up to 1200 then"
      (first.pos === "PUNCT" && first.text !== '"')
    ) {
      // "No" answers only when punctuation follows it ("No, I moved"); "No kids yet" is a statement.
      if (first.lower === "no" && t[1] && t[1].pos !== "PUNCT") break;
      if (first.lower === "so" && t[1]?.lower === "far") break; // "So far, so good"
      if (first.lower === "right" && t[1]?.pos === "NOUN") break; // "right arm from now on"
      // "pls also no stats about ...": the "please" opens what the user asks to be without (answer-form.ts).
      if (/^(?:pls|please|plz)$/.test(first.lower) && unwantedInAnswers(joinTokens(t), "someone")) break;
      t = t.slice(1);
      changed = true;
    } else if (announcer) {
      t = t.slice(announcer);
      changed = true;
    } else if (participants.has(first.lower) && (t[1]?.text === "," || t[1]?.text === "!" || t.length === 1)) {
      t = t.slice(1);
      changed = true;
    }
  }
  // trailing aside: ", by the way"
  const tail = t.filter((x) => x.pos !== "PUNCT" || x.text === ",");
  const n = tail.length;
  const asideAt = tail
    .slice(n - 4)
    .map((x) => x.lower)
    .join(" ");
  if (n > 4 && asideAt === ", by the way") t = t.slice(0, t.lastIndexOf(tail[n - 4]!));
  const last = t.findLastIndex((x) => x.pos !== "PUNCT"); // trailing apology: "i'm renata btw, sorry"
  if (last > 2 && t[last]!.lower === "sorry" && t[last - 1]!.text === ",") t = t.slice(0, last - 1);
  // trailing vocative: ", Caroline!" / ", Mel."
  for (let i = t.length - 1; i > 0; i--) {
    if ((participants.has(t[i]!.lower) || ADDRESS.has(t[i]!.lower)) && t[i - 1]?.text === ",") {
      t = [...t.slice(0, i - 1), ...t.slice(i + 1)];
      break;
    }
    if (t[i]!.pos !== "PUNCT") break;
  }
  return t.length ? [{ ...t[0]!, space: "" }, ...t.slice(1)] : t;
}

export interface Worth {
  keep: boolean;
  why: string;
  /** Kept as the speaker's report ("According to John, it enabled repairs."): its subject is not a person in the chat. */
  reported?: boolean;
}

/** Content words a statement about something unnamed needs to be worth reporting. */
const REPORT_MIN_CONTENT = 3;

/** Code typed into a message ("q1: SELECT depot, COUNT(*) FROM shipments ..."), not a statement. */
const CODE =
  /\b(?:SELECT|UPDATE|DELETE)\b.*\b(?:FROM|SET|WHERE)\b|\bINSERT INTO\b|=>|\w\([^)]*\)\s*[;{]|^\s*(?:def|function|const|let|var|import|class)\s+\w+\s*[=({:]/;

/**
 * A plan told with a question mark, asking only whether it is wise: "I want to do the DELE B1 exam,
 * maybe November?" (not an offer to the listener: "want to see a pic?").
 */
const TENTATIVE_PLAN =
  /^(?:i|we)\s+(?:really\s+|also\s+|still\s+)?(?:want|plan|hope|intend|would like|am planning|are planning|am thinking|are thinking|am going to|are going to)\b(?!\s+to\s+(?:see|hear|know|come|join|chat|talk|meet|grab|check)\b)[^?]*\?$/i;

/** A month written short beside its day ("dec 22", "4 jan"): "Jan" alone may be someone. */
const SHORT_MONTH = [...SHORT_MONTHS].join("|");
const SHORT_MONTH_DAY = new RegExp(
  `\\b(?:${SHORT_MONTH})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?\\b|\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:${SHORT_MONTH})\\b`,
  "i",
);

/**
 * Whether a clause is worth remembering. `conversation` is strict (chat is full of small talk);
 * a passage given to `remember` is kept unless it is a question, a greeting or a pure reaction.
 */
export function worthRemembering(
  tokens: Token[],
  mode: "conversation" | "passage",
  participants: ReadonlySet<string>,
  note = false,
): Worth {
  const words = tokens.filter(isWord);
  // "I graduated": two words are enough when the speaker did something.
  const didSomething =
    words.length === 2 &&
    FIRST_PERSON.has(words[0]!.lower) &&
    isPast(words[1]!) &&
    !LIGHT_VERBS.has(words[1]!.lemma) &&
    !SOCIAL_VERBS.has(words[1]!.lemma);
  if (words.length < 3 && !didSomething) return { keep: false, why: "too short" };
  const lastPunct = [...tokens].reverse().find((t) => t.pos === "PUNCT");
  const text = joinTokens(tokens);
  if (
    (lastPunct?.text.includes("?") || tokens[tokens.length - 1]?.text.endsWith("?") || unmarkedQuestion(tokens)) &&
    !TENTATIVE_PLAN.test(text)
  )
    return { keep: false, why: "question" };
  if (SMALL_TALK.test(text)) return { keep: false, why: "small talk" };
  if (CODE.test(text)) return { keep: false, why: "code" };
  // A user's terse note to an assistant keeps a thing and its day without a verb ("first fix wed 29th").
  const datedNote =
    note &&
    words.some((w) => w.pos === "NOUN") &&
    (words.some((w) => CALENDAR.has(w.lower) || /^\d{1,2}(?:st|nd|rd|th)$/.test(w.lower)) ||
      SHORT_MONTH_DAY.test(text));
  // So is a labelled note with a number, a name or things ("flat B: bedminster, £925 pcm", "meat: haighs
  // butchers pudsey").
  const labelled =
    note &&
    /^[\p{L}\p{N} +]{1,24}:\s/u.test(text) &&
    (words.some((w) => /^(?:NUM|PROPN)$/.test(w.pos)) || words.filter((w) => w.pos === "NOUN").length >= 3);
  if (mode === "conversation" && !datedNote && !labelled && !anyVerb(tokens)) return { keep: false, why: "no verb" };

  const lower = words.map((w) => w.lower);
  const { firstPerson, secondPerson, names, participantNamed, numbers, nouns, content, aboutSelf } = weigh(
    words,
    participants,
  );
  if (content < 2 && !names && !numbers && !aboutSelf) return { keep: false, why: "no content" };
  // "Been a few days", "its been 3 months ish": how long, with no word of what since.
  if (lower[0] === "been" || (HOW_LONG.test(lower.join(" ")) && !lower.includes("since")))
    return { keep: false, why: "no subject to stand alone" };
  if (RELATIVE_START.has(lower[0]!)) return { keep: false, why: "a fragment of the previous clause" };
  if (REACTION_SUBJECTS.has(lower[0]!) && !firstPerson && !names && !numbers && nouns <= 1)
    return { keep: false, why: "reaction" };
  if (!firstPerson && appraisal(words)) return { keep: false, why: "an appraisal" };
  if (mode === "passage") return { keep: true, why: "passage" };
  if (reactsToListener(words, secondPerson)) return { keep: false, why: "a reaction to the listener" };
  if (isImperative(tokens) && !labelled) return { keep: false, why: "a request" }; // "Quote A: …" is a note
  if (secondPerson && !firstPerson && !names && !numbers) return { keep: false, why: "about the listener" };
  if (!firstPerson && !names && !numbers && !participantNamed) {
    // "It enabled needed repairs and renovations" answers the message before it: what the speaker
    // says about it is worth keeping as their report, when it says enough.
    // A labelled note's "-ing" label ("logging: pino, shipping to better stack") is no fragment like "Loving the inclusivity".
    const fragment = words[0]!.pos === "VERB" || (!labelled && evaluative(words));
    if (content >= REPORT_MIN_CONTENT && nouns >= 1 && !secondPerson && !fragment)
      return { keep: true, why: "reported", reported: true };
    return { keep: false, why: "no subject to stand alone" };
  }
  return { keep: true, why: "fact" };
}

/** "its been 3 months ish", "it has been a few weeks": how long, with no word of what. */
const HOW_LONG =
  /^it (?:has|had|'s) been (?:about |around |like |nearly |almost |over |only |just )?(?:\d+|an?|one|two|three|four|five|six|a few|a couple of|several)?\s*(?:days?|weeks?|months?|years?|hours?|ages|forever|a while)\b/;

export interface RawClause {
  tokens: Token[];
}

/** Sentences → clauses → filler stripped. */
export function splitStatements(nlp: Nlp, text: string, participants: ReadonlySet<string>): Token[][] {
  const out: Token[][] = [];
  for (const s of nlp.sentences(withoutLeads(text)).flatMap((x) => askedAfter(nlp, x.tokens))) {
    for (const c of clauses(s)) {
      if (SMALL_TALK.test(joinTokens(c))) continue; // "Thanks, Caroline, for ..." is thanks however it goes on
      const stripped = stripFiller(c, participants);
      if (stripped.length) out.push(stripped);
    }
  }
  return out;
}
