import { describe, expect, test } from "bun:test";
import { splitSentences } from "../../src/domain/text.ts";
import { sentenceExtractor } from "../../src/formation/sentence-extractor.ts";

describe("splitSentences", () => {
  test("splits a passage at sentence ends and trims each sentence", () => {
    expect(splitSentences("  Caroline moved to Berlin.   She likes it there! Does she?  ")).toEqual([
      "Caroline moved to Berlin.",
      "She likes it there!",
      "Does she?",
    ]);
  });

  test("text without a full stop is one sentence", () => {
    expect(splitSentences("Caroline likes tea")).toEqual(["Caroline likes tea"]);
  });

  test("line breaks between sentences split them", () => {
    expect(splitSentences("Ada likes tea.\nBob likes coffee.")).toEqual(["Ada likes tea.", "Bob likes coffee."]);
  });

  test.each([
    ["Dr. Smith moved to Berlin. He likes it.", ["Dr. Smith moved to Berlin.", "He likes it."]],
    ["Mr. and Mrs. Jones went to St. Louis. They stayed.", ["Mr. and Mrs. Jones went to St. Louis.", "They stayed."]],
    ["Prof. Lee teaches. Ms. Park studies.", ["Prof. Lee teaches.", "Ms. Park studies."]],
    [
      "I like fruit, e.g. Apples and pears. She likes plums.",
      ["I like fruit, e.g. Apples and pears.", "She likes plums."],
    ],
    ["Use one tool, i.e. The hammer. Then stop.", ["Use one tool, i.e. The hammer.", "Then stop."]],
    ["It was Germany vs. France. We won.", ["It was Germany vs. France.", "We won."]],
    ["See No. 5 on the list. Then go.", ["See No. 5 on the list.", "Then go."]],
    ["Meet me at 5 p.m. tomorrow.", ["Meet me at 5 p.m. tomorrow."]],
  ])("an abbreviation does not end a sentence: %p", (text, expected) => {
    expect(splitSentences(text)).toEqual(expected);
  });

  test.each([
    ["The answer was no. She left.", ["The answer was no.", "She left."]],
    ["We bought apples, pears, etc. Then we went home.", ["We bought apples, pears, etc.", "Then we went home."]],
  ])("a word that often ends a sentence is not taken for an abbreviation: %p", (text, expected) => {
    expect(splitSentences(text)).toEqual(expected);
  });

  test("an abbreviation at the very end is kept", () => {
    expect(splitSentences("Ask the Dr.")).toEqual(["Ask the Dr."]);
  });

  test("emoji stay inside their sentence, and a run of emoji alone is dropped", () => {
    expect(splitSentences("I love pizza 🍕. It is great! 🎉🎉")).toEqual(["I love pizza 🍕.", "It is great!"]);
    expect(splitSentences("👍🏽 Sounds good 👨‍👩‍👧.")).toEqual(["👍🏽 Sounds good 👨‍👩‍👧."]);
  });

  test.each([["..."], ["!!! ???"], ["🎉🎉🎉"], ["12345."], ["— 42 —"], [""], ["   \n\t "]])(
    "text with no letters makes no sentence: %p",
    (text) => {
      expect(splitSentences(text)).toEqual([]);
    },
  );

  test("letters of any script count", () => {
    expect(splitSentences("Ich wohne in Berlin. Привет мир.")).toEqual(["Ich wohne in Berlin.", "Привет мир."]);
    expect(splitSentences("我住在柏林。")).toEqual(["我住在柏林。"]);
  });
});

describe("sentenceExtractor", () => {
  test("a passage becomes one fact per sentence, numbered, with the passage's time", () => {
    const facts = sentenceExtractor.extract({
      kind: "passage",
      text: "Ada likes tea. Bob likes coffee. 🎉",
      occurredAt: "2023-05-07T00:00:00.000Z",
    });
    expect(facts).toEqual([
      { content: "Ada likes tea.", occurredAt: "2023-05-07T00:00:00.000Z", messageIndexes: [], sentence: 0 },
      { content: "Bob likes coffee.", occurredAt: "2023-05-07T00:00:00.000Z", messageIndexes: [], sentence: 1 },
    ]);
  });

  test("messages keep their index in the import and their own time", () => {
    const facts = sentenceExtractor.extract({
      kind: "messages",
      messages: [
        {
          index: 40,
          role: "user",
          speaker: "Ada",
          content: "I moved to Lisbon. I like it.",
          occurredAt: "2024-03-01T00:00:00.000Z",
        },
        { index: 41, role: "assistant", speaker: null, content: "👍", occurredAt: null },
        { index: 42, role: "user", speaker: "Ada", content: "My dog is Biscuit.", occurredAt: null },
      ],
    });
    expect(facts).toEqual([
      { content: "I moved to Lisbon.", occurredAt: "2024-03-01T00:00:00.000Z", messageIndexes: [40] },
      { content: "I like it.", occurredAt: "2024-03-01T00:00:00.000Z", messageIndexes: [40] },
      { content: "My dog is Biscuit.", occurredAt: null, messageIndexes: [42] },
    ]);
  });

  test("is deterministic: the same input gives the same facts", () => {
    const input = { kind: "passage" as const, text: "Dr. Who travels. He has a box.", occurredAt: null };
    expect(sentenceExtractor.extract(input)).toEqual(sentenceExtractor.extract(input));
  });
});
