// A plan moved a message after it was told (issue 11, "changes of plan"): "they moved it to wednesdays"
// after "my son's swimming lessons are on tuesdays" (what "it" is, a weekly slot versioned), "had to
// push my dentist appointment to 10 december" (told in the past, the new day still ahead), "pilates is
// now on thursdays", "moved the 1:1 with Sam to wednesday". And what moves nothing: assessments "now
// the week of 20 April" beside a deadline for slips, a trip moved because of a wedding's day.
import { describe, expect, test } from "bun:test";
import { movedDay, movedSlot } from "../../src/formation/moved-day.ts";
import type { MemoryRow } from "../../src/domain/memory.ts";
import { chatAt } from "./api-support.ts";

const AT = "2026-11-23T10:00:00.000Z";
const row = (content: string) => ({ id: "m1", content }) as MemoryRow;

describe("a plan moved in a later message", () => {
  test("'they moved it to wednesdays' moves the swimming lessons told a message before, and says what they were", async () => {
    const formed = await chatAt(
      AT,
      "u-swim",
      "my son's swimming lessons are on tuesdays after school",
      "Great, I've noted that. Anything else for the week?",
      "actually they moved it to wednesdays after school from next week",
    );
    expect(formed.filter((m) => /swimming lessons/.test(m))).toEqual([
      "They moved the user's son's swimming lessons to wednesdays (was tuesdays) after school from the week of 30 November 2026.",
    ]);
  });

  test("'had to push my dentist appointment to 10 december' is 10 December 2026, and the 3rd is gone", async () => {
    const formed = await chatAt(
      AT,
      "u-dentist",
      "my dentist appointment is on 3 december",
      "Noted. Do you want a reminder the day before?",
      "had to push my dentist appointment to 10 december",
    );
    expect(formed.filter((m) => /dentist/.test(m))).toEqual([
      "The user had to push the user's dentist appointment to 10 December 2026 (was 3 December 2026).",
    ]);
  });

  test("'ugh they moved it to 10 december' after 'I have a dentist appointment on 3 december'", async () => {
    const formed = await chatAt(
      AT,
      "u-dentist-2",
      "I have a dentist appointment on 3 december",
      "Noted.",
      "ugh they moved it to 10 december",
    );
    expect(formed.filter((m) => /dentist/.test(m))).toEqual([
      "They moved the user's dentist appointment to 10 December 2026 (was 3 December 2026).",
    ]);
  });

  test("'pilates is now on thursdays' changes the day inside what else the fact says", async () => {
    const formed = await chatAt(
      AT,
      "u-pilates",
      "I do pilates on mondays with my sister",
      "Nice!",
      "pilates is now on thursdays",
    );
    expect(formed.filter((m) => /pilates/.test(m))).toEqual([
      "The user does pilates on thursdays (was mondays) with the user's sister.",
    ]);
  });

  test("'we moved the 1:1 with Sam to wednesday' moves the 1:1 of a day", async () => {
    const formed = await chatAt(
      AT,
      "u-1on1",
      "my 1:1 with Sam is on tuesday",
      "Noted.",
      "we moved the 1:1 with Sam to wednesday",
    );
    expect(formed.filter((m) => /1:1/.test(m))).toEqual([
      "The user and others moved the 1:1 with Sam to Wednesday, 25 November 2026 (was 24 November 2026).",
    ]);
  });

  test("'it' stands for no person: 'my son is 7' then 'they moved it to fridays' moves nothing of the son", async () => {
    const formed = await chatAt(AT, "u-son", "my son is 7", "Lovely age!", "they moved it to fridays");
    expect(formed).toContain("The user's son is 7 years old.");
    expect(formed.join(" ")).not.toMatch(/son is (?:on )?fridays|moved the user's son/);
  });
});

describe("what moves nothing", () => {
  test("assessments 'now the week of 20 April' leave the deadline for slips where it was", () => {
    expect(
      movedDay(
        "Exams officer has just moved stuff round and year 9 end of year assessments are now the week of 20 April 2026 so the 23rd is dead.",
        [row("Deadline for slips back is in the week of 23 March 2026.")],
      ),
    ).toBeUndefined();
  });

  test("a trip moved because of a wedding's day moves the trip, not the wedding", () => {
    expect(
      movedDay(
        "Tom's brother wants the kids there, so the user has moved the user's trip to 11 August 2026 to 18 August 2026.",
        [row("On crete: Tom's brother's wedding is on 1 August 2026.")],
      ),
    ).toBeUndefined();
  });

  test("a weekly slot is moved only by a fact naming the same thing, and not to a dated day", () => {
    expect(
      movedSlot("The user moved the book club to thursdays.", [row("The user's pilates is on mondays.")]),
    ).toBeUndefined();
    expect(
      movedSlot("The user moved the book club to thursdays.", [row("The user's book club is on mondays.")]),
    ).toMatchObject({
      was: "mondays",
      now: "thursdays",
    });
    expect(
      movedSlot("The user moved the book club to Thursday, 26 November 2026.", [
        row("The user's book club is on mondays."),
      ]),
    ).toBeUndefined();
  });
});
