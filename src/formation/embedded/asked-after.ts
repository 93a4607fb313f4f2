// A statement of its own before a question's comma: "my brother lives 10 min away, could i put
// something at his place?" tells of the brother and asks the rest.
import { joinTokens, type Nlp, type Token } from "./nlp.ts";
import { hasFiniteVerb } from "./subjects.ts";

/** Words that open a question ("..., could i put something at his place?", "..., anything there?"). */
const ASKS =
  /^(?:can|could|would|will|should|shall|is|are|am|do|does|did|what|how|where|when|which|who|why|any|anything|thoughts|ideas|tips)$/;

/**
 * "my brother lives 10 min away, could i put something at his place?", "we use celery with redis,
 * anything there?": a statement of its own before a question's comma is told, not asked. It is
 * tagged again on its own (inside the question the tagger read "lives" as a noun).
 */
export function askedAfter(nlp: Nlp, tokens: Token[]): Token[][] {
  const i = tokens.findIndex((t, j) => j >= 3 && t.text === "," && ASKS.test(tokens[j + 1]?.lower ?? ""));
  const asked = tokens.slice(i + 2).some((t) => t.text.includes("?"));
  // "what if it rains, should we move it?": a question already before the comma is one question.
  if (i < 0 || !asked || ASKS.test(tokens[0]!.lower) || tokens.slice(0, i).some((t) => t.text.includes("?")))
    return [tokens];
  const told = nlp.sentences(joinTokens(tokens.slice(0, i))).flatMap((x) => x.tokens);
  // "He'd been missing since, what, Wednesday?": a statement cut off before its end asks with the rest.
  const whole = hasFiniteVerb(told) && told.at(-1)?.pos !== "ADP" && tokens[i + 2]?.text !== ",";
  return whole ? [told, tokens.slice(i + 1)] : [tokens];
}
