// The embedded extractor (the default; no network): one fact per durable statement, standing alone.
// Pipeline per message: expand contractions → sentences and clauses (wink-nlp) → strip filler and
// vocatives → keep what is worth remembering → first/second person to names → relative dates to
// absolute → secrets redacted or dropped → category and entities.
import { DEFAULT_POLICY, type ExtractionPolicy, type Extractor, type Fact, type MessagesInput, type PassageInput } from "../extractor.ts";
import { hasSecret, redactSecrets, REDACTED } from "../secrets.ts";
import { resolveDates } from "./dates.ts";
import { createNlp, joinTokens, properNames, type Nlp, type Token } from "./nlp.ts";
import { expandContractions, resolvePronouns, type Speakers } from "./pronouns.ts";
import { categorise, splitStatements, worthRemembering } from "./statements.ts";

const CREDENTIAL_WORDS = /\b(password|passphrase|passcode|pin|api key|token|secret|cvv|security code|card number)\b/i;

function finish(text: string): string {
  let t = text.trim().replace(/\s+/g, " ").replace(/\s+([,.!?;:])/g, "$1");
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
}

/**
 * Minimal coreference: a statement that opens with "She/He/They ..." or "Her/His/Their ..." right
 * after a statement whose subject was one named person refers to that person.
 */
function resolveOpeningPronoun(tokens: Token[], lastPerson: string | null): Token[] {
  if (!lastPerson || tokens.length < 2) return tokens;
  const first = tokens[0]!;
  const replace = (text: string) => [{ ...first, text, lower: text.toLowerCase(), pos: "PROPN" }, ...tokens.slice(1)];
  if (/^(she|he)$/.test(first.lower)) return replace(lastPerson);
  if (/^(her|his)$/.test(first.lower) && tokens[1]!.pos === "NOUN") return replace(`${lastPerson}'s`);
  return tokens;
}

function subjectName(tokens: Token[]): string | null {
  const names = properNames(tokens.slice(0, 3));
  return tokens[0]?.pos === "PROPN" && names.length === 1 && !names[0]!.includes(" ") ? names[0]! : null;
}

function statements(nlp: Nlp, text: string, ctx: StatementContext): Array<Omit<Fact, "messageIndexes">> {
  const facts: Array<Omit<Fact, "messageIndexes">> = [];
  let lastPerson: string | null = null;
  for (const raw of splitStatements(nlp, expandContractions(text), ctx.participants)) {
    const tokens = resolveOpeningPronoun(raw, lastPerson);
    lastPerson = subjectName(tokens) ?? (tokens === raw ? null : lastPerson);
    if (!worthRemembering(tokens, ctx.mode, ctx.participants).keep) continue;
    const resolved = resolvePronouns(tokens, ctx.speakers);
    const joined = joinTokens(tokens.map((t, i) => ({ ...t, text: resolved.tokens[i]! })));
    const dated = resolveDates(joined, ctx.reference);
    let content = finish(dated.text);
    if (ctx.policy.redactSecrets && hasSecret(content)) {
      // A statement about a credential has no value without it; anything else keeps its meaning.
      if (CREDENTIAL_WORDS.test(content)) continue;
      content = redactSecrets(content);
    }
    if (ctx.policy.redactSecrets && content.includes(REDACTED) && CREDENTIAL_WORDS.test(content)) continue;
    const category = categorise(content);
    if (ctx.policy.excludeCategories.includes(category)) continue;
    const entities = [...new Set([...properNames(tokens).map((n) => n.replace(/['’]s$/, "")), ...(ctx.speakers.speaker && resolved.aboutSpeaker ? [ctx.speakers.speaker] : []), ...(ctx.speakers.other && resolved.aboutOther ? [ctx.speakers.other] : [])])];
    facts.push({ content, occurredAt: dated.eventAt ?? ctx.occurredAt, category, entities });
  }
  return facts;
}

export function createEmbeddedExtractor(): Extractor {
  const nlp = createNlp();
  return {
    name: "embedded",
    extract(input: PassageInput | MessagesInput, policy: ExtractionPolicy = DEFAULT_POLICY): Fact[] {
      if (input.kind === "passage") {
        return statements(nlp, input.text, {
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
        const speaker = m.speaker ?? null;
        const other = speaker && people.length === 2 ? people.find((p) => p !== speaker) ?? null : null;
        for (const f of statements(nlp, m.content, { mode: "conversation", speakers: { speaker, other }, participants, reference: m.occurredAt ?? input.receivedAt ?? null, occurredAt: m.occurredAt, policy })) {
          facts.push({ ...f, messageIndexes: [m.index] });
        }
      }
      return facts;
    },
  };
}
