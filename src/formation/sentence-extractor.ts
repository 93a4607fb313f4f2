// The sentence extractor (ENGRAM_EXTRACTOR=sentence): one fact per sentence of the input, as given.
// Sentences come from the platform's Unicode sentence segmenter (Intl.Segmenter), with a merge step
// for common abbreviations ("Dr.", "e.g.") that the segmenter splits on. Only words that rarely end
// a sentence are listed: "no." and "etc." often do ("The answer was no."), and the segmenter already
// keeps "No. 5" together because a number follows.
import type { Extractor, Fact, MessagesInput, PassageInput } from "./extractor.ts";

const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });
const ABBREVIATION = /\b(?:mr|mrs|ms|dr|prof|sr|jr|st|vs|e\.g|i\.e|inc|ltd)\.\s*$/i;

export function splitSentences(text: string): string[] {
  const out: string[] = [];
  let carry = "";
  for (const { segment } of segmenter.segment(text)) {
    const joined = carry + segment;
    if (ABBREVIATION.test(joined)) {
      carry = joined;
      continue;
    }
    carry = "";
    const s = joined.trim();
    if (s) out.push(s);
  }
  if (carry.trim()) out.push(carry.trim());
  return out.filter((s) => /\p{L}/u.test(s)); // a "sentence" without a letter (emoji, digits, dots) holds no fact
}

export const sentenceExtractor: Extractor = {
  name: "sentence",
  extract(input: PassageInput | MessagesInput): Fact[] {
    if (input.kind === "passage") {
      return splitSentences(input.text).map((content, sentence) => ({
        content,
        occurredAt: input.occurredAt,
        messageIndexes: [],
        sentence,
      }));
    }
    return input.messages.flatMap((m) =>
      splitSentences(m.content).map((content) => ({ content, occurredAt: m.occurredAt, messageIndexes: [m.index] })),
    );
  },
};
