// An engineer's notes to an assistant (issue 11): "i'm dariusz, staff engineer on …" names the user
// though no lexicon knows the name; "please use gradle kotlin dsl in any build examples" is a standing
// wish; "leaning option 1 for now" changes no option; "a code freeze dec 14 – jan 11" is one span.
import { describe, expect, test } from "bun:test";
import { withAssistant } from "./embedded-support.ts";
import { chatAt } from "./api-support.ts";

const AT = "2026-09-22T09:40:00.000Z";

describe("an engineer's notes", () => {
  test("'i'm dariusz, staff engineer on the commerce team' names the user (guard: 'i'm tired, new parent here')", async () => {
    const named = await chatAt(
      AT,
      "dariusz",
      "context first: i'm dariusz, staff engineer on the commerce team. we have a spring boot monolith",
      "Got it.",
    );
    expect(named).toContain("The user's name is Dariusz.");
    const tired = await chatAt(AT, "tired", "i'm tired, new parent here. baby is 3 weeks old", "Congratulations.");
    expect(tired.join(" ")).not.toContain("name is");
  });

  test("'please use gradle kotlin dsl in any build examples, not maven' is a standing wish", () => {
    expect(
      withAssistant(
        ["What build tool?", "please use gradle kotlin dsl in any build examples, not maven."],
        "assistant",
        AT,
      ),
    ).toEqual(["The user wants the assistant to use gradle kotlin dsl in any build examples, not maven."]);
  });

  test("'leaning option 1 for now' after 'option 1: … option 2: …' changes neither option", async () => {
    const formed = await chatAt(
      AT,
      "options",
      "database. option 1: same postgres cluster, separate billing schema. option 2: separate RDS instance. leaning option 1 for now",
      "Option 1 is simpler to start with.",
    );
    expect(formed).toContain("Option 2: separate RDS instance.");
    expect(formed.join(" ")).not.toContain("(was 2)");
  });

  test("'a code freeze dec 14 – jan 11, so 29 jan isnt realistic' is one span, one sentence", () => {
    expect(
      withAssistant(
        ["That works.", "helen says there's a code freeze dec 14 – jan 11, so 29 jan isnt realistic"],
        "assistant",
        AT,
      )[0],
    ).toStartWith("Helen says there is a code freeze from 14 December 2026 to 11 January 2027");
  });
});
