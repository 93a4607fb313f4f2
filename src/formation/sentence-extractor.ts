// The sentence extractor (ENGRAM_EXTRACTOR=sentence): one fact per sentence of the input, as given
// (sentences as domain/text.ts's splitSentences finds them).
import { splitSentences } from "../domain/text.ts";
import type { Extractor, Fact, MessagesInput, PassageInput } from "./extractor.ts";

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
