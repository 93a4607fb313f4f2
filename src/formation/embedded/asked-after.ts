// A statement of its own before a question's comma: "my brother lives 10 min away, could i put
// something at his place?" tells of the brother and asks the rest.
import { openingWord } from "./clause-marks.ts";
import { joinTokens, type Nlp, type Token } from "./nlp.ts";
import { hasFiniteVerb } from "./subjects.ts";
import { SUBORDINATORS } from "./closed-classes.ts";

/** Words that open a question ("..., could i put something at his place?", "..., anything there?"). */
const ASKS =
  /^(?:can|could|would|will|should|shall|is|are|am|do|does|did|what|how|where|when|which|who|why|any|anything|thoughts|ideas|tips)$/;

/** A question typed without its mark after the comma: "..., does that cover it", "..., what does that get me", "..., how hard". */
const ASKED_UNMARKED =
  /^(?:how\s+(?:hard|easy|difficult|tricky|long|expensive|bad|risky)\b(?:\s+(?:is|would|will|could)\b.*)?[\s.!]*$|(?:can|could|would|will|should|is|are|do|does|did)\s+(?:i|we|you|that|it|this|there|he|she|they)|(?:what|how|where|which|who|why)\s+(?:do|does|did|can|could|should|would|will|is|are)\s+(?:i|we|you|that|it|this|there|he|she|they))\b/i;

/** A question tag closing a statement, typed without a comma: "… last year does that matter", "… is that ok". */
const ASKED_TAG =
  /^(?:does|do|would|will|is|could)\s+(?:it|that|this)\s+(?:matter|count|change anything|affect anything|ok|okay|fine|normal|a problem|an issue)\s*[?.!]*$/i;
/** "so much", "so far", "so that": no clause of its own after "so". */
const SO_NOT_ASKING = /^(?:much|many|far|that|long|good|bad|ok|okay|sure|glad|happy|excited|sorry|i|we)$/;

/**
 * "my brother lives 10 min away, could i put something at his place?", "we use celery with redis,
 * anything there?": a statement of its own before a question's comma is told, not asked. It is
 * tagged again on its own (inside the question the tagger read "lives" as a noun).
 */
export function askedAfter(nlp: Nlp, tokens: Token[]): Token[][] {
  // "i wear glasses and had a bit of keyhole on my knee last year does that matter": told, then asked.
  const tag = tokens.findIndex((_, j) => j >= 3 && ASKED_TAG.test(joinTokens(tokens.slice(j))));
  if (tag > 0) {
    const told = nlp.sentences(joinTokens(tokens.slice(0, tag))).flatMap((x) => x.tokens);
    if (hasFiniteVerb(told) && !ASKS.test(openingWord(tokens))) return [told, tokens.slice(tag)];
  }
  const i = tokens.findIndex((t, j) => j >= 3 && t.text === "," && ASKS.test(tokens[j + 1]?.lower ?? ""));
  // "if i take the loan, can i pay it off early?": a condition asks with its question.
  const opening = openingWord(tokens);
  // "car pickup is sat 30th may so granny cable till then ok?": what is told before "so", and the question after it.
  const so = tokens.findIndex((t, j) => j >= 3 && t.lower === "so" && !SO_NOT_ASKING.test(tokens[j + 1]?.lower ?? ""));
  if (i < 0 && so > 0 && tokens.at(-1)?.text.includes("?") && !tokens.slice(0, so).some((t) => t.text.includes("?"))) {
    const told = nlp.sentences(joinTokens(tokens.slice(0, so))).flatMap((x) => x.tokens);
    if (hasFiniteVerb(told) && !ASKS.test(opening) && !SUBORDINATORS.has(opening)) return [told, tokens.slice(so + 1)];
  }
  const asked =
    tokens.slice(i + 2).some((t) => t.text.includes("?")) || ASKED_UNMARKED.test(joinTokens(tokens.slice(i + 1)));
  // "what if it rains, should we move it?": a question already before the comma is one question.
  if (
    i < 0 ||
    !asked ||
    ASKS.test(opening) ||
    SUBORDINATORS.has(opening) ||
    tokens.slice(0, i).some((t) => t.text.includes("?"))
  )
    return [tokens];
  const told = nlp.sentences(joinTokens(tokens.slice(0, i))).flatMap((x) => x.tokens);
  // "He'd been missing since, what, Wednesday?": a statement cut off before its end asks with the rest.
  // "want inseam pockets too, how hard": a statement with its subject left out tells too.
  const whole =
    (hasFiniteVerb(told) || told[0]?.pos === "VERB") && told.at(-1)?.pos !== "ADP" && tokens[i + 2]?.text !== ",";
  return whole ? [told, tokens.slice(i + 1)] : [tokens];
}

