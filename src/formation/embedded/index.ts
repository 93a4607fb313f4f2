// The embedded extractor (the default; no network): one fact per durable statement, standing alone.
// Pipeline per message: secrets redacted → contractions expanded → sentences and clauses
// (wink-nlp, compromise as a second opinion) → filler, announcers and vocatives stripped → an
// opening she/he resolved (coreference.ts) → a dropped subject restored (subjects.ts) → kept if
// worth remembering → first/second person to names → relative dates to absolute → statements
// about credentials dropped → category and entities.
import {
  DEFAULT_POLICY,
  type ExtractionPolicy,
  type Extractor,
  type Fact,
  type MessageInput,
  type MessagesInput,
  type PassageInput,
} from "../extractor.ts";
import { scrubStatement } from "../secrets.ts";
import { personInFocus, resolveOpeningPronoun, type Person } from "./coreference.ts";
import { resolveDates } from "./dates.ts";
import { createNlp, joinTokens, properNames, type Nlp } from "./nlp.ts";
import { expandContractions, resolvePronouns, type Speakers } from "./pronouns.ts";
import { categorise } from "./categories.ts";
import { splitStatements, worthRemembering } from "./statements.ts";
import { isPastTense, restoreSubject } from "./subjects.ts";

function finish(text: string): string {
  let t = text
    .trim()
    .replace(/\s+/g, " ")
    .replace(/\s+([,.!?;:])/g, "$1")
    .replace(/,(\s*,)+/g, ",");
  t = t.replace(/[!?.…]+$/, "").replace(/[,;:\s-]+$/, "");
  if (!t) return t;
  return `${t[0]!.toUpperCase()}${t.slice(1)}.`;
}

interface StatementContext {
  mode: "conversation" | "passage";
  speakers: Speakers;
  participants: ReadonlySet<string>;
  /** The time relative dates resolve against. */
  reference: string | null;
  /** The memory's time when the statement names none (the message's or request's occurred_at). */
  occurredAt: string | null;
  policy: ExtractionPolicy;
  /** An unnamed assistant's talk about itself is not a fact about anyone. */
  dropFirstPerson?: boolean;
}

const CALENDAR =
  /^(monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december)$/i;
const FIRST_PERSON = /^(i|me|my|mine|myself|we|us|our|ours|ourselves)$/;
/** Words that tie a sentence to the talk around it ("Yet, she still values ..."), dropped from a report. */
const DISCOURSE_OPENER = /^(?:(?:yet|so|and|but|also|plus|anyway|honestly|actually|turns out|well|still)\b,?\s+)+/i;

// A chat export's note of a shared image and its caption: "[shares a photo: a dog on a beach]".
const IMAGE_NOTE =
  /\[\s*(?:shares|shared|sends|sent|posts|posted)\s+(?:an?\s+)?(?:photo|image|picture|pic)\s*(?:of\s*)?:?\s*([^\]]{3,500})\]/giu;

/** The text without its image notes, and each note's caption as "a photo of ...". */
export function sharedImages(text: string): { text: string; images: string[] } {
  const images: string[] = [];
  const rest = text.replace(IMAGE_NOTE, (_, caption: string) => {
    const what = caption.trim().replace(/^(?:an?\s+)?(?:photo|photograph|photography|image|picture|pic)\s+of\s+/iu, "");
    if (what) images.push(`a photo of ${what}`);
    return " ";
  });
  return { text: rest, images };
}

