// A terse user's notes to an assistant (issue 11): a grade or a distance with a letter ends its sentence
// ("about 7a. always use metric btw"), a kind of suggestion not wanted is a standing wish ("no ibuprofen
// suggestions btw it wrecks my stomach"), and a day of the month typed without "the" ("deadline moved to
// 31st btw") is a date, which versions the deadline said before. A downsizing couple's notes: "names
// dennis btw", "me and the wife", "budget for the bungalow 300k".
import { describe, expect, test } from "bun:test";
import { statedName } from "../../src/formation/user-name.ts";
import { chat, withAssistant } from "./embedded-support.ts";
import { active, harness, importMessages } from "./api-support.ts";

describe("a terse user's notes", () => {
  test("'im 74kg climb about 7a. always use metric btw': the instruction is a sentence of its own", () => {
    expect(chat("putty and tendon glides. im 74kg climb about 7a. always use metric btw")).toContain(
      "The user wants the assistant to always use metric.",
    );
  });

  test("'no ibuprofen suggestions btw it wrecks my stomach' is what the user wants left out, with the reason", () => {
    expect(chat("no ibuprofen suggestions btw it wrecks my stomach")).toEqual([
      "The user wants no ibuprofen suggestions in the assistant's answers; it wrecks the user's stomach.",
    ]);
  });

  test("'no worries btw' and 'no suggestions' are no wish", () => {
    expect(chat("no worries btw, it was fine").join(" ")).not.toMatch(/wants no/);
  });

  test("'on 3rd floor', 'came 2nd': an ordinal before a noun or ending a sentence with no preposition is no date", () => {
    expect(chat("we're on 3rd floor. came 2nd in the race").join(" ")).not.toMatch(/May|June/);
  });

  test("through the API: 'deadline moved to 29th btw' versions 'deadline fri 22nd'", async () => {
    const h = await harness(); // the clock reads 15 March 2024
    await importMessages(
      h,
      [
        { role: "user", content: "writing a grant app for our community orchard. deadline fri 22nd. where do i start" },
        { role: "assistant", content: "Great project! Who is the funder?" },
        { role: "user", content: "council green spaces fund" },
        { role: "assistant", content: "Good. Let's draft the summary." },
        { role: "user", content: "deadline moved to 29th btw. council email today" },
      ],
      { scope: { user_id: "jo" }, occurred_at: "2024-03-11T09:00:00.000Z" },
    );
    const texts = active(h).map((m) => m.content);
    expect(texts.join("\n")).toContain("deadline moved to 29 March 2024 (was 22 March 2024)");
    expect(texts.filter((t) => /deadline/i.test(t))).toHaveLength(1);
  });
});

describe("a terse retired user's notes", () => {
  test("'names dennis btw' names the user; 'names' of things does not", () => {
    expect(statedName("names dennis btw. change of plan, maureen doesnt want ripon after all.", "Sure.")).toBe(
      "Dennis",
    );
    expect(statedName("names on the list are fine", "Sure.")).toBeNull();
  });

  test("'me and the wife, kids long gone' keeps the wife whole", () => {
    expect(chat("me and the wife, kids long gone")).toEqual(["The wife and the user, kids long gone."]);
    expect(chat("me and my wife love it here")).toEqual(["The user's wife and the user love it here."]);
  });

  test("'budget for the bungalow 300k' is the user's budget for it", () => {
    expect(chat("budget for the bungalow 300k. stamp duty?")).toEqual([
      "The user's budget for the bungalow is 300,000.",
    ]);
  });

  test("'wants knaresborough, near her friends' after a man in focus is not his", () => {
    const formed = withAssistant(
      ["hi", "Sure.", "names dennis btw. maureen doesnt want ripon after all. wants knaresborough, near her friends"],
      "user",
      "2026-08-10T10:00:00.000Z",
    );
    expect(formed.join("\n")).not.toMatch(/Dennis wants knaresborough/i);
  });
});
