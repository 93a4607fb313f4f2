// Facts stand alone: first person becomes the speaker's name ("I adopted a dog" from Caroline →
// "Caroline adopted a dog"), and in a two-person conversation "you" becomes the other speaker.
// Works on tagged tokens, and keeps verbs in agreement ("I am" → "Caroline is", "I love" → "Caroline loves").
import { withOwnPeople } from "./companions.ts";
import { calledKin } from "./kin.ts";
import { afterLabel } from "./clause-marks.ts";
import type { Token } from "./nlp.ts";
import { MODALS } from "./subjects.ts";

const ADVERBS_BETWEEN = new Set(
  "really also just never always still often usually sometimes totally actually finally recently already even truly definitely absolutely only mostly rarely seriously honestly not kinda sorta literally genuinely basically probably obviously barely hardly currently".split(
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
export const SAME_PAST = new Set(
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

const QUOTE = /^['"‘’“”]$/;
/** Whether token `i` stands between quote marks typed around words ("call him 'your ex'"; not "the kids' dad"). */
function quoted(tokens: Token[], i: number): boolean {
  const open = tokens.findLastIndex((t, j) => j < i && QUOTE.test(t.text));
  const close = tokens.findIndex((t, j) => j > i && QUOTE.test(t.text));
  return (
    open >= 0 &&
    close > 0 &&
    tokens[open + 1]!.space === "" &&
    tokens[close]!.space === "" &&
    (open === 0 || tokens[open]!.space !== "")
  );
}

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
    if (/^(?:you|your)$/.test(t.lower) && quoted(tokens, i)) continue; // "don't call him 'your ex'": the words as said
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
            tokens.slice(afterLabel(tokens), i).some((x) => x.pos === "VERB" || x.pos === "AUX")
          )
            agree(tokens, i, out);
          continue;
        case "myself":
        case "ourselves":
          if (tokens.slice(0, i).some((x) => /^(?:i|we|me|us)$/.test(x.lower))) {
            // "I push myself", "letting me express myself": the object is the speaker again. "I have two dogs
            // myself", "we'll lay the floor ourselves" only stress the subject: the word goes.
            const before = tokens[i - 1]!;
            // "want to intro myself": after "to", the word the tagger read as a noun is a verb.
            const verb = before.pos === "VERB" || before.pos === "ADP" || tokens[i - 2]?.lower === "to";
            out[i] = verb || /ing$/.test(before.lower) ? "themselves" : "";
            aboutSpeaker = true;
            continue;
          }
          // "dont suggest doing any of this ourselves": after no verb or preposition, it stresses who would do it.
          out[i] = !/^(?:VERB|ADP)$/.test(tokens[i - 1]?.pos ?? "VERB")
            ? "themselves"
            : t.lower === "myself"
              ? s
              : `${s} and others`;
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
