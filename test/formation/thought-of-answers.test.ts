// Values said as the one thought of, answering an assistant's question (issue 11, held-out sets 88-91):
// "was thinking 1st june" to "When would you like the lodger to move in?" is the answer, fused with its
// question, not "The user was thinking on 1 June 2026."; so is "thinking $40" and "i was thinking £5.50".
// A value thought of is no answer to a yes-or-no question ("i was thinking pizza?" to "Did you want to
// look at food next?"), and "thinking of getting a lodger" says what the user is doing, not a value.
import { describe, expect, test } from "bun:test";
import { withAssistant } from "./embedded-support.ts";
import { chatAt } from "./api-support.ts";

const AT = "2026-05-12T10:00:00.000Z";

/** A user–assistant chat through the API (turns alternate, user first): the active memories' texts. */
const chat = (...turns: string[]) => chatAt(AT, "lodger", ...turns);

describe("a value thought of answers the question before it", () => {
  test("'was thinking 1st june' to two numbered questions answers the first; what else is said stays", async () => {
    const formed = await chat(
      "thinking of getting a lodger for the spare room",
      "## Questions\n\n1. When would you like the lodger to move in?\n2. Are you planning to include any meals, or is it room and bills only?",
      "was thinking 1st june. and i thought maybe sunday dinner included? oh and the council tax thing - im band C",
      "Good to know.",
    );
    expect(formed).toContain(
      'Asked "When would the user like the lodger to move in?", the user answered "on 1 June 2026".',
    );
    expect(formed).toContain("The user is band C.");
    expect(formed).toContain("The user is thinking of getting a lodger for the spare room.");
    expect(formed.join("\n")).not.toMatch(/was thinking on 1 June/);
  });

  test("said with one question, the statement it was joined to loses only the value thought of", () => {
    const formed = withAssistant(
      ["When would you like the lodger to move in?", "was thinking 1st june. oh and im band C"],
      "assistant",
      AT,
    );
    expect(formed).toEqual([
      'Asked "When would the user like the lodger to move in?", the user answered "on 1 June 2026".',
      "The user is band C.",
    ]);
  });

  test("'i was thinking £5.50' answers the price asked", () => {
    const formed = withAssistant(
      ["Which price point feels right for your area?", "i was thinking £5.50"],
      "assistant",
      AT,
    );
    expect(formed).toEqual(['Asked "Which price point feels right for the user\'s area?", the user answered "£5.50".']);
  });

  test("a value thought of answers no yes-or-no question, and 'thinking of ...' is no value", () => {
    const food = withAssistant(
      [
        "Did you want to look at food next?",
        "food. i was thinking pizza? theres a place called luigis on the high street",
      ],
      "assistant",
      AT,
    );
    expect(food.join("\n")).not.toMatch(/answered "pizza/);
    const plan = withAssistant(["What are you planning this summer?", "thinking of moving to leeds"], "assistant", AT);
    expect(plan.join("\n")).not.toMatch(/answered "of moving/);
  });
});
