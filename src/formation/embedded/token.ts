// A word as the tagger read it: what the NLP model (nlp.ts) gives and its fixes (tagger-fixes.ts) correct.
export interface Token {
  text: string;
  lower: string;
  pos: string; // Universal POS tag
  lemma: string;
  space: string; // whitespace before the token
}

/** A verb or an auxiliary, as the tagger read it. */
export const isVerb = (t: Token | undefined): boolean => !!t && (t.pos === "VERB" || t.pos === "AUX");
