// What users type for speed and what they paste, as the embedded extractor reads it (issue 11): shorthand
// written out ("tues", "abt", "45 min"), a schedule of weekdays, the time of a plan, the day of something,
// a modal with no subject, "wait" before news, version numbers, and code or logs pasted into a message.
import { describe, expect, test } from "bun:test";
import { writtenOut } from "../../src/formation/embedded/shorthand.ts";
import { withAssistant } from "./embedded-support.ts";

const AT = "2026-05-04T10:00:00.000Z"; // a Monday

/** What a user's chat with an assistant forms (the assistant answers "Noted."). */
function chat(...said: string[]): string[] {
  return withAssistant(said.length % 2 ? [...said, "Noted."] : said, "user", AT);
}

describe("shorthand written out", () => {
  test("weekdays cut short, where they name a day", () => {
    expect(writtenOut("i can do tues and thurs evenings, not fri")).toBe(
      "i can do Tuesday and Thursday evenings, not Friday",
    );
    expect(writtenOut("i work sat mornings, on sun we rest, mon-wed is busy")).toBe(
      "i work Saturday mornings, on Sunday we rest, Monday-Wednesday is busy",
    );
    expect(writtenOut("first shift is wed 18th")).toBe("first shift is Wednesday 18th");
  });

  test("a word that is also a weekday's short form stays a word", () => {
    for (const said of ["the sun was out", "we lay on sun loungers", "i sat down", "we wed in june", "this sun is hot"])
      expect(writtenOut(said)).toBe(said);
  });

  test("units and words typed short", () => {
    expect(writtenOut("a 45 min video call, then 20 min of questions")).toBe(
      "a 45-minute video call, then 20 minutes of questions",
    );
    expect(writtenOut("12.5hr shifts, 12 hrs a week, had physio last yr")).toBe(
      "12.5-hour shifts, 12 hours a week, had physio last year",
    );
    expect(writtenOut("see u tmrw abt the appt w/ ppl b4 noon")).toBe(
      "see u tomorrow about the appointment with people before noon",
    );
    expect(writtenOut("saturdays r out")).toBe("saturdays are out");
  });

  test("what the user types short is stored in words an agent searches for", () => {
    expect(chat("i can do tues and thurs evenings after work")).toEqual([
      "The user can do Tuesday and Thursday evenings after work.",
    ]);
    expect(chat("first round is a 45 min video call, then a take home test")).toEqual([
      "First round is a 45-minute video call, then a take home test.",
    ]);
  });
});

describe("days and times", () => {
  test("weekdays listed are a schedule: kept, and never dated", () => {
    expect(chat("my days off are sun mon tue")).toEqual(["The user's days off are Sunday Monday Tuesday."]);
    expect(chat("my library shifts changed last week, its wed and thurs now not tues")).toEqual([
      "The user's library shifts changed in the week of 27 April 2026, it is Wednesday and Thursday now not Tuesday.",
    ]);
  });

  test("the time of a plan stays with its date", () => {
    expect(chat("my interview is on friday at 2pm")).toEqual(["The user's interview is on Friday, 8 May 2026 at 2pm."]);
    expect(chat("the call is friday 14:00")).toEqual(["The call is on Friday, 8 May 2026 at 14:00."]);
    expect(chat("we are meeting tomorrow at noon")).toEqual(["The user and others are meeting on 5 May 2026 at noon."]);
    // A part of the day is kept for what lies ahead, not for a story.
    expect(chat("i fly out sunday night")).toEqual(["The user flies out on Sunday, 10 May 2026 at night."]);
    expect(chat("last night i went to a concert")).toEqual(["On 3 May 2026 the user went to a concert."]);
  });

  test("the day of something is a fact of its own", () => {
    expect(chat("the interview is friday at 2pm")).toEqual(["The interview is on Friday, 8 May 2026 at 2pm."]);
    expect(chat("sunday is best")).toEqual([]);
  });
});

describe("how a message opens and what it holds", () => {
  test("a modal opening the message is the user's: 'cant do ...'", () => {
    expect(chat("cant do the teacher meeting on tuesday, im on shift")).toEqual([
      "The user cannot do the teacher meeting on Tuesday, 5 May 2026.",
      "The user is on shift.",
    ]);
    expect(chat("could be worse")).toEqual([]);
  });

  test("'wait' before news only catches the listener's attention", () => {
    expect(chat("wait the rota just came out and its different, theyve put me on wed thu fri not mon tue wed")).toEqual(
      [
        "The rota just came out and its different, they have put the user on Wednesday Thursday Friday not Monday Tuesday Wednesday.",
      ],
    );
  });

  test("a version number is no sentence break", () => {
    expect(chat("the deploy for v2.14 is failing on ECS")).toEqual(["The deploy for v2.14 is failing on ECS."]);
  });

  test("code and logs pasted into a message form nothing; what the user says around them does", () => {
    const pasted = [
      "ok this is the one that fails the most. pls always answer in typescript",
      "",
      "```ts",
      'const bal = await getBalance("acc_1");',
      "expect(bal).toBe(500);",
      "```",
      "",
      "```",
      "  Expected: 500",
      "  Received: 1250",
      "```",
      "",
      "our payments team owns the ledger service",
    ].join("\n");
    expect(chat(pasted)).toEqual([
      "This is the one that fails the most.",
      "The user wants the assistant to always answer in typescript.",
      "The user's payments team owns the ledger service.",
    ]);
    // A fence left open runs to the end of the message.
    expect(chat("we are on postgres 15\n```\nERROR: relation entries does not exist\n  at main (index.ts:3)")).toEqual([
      "The user and others are on postgres 15.",
    ]);
  });
});
