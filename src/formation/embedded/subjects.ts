// Chat drops the subject: "Lost my job yesterday", "Been busy volunteering", "Just started doing aerial
// yoga". In a conversation the missing subject is the speaker, so the clause gets its "I" back (and then its
// name, in pronouns.ts). Imperatives ("Check this out", "Come join us") have no subject either: they are
// requests, not facts. Decisions use the tagger's parts of speech and lemmas.
import { namesDayOrMonth } from "./dates.ts";
import { ownLife, SAME_IN_PAST } from "./own-life.ts";
import { lexicon } from "../../models/lexicon.ts";
import { inBrackets, type Token } from "./nlp.ts";
import { isVerb } from "./token.ts";
import { NOTED_ROLES, SUBORDINATORS } from "./closed-classes.ts";
import { afterTime } from "./time-lead.ts";

// Adverbs that may open a clause before its verb ("Just got back", "Still following").
const OPENING_ADVERBS = new Set(
  "just still never also finally recently really actually already only always lately even totally currently now sometimes usually often".split(
    " ",
  ),
);
export const MODALS = new Set(["can", "could", "will", "would", "shall", "should", "may", "might", "must", "cannot"]);
const SPEAKER_AS_OBJECT = new Set(["me", "myself"]);
const SPEAKER = new Set(["my", "mine", "our", "ours"]);
const LISTENER = new Set(["you", "your", "yours", "yourself", "ya", "y'all"]);

// Verbs whose base form ends in -ing (the tagger sometimes gives an -ing form itself as its lemma: "Doing/doing").
const ING_BASES = new Set(
  "bring sing swing string spring cling sting fling wring ring sling ding ping wing".split(" "),
);
const isGerund = (t: Token) => isVerb(t) && /ing$/.test(t.lower) && !ING_BASES.has(t.lower);
/** Third person singular present ("works", "goes"). */
export const isThirdPerson = (t: Token) => t.lower !== t.lemma && /s$/.test(t.lower) && !/ss$/.test(t.lower);
/** Past tense or participle ("lost", "started", "made"): inflected, neither -ing nor -s. */
export const PRESENT_AUX = new Set("am is are 's 're 'm has have do does can will shall may must".split(" "));
export const isPast = (t: Token) =>
  isVerb(t) && t.lower !== t.lemma && !/ing$/.test(t.lower) && !isThirdPerson(t) && !PRESENT_AUX.has(t.lower);
const isBareVerb = (t?: Token) => isVerb(t) && t!.lower === t!.lemma && t!.lemma !== "be"; // "do", "have"; not "be"
const isBase = (t: Token) => t.pos === "VERB" && t.lower === t.lemma && !MODALS.has(t.lower) && !isGerund(t);

/**
 * Whether the clause from `from` on has a finite verb (one that can take a subject). `afterGerund`: the
 * clause opens with a gerund, whose own verb is never a bare form after a noun.
 */
export function hasFiniteVerb(tokens: Token[], from = 0, afterGerund = false): boolean {
  for (let j = from; j < tokens.length; j++) {
    const t = tokens[j]!;
    const prev = tokens[j - 1];
    // "the studio's a tough job": 's is the verb
    if (t.lower === "'s" && ["DET", "ADJ", "ADV"].includes(tokens[j + 1]?.pos ?? "")) return true;
    if (!isVerb(t) || isGerund(t)) continue;
    if (prev?.lower === "to") continue; // an infinitive
    if (t.pos === "AUX") return true;
    if (
      j > 0 &&
      (isPast(t) ||
        isThirdPerson(t) ||
        prev?.pos === "PRON" ||
        prev?.pos === "PROPN" ||
        // A gerund's verb agrees with it ("Shipping the demo takes a day"): "aiming to ship the demo build
        // on the 18th" has a noun ("demo build") the tagger read as a noun and a verb; after a plural
        // ("existing ones stay at 450") the verb is the plural's.
        (prev?.pos === "NOUN" && (!afterGerund || prev.lower !== prev.lemma)))
    )
      return true;
  }
  return false;
}

