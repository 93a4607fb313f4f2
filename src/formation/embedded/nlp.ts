// The NLP model (wink-nlp with its bundled English model): sentences, tokens, POS tags, lemmas and
// named entities. Loaded once per extractor (about 60 ms); everything here is synchronous and pure.
import winkNLP from "wink-nlp";
import model from "wink-eng-lite-web-model";

export interface Token {
  text: string;
  lower: string;
  pos: string; // Universal POS tag
  lemma: string;
  space: string; // whitespace before the token
}

export interface Sentence {
  text: string;
  tokens: Token[];
  /** Proper names: runs of PROPN tokens ("John Smith", "Berlin"); the lite model has no person/place NER. */
  entities: string[];
}

export interface Nlp {
  sentences(text: string): Sentence[];
}

/**
 * The lite tagger reads some verbs after a subject as plural nouns ("Marta lives in Porto" →
 * lives/NOUN/life). A "noun" ending in -s right after a name or pronoun and before a preposition,
 * determiner, pronoun or adverb is that verb.
 */
function fixVerbs(tokens: Token[]): Token[] {
  for (let i = 1; i < tokens.length - 1; i++) {
    const [prev, t, next] = [tokens[i - 1]!, tokens[i]!, tokens[i + 1]!];
    if (t.pos === "NOUN" && /[a-z]s$/.test(t.lower) && (prev.pos === "PROPN" || prev.pos === "PRON") && ["ADP", "DET", "PRON", "ADV", "PART"].includes(next.pos)) {
      tokens[i] = { ...t, pos: "VERB", lemma: t.lower.replace(/ies$/, "y").replace(/(ch|sh|x|ss|o)es$/, "$1").replace(/s$/, "") };
    }
  }
  return tokens;
}

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

function loadNlp(): Nlp {
  const nlp = winkNLP(model);
  const its = nlp.its;
  return {
    sentences(text: string): Sentence[] {
      const doc = nlp.readDoc(text);
      const out: Sentence[] = [];
      doc.sentences().each((s: any) => {
        const words = s.tokens().out(its.value) as string[];
        const pos = s.tokens().out(its.pos) as string[];
        const lemmas = s.tokens().out(its.lemma) as string[];
        const spaces = s.tokens().out(its.precedingSpaces) as string[];
        const tokens = fixVerbs(words.map((w, i) => ({ text: w, lower: w.toLowerCase(), pos: pos[i]!, lemma: lemmas[i]!, space: i === 0 ? "" : spaces[i]! })));
        out.push({ text: s.out() as string, tokens, entities: properNames(tokens) });
      });
      return out;
    },
  };
}

export function joinTokens(tokens: Token[]): string {
  return tokens.map((t, i) => (i === 0 ? "" : t.space) + t.text).join("");
}
