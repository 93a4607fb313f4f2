// A terse user's notes to an assistant (issue 11): a grade or a distance with a letter ends its sentence
// ("about 7a. always use metric btw"), a kind of suggestion not wanted is a standing wish ("no ibuprofen
// suggestions btw it wrecks my stomach"), and a day of the month typed without "the" ("deadline moved to
// 31st btw") is a date, which versions the deadline said before.
import { describe, expect, test } from "bun:test";
import { chat } from "./embedded-support.ts";
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
