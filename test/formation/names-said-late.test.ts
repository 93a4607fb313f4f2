// A user's name said at the end of a chat with an assistant, as users type it (issue 11): "btw im
// shannon lol ...", "oh my name's fergus btw", "shona btw lol, realised ...", "Cheers for the help —
// Graham". The name is a memory of its own and names the user's other memories; what the user says of
// the talk beside it ("i've been ranting at you for an hour", "feels rude you not knowing") forms nothing.
import { describe, expect, test } from "bun:test";
import { statedName } from "../../src/formation/user-name.ts";
import { CHAT_AT, withAssistant } from "./embedded-support.ts";
import { active, harness, importMessages } from "./api-support.ts";

describe("the name a user gives late in a chat", () => {
  test.each([
    [
      "thank you sm!!! honestly youre a lifesaver. btw im shannon lol i just realised ive been ranting at you for an hour without even saying",
      "Shannon",
    ],
    ["thanks!! oh my name's fergus btw, feels rude you not knowing lol. checklist pls", "Fergus"],
    ["my manager bev is getting funny about it. shona btw lol, realised ive been rambling at you for ages", "Shona"],
    ["Perfect. Hashing runs tonight. Cheers for the help — Graham", "Graham"],
  ])("%p names %p", (text, name) => {
    expect(statedName(text)).toBe(name);
  });

  test("a dash before a word that is no name signs nothing", () => {
    expect(statedName("went with the cheaper one — Starbucks")).toBeNull();
    expect(statedName("thanks, see you — Friday")).toBeNull();
  });
});

describe("what a user says of the talk beside their name forms nothing", () => {
  test("the chat's memories name the user; the name is a memory; no 'ranting at the assistant' (through the API)", async () => {
    const h = await harness();
    await importMessages(
      h,
      [
        { content: "im coeliac so literally anything food wise at the wedding has to work for that" },
        { role: "assistant", content: "Noted — everything will need to be safely gluten-free." },
        {
          content:
            "thank you sm!!! btw im shannon lol i just realised ive been ranting at you for an hour without even saying",
        },
        { role: "assistant", content: "Lovely to meet you, Shannon!" },
        { content: "oh and sorry i never said hi properly, feels rude you not knowing" },
      ],
      { scope: { user_id: "shannon" } },
    );
    const formed = active(h).map((m) => m.content);
    await h.close();
    expect(formed).toContain("The user's name is Shannon.");
    expect(formed.some((f) => /^Shannon is coeliac\b/.test(f))).toBe(true);
    expect(formed.join(" | ")).not.toMatch(/ranting|never said|rude|hi properly/);
  });
});

describe("words like the talk's that tell a fact stay", () => {
  test("'i never said i would pay ...', 'i feel rude asking my landlord again'", () => {
    const formed = withAssistant(
      ["hi", "Hello!", "i never said i would pay for the whole trip", "Noted.", "i feel rude asking my landlord again"],
      "user",
      CHAT_AT,
    );
    expect(formed.join(" | ")).toMatch(/never said the user would pay for the whole trip/);
    expect(formed.join(" | ")).toMatch(/feels rude asking the user's landlord again/);
  });
});
