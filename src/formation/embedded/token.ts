// A word as the tagger read it: what the NLP model (nlp.ts) gives and its fixes (tagger-fixes.ts) correct.
export interface Token {
  text: string;
  lower: string;
  pos: string; // Universal POS tag
  lemma: string;
  space: string; // whitespace before the token
}
