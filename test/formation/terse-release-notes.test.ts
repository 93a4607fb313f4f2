// A terse user releasing a crate (held-out set 92, issue 11): "first time publishing a crate" opens
// with what the user is doing; "repo's on my personal github" is "is", not a possessive; "switching to
// mit or apache like you said" is the user's choice, the aside handing back the assistant's word aside
// (and replaces the licence answered before); "skip homebrew for now" gives up a named option.
import { describe, expect, test } from "bun:test";
import { withAssistant } from "./embedded-support.ts";
import { chatAt } from "./api-support.ts";

const AT = "2026-09-15T20:05:00.000Z";

describe("a terse user's notes to an assistant", () => {
  test("'first time publishing a crate. its a cli, ...' tells what the user is doing, and what it is", () => {
    expect(
      withAssistant(
        [
          "first time publishing a crate. its a cli, cuts log files down to a time range. whats the checklist for crates.io",
          "Here's a complete first-publish checklist.",
        ],
        "user",
        AT,
      ),
    ).toEqual(["The user is publishing a crate for the first time. It is a cli, cuts log files down to a time range."]);
  });

  test("'repo's on my personal github' and 'my car's in for a new clutch' say where a thing is", () => {
    const formed = withAssistant(
      ["What's the crate name?", "logslice. repo's on my personal github", "Noted.", "my car's in for a new clutch"],
      "assistant",
      AT,
    );
    expect(formed).toContain("The user's repo is on the user's personal github.");
    expect(formed).toContain("The user's car is in for a new clutch.");
  });

  test("'switching to mit or apache like you said' replaces the licence answered before", async () => {
    const formed = await chatAt(
      AT,
      "u-crate",
      "logslice. mit.",
      "Licence: MIT is fine, but the Rust convention is MIT OR Apache-2.0. Licence?",
      "mit",
      "Most crates are dual-licensed, MIT OR Apache-2.0.",
      "ok switching to mit or apache like you said. what files",
    );
    expect(formed).toContain("The user is switching to mit or apache.");
    expect(formed.join(" ")).not.toMatch(/answered "mit"|like the assistant said/);
  });

  test("'which is nothing like you said' is no aside: it says the assistant was wrong", () => {
    expect(
      withAssistant(
        [
          "Lunch slots are 50 minutes.",
          "the lunch slot is 35 mins which is nothing like you said, so we moved the club",
        ],
        "assistant",
        AT,
      ).join(" "),
    ).toMatch(/nothing like the assistant said/);
  });

  test("'skip homebrew for now' gives up the tap; 'skip breakfast for kids' gives up nothing", () => {
    expect(
      withAssistant(
        ["A tap takes about an hour.", "nah thats more faff than i want rn. skip homebrew for now"],
        "assistant",
        AT,
      ).join(" "),
    ).toMatch(/The user dropped homebrew for now\./);
    expect(withAssistant(["Any tips?", "skip breakfast for kids"], "assistant", AT).join(" ")).not.toMatch(/dropped/);
  });
});