function firstVerbIndex(tokens: Token[]): number {
  let i = 0;
  while (i < tokens.length - 1 && OPENING_ADVERBS.has(tokens[i]!.lower)) i++;
  return i;
}

/** The verb after "do not" and its adverbs ("dont really want"). */
export const stateAfter = (tokens: Token[], from: number): Token | undefined =>
  tokens.slice(from).find((x) => !/^(?:really|actually|even|just|ever|totally)$/.test(x.lower));
/** Verbs that tell a state of the speaker, not a request, after a subject-less "do not". */
export const STATES = new Set("need want have like know care mind eat drink own drive smoke".split(" "));
/** What a thing named by an -ing word is doing ("training moving to thursdays"). */
const THING_DOING = /^(?:moving|changing|starting|going|getting|switching|ending|finishing|shifting|happening|coming)$/;
/** What happens to a thing, said of it alone: "cover delivery delayed", "flight cancelled". */
const THING_DONE = /^(?:delayed|cancell?ed|postponed|confirmed|approved|rejected|sorted|fixed)$/;
export const synthetic = (text: string, pos: string, lemma = text.toLowerCase()): Token => ({
  text,
  lower: text.toLowerCase(),
  pos,
  lemma,
  space: " ",
});

/**
 * Puts the speaker back as the subject of a subject-less clause, as "I" (pronoun resolution then names them): "Lost my
 * job" → "I lost my job"; "Been busy" → "I have been busy"; "Researching agencies" → "I am researching agencies";
 * "Going to start a studio" → "I am going to start a studio"; "Thrilled to announce" → "I am thrilled to announce".
 * A clause whose object is the speaker ("Really made me think") had another subject: left.
 */
