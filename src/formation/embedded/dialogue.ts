// What a message means in the conversation around it: the question a message closes with (yes-no.ts
// reads a reply to it as yes, no or a few words; answers.ts fuses them), and a standing instruction to
// an assistant ("Always format code with syntax highlighting") kept as what the user wants.
import { escapeRegExp } from "../../domain/text.ts";
import type { MessageInput } from "../extractor.ts";
import { ANSWER_PARTS, changedValue, chosenOption, droppedPlan, movedPlan } from "./corrections.ts";
import { joinedAs, joinTokens, type Token } from "./nlp.ts";
import { companionsIn, together } from "./companions.ts";
import { unwantedInAnswers, wantedPlease } from "./answer-form.ts";
import { resolvePronouns, type Speakers } from "./pronouns.ts";
import { lexicon } from "../../models/lexicon.ts";
import { STATES, stateAfter } from "./subjects.ts";
import { withCountedThing } from "./choices.ts";
import { signedName } from "./typed-names.ts";
import { amountThing, datedThing } from "./dated-notes.ts";
import { askedInTurn, askedList } from "./asked-lists.ts";
import { withoutCode } from "./markup.ts";

/** A question without its mark: a question word before a verb, or a verb before its subject. */
const UNMARKED_QUESTION =
  /^(?:(?:so|and|but|oh|ok|also|btw|wait|hey)[,\s]+)*(?:(?:how|what|when|where|which|who|why)(?:\s+\p{L}+)?\s+(?:is|are|was|were|do|does|did|have|has|can|could|will|would)\b|(?:how|what|when|where|who)['’]s\b|(?:is|are|was|were|do|does|did|have|has|can|could|will|would)\s+(?:you|u|he|she|they|it|we|your|ur|his|her|their|the|that|this|\p{Lu}\p{Ll}+)\b)[^!.]*$/iu;

/**
 * The question a message asks: the one it ends with (its last question sentence, with the sentence
 * before it when short), or, in an assistant's answer (`within`), its only question when the answer
 * goes on after it ("Do you want a car for any of the days? ... Otherwise, a day ticket covers ...").
 * A person's question in the middle of their message is followed by their own news, which the
 * reply answers.
 */
export function closingQuestion(text: string, within = false): string | null {
  const body = withoutCode(text, " ").trim();
  // "When was the surgery again? It feels like yesterday.": a short remark after a person's question, with
  // no news of their own, leaves it the one the reply answers.
  const tail = body.slice(body.lastIndexOf("?") + 1);
  const remark = tail.trim().split(/\s+/).length <= 12 && !/\n|\b(?:i|i['’]?m|my|me|we|our|us)\b/i.test(tail);
  if (!within && tail.trim() && body.includes("?") && remark) return closingQuestion(body.slice(0, -tail.length));
  if (!/\?\s*[)"'”]?\s*$/.test(body)) {
    // "which physio are u seeing", "is he still doing the pottery thing": a person's question typed without its mark.
    const typed = within
      ? null
      : body
          .split(/(?<=[.!?])\s+|\n+/)
          .at(-1)!
          .trim();
    if (typed && UNMARKED_QUESTION.test(typed) && typed.split(/\s+/).length <= 15) return closingQuestion(`${typed}?`);
    // Not a table's cell ("| Step | Done? |").
    const lines = body.split("\n").filter((line) => !/^\s*\|/.test(line));
    // Nor a heading: "## Do you definitely need one?" titles the answer to the user's own question.
    const questions = (from: string[]) =>
      within
        ? from
            .filter((line) => !/^\s*#/.test(line))
            .flatMap((line) => line.match(/(?:[^.!?\n]|\b(?:e\.g|i\.e)\.)*\?/g) ?? [])
        : [];
    // "### One more question\n**Do any of the kids have allergies?** It affects …": the last section's one question.
    const heading = lines.findLastIndex((line) => /^\s*#/.test(line));
    const last = questions(lines.slice(heading + 1));
    const asked = last.length === 1 ? last : questions(lines);
    return asked.length === 1 ? closingQuestion(asked[0]!.replace(/\*+/g, "").trim()) : null;
  }
  // The question's own paragraph: a list or a heading above it is not part of it.
  const paragraph = body.split(/\n\s*\n|\n\s*[-*#>\d]/).at(-1)!;
  const sentences = paragraph
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.replace(/^[\s>*#.)-]+|\*+/g, "").trim()) // "2. Who's in the band?" split after its "2"
    .filter(Boolean);
  // "Next important question: which days are you home?": the label before the question is not asked.
  const q = sentences
    .at(-1)
    ?.replace(/^(?:[\p{L}-]+\s+){0,3}(?:question|check|thing|point|note|q)s?:\s+(?=\p{L})/iu, "");
  if (!q?.endsWith("?")) return null;
  const before = sentences.at(-2);
  const short = q.split(/\s+/).length < 5;
  // "I found two trains. Which one?": a statement before a short question says what it asks about.
  const about = short && before && before.length <= 160 && /[.:]$/.test(before) ? before : null;
  return (about ? `${about} ${q}` : q).slice(0, 300);
}

/** What a message asks its reply: a closing list of questions, or its closing question (none when it asks nothing). */
export function questionsAsked(text: string, assistant: boolean): string[] {
  const closing = closingQuestion(text, assistant);
  return (
    (assistant ? (askedList(text) ?? (closing ? askedInTurn(text) : null)) : null) ??
    (closing ? [assistant ? withCountedThing(closing, text) : closing] : [])
  );
}

/**
 * Words that make a request to an assistant a standing instruction rather than a one-off, or ask for a
 * way of answering ("explain things in plain words", "give it in metric", "give me plans as plain
 * lists ..., no tables", "use uk names for meds", "use pnpm not npm in any commands").
 */
const STANDING =
  /\b(always|never|for everything|everywhere|from now on|going forward|in (the )?future|every time|whenever|by default|each time|in general|stop|avoid|do not|keep (?:(?:your|the) )?(?:(?:long|short|detailed|full|big)\s+)?(it|them|everything|answers?|responses?|replies|things|code|breakdowns?|explanations?|lists?|messages?|summaries)|call me|prefer|in (?:plain|simple|simpler|everyday|layman['’]?s?) (?:words|terms|english|language)|without (?:the )?jargon|in (?:metric|imperial|celsius|fahrenheit|grams|usd|us dollars|dollars|euros?|eur|gbp|pounds|sterling|chf|cad|aud|yen)|(?:km|kilometres|miles|kg|celsius|metric) not (?:miles|km|kilometres|lbs|pounds|stones?|fahrenheit|imperial)|as (?:a |an )?(?:(?:plain|simple|short|numbered|bulleted|bullet)\s+)*(?:lists?|bullet(?: point)?s|tables?|plain text|markdown|checklists?)|no (?:tables|emojis?|charts|markdown|bullet points|jargon|preambles?)|throughout|(?:including|inc|incl|excluding|ex)\.? vat|one (?:step|thing|question) at a time|in (?:(?:any|all|every|your) (?:of (?:the|your) )?(?:\p{L}+ )?(?:commands?|examples?|code|snippets?|scripts?|answers?|replies)|commands|examples|code snippets|snippets|scripts)|in answers|wait (?:until|til|till) i say|use (?:the )?(?:uk|us|british|american|australian|european|metric|imperial|plain|\p{L}+ english)(?: (?:names|spellings?|terms|units|words|dates|date formats?|measurements))?)\b/iu;
/** "skip the long intros": a part of the answers the user wants left out. */
const SKIPPED = new RegExp(`\\bskip (?:the )?(?:(?:long|lengthy)\\s+)?${ANSWER_PARTS}\\b`, "i");

/** "small thing", "two rules for this conversation", "important": a label announcing a request. */
const ANNOUNCED =
  /^(?:(?:also|and|oh|ok|so|ps),?\s+)?(?:(?:important|note|fyi|btw|reminder)|(?:(?:one|two|three|a|small|quick|last|other|big|final|important)\s+)*(?:thing|request|rule|note|point|ask|favou?r|one)s?(?:\s+for (?:this|the) (?:conversation|chat))?)$/i;
/** Words that open a request to an assistant: "can you", "could you please", "please", "pls". */
const ASKING = new Set(["can", "could", "would", "will"]);
const POLITE = new Set(["please", "pls", "plz", "kindly"]);
const LASTING_OPENINGS = ["from now on", "going forward", "in future", "in the future", "by default", "in general"].map(
  (o) => o.split(" "),
);
/** Thanks and "please" closing a request ("..., pls", "... thanks"). */
const POLITE_END = /(?:[\s,]+(?:please|pls|plz|thanks|thank you|thx|ty))+(?=[\s.!?]*$)/i;

/**
 * A user's standing instruction to an assistant, as what the user wants of it, or null (a one-off request,
 * or none): "Always format code ..." ⇒ "Maya wants the assistant to always format code ..."; asked, "can
 * you keep answers shorter pls" ⇒ "... wants the assistant to keep answers shorter"; "please dont explain
 * the basics to me" ⇒ "Maya does not want the assistant to explain the basics to Maya". `tokens`: as typed.
 */
export function standingInstruction(typedTokens: Token[], why: string, speakers: Speakers): string | null {
  // "also, small thing: please don't ...": a label that only announces the request (not "krakow: keep it in").
  const colon = typedTokens.findIndex((t) => t.text === ":");
  const labelled = colon > 0 && ANNOUNCED.test(joinTokens(typedTokens.slice(0, colon)));
  const tokens = labelled ? typedTokens.slice(colon + 1).map((t, i) => (i ? t : { ...t, space: "" })) : typedTokens;
  const typed = joinTokens(tokens);
  if (!STANDING.test(typed) && !SKIPPED.test(typed)) return null;
  // "From now on, call me Sam": the words that make it last may open it.
  // "also use km not miles"; "No. Please don't suggest anything like that" (a refusal glued to its request).
  // ("No." may be one token, read as the abbreviation of "number".)
  const refusal = /^(?:no|nope|nah)(\.)?$/.exec(tokens[0]?.lower ?? "");
  const refused = refusal?.[1] ? 1 : refusal && /^[.,!]$/.test(tokens[1]?.text ?? "") ? 2 : 0;
  const adds = refused || (/^(?:also|and|oh|ps|btw|plus)$/.test(tokens[0]?.lower ?? "") ? 1 : 0);
  const lead = adds + (LASTING_OPENINGS.find((o) => o.every((w, i) => tokens[adds + i]?.lower === w))?.length ?? 0);
  // "when u compare cars for me pls always include ...": the request after "pls", on the condition before.
  const opensOnWhen = /^(?:when|whenever|if|anytime)$/.test(tokens[0]?.lower ?? "");
  const polite = opensOnWhen ? tokens.findIndex((t) => POLITE.has(t.lower)) : -1;
  let k = polite > 0 ? polite : lead + (tokens[lead]?.text === "," ? 1 : 0);
  if (POLITE.has(tokens[k]?.lower ?? "") && ASKING.has(tokens[k + 1]?.lower ?? "")) k++; // "please can you …"
  const asked = ASKING.has(tokens[k]?.lower ?? "") && /^(?:you|u)$/.test(tokens[k + 1]?.lower ?? "");
  if (asked) k += 2;
  while (POLITE.has(tokens[k]?.lower ?? "") || /^(?:just|only)$/.test(tokens[k]?.lower ?? "")) k++; // "and just show me ..."
  // A question is a request only as "can you ...", and any request opens with a bare verb.
  if ((why === "question" && !asked) || !startsRequest(tokens, k)) return null;
  const { speaker, other } = speakers;
  const negated = tokens[k]!.lower === "do" && tokens[k + 1]?.lower === "not";
  const from = negated ? k + 2 : k;
  // The request's verb as typed ("give", not "gives"); its words without "pls" or a reason after (", I never").
  const verb = tokens[from]!.lower === "never" || tokens[from]!.lower === "always" ? from + 1 : from;
  const said = resolvePronouns(tokens, speakers).tokens;
  // "always format code with syntax highlighting, the blocks above have no language tag": the reason goes.
  const reason = tokens.findIndex(
    (t, j) =>
      j > verb &&
      t.text === "," &&
      /^(?:DET|PRON)$/.test(tokens[j + 1]?.pos ?? "") &&
      !/^(?:i|no)$/.test(tokens[j + 1]!.lower), // ", no tables" is more of the request
  );
  const words = tokens
    .slice(from, reason > 0 ? reason : undefined)
    .map((t, i) => ({ ...t, text: from + i === verb ? t.lower : said[from + i]! }));
  const [request, ...told] = joinTokens(words)
    // "keep it shorter pls im on my phone": why, after the "pls".
    .replace(
      new RegExp(`,?\\s*\\b(?:pls|plz|please)\\s+(?=${escapeRegExp(speaker ?? "the user")} (?:is|has)\\b)`, "i"),
      ", as ",
    )
    .replace(/,?\s*\b(?:pls|plz)\b|\s+please(?=,)/gi, "")
    .replace(POLITE_END, "")
    .split(new RegExp(`,\\s+(?=${escapeRegExp(speaker ?? "the user")}\\b)`, "i"));
  const condition = polite > 0 ? ` ${joinedAs(tokens.slice(0, polite), said)}` : "";
  // "use TypeScript in all examples, and don't suggest Cypress Cloud": the second request after "not to".
  const what =
    request!.replace(/[\s,.!?]+$/, "").replace(/,? and do not (?=\p{L})/u, " and not to ") +
    condition.replace(/^ W/, " w").replace(/[\s,]+$/, "");
  // What the user tells of themselves after it stays as its own sentence ("..., I've been doing backend for
  // ~8 years"), and so does a reason of the user's own world ("..., my gp said no because of one of my meds").
  const ownWhy = reason > 0 && /^(?:my|our)$/.test(tokens[reason + 1]!.lower) ? tokens.slice(reason + 1) : [];
  const mine = joinedAs(ownWhy, said.slice(reason + 1)).replace(/[\s,.!?]+$/, "");
  const own =
    told.length && /\b(?:has|have|is|am|was)\s+(?:been\s+)?\p{L}+ing\b|\d/u.test(told.join(" "))
      ? `. ${told.join(", ")}`
      : mine && `. ${mine.charAt(0).toUpperCase()}${mine.slice(1)}`;
  return `${speaker} ${negated ? "does not want" : "wants"} ${other} to ${what.charAt(0).toLowerCase()}${what.slice(1)}${own.replace(/[\s,.!?]+$/, "")}`;
}

/**
 * What a statement tells as a whole, written anew, or null: a plan dropped ("scrap the quartz"), a
 * choice ("sqlite it is"), a standing instruction to an assistant ("Always format code with ...").
 * `written`: the statement as its speaker wrote it; `tokens` and `said`: with its subject restored,
 * and each token after pronoun resolution. `toAgent`: a user's message to an assistant, or a passage
 * given to remember (it speaks to the agent that reads it).
 */
export function toldAnew(
  written: Token[],
  tokens: Token[],
  said: string[],
  why: string,
  speakers: Speakers,
  toAgent: boolean,
): string | null {
  return (
    (toAgent ? signedName(joinTokens(written), speakers.speaker) : null) ??
    // "scratch the 10p thing": the tagger may read the verb as a noun; "drop duolingo." is short; "actually,
    // scrap 2-2-3." with its number reads as a fact.
    (/^(?:a request|too short)$/.test(why) || /^(?:\W*actually\W+)?(?:scratch|scrap)\b/i.test(joinTokens(tokens))
      ? droppedPlan(tokens, said, speakers.speaker)
      : null) ??
    chosenOption(joinTokens(written), speakers.speaker) ??
    changedValue(joinTokens(written), speakers.speaker) ??
    movedPlan(joinTokens(written), speakers.speaker) ??
    (toAgent ? standingInstruction(written, why, { ...speakers, other: speakers.other ?? "the assistant" }) : null) ??
    (toAgent ? unwantedInAnswers(joinTokens(written), speakers.speaker, joinedAs(tokens, said)) : null) ??
    (toAgent ? wantedPlease(joinedAs(tokens, said), speakers.speaker, /^(?:no verb|too short)$/.test(why)) : null) ??
    (toAgent ? (datedThing(tokens, speakers.speaker) ?? amountThing(joinTokens(written), speakers.speaker)) : null)
  );
}

/** A bare verb ("keep", "stop"), "do not" or "never" / "always" before one, at `k`. */
function startsRequest(tokens: Token[], k: number): boolean {
  const t = tokens[k];
  if (!t) return false;
  // "dont explain the basics" asks; "dont (really) need a car" tells a state of the user.
  if (t.lower === "do" && tokens[k + 1]?.lower === "not") return !STATES.has(stateAfter(tokens, k + 2)?.lemma ?? "");
  const v = t.lower === "never" || t.lower === "always" ? tokens[k + 1] : t;
  // "cant do caffeine after 2am": a modal with its subject left out tells, it does not ask.
  if (/^(?:can|could|would|should|will|shall|must|may|might)$/.test(v?.lower ?? "")) return false;
  // "use typescript for everything pls": the tagger may read an opening verb as a noun; the lexicon knows it.
  const verb =
    v?.pos === "NOUN" && k === 0 && lexicon().tagsOf(v.lower).includes("Infinitive") ? { ...v, pos: "VERB" } : v;
  // "so right arm from now on": a word the lexicon knows only as an adjective asks nothing.
  const tags = lexicon().tagsOf(verb?.lower ?? "");
  if (tags.length > 0 && tags.every((t) => t === "Adjective")) return false;
  return !!verb && (verb.pos === "VERB" || verb.pos === "AUX") && verb.lower === verb.lemma;
}

const PARTNER = /'s (?:husband|wife|partner|boyfriend|girlfriend|fiancée?)$/;
/** "chair of the PTA", "our team", "at work": a user speaking for a body of people, whose "we" it may be. */
const ORGANISED =
  /\b(?:chair|treasurer|secretary|member|captain|head|founder|co-?founder|ceo|cto|owner|manager|lead)\s+(?:of|at)\s+(?:the|our|my|a)\b|\bour\s+(?:team|company|club|committee|pta|church|charity|startup|band|school|office|firm|practice|shop)\b|\bthe\s+pta\b/i;

/** What earlier messages of an import said of each speaker's "we": whom it took in, and who speaks for a body of people. */
export interface Households {
  we: Map<string, string>;
  organised: Set<string>;
}

/**
 * Who "I" and "you" are in a message. A named speaker is "I", and in a two-person conversation the
 * other is "you". An unnamed `user` message is the user's (by name when known, else "the user"), and
 * its "you" is the assistant; an assistant's "I" is "the assistant" and its "you" the user.
 */
export function speakersOf(
  m: MessageInput,
  people: string[],
  user: string,
  withAssistant: boolean,
  earlier: Households = { we: new Map(), organised: new Set() },
): Speakers {
  if (m.role === "assistant") return { speaker: m.speaker ?? "the assistant", other: user };
  // "we" is the people this message names; a user's to an assistant, also those an earlier message
  // named (their household: "my boyfriend", later "we want a 30k deposit"). Between people "we" is as
  // often everyone ("we have come so far"), so only the message's own word counts there.
  const who = m.speaker ?? user;
  const own = companionsIn(m.content, who);
  // "my son arjun is in yr4 ... we'll do allergen cards": to an assistant, a child spoken of is no "we" unless with them.
  const said = own && (!withAssistant || !/'s (?:son|daughter)$/.test(own) || together(m.content)) ? own : null;
  const companions = said ?? (withAssistant ? (earlier.we.get(who) ?? null) : null);
  // A partner named ("my fiance is callum") is the user's later "we", unless the user speaks for a body
  // of people ("chair of the PTA": "we" is the PTA); anyone else only when said to be with the user.
  if (ORGANISED.test(m.content)) earlier.organised.add(who);
  const partner = PARTNER.test(said ?? "") && !earlier.organised.has(who);
  if (said && (partner || together(m.content))) earlier.we.set(who, said);
  if (m.speaker) {
    const other = people.length === 2 ? (people.find((p) => p !== m.speaker) ?? null) : null;
    return { speaker: m.speaker, other, companions };
  }
  return { speaker: user, other: withAssistant ? "the assistant" : null, companions };
}

/** Who "I" is in a passage: the scope's user; and "we", the user with the people the passage names. */
export function passageSpeakers(text: string, user: string): Speakers {
  return { speaker: user, other: null, companions: companionsIn(text, user) };
}
