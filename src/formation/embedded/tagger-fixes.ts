// Corrections to the lite model's reading of chat English: words joined by a hyphen are one word, a
// verb read as a plural noun after its subject ("Marta lives in Porto"), the head of a compound noun
// read as a verb ("a tension block"), a side of the body ("left big toe"), a topic before a comma ("raffle,
// the shops donate prizes"), what one drinks ("drink lager maybe 10 pints"), and a verb compromise finds
// where the model found none.
import { lexicon } from "../../models/lexicon.ts";
import { isVerb, type Token } from "./token.ts";
import { HABIT_VERBS, HOW_MUCH } from "./closed-classes.ts";

/**
 * "take-home", "follow-up", "sign-on": words joined by a hyphen without spaces are one word, a noun
 * unless its last part is an adjective or a participle ("well-known"); wink read "take" as a verb opening a request.
 */
export function joinedCompounds(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    // A name written in snake case ("evicted_keys", "task_acks_late") is one thing, never a verb.
    let end = i;
    while (tokens[end + 1]?.text === "_" && tokens[end + 1]!.space === "" && tokens[end + 2]?.space === "") end += 2;
    if (end > i && tokens.slice(i, end + 1).every((x, k) => k % 2 === 1 || /^[\p{L}\p{N}]+$/u.test(x.text))) {
      const text = tokens
        .slice(i, end + 1)
        .map((x) => x.text)
        .join("");
      out.push({ text, lower: text.toLowerCase(), pos: "NOUN", lemma: text.toLowerCase(), space: tokens[i]!.space });
      i = end;
      continue;
    }
    const [t, dash, next] = [tokens[i]!, tokens[i + 1], tokens[i + 2]];
    const joins = dash?.text === "-" && dash.space === "" && next?.space === "" && /^\p{L}+$/u.test(t.text);
    if (!joins || !/^\p{L}+$/u.test(next!.text)) {
      out.push(t);
      continue;
    }
    const text = `${t.text}-${next!.text}`;
    // After a subject it is the verb ("I color-code my goals").
    const verb = t.pos === "VERB" && /^(?:i|you|we|they|he|she|it|to)$/.test(out.at(-1)?.lower ?? "");
    const adjective = next!.pos === "ADJ" || (next!.pos === "VERB" && next!.lower !== next!.lemma);
    const pos = verb ? "VERB" : adjective ? "ADJ" : "NOUN";
    out.push({ text, lower: text.toLowerCase(), pos, lemma: text.toLowerCase(), space: t.space });
    i += 2;
  }
  return out;
}

const SIDE_OF =
  /^(?:side|arm|leg|hand|foot|knee|hip|eye|ear|shoulder|wrist|ankle|elbow|lung|breast|kidney|lane|turn|ring|index|pinky|thumb|toe|finger|calf|thigh|heel|shin|hamstring|quad)s?$/;
/** The word a side is of: "knee" in "left knee", "toe" in "left big toe". */
const sideAfter = (tokens: Token[], k: number) =>
  tokens[/^(?:big|little|upper|lower|inner|outer|front|back)$/.test(tokens[k]?.lower ?? "") ? k + 1 : k]?.lower ?? "";
const isVerbLike = (t: Token) => isVerb(t) || t.pos === "PART";

/**
 * The lite tagger reads some verbs after a subject as plural nouns ("Marta lives in Porto" →
 * lives/NOUN/life). A "noun" ending in -s right after a name or pronoun and before a preposition,
 * determiner, pronoun or adverb is that verb.
 */
