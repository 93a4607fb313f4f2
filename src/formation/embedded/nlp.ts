// The NLP model (wink-nlp with its bundled English model): sentences, tokens, POS tags, lemmas and
// named entities. Loaded once per extractor (about 60 ms); everything here is synchronous and pure.
import winkNLP from "wink-nlp";
import model from "wink-eng-lite-web-model";
import { lexicon } from "../../models/lexicon.ts";
import { findMissingVerb, fixVerbs, joinedCompounds } from "./tagger-fixes.ts";
import type { Token } from "./token.ts";

export type { Token } from "./token.ts";

export interface Sentence {
  text: string;
  tokens: Token[];
  /** Proper names: runs of PROPN tokens ("John Smith", "Berlin"); the lite model has no person/place NER. */
  entities: string[];
}

export interface Nlp {
  sentences(text: string): Sentence[];
}

const INDEFINITE = /^(?:every|some|any|no)(?:thing|one|body)$/i;

/** Runs of capitalised proper nouns. */
export function properNames(tokens: Token[]): string[] {
  const names: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length) names.push(run.join(" "));
    run = [];
  };
  for (const t of tokens) {
    if (t.pos === "PROPN" && /^\p{Lu}/u.test(t.text) && t.text.length > 1 && !/^I('|’)/.test(t.text)) run.push(t.text);
    else flush();
  }
  flush();
  return names;
}

// The model is immutable and costs ~60 ms and tens of MB to load, and wink-nlp does not release a
// loaded model: every extractor in the process shares one instance (a constant, not state).
let shared: Nlp | null = null;

export function createNlp(): Nlp {
  shared ??= loadNlp();
  return shared;
}

/** "rebooked", "upskilled": a past form the model does not know keeps "ed" in its lemma; the lemma is its stem. */
function pastOfUnknown(word: string, pos: string, lemma: string): string {
  const lower = word.toLowerCase();
  if (
    pos !== "VERB" ||
    lemma.toLowerCase() !== lower ||
    !/[a-z]{3}ed$/.test(lower) ||
    lexicon().tagsOf(lower).length > 0
  )
    return lemma;
  return lower.slice(0, -2);
}

/** "summarise", "analysed": a British spelling keeps its own lemma (the model gives "summarize"), so it reads as a bare verb. */
function britishLemma(word: string, lemma: string): string {
  const spelled = /(is|ys)(?:e|es|ed|ing)$/.exec(word.toLowerCase());
  return spelled && /[iy]ze$/.test(lemma) ? `${lemma.slice(0, -3)}${spelled[1]}e` : lemma;
}

const RETAGGED = new Set(["VERB", "AUX", "INTJ", "ADV"]);
/** compromise's tags of a common noun. */
const COMMON_NOUN = new Set(["Plural", "Singular", "Uncountable"]);

function loadNlp(): Nlp {
  const nlp = winkNLP(model);
  const its = nlp.its;
  // biome-ignore lint/suspicious/noExplicitAny: wink-nlp ships no types for its item objects
  const tag = (s: any): Token[] => {
    const words = s.tokens().out(its.value) as string[];
    const pos = s.tokens().out(its.pos) as string[];
    const lemmas = s.tokens().out(its.lemma) as string[];
    const spaces = s.tokens().out(its.precedingSpaces) as string[];
    const tokens = words.map((w, i) => ({
      text: w,
      lower: w.toLowerCase(),
      // "everything hits the same container": an indefinite pronoun is never the verb.
      pos: INDEFINITE.test(w) ? "PRON" : pos[i]!,
      lemma: britishLemma(w, pastOfUnknown(w, pos[i]!, lemmas[i]!)),
      space: i === 0 ? "" : spaces[i]!,
    }));
    // Line breaks are white space, not words: "total budget 800" after a blank line opens its sentence,
    // and the word after one keeps a space before it ("no lift\nflat B" is not "liftflat").
    const blank = (t: Token | undefined) => t !== undefined && t.text.trim() === "";
    const kept = tokens.flatMap((t, i) =>
      blank(t) ? [] : i > 1 && blank(tokens[i - 1]) && t.space === "" ? [{ ...t, space: " " }] : [t],
    );
    return joinedCompounds(rejoined(kept));
  };
  /**
   * wink-nlp splits a capitalised word with a "u" in it inside a slashed pair ("Tuesday/Thursday" →
   * "T u esday / Th u rsday"), until it has seen the word alone: the pieces are put back together,
   * and the word is tagged as it is alone, so that a write's memories never hang on the writes before.
   */
  const rejoined = (tokens: Token[]): Token[] => {
    const out: Token[] = [];
    for (let i = 0; i < tokens.length; i++) {
      let j = i;
      while (/^\p{L}+$/u.test(tokens[j]!.text) && tokens[j + 1]?.space === "" && /^\p{L}+$/u.test(tokens[j + 1]!.text))
        j++;
      if (j === i || !tokens.slice(i, j + 1).some((t) => t.lower === "u")) {
        out.push(tokens[i]!);
        continue;
      }
      const text = tokens
        .slice(i, j + 1)
        .map((t) => t.text)
        .join("");
      // biome-ignore lint/suspicious/noExplicitAny: wink-nlp ships no types for its item objects
      const alone = nlp.readDoc(text).tokens() as any;
      const [pos, lemma] = [alone.out(its.pos)[0] as string, alone.out(its.lemma)[0] as string];
      out.push({ text, lower: text.toLowerCase(), pos, lemma, space: tokens[i]!.space });
      i = j;
    }
    return out;
  };
  /**
   * The lite model reads any capitalised first word as a proper noun ("Check my studio", "Woah,
   * ...", "Inspiring ..."). When no verb follows it (so it is not a named subject), the sentence
   * is read again with that word in lower case, and a verb, adverb, interjection or participle
   * reading replaces the proper noun; a noun reading is checked with compromise's tagger.
   */
  /** The first word's tag and lemma read again in lower case (the first few words are context enough). */
  const inLowerCase = (first: Token, text: string): { pos: string; lemma: string } => {
    // biome-ignore lint/suspicious/noExplicitAny: wink-nlp ships no types for its item objects
    const again = nlp.readDoc(first.text.toLowerCase() + text.slice(first.text.length, 60)).tokens() as any;
    return { pos: again.out(its.pos)[0] as string, lemma: again.out(its.lemma)[0] as string };
  };
  const fixFirst = (tokens: Token[], text: string): Token[] => {
    const [first, second] = tokens;
    if (first?.pos !== "PROPN") return tokens;
    if (second && (second.pos === "VERB" || second.pos === "AUX")) return commonSubject(tokens, text);
    const { pos, lemma } = inLowerCase(first, text);
    if (RETAGGED.has(pos) || (pos === "ADJ" && /(ing|ed)$/.test(first.lower)))
      return [{ ...first, pos, lemma: pastOfUnknown(first.text, pos, lemma) }, ...tokens.slice(1)];
    // "Check out my studio": the lite model sees a noun either way; compromise knows the imperative.
    if (pos === "NOUN" && lexicon().verbsIn(text.slice(0, 60))[0] === first.lower)
      return [{ ...first, pos: "VERB", lemma: first.lower }, ...tokens.slice(1)];
    return tokens;
  };
  /**
   * "Things have been tough": a capitalised first word before a verb is a named subject unless
   * compromise's lexicon lists it as a common noun ("things", "family", "music") and as no name.
   */
  const commonSubject = (tokens: Token[], text: string): Token[] => {
    const first = tokens[0]!;
    if (
      tokens[1]?.pos === "PROPN" ||
      !lexicon()
        .tagsOf(first.lower)
        .some((t) => COMMON_NOUN.has(t))
    )
      return tokens;
    return [{ ...first, pos: "NOUN", lemma: inLowerCase(first, text).lemma }, ...tokens.slice(1)];
  };
  return {
    sentences(typed: string): Sentence[] {
      // "2pm. also", "scrap sat. van moved", "£12/m. how much", "about 7a. always": wink reads "pm.", "sat.", "m.", "7a." as ending no sentence.
      // So is a month's ("8th oct. sam has the charts") before a word.
      const text = typed
        .replace(
          /(\d\s?(?:[ap]m|\/?m|cm|mm|km|kg|g|ml|l)|\d[a-z]{1,3}|\b(?:mon|tues?|wed|thu|thurs?|fri|sat|sun))\.(?=\s)/gi,
          "$1 .",
        )
        .replace(/\b(jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.(?=\s+\p{L})/giu, "$1 .");
      const doc = nlp.readDoc(text);
      const out: Sentence[] = [];
      let at = 0;
      // The sentence before ended on a full stop inside a version or a name ("v2.14", "no .then chains").
      let glued = false;
      // biome-ignore lint/suspicious/noExplicitAny: wink-nlp ships no types for its item objects
      doc.sentences().each((s: any) => {
        const raw = s.out() as string;
        const tokens = findMissingVerb(fixVerbs(fixFirst(tag(s), raw)), raw);
        const start = text.indexOf(raw, at);
        at = start < 0 ? at : start + raw.length;
        const last = out.at(-1);
        if (glued && last) {
          const gap = text.slice(at - raw.length - 1, at - raw.length) === " " ? " " : ""; // "incl. VAT", not "v2.14"
          const all = fixVerbs([...last.tokens, ...tag(s).map((t, i) => (i ? t : { ...t, space: gap }))]);
          out[out.length - 1] = { text: last.text + raw, tokens: all, entities: properNames(all) };
        } else out.push({ text: raw, tokens, entities: properNames(tokens) });
        const next = text.slice(at, at + 1);
        // "v2.14", "pi5-nas.tail4b2e1.ts.net": a full stop with no space after it ends no sentence; nor "incl." does.
        glued =
          start >= 0 &&
          ((/[\p{L}\d]\.$/u.test(raw) && /[\p{L}\d]/u.test(next)) ||
            (/\s\.$/.test(raw) && /\p{L}/u.test(next)) ||
            /\b(?:incl|inc|excl|approx|vs|esp)\.$/i.test(raw) ||
            // "`.module.scss`", "`from './logo.svg'`": no sentence ends inside inline code.
            (text.slice(0, at).match(/`/g)?.length ?? 0) % 2 === 1 ||
            // 'called the group chat "MUMS 70TH SURPRISE!!!" in caps': a quotation's own end ends no sentence.
            ((raw.match(/["“”]/g)?.length ?? 0) % 2 === 1 && /^\s*["”]/.test(text.slice(at))));
      });
      return out;
    },
  };
}

export function joinTokens(tokens: Token[]): string {
  return tokens.map((t, i) => (i === 0 ? "" : t.space) + t.text).join("");
}

/** The tokens joined with other texts in their place (each token's text after pronoun resolution). */
export function joinedAs(tokens: Token[], texts: readonly string[]): string {
  return joinTokens(tokens.map((t, i) => ({ ...t, text: texts[i]! })));
}

/** Whether token `i` stands inside brackets ("coeliac (properly, not a fad, he gets really ill)"). */
export function inBrackets(tokens: readonly Token[], i: number): boolean {
  let depth = 0;
  for (const t of tokens.slice(0, i)) depth += t.text === "(" ? 1 : t.text === ")" ? -1 : 0;
  return depth > 0;
}

/** Whether any of the tokens is a verb, a main one or an auxiliary ("full replacement" has none). */
export const anyVerb = (tokens: ReadonlyArray<{ pos: string }>): boolean =>
  tokens.some((t) => t.pos === "VERB" || t.pos === "AUX");