export function restoreSubject(tokens: Token[]): Token[] {
  const timed = afterTime(tokens, restoreSubject); // "yesterday went to the gp": the subject after the time
  if (timed) return timed;
  // "training moving to thursdays", "party starting at 8": a thing doing something, not the speaker.
  const [thing, doing] = tokens;
  if (thing && (thing.pos === "NOUN" || isGerund(thing)) && THING_DOING.test(doing?.lower ?? ""))
    return [thing, synthetic("is", "AUX", "be"), ...tokens.slice(1)];
  // "cover delivery delayed", "flight cancelled": a thing something happened to, not the speaker.
  const done = tokens.findIndex((t, j) => t.pos !== "NOUN" && !(j === 0 && t.pos === "VERB" && t.lower === t.lemma));
  const doer = done > 0 && new RegExp(`^(?:${NOTED_ROLES})$`).test(tokens[done - 1]!.lower); // "vet confirmed": the vet did
  if (
    done > 0 &&
    !doer &&
    THING_DONE.test(tokens[done]!.lower) &&
    tokens.slice(done + 1).every((t) => t.pos === "PUNCT")
  ) {
    const thing = tokens.slice(0, done).map((t) => ({ ...t, pos: "NOUN" }));
    return [...thing, synthetic("is", "AUX", "be"), ...tokens.slice(done)];
  }
  // "was gonna do overnight oats", "was thinking of a catio": the speaker's own plan, told as it was.
  if (tokens[0]?.lower === "was" && /^(?:going|thinking|planning|hoping|meaning|trying)$/.test(tokens[1]?.lower ?? ""))
    return [synthetic("I", "PRON", "i"), { ...tokens[0], space: " ", text: "was" }, ...tokens.slice(1)];
  const i = firstVerbIndex(tokens);
  if (i === 0 && SUBORDINATORS.has(tokens[0]!.lower)) return tokens; // "given the cost, we went with laminate"
  // "not doing cry it out", "nah not negotiating": the speaker's refusal ("not happening" refuses what was said).
  if (
    tokens[i]?.lower === "not" &&
    tokens[i + 1] !== undefined &&
    isGerund(tokens[i + 1]!) &&
    !tokens.some((t) => SPEAKER_AS_OBJECT.has(t.lower) || t.lemma === "happen")
  )
    return [
      synthetic("I", "PRON", "i"),
      synthetic("am", "AUX", "be"),
      { ...tokens[i]!, space: " " },
      ...tokens.slice(i + 1),
    ];
  const read = tokens[i];
  // "planning a trip to munich": the tagger may read an opening -ing word before an article as a noun.
  // "separated from tom in january": an opening participle read as an adjective, before a preposition, told.
  const told = i === 0 && read?.pos === "ADJ" && /[^e]ed$/.test(read.lower) && tokens[1]?.pos === "ADP";
  const v =
    read?.pos === "NOUN" && /ing$/.test(read.lower) && tokens[i + 1]?.pos === "DET"
      ? { ...read, pos: "VERB" }
      : told
        ? { ...read, pos: "VERB", lemma: read.lower.slice(0, -2) }
        : read;
  // "cant do the teacher meeting": a modal opening the clause before a verb (not "could be") is the speaker's.
  const modal = i === 0 && MODALS.has(v?.lower ?? "") && isBareVerb(tokens[tokens[1]?.lower === "not" ? 2 : 1]);
  if (!v || !isVerb(v) || (MODALS.has(v.lower) && !modal)) return tokens;
  // "dont really want it hanging over me": a state of the speaker's, "me" and all.
  const stateDenied =
    v.lower === "do" && tokens[i + 1]?.lower === "not" && STATES.has(stateAfter(tokens, i + 2)?.lemma ?? "");
  // "want to intro myself": the speaker's wish ("want to show me ..." asks the listener).
  const wants = v.lower === "want" && tokens[i + 1]?.lower === "to" && !tokens.some((t) => t.lower === "me");
  // (In the verb's own clause: "changed my mind on the artic, …, lorraine wont want me on trunking" is the speaker's.)
  const end = tokens.findIndex((t, j) => j > i && (t.text === "," || t.text === ";"));
  const clause = end < 0 || isGerund(v) ? tokens : tokens.slice(0, end); // ("Dancing … gets me pumped": a gerund subject)
  if (!stateDenied && !wants && clause.some((t) => SPEAKER_AS_OBJECT.has(t.lower))) return tokens;
  // "Wishing you many happy years": about the listener, not a fact about the speaker.
  if (LISTENER.has(tokens[i + 1]?.lower ?? "") && !tokens.some((t) => SPEAKER.has(t.lower))) return tokens;
  const next = tokens[i + 1];
  if (next?.text === ":") return tokens; // "hosting: fly.io for now": a label, nobody doing it
  let insert: Token[] | null = null;
  if (v.lower === "been") {
    // "Been a few days since ..." is "It has been": no subject to restore.
    if (next && (next.pos === "DET" || next.pos === "NUM")) return tokens;
    insert = [synthetic("I", "PRON", "i"), synthetic("have", "AUX", "have")];
  } else if (
    v.lower === "going" &&
    next?.lower === "to" &&
    tokens[i + 2]?.lower === "be" &&
    ["ADJ", "ADV", "DET"].includes(tokens[i + 3]?.pos ?? "")
  ) {
    return tokens; // "Gonna be awesome!", "Going to be a great night": it is, not I am
  } else if (isGerund(v)) {
    // "Starting a store is scary": the gerund is the subject of a later verb before a comma ("Trying to get
    // a petition going, it is fun", "switching to onesignal, firebase was a pain" go on with a clause of their own).
    // A comma inside brackets ends nothing: "Existing students (Ellie, Josh, Priya) would stay at £40".
    const end = tokens.findIndex((t, j) => j > i && t.text === "," && !inBrackets(tokens, j));
    // "Speaking of the neighbourhood, ...": a turn of the talk, nobody doing it.
    const turn = `${v.lower} ${next?.lower} ${tokens[i + 2]?.lower}`;
    if (/^(?:(?:speaking|talking) (?:of|about)|(?:going|coming) back to)\b/.test(turn)) return tokens;
    if (/^(?:i|we)$/.test(tokens[end + 1]?.lower ?? "")) return tokens; // "Growing up, I saw ...": the speaker's already
    if (hasFiniteVerb(end < 0 ? tokens : tokens.slice(0, end), i + 1, true)) return tokens;
    // "living room, kitchen diner", "airing cupboard on the landing": a thing named, nobody doing it.
    if (i === 0 && COMPOUND_HEAD.test(next?.lower ?? "")) return tokens;
    insert = [synthetic("I", "PRON", "i"), synthetic("am", "AUX", "be")];
  } else if (v.lower === "used" && next?.lower === "to" && isBareVerb(tokens[i + 2])) {
    // "used to take ~90 min now its 4h+": what a thing took, nobody's; "used to swim every week": the speaker's.
    if (/^(?:take|cost|last|run|be)$/.test(tokens[i + 2]!.lower)) return tokens;
    insert = [synthetic("I", "PRON", "i")];
  } else if (isPast(v)) {
    if (/^(?:left|right)$/.test(v.lower) && tokens.every((t, j) => j === i || t.pos === "PUNCT")) return tokens; // "left." names a side
    if (/^(?:closed|shut)$/.test(v.lower) && namesDayOrMonth(tokens[i + 1]?.lower ?? "")) return tokens; // "Closed Sunday.": hours
    // "written by someone who left last year" (under pasted code): done to a thing, by someone else.
    if (i === 0 && next?.lower === "by" && /(?:en|wn)$/.test(v.lower)) return tokens; // not "impressed by"
    // "Thrilled to announce", "Stoked about the trip": a participle the lexicon knows as an adjective, before a preposition.
    const adjective =
      lexicon().isAdjective(v.lower) && (!next || next.pos === "ADP" || next.pos === "PART" || next.pos === "PUNCT");
    // "diagnosed type 2 in march", "born in Leeds": done to the speaker.
    const passive = PASSIVE_OF_PERSON.test(v.lower) && i === 0;
    insert = adjective
      ? [synthetic("I", "PRON", "i"), synthetic("am", "AUX", "be")]
      : passive
        ? [synthetic("I", "PRON", "i"), synthetic("was", "AUX", "be")]
        : PARTICIPLE_ONLY.test(v.lower) // "done 6 this year": "have done"
          ? [synthetic("I", "PRON", "i"), synthetic("have", "AUX", "have")]
          : [synthetic("I", "PRON", "i")];
  } else if (
    (/^(have|want|need)$/.test(v.lower) && next?.lower === "to") ||
    // "have 2 dogs", "have a 3 yr old" (not "have a look")
    (v.lower === "have" &&
      (next?.pos === "NUM" || (/^an?$/.test(next?.lower ?? "") && tokens[i + 2]?.pos === "NUM"))) ||
    (/^(want|need|love|hate|prefer)$/.test(v.lower) &&
      (/^(DET|ADJ|NOUN|NUM)$/.test(next?.pos ?? "") || /^(?:help|it|them|\w+ing)$/.test(next?.lower ?? "")))
  ) {
    insert = [synthetic("I", "PRON", "i")]; // "want a gin bar for her", "need help planning the party", "want it on the water 25 july"
  } else if (SAME_IN_PAST.has(v.lower) && tokens.slice(i + 1).some((t, j) => pastCue(t, tokens[i + 2 + j]))) {
    insert = [synthetic("I", "PRON", "i")]; // "quit drinking last month", "cut sugar 2 weeks ago": told, not asked
  } else if (stateDenied || modal || ownLife(tokens, i)) {
    // "dont need a car in berlin" ("Don't explain ..." stays a request); "start jan 4", "leave on friday": own
    // plans; "live aboard a narrowboat": the speaker's life.
    insert = [synthetic("I", "PRON", "i")];
  } else if (i === 0 && isThirdPerson(v) && THING_DOES.test(v.lemma)) {
    insert = [synthetic("It", "PRON", "it")]; // "checked his passport. expires october": it, the thing just named
  }
  if (!insert) return tokens;
  const head = {
    ...(i === 0 ? v : tokens[0]!),
    space: " ",
    text: tokens[0]!.pos === "PROPN" ? tokens[0]!.text : tokens[0]!.lower,
  };
  return [{ ...insert[0]!, space: "" }, ...insert.slice(1), head, ...tokens.slice(1)];
}