/**
 * A question typed without its mark: "is private actually better or is that a myth", "kind of overwhelmed, where do i start", "is that enough for the
 * move" (a wh-word or an opening auxiliary before its subject), "how bad are the midges", "whats the difference between lifetime
 * and accident only", "what about music", "... with mel when could i actually be ready"; after a word or two of discourse ("now how do i budget",
 * "also should i tell him", "last q - should jess walk her first" (a name and a verb after "should").
 */
const UNMARKED_QUESTION =
  /^(?:is|are)\s+(?:\p{L}+\s+){1,4}or\s+(?:is|are|not|no\b|\p{L}+\s*$)|^(?:is|are)\s+\p{L}+(?:\s+\p{L}+){0,4}\s+(?:ok|okay|fine|safe|bad|good|worth it|normal|enough)\b|^(?:(?:now|so|ok|okay|oh|and|but|also|then|yes|yeah|yep|pls|please|like|honestly|realistically|roughly|basically|seriously|genuinely|wait|hmm|(?:one more|another|quick|last) (?:q|question|thing)\s*[,:-]?)\s+){0,3}(?:what\s+(?:actually\s+|exactly\s+|even\s+|really\s+)?(?:counts|happens|works)\b(?!(?:\s+\p{L}+){0,3}\s+(?:is|are)\b)|(?:what|how|where|which|who)\s+(?:is|are|about|much|many|long|often|else|should|would|could|can|does|did|do)\b(?!\s+(?:i|we)\b)|how\s+\p{L}+\s+(?:is|are|will|would)\s+(?:the|it|that|this|they|those|these)\b|(?:is|are|do|does|did|can|could|should|would|will)\s+(?:i|we|you|that|it|this|there|he|she|they)\b|(?:do|does|did|can|could|should|would|will)\s+(?:the|my|our|his|her|their|a|an)\s)|\b(?:does|do|would|will)\s+(?:it|that)\s+matter\b|\b(?:when|where|why|how soon)\s+(?:could|can|will|would|should)\s+(?:i|we)\s+(?:\p{L}+\s+){0,2}\p{L}+\s*$|(?:^|,\s*|\s(?=but\s)|[- ]wise,?\s+)(?:(?:now|so|ok|okay|and|but|also|then)\s+){0,2}(?:where|what|how|when|why|which|who)(?:\s+[\p{L}]+){0,2}?\s+(?:do|does|did|should|can|could|would|will|shall|am)\s+(?:i|we|you)\b/iu;

/** "any superstition stuff i should know", "any tips for the first coat": asking, typed without its mark. */
const ANY_ASKED =
  /^(?:(?:so|ok|and|also|but|oh)\s+)?any\s+(?:(?:way|chance)\s+(?:to|of|we|i)\b|(?:\p{L}+\s+){0,4}(?:tips|ideas|suggestions|advice|recommendations|thoughts|pointers|gotchas)\b|.*\b(?:i|we)\s+(?:should|need to|must|ought to)\s+(?:know|consider|avoid|watch out for|be aware of)\b)/iu;

export function unmarkedQuestion(tokens: Token[]): boolean {
  const typed = joinTokens(tokens);
  if (UNMARKED_QUESTION.test(typed) || ANY_ASKED.test(typed)) return true;
  const k = tokens.findIndex(
    (t) => t.pos !== "PUNCT" && !/^(?:last|one|more|another|quick|q|question|so|ok|and|also|but)$/.test(t.lower),
  );
  const [aux, subject, verb] = [tokens[k], tokens[k + 1], tokens[k + 2]];
  // "should i book now", "can il2cpp be cached": a modal before its subject and verb.
  if (/^(?:should|shall)$/.test(aux?.lower ?? ""))
    return /^(?:NOUN|PROPN|PRON)$/.test(subject?.pos ?? "") && verb?.pos === "VERB";
  return (
    /^(?:can|could|will|would|does|do|did)$/.test(aux?.lower ?? "") &&
    /^(?:NOUN|PROPN)$/.test(subject?.pos ?? "") &&
    (verb?.pos === "VERB" || verb?.pos === "AUX") &&
    verb.lower === verb.lemma
  );
}