export function fixVerbs(tokens: Token[]): Token[] {
  // "end of may", "by may", "in may 2027": the month after a preposition, not the modal.
  for (let i = 1; i < tokens.length; i++)
    if (tokens[i]!.lower === "may" && tokens[i]!.pos === "AUX" && tokens[i - 1]!.pos === "ADP")
      tokens[i] = { ...tokens[i]!, pos: "PROPN", lemma: "may" };
  // "lay it out over 2 weeks": "lay" with an object is its own base form, not the past of "lie".
  for (let i = 0; i < tokens.length - 1; i++)
    if (tokens[i]!.lower === "lay" && /^(?:it|them|this|that|the|out|everything|all)$/.test(tokens[i + 1]!.lower))
      tokens[i] = { ...tokens[i]!, lemma: "lay" };
  // "left side weakness", "left knee": a side of the body, not the past of "leave".
  for (let i = 0; i < tokens.length - 1; i++)
    if (/^(?:left|right)$/.test(tokens[i]!.lower) && SIDE_OF.test(sideAfter(tokens, i + 1)))
      tokens[i] = { ...tokens[i]!, pos: "ADJ", lemma: tokens[i]!.lower };
  // "a tension block", "my phone case, no charger": a base form after a determiner and a singular noun,
  // ending the phrase, is the head of a compound noun (a verb there would agree: "my son plays").
  for (let i = 1; i < tokens.length; i++) {
    const [det, noun, t, next] = [tokens[i - 2], tokens[i - 1]!, tokens[i]!, tokens[i + 1]];
    if (
      t.pos === "VERB" &&
      t.lower === t.lemma &&
      noun.pos === "NOUN" &&
      noun.lower === noun.lemma &&
      !/[^s]s$/.test(noun.lower) && // "lates finish 8:30pm": a plural's verb
      (!det || (det.pos === "DET" && (i < 3 || !isVerbLike(tokens[i - 3]!)))) &&
      (!next || ["PUNCT", "CCONJ", "ADP", "SYM"].includes(next.pos))
    )
      tokens[i] = { ...t, pos: "NOUN" };
  }
  // "drink lager maybe 10 pints a wk": a sentence opening with what one eats or drinks, and how much, is the verb.
  const [opening, after] = tokens;
  if (
    opening?.pos === "NOUN" &&
    HABIT_VERBS.test(opening.lower) &&
    /^(?:NOUN|DET|ADJ|ADV)$/.test(after?.pos ?? "") &&
    tokens.some((t) => t.pos === "NUM" || HOW_MUCH.test(t.lower)) &&
    !tokens.some((t) => t.pos === "VERB" || t.pos === "AUX") // not "smoke alarm keeps beeping"
  )
    tokens[0] = { ...opening, pos: "VERB" };
  // "and yes raffle, the shops usually donate prizes": a word alone before a comma opening the sentence,
  // with a clause of its own after it, names the topic (not "look, the shop is shut").
  const lead = tokens.findIndex((t) => t.pos !== "CCONJ" && t.pos !== "INTJ");
  const [topic, comma] = [tokens[lead], tokens[lead + 1]];
  if (
    topic?.pos === "VERB" &&
    topic.lower === topic.lemma &&
    comma?.text === "," &&
    !/^(?:look|listen|wait|see|say|mind|hold|hang|trust|believe|like|guess)$/.test(topic.lower) &&
    lexicon()
      .tagsOf(topic.lower)
      .every((tag) => /Noun|Singular/.test(tag)) &&
    tokens.slice(lead + 2).some((t) => t.pos === "VERB" || t.pos === "AUX")
  )
    tokens[lead] = { ...topic, pos: "NOUN" };
  for (let i = 1; i < tokens.length - 1; i++) {
    const [prev, t, next] = [tokens[i - 1]!, tokens[i]!, tokens[i + 1]!];
    if (
      t.pos === "NOUN" &&
      /[a-z]s$/.test(t.lower) &&
      (prev.pos === "PROPN" || prev.pos === "PRON") &&
      ["ADP", "DET", "PRON", "ADV", "PART"].includes(next.pos)
    ) {
      tokens[i] = {
        ...t,
        pos: "VERB",
        lemma: t.lower
          .replace(/ies$/, "y")
          .replace(/(ch|sh|x|ss|o)es$/, "$1")
          .replace(/s$/, ""),
      };
    }
  }
  return tokens;
}

/**
 * A sentence of three words or more in which the lite model found no verb ("The 2 younger kids
 * love nature": love/NOUN) is tagged again by compromise; a noun it reads as a verb becomes one.
 */
export function findMissingVerb(tokens: Token[], text: string): Token[] {
  if (tokens.length < 4 || text.trimEnd().endsWith("?") || tokens.some((t) => t.pos === "VERB" || t.pos === "AUX"))
    return tokens;
  const lex = lexicon();
  if (!tokens.some((t, i) => i > 0 && t.pos === "NOUN" && lex.mayBeVerb(t.lower))) return tokens;
  const verbs = new Set(lex.verbsIn(text));
  if (verbs.size === 0) return tokens;
  return tokens.map((t, i) =>
    i > 0 && t.pos === "NOUN" && verbs.has(t.lower) ? { ...t, pos: "VERB", lemma: t.lemma } : t,
  );
}
