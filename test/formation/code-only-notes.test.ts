// A terse developer's notes to an assistant (issue 11): "just code pls skip explanations" is two wishes
// about the answers; "no docker stuff pls we dont use it" keeps its reason; "its actually 8k not 3k"
// corrects the "~3k jobs" told before, though it names no jobs.
import { describe, expect, test } from "bun:test";
import { withAssistant } from "./embedded-support.ts";
import { chatAt } from "./api-support.ts";

const AT = "2026-09-09T10:20:00.000Z";

describe("a terse developer's notes", () => {
  test("'just code pls skip explanations' asks for code alone and no explanations", () => {
    expect(
      withAssistant(
        ["Here's the plan.", "just code pls skip explanations. horizon config for the pdf queue"],
        "assistant",
        AT,
      ),
    ).toEqual(["The user wants just code from the assistant.", "The user wants the assistant to skip explanations."]);
  });

  test("'From now on please give sizes in GiB' stays one request (guard)", () => {
    expect(
      withAssistant(["Sizes below.", "From now on please give sizes in GiB/TiB, not GB/TB."], "assistant", AT),
    ).toEqual(["The user wants the assistant to give sizes in GiB/TiB, not GB/TB."]);
  });

  test("'no docker stuff pls we dont use it' keeps its reason", () => {
    expect(
      withAssistant(["You could containerise it.", "no docker stuff pls we dont use it"], "assistant", AT),
    ).toEqual(["The user wants no docker stuff; the user and others do not use it."]);
  });

  test("'its actually 8k not 3k' corrects '~3k jobs'", async () => {
    const formed = await chatAt(
      AT,
      "jobs",
      "nightly invoice run starts 2am, ~3k jobs, takes like 4 hrs.",
      "That's slow for 3k jobs.",
      "checked logs, its actually 8k not 3k.",
    );
    expect(formed).toContain("Nightly invoice run starts 2am, ~8k (was 3k) jobs, takes like 4 hours.");
  });
});

describe("a thing's doings told without it", () => {
  test("'checked his passport. expires october this year': it expires, not the user", () => {
    expect(
      withAssistant(["Check his passport.", "checked his passport. expires october this year"], "assistant", AT),
    ).toEqual(["The user checked his passport. It expires October 2026."]);
  });

  test("'prices in £ pls not kroner' is how to give prices, not an answer to the question before", () => {
    expect(
      withAssistant(
        ["Can you get a look at his passport without him noticing?", "prices in £ pls not kroner. and keep it shorter"],
        "assistant",
        AT,
      ),
    ).toEqual([
      "The user wants prices in £ from the assistant, not kroner.",
      "The user wants the assistant to keep it shorter.",
    ]);
  });
});