/** What a thing does, said with its subject left out: "expires october", "sleeps 6", "costs 40 quid". */
const THING_DOES =
  /^(?:expire|run|start|end|finish|close|open|cost|last|renew|sleep|seat|hold|fit|leave|arrive|depart)$/;
/** "yesterday", "ago", "last" before a noun ("last month"). */
const pastCue = (t: Token, after?: Token) =>
  /^(?:yesterday|ago|last)$/.test(t.lower) && (t.lower !== "last" || /^(?:NOUN|PROPN)$/.test(after?.pos ?? ""));
/** Participles that are no simple past ("done 6 this year" is "have done"). */
const PARTICIPLE_ONLY =
  /^(?:done|gone|seen|taken|given|eaten|written|driven|ridden|flown|grown|shown|broken|spoken|chosen|forgotten|begun)$/;
/** Participles told of what was done to a person, opening a clause with no subject ("diagnosed type 2 in march", "quoted 14,200 for 43 ppl"). */
const PASSIVE_OF_PERSON =
  /^(?:diagnosed|born|quoted|hired|fired|sacked|promoted|prescribed|referred|discharged|furloughed)$/;

/** A request or an encouragement: the clause opens with a bare verb and has no subject ("Check this out", "Believe in yourself"). */
export function isImperative(tokens: Token[]): boolean {
  const i = firstVerbIndex(tokens);
  const v = tokens[i];
  if (!v || !isBase(v)) return false;
  // "Import records says ...": a later verb in the third person has the opening words as its subject;
  // "budget can go up to 220", "budget cannot go over 200": so does a modal right after the opening word.
  if (tokens.slice(i + 1).some((t) => isVerb(t) && (isThirdPerson(t) || t.lower === "is" || t.lower === "was")))
    return false;
  if (MODALS.has(tokens[i + 1]?.lower ?? "")) return false;
  return i === 0 || OPENING_ADVERBS.has(tokens[0]!.lower);
}

