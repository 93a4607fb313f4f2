// Facts stand alone: first person becomes the speaker's name ("I adopted a dog" from Caroline →
// "Caroline adopted a dog"), and in a two-person conversation "you" becomes the other speaker.
// Works on tagged tokens, and keeps verbs in agreement ("I am" → "Caroline is", "I love" → "Caroline loves").
import { withOwnPeople } from "./companions.ts";
import { calledKin } from "./kin.ts";
import type { Token } from "./nlp.ts";
import { writtenOut } from "./shorthand.ts";

const CONTRACTIONS: Array<[RegExp, string]> = [
  // Chat spelling without apostrophes or capitals: "im", "ive", "dont", "i".
  [/\b[Ii]m\b/g, "I am"],
  // "Me and Jamal split the rent", "me and my mate jess are doing ..."
  [
    /(^|[.!?]\s+)[Mm]e and ((?:my \w+(?: (?!(?:are|were|is|was|have|had|will|did|do|can|went|got)\b)[A-Za-z]+)?)|[A-Za-z]+)\b/g,
    "$1$2 and I",
  ],
  [/\b([Ww]e|[Tt]hey|[Yy]ou)ve\b/g, "$1 have"], // "weve got 620 so far"
  [/\bsh(?:u|ou)ld\b|\bshud\b/gi, "should"],
  [/\b[Ii]ve\b/g, "I have"],
  [/\bi\b/g, "I"],
  [/(?<![\w'’-])u(?![\w'’-])/g, "you"], // "can u help me", "thank u"
  [/\b(do|does|did|is|are|was|were|have|has|had|would|should|could)nt\b/gi, "$1 not"],
  [/\bcant\b/gi, "cannot"],
  [/\bwont\b/gi, "will not"],
  [/\b([Yy]ou|[Tt]hey)re\b/g, "$1 are"],
  [/\b([Yy]ou|[Tt]hey)ll\b/g, "$1 will"],
  [/\b([Ww])ifes\b/g, "$1ife's"], // "my wifes 40th": the plural is "wives"
  [/\b(my|our|her|his|their|your) names (?=[a-z])/gi, "$1 name is "], // "her names emma"
  // "shes", "hes", "thats", "whats", "theres": no word of their own, so their 's (is or has, below).
  [/\b([Ss]he|[Hh]e|[Tt]hat|[Ww]hat|[Tt]here)s\b/g, "$1's"],
  // "its on sept 13", "its only 2 years old": "its" before a word no possessive takes is "it is".
  [
    /\b([Ii])ts (?=(?:a|an|the|on|in|at|not|so|such|very|really|only|just|been|going|getting|like|about|my|your|our|his|her|their|too|all|still|always|never|already|also|pretty|super|fine|ok|okay|over|done|due|quite|definitely|totally|hard|easy|because|for|from|with|by|around|roughly|maybe|almost|nearly|mostly|probably|actually|literally|honestly|north|south|east|west|(?:[Mm]on|[Tt]ues|[Ww]ednes|[Tt]hurs|[Ff]ri|[Ss]atur|[Ss]un)days?)\b|\d)/g,
    "$1t's ",
  ],
  // "id put 40ish on the light": "id" before a verb, opening a clause, is "I'd".
  [
    /(^|[.!?,;:]\s*|\b(?:so|and|then|but|ok|okay|maybe|probably|think|guess|honestly|tbh|yeah|nah|no|oh)\s+)id (?=(?:put|say|rather|like|love|prefer|go|need|want|have|be|pay|spend|take|get|try|use|keep|stick|probably|definitely|never|also|still|just|really|only)\b)/gi,
    "$1I'd ",
  ],
  [/\b([Ii])['’]m\b/g, "$1 am"],
  [/\b([Ii])['’]ve\b/g, "$1 have"],
  [/\b([Ii])['’]ll\b/g, "$1 will"],
  [/\b([Ii])['’]d\b/g, "$1 would"],
  [/\b([Ww]e|[Yy]ou|[Tt]hey)['’]re\b/g, "$1 are"],
  [/\b([Ww]e|[Yy]ou|[Tt]hey)['’]ve\b/g, "$1 have"],
  [/\b([Ww]e|[Yy]ou|[Tt]hey)['’]ll\b/g, "$1 will"],
  [/\b([Ww]e|[Yy]ou|[Tt]hey)['’]d\b/g, "$1 would"],
  // "it's been", "she's got": the 's of has, not of is.
  [
    /\b([Ii]t|[Tt]hat|[Ss]he|[Hh]e|[Tt]here|[Ww]hat)['’]s ((?:never |just |already |always |really |finally )?(?:been|got|gotten|had|gone|done|made|become|grown|come|taken|given|sent|told|asked|said|left|booked|finished|started|moved|decided|emailed|messaged|agreed|offered))\b/g,
    "$1 has $2",
  ],
  [/\b([Ii]t|[Tt]hat|[Ss]he|[Hh]e|[Tt]here|[Ww]hat)['’]s\b/g, "$1 is"],
  // "Pottery's so relaxing", "Painting's a fun way", "Life's too short": a noun's 's before a word that
  // never follows a possessive is "is" ("Jon's been" is "has").
  [/\b(?!(?:[Ll]et|[Hh]ere|[Tt]here)['’])(\p{L}+)['’]s (been|gotten|gone)\b/gu, "$1 has $2"],
  [
    /\b(?!(?:[Ll]et|[Hh]ere|[Tt]here)['’])(\p{L}+)['’]s (so|such|really|very|too|not|a|an|the|always|just|going|getting|doing|coming|looking|working|growing|also|still|super|definitely|totally|quite|now|finally)\b/gu,
    "$1 is $2",
  ],
  [/\b([Ii]t|[Tt]hat|[Ss]he|[Hh]e|[Tt]here)['’]ll\b/g, "$1 will"],
  [/\b([Ii]t|[Tt]hat|[Ss]he|[Hh]e|[Tt]here)['’]d\b/g, "$1 would"],
  [/\bcan['’]t\b/gi, "cannot"],
  [/\bwon['’]t\b/gi, "will not"],
  [/\b(do|does|did|is|are|was|were|have|has|had|would|should|could)n['’]t\b/gi, "$1 not"],
  [/\bdef (?=(?:my|a|an|the|not|going|want|need|will|gonna|worth)\b)/gi, "definitely "], // "def my weak spot"
  [/\bprob(?: (?=(?:around|about|like|going|gonna|will|not|just|the|a|\d)\b)|(?=[,.!?]|$))/gi, "probably "], // "prob around 15", "cash prob,"
  [/(^|[,;:.!?-]\s*|\b(?:so|and|but|now|then)\s+)were (?=\w+ing\b)/gi, "$1we are "], // ", were looking at a civic"
  [/\b(?:bc|b\/c) (?=(?:of|i|im|we|it|its|the|my|he|she|they|you|u|that|there)\b)/g, "because "], // not "16 bc"
  [/\bur (?=(?:right|welcome|so|too|not|going|gonna|the best|amazing)\b)/g, "you are "],
  [/\bur\b/g, "your"], // "in ur examples"
  [/\bgonna\b/gi, "going to"],
  [/(^|[.!?,;]\s*)sat (?=(?:i|we)\b)/gi, "$1Saturdays "], // "sat i can do later like 9": a day of a schedule
  [/\bwanna\b/gi, "want to"],
  [/\bgotta\b/gi, "have to"],
  [/(^|\s)(['’]cause|cuz|coz)\b/gi, "$1because"],
];

/** Expands shorthand (shorthand.ts) and contractions, so that the tagger sees "I am", not one odd token "I'm". */
export function expandContractions(text: string): string {
  let out = writtenOut(text);
  for (const [re, rep] of CONTRACTIONS) out = out.replace(re, rep);
  return out;
}

const MODALS = new Set(["can", "could", "will", "would", "shall", "should", "may", "might", "must", "cannot"]);
const ADVERBS_BETWEEN = new Set(
  "really also just never always still often usually sometimes totally actually finally recently already even truly definitely absolutely only mostly rarely seriously honestly not kinda sorta".split(
    " ",
  ),
);
const IRREGULAR_THIRD: Record<string, string> = {
  ought: "ought", // "I ought to mention" → "Derek ought to mention"
  am: "is",
  are: "is",
  have: "has",
  do: "does",
  go: "goes",
  "'m": "is",
};

/** Third person singular of a base-form verb: love → loves, watch → watches, study → studies. */
export function thirdPerson(verb: string): string {
  const lower = verb.toLowerCase();
  if (IRREGULAR_THIRD[lower]) return IRREGULAR_THIRD[lower]!;
  if (/(s|sh|ch|x|z|o)$/.test(lower)) return `${verb}es`;
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

export interface Speakers {
  speaker: string | null;
  /** The other participant, when the conversation has exactly two speakers. */
  other: string | null;
  /** Whom the speaker's "we" takes in ("Melanie's kids"), when the message says (companions.ts). */
  companions?: string | null;
}

// Verbs whose past tense is spelt as their base form: "I put it on" may be past, so leave them.
const SAME_PAST = new Set(
  "put set cut hit let read hurt quit shut spread cost bet beat cast burst split upset fit bid broadcast forecast thrust shed slit spit wed rid".split(
    " ",
  ),
);

function isBaseForm(t: Token): boolean {
  return (
    (t.pos === "VERB" || t.pos === "AUX") &&
    t.lower === t.lemma &&
    !MODALS.has(t.lower) &&
    !SAME_PAST.has(t.lower) &&
    !/[^e]ed$/.test(t.lower) // "texted", "emailed": a past the tagger left unknown ("need", "feed" are no past)
  );
}

/** Makes the verb that follows a new third-person singular subject agree with it. */
function agree(tokens: Token[], subjectIndex: number, out: string[]): void {
  // "can i patch it", "do i need a ...": after a modal or "do" the verb stays as it is.
  if (/^(?:can|could|will|would|should|shall|may|might|must|do|does|did)$/.test(tokens[subjectIndex - 1]?.lower ?? ""))
    return;
  for (let j = subjectIndex + 1; j < tokens.length; j++) {
    const t = tokens[j]!;
    if (ADVERBS_BETWEEN.has(t.lower) || t.pos === "NUM" || t.pos === "SYM") continue;
    if (t.lower === "am" || t.lower === "are") out[j] = "is";
    else if (t.lower === "were") out[j] = "was";
    else if (isBaseForm(t)) {
      out[j] = thirdPerson(t.text);
      agreeCoordinated(tokens, j, out);
    }
    return;
  }
}

/**
 * "lives in Oslo and teach music": a verb joined to the agreed one by and/or shares its subject and
 * agrees too, unless an infinitive ("wants to go and see") or a clause boundary comes between.
 */
function agreeCoordinated(tokens: Token[], verbIndex: number, out: string[]): void {
  for (let k = verbIndex + 1; k < tokens.length - 1; k++) {
    const t = tokens[k]!;
    if (t.lower === "to" || /^[.;:!?]$/.test(t.text)) return;
    const next = tokens[k + 1]!;
    if ((t.lower === "and" || t.lower === "or") && next.pos === "VERB" && isBaseForm(next))
      out[k + 1] = thirdPerson(next.text);
  }
}

/** Whether a verb before "you" makes it an object whose own verb is a bare infinitive ("let you know", "help you find"). */
function isGoverned(prev: Token | undefined, next: Token): boolean {
  return !!prev && prev.pos === "VERB" && next.pos === "VERB";
}

export interface Resolved {
  tokens: string[];
  /** Whether the statement was about the speaker (first person singular) or the other speaker. */
  aboutSpeaker: boolean;
  aboutOther: boolean;
}

// "we" names both speakers when the clause is about the two of them ("since we last spoke", "we both").
const ASSISTANT = /^the assistant$/i;
const MUTUAL = /\b(we|us) (both|two)\b|\bboth of us\b|\bwe last (spoke|talked|chatted|met|saw)\b|\bwe (first )?met\b/i;

export function resolvePronouns(tokens: Token[], who: Speakers): Resolved {
  const out = tokens.map((t) => t.text);
  // A user's "we" to an assistant is the user and their people, never the assistant ("both of us").
  const mutual =
    !!who.other &&
    !ASSISTANT.test(who.other) &&
    !ASSISTANT.test(who.speaker ?? "") &&
    MUTUAL.test(tokens.map((t) => t.lower).join(" "));
  let aboutSpeaker = false;
  let aboutOther = false;
  const s = who.speaker;
  const o = who.other;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    if (next && next.space === "" && /^[-–]$/.test(next.text)) continue; // "me-time" is a compound, not a pronoun
    if (t.text === "US") continue; // the country (shorthand.ts writes it so), not "us"
    if (s) {
      switch (t.lower) {
        case "i":
          out[i] = s;
          aboutSpeaker = true;
          // "my wife and I are" stays plural; "..., and I'm dreading it" is a clause of its own (so is
          // "... and I am losing my mind": "am" has no plural subject).
          if (
            tokens[i - 1]?.lower !== "and" ||
            next?.lower === "am" ||
            tokens.slice(0, i).some((x) => x.pos === "VERB" || x.pos === "AUX")
          )
            agree(tokens, i, out);
          continue;
        case "myself":
        case "ourselves":
          if (tokens.slice(0, i).some((x) => /^(?:i|we|me|us)$/.test(x.lower))) {
            // "I push myself", "letting me express myself": the object is the speaker again. "I have two dogs
            // myself", "we'll lay the floor ourselves" only stress the subject: the word goes.
            const before = tokens[i - 1]!;
            out[i] = before.pos === "VERB" || before.pos === "ADP" || /ing$/.test(before.lower) ? "themselves" : "";
            aboutSpeaker = true;
            continue;
          }
          out[i] = t.lower === "myself" ? s : `${s} and others`;
          aboutSpeaker = true;
          continue;
        case "me":
          out[i] = s;
          aboutSpeaker = true;
          continue;
        case "my":
        case "mine":
          out[i] = `${s}'s`;
          aboutSpeaker = true;
          continue;
        case "us":
        case "we": {
          // "for both of us", "5 of us", "between us": them, the speaker and whoever they spoke of.
          if (
            t.lower === "us" &&
            !mutual &&
            ((tokens[i - 1]?.lower === "of" &&
              /^(?:both|all|each|two|three|four|five|six|\d+)$/.test(tokens[i - 2]?.lower ?? "")) ||
              tokens[i - 1]?.lower === "between")
          ) {
            out[i] = "them";
            aboutSpeaker = true;
            continue;
          }
          // "we went camping with my fam": the speaker, with the people the clause names.
          const alone = t.lower === "we" && !mutual && withOwnPeople(tokens, i);
          out[i] = mutual ? `${s} and ${o}` : alone ? s : `${s} and ${who.companions ?? "others"}`;
          if (alone) agree(tokens, i, out);
          aboutSpeaker = true;
          aboutOther ||= mutual;
          continue;
        }
        case "our":
        case "ours":
          out[i] = mutual ? `${s} and ${o}'s` : `${s}'s`;
          aboutSpeaker = true;
          continue;
      }
      // "till dad can walk him": the speaker's dad, as a user (never the assistant) calls him.
      if (calledKin(tokens, i) && !ASSISTANT.test(s)) {
        out[i] = `${s}'s ${t.text.toLowerCase()}`;
        aboutSpeaker = true;
        continue;
      }
    }
    if (o) {
      switch (t.lower) {
        case "you":
          out[i] = o;
          aboutOther = true;
          // "you" as a subject takes a singular verb; as an object ("told you", "let you know") it takes none.
          if (
            next &&
            (next.pos === "VERB" || next.pos === "AUX" || ADVERBS_BETWEEN.has(next.lower)) &&
            !isGoverned(tokens[i - 1], next)
          )
            agree(tokens, i, out);
          continue;
        case "yourself":
          out[i] = o;
          aboutOther = true;
          continue;
        case "your":
        case "yours":
          out[i] = `${o}'s`;
          aboutOther = true;
          continue;
      }
    }
  }
  return { tokens: out, aboutSpeaker, aboutOther };
}