function statements(nlp: Nlp, text: string, ctx: StatementContext): Array<Omit<Fact, "messageIndexes">> {
  const facts: Array<Omit<Fact, "messageIndexes">> = [];
  let focus: Person | null = null;
  // Secrets were redacted on acceptance (memories/writes.ts), before any split could cut one in two.
  const { text: clean, images } = sharedImages(text);
  for (const caption of images) {
    if (!ctx.speakers.speaker) continue;
    const content = finish(`${ctx.speakers.speaker} shared ${caption}`);
    const category = categorise(content);
    if (!ctx.policy.excludeCategories.includes(category))
      facts.push({ content, occurredAt: ctx.occurredAt, category, entities: [ctx.speakers.speaker] });
  }
  for (const raw of splitStatements(nlp, expandContractions(clean), ctx.participants)) {
    const coref = resolveOpeningPronoun(raw, focus);
    const tokens = ctx.mode === "conversation" && ctx.speakers.speaker ? restoreSubject(coref.tokens) : coref.tokens;
    const resolved = resolvePronouns(tokens, ctx.speakers);
    const seen = personInFocus(
      tokens,
      resolved.tokens,
      ctx.participants,
      resolved.aboutSpeaker ? ctx.speakers.speaker : null,
    );
    focus = seen && seen.text !== coref.person?.text ? seen : (coref.person ?? seen ?? focus);
    const worth = worthRemembering(tokens, ctx.mode, ctx.participants);
    if (!worth.keep) continue;
    if (ctx.dropFirstPerson && tokens.some((t) => FIRST_PERSON.test(t.lower))) continue;
    let joined = joinTokens(tokens.map((t, i) => ({ ...t, text: resolved.tokens[i]! })));
    if (worth.reported) {
      if (!ctx.speakers.speaker) continue; // nobody to attribute it to
      const said = joined.replace(DISCOURSE_OPENER, "");
      joined = `According to ${ctx.speakers.speaker}, ${tokens[0]!.pos === "PROPN" ? said : said.charAt(0).toLowerCase() + said.slice(1)}`;
    }
    const dated = resolveDates(joined, ctx.reference, isPastTense(tokens));
    const content = ctx.policy.redactSecrets ? scrubStatement(finish(dated.text)) : finish(dated.text);
    if (!content) continue; // a statement about a credential has no value without it
    const category = categorise(content);
    if (ctx.policy.excludeCategories.includes(category)) continue;
    const names = properNames(tokens)
      .filter((n) => !n.includes("'s ") && !CALENDAR.test(n))
      .map((n) => n.replace(/['’]s$/, ""));
    const entities = [
      ...new Set([
        ...names,
        ...(coref.person ? [coref.person.entity] : []),
        ...(ctx.speakers.speaker && resolved.aboutSpeaker ? [ctx.speakers.speaker] : []),
        ...(ctx.speakers.other && resolved.aboutOther ? [ctx.speakers.other] : []),
      ]),
    ];
    facts.push({ content, occurredAt: dated.eventAt ?? ctx.occurredAt, category, entities });
  }
  return facts;
}

/**
 * Who "I" and "you" are in a message. A named speaker is "I"; in a two-person conversation the
 * other is "you". An unnamed speaker's "I" stays as written; an unnamed assistant's talk about
 * itself is dropped, and its "you" is the one named participant, when there is one.
 */
function speakersOf(m: MessageInput, people: string[]): { speakers: Speakers; dropFirstPerson: boolean } {
  const named = m.speaker ?? null;
  if (named)
    return {
      speakers: { speaker: named, other: people.length === 2 ? (people.find((p) => p !== named) ?? null) : null },
      dropFirstPerson: false,
    };
  return {
    speakers: { speaker: null, other: m.role === "assistant" && people.length === 1 ? people[0]! : null },
    dropFirstPerson: m.role === "assistant",
  };
}

export function createEmbeddedExtractor(): Extractor {
  // wink's model takes ~50 ms to load: on the first formation, not at start-up.
  let loaded: Nlp | null = null;
  const nlpOf = () => (loaded ??= createNlp());
  return {
    name: "embedded",
    extract(input: PassageInput | MessagesInput, policy: ExtractionPolicy = DEFAULT_POLICY): Fact[] {
      if (input.kind === "passage") {
        return statements(nlpOf(), input.text, {
          mode: "passage",
          speakers: { speaker: null, other: null },
          participants: new Set(),
          reference: input.occurredAt ?? input.receivedAt ?? null,
          occurredAt: input.occurredAt,
          policy,
        }).map((f, sentence) => ({ ...f, messageIndexes: [], sentence }));
      }
      const people = [...new Set((input.participants ?? input.messages.map((m) => m.speaker ?? "")).filter(Boolean))];
      const participants = new Set(people.flatMap((p) => [p.toLowerCase(), ...p.toLowerCase().split(/\s+/)]));
      // Common short forms of participants' names used as vocatives ("Mel" for Melanie).
      for (const p of people) if (p.length > 4) participants.add(p.toLowerCase().slice(0, 3));
      const facts: Fact[] = [];
      for (const m of input.messages) {
        if (m.role === "system" || m.role === "tool") continue;
        const { speakers, dropFirstPerson } = speakersOf(m, people);
        for (const f of statements(nlpOf(), m.content, {
          mode: "conversation",
          speakers,
          dropFirstPerson,
          participants,
          reference: m.occurredAt ?? input.receivedAt ?? null,
          occurredAt: m.occurredAt,
          policy,
        })) {
          facts.push({ ...f, messageIndexes: [m.index] });
        }
      }
      return facts;
    },
  };
}
