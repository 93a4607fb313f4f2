// A terse user's notes to an assistant (issue 11): what they eat and drink and how much ("eat loads of
// sardines", "drink lager maybe 10 pints a wk"), units asked for with "always", a side of the body, and
// values said anew ("its 34m not 30", "£1500 now …, so thats the budget") that change the stored one.
import { describe, expect, test } from "bun:test";
import { withAssistant } from "./embedded-support.ts";
import { chatAt } from "./api-support.ts";

const AT = "2026-05-13T10:25:00.000Z";

describe("a terse user's notes", () => {
  test("'eat loads of sardines and mackerel. drink lager maybe 10 pints a wk' are the user's habits", () => {
    const facts = withAssistant(
      ["what food do i cut. eat loads of sardines and mackerel. drink lager maybe 10 pints a wk", "Good question."],
      "user",
      AT,
    );
    expect(facts).toContain(
      "The user eats loads of sardines and mackerel. The user drinks lager maybe 10 pints a week.",
    );
  });

  test("'smoke alarm keeps beeping' stays the smoke alarm's (guard)", () => {
    expect(withAssistant(["smoke alarm keeps beeping every 2 minutes", "Ok."], "user", AT)).toEqual([
      "The user's smoke alarm keeps beeping every 2 minutes.",
    ]);
  });

  test("'keep it shorter pls im on my phone. and always metric, kg not stone' are two wishes, with the reason", () => {
    expect(
      withAssistant(["keep it shorter pls im on my phone. and always metric, kg not stone", "Sure."], "user", AT),
    ).toEqual([
      "The user wants the assistant to keep it shorter, as the user is on the user's phone.",
      "The user wants metric always from the assistant; kg not stone.",
    ]);
  });

  test("'left big toe' is a side of the body, and 'so right arm from now on' asks nothing of the answers", () => {
    const gout = withAssistant(["gout again. left big toe, 3rd flare this yr.", "Sorry to hear that."], "user", AT);
    expect(gout.join(" ")).not.toContain("The user left");
    expect(gout.join(" ")).toContain("Left big toe, 3rd flare in 2026.");
    const arm = withAssistant(
      ["Which arm?", "did both: left 144/90, right 152/94. so right arm from now on."],
      "assistant",
      AT,
    );
    expect(arm.join(" ")).not.toContain("from the assistant");
  });
});

describe("values said anew", () => {
  test("'its 34m not 30' changes 'a loop … about 30m', unit and all", async () => {
    const formed = await chatAt(
      AT,
      "loop",
      "its a loop round the back garden about 30m i think, part of it is up on a raised bit.",
      "How long is it exactly?",
      "did it. also i went round the whole loop with the measuring wheel and its 34m not 30, i was miles out",
    );
    expect(formed).toContain(
      "It is a loop round the back garden about 34m (was 30m) the user thinks, part of it is up on a raised bit.",
    );
  });

  test("'£1500 now …, so thats the budget' changes 'budget about £1200'", async () => {
    const formed = await chatAt(
      AT,
      "budget",
      "budget about £1200, pauline (wife) says not a penny more lol.",
      "Noted.",
      "good news pauline says i can have £1500 now if i sell the old mamod i never use, so thats the budget.",
    );
    expect(formed.some((m) => m.includes("£1500 (was 1200)"))).toBe(true);
  });
});
