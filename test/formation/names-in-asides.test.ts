// Names said in an aside (held-out sets 98 and 99, issue 11): "(gareth here btw, nia says hi lol)"
// names the user halfway through a message; "mum is pat btw" names the user's mother, though "pat" is
// also a word. "mum here, she says hi" and "my wife may come" name nobody. "Leah's father, Harold, ...
// He is 84" is about Harold, not the son the chat began with: a name before "'s" owns the subject.
import { describe, expect, test } from "bun:test";
import { statedName } from "../../src/formation/user-name.ts";
import { withAssistant } from "./embedded-support.ts";

const AT = "2026-04-14T19:40:00.000Z";

describe("names said in an aside", () => {
  test("'(gareth here btw, nia says hi lol)' halfway through a message names the user", () => {
    expect(
      statedName("walls were gonna do white metro 100x300 gloss, brick bond (gareth here btw, nia says hi lol)"),
    ).toBe("Gareth");
    expect(statedName("ok thats loads. sorted now. sam here by the way.")).toBe("Sam");
  });

  test.each([
    "ok. mum here, she says hi",
    "the tiler is coming round (nobody here tho, we're out)",
    "we're here btw, parked by the gate",
  ])("%p names nobody", (text) => {
    expect(statedName(text)).toBeNull();
  });

  test("'mum is pat btw' names the user's mother, written with her capital", () => {
    const formed = withAssistant(["mum is pat btw. im a teacher, school gave me leave", "Thanks."], "user", AT);
    expect(formed.join(" ")).toContain("The user's mum is Pat.");
  });

  test("'my wife may come too' and 'dad is fine' name nobody", () => {
    const formed = withAssistant(["dad is fine. my wife may come too", "Great."], "user", AT);
    expect(formed.join(" ")).not.toMatch(/\bMay\b|\bFine\b/);
  });
});

describe("whom 'he' or 'she' stands for after a name and its 's", () => {
  test("'Leah's father, Harold, will present the tallit. He is 84' is Harold's age, not the son's", () => {
    const formed = withAssistant(
      [
        "I'm planning my son's bar mitzvah. Noah turns 13 on 2 October 2026.",
        "Lovely — here's a timeline.",
        "Leah's father, Harold, will present the tallit. He is 84 and uses a walking frame.",
      ],
      "user",
      AT,
    ).join(" ");
    expect(formed).toContain("Leah's father Harold is 84");
    expect(formed).not.toContain("Noah is 84");
  });

  test("'Chloe's only requests: ... She likes food and wine' is Chloe, no one else being named", () => {
    const chloe = withAssistant(
      ["Chloe's only requests: nothing too tacky, and no strippers. She likes food and wine.", "Noted."],
      "user",
      AT,
    ).join(" ");
    expect(chloe).toContain("Chloe likes food and wine");
  });
});