/** Nouns an "-ing" word before them names a kind of ("living room", "airing cupboard", "booking software"). */
const COMPOUND_HEAD =
  /^(?:room|rooms|cupboard|machine|pool|space|rota|software|list|area|table|bag|shoes|kit|permit|licence|license|app|session|sessions|club|gear|lessons)$/;

/** A subject named, then taken up by a pronoun: "Jonas, he is ...", "My sister Ana, she works ...". */
export const DISLOCATED = /^([^,]+),\s+(?:he|she|they)\s+/;
const NOUN_PHRASE = new Set(["PROPN", "NOUN", "DET", "ADJ", "NUM"]);
/** "Jonas, he is ...": a comma after a noun phrase of a few words, then he/she/they and a verb. */
export function dislocated(tokens: Token[]): boolean {
  const comma = tokens.findIndex((t) => t.text === ",");
  const [pronoun, verb] = [tokens[comma + 1], tokens[comma + 2]];
  if (comma < 1 || comma > 5 || !/^(?:he|she|they)$/.test(pronoun?.lower ?? "")) return false;
  if (verb?.pos !== "VERB" && verb?.pos !== "AUX") return false;
  if (tokens[comma + 3]?.text === ",") return false; // "Tom, they say, is great": a parenthesis
  return tokens
    .slice(0, comma)
    .every((t) => NOUN_PHRASE.has(t.pos) || (t.pos === "PRON" && /^(?:my|our|your|his|her)$/.test(t.lower)));
}
