// A user's reply to an assistant's numbered questions, typed as a run of fragments (issue 11): a part
// that shares no word with any question says more of the answer before it when a later part answers the
// next question in its own words; the parts of one answer are one memory; a wish typed without its
// subject ("want it on the water 25 july") is the user's, not a request to the assistant.
import { describe, expect, test } from "bun:test";
import { CHAT_AT as AT, withAssistant } from "./embedded-support.ts";
import { active, harness, importMessages } from "./api-support.ts";

const SURVEY =
  "Nice project. A few questions:\n\n1. What did the survey (or your first look) turn up — any soft spots or rot?\n2. Where are you working — indoors or outside?\n3. Do you have a **budget** and a **target date** for getting it on the water?";
const DAMAGE =
  "rot in the aft transom, port corner. soft bit in the bottom panel next to the centreboard case. working in the garage. budget £600";

describe("a reply to a numbered list of questions", () => {
  test("a fragment sharing no word goes with the answer before it when a later part answers the next question", () => {
    const formed = withAssistant(["restoring an old wooden mirror dinghy", SURVEY, DAMAGE], "user", AT);
    expect(formed).toContain(
      'Asked "What did the survey (or the user\'s first look) turn up — any soft spots or rot?", the user answered "rot in the aft transom, port corner; soft bit in the bottom panel next to the centreboard case".',
    );
    expect(formed.join("\n")).not.toContain("Where is the user working");
    expect(formed).toContain("The user is working in the garage. The user's budget is £600.");
  });

  test("a fragment with no later part for the next question still answers it by order", () => {
    const formed = withAssistant(
      [
        "planning a party for my daughter",
        "Happy to help!\n\n1. When is her birthday?\n2. Roughly how many guests?",
        "14 june. about 40 people",
      ],
      "user",
      AT,
    );
    expect(formed).toContain('Asked "Roughly how many guests?", the user answered "about 40 people".');
  });

  test("the parts of one answer are one memory, in the order typed", () => {
    const formed = withAssistant(
      [
        "training for a 100 mile sportive",
        "Great goal.\n\n1. How many hours a week can you train, and on which days?\n2. What bike do you ride?",
        "tuesday and thursday 6-7am on the turbo. saturday long ride, up to 5 hours. a 2019 giant tcr",
      ],
      "user",
      AT,
    );
    const answers = formed.filter((f) => f.startsWith('Asked "How many hours'));
    expect(answers).toHaveLength(1);
    expect(answers[0]).toContain("saturday long ride, up to 5 hours");
    expect(answers[0]!.indexOf("tuesday")).toBeLessThan(answers[0]!.indexOf("saturday"));
  });
});

describe("a wish typed without its subject", () => {
  test("'want it on the water 25 july' is the user's, with its date", () => {
    const formed = withAssistant(
      [
        "restoring an old wooden mirror dinghy",
        SURVEY,
        `${DAMAGE}. want it on the water 25 july, start of school hols`,
      ],
      "user",
      AT,
    );
    expect(formed.join("\n")).toContain("The user wants it on the water on 25 July 2026, start of school hols.");
  });

  test("through the API: one answer, the garage and the launch date kept", async () => {
    const h = await harness();
    await importMessages(
      h,
      [
        { role: "user", content: "restoring an old wooden mirror dinghy" },
        { role: "assistant", content: SURVEY },
        { role: "user", content: `${DAMAGE}. want it on the water 25 july` },
      ],
      { scope: { user_id: "ines" } },
    );
    const texts = active(h).map((m) => m.content);
    expect(texts.filter((t) => t.startsWith("Asked"))).toHaveLength(1);
    expect(texts.join("\n")).toMatch(/The user wants it on the water on 25 July/);
    expect(texts.join("\n")).toMatch(/soft bit in the bottom panel/);
  });
});
