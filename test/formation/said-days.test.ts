// Days a user names in passing (held-out sets 96 and 99, issue 11): "this morning" said in the evening
// is that day's, "the 14th of next month" is one date, a day the user "should" or "will" keep, or
// takes "instead", lies ahead even in a sentence about the past, and a date written with its year stays
// in that year when it is due.
import { describe, expect, test } from "bun:test";
import { withAssistant } from "./embedded-support.ts";
import { resolveDates } from "../../src/formation/embedded/dates.ts";

const AT = "2026-05-13T19:45:00.000Z"; // a Wednesday evening

describe("days said in a chat", () => {
  test("'my knee is puffy this morning' said in the evening is the same day", () => {
    const formed = withAssistant(
      ["my left knee is a bit puffy this morning after the 7k", "Sensible to rest it."],
      "user",
      AT,
    );
    expect(formed.join(" ")).toContain("13 May 2026");
    expect(formed.join(" ")).not.toContain("14 May");
  });

  test("'the 14th of next month' is 14 June, and the 1st of next month in December is in January", () => {
    const formed = withAssistant(
      ["ive entered the riverside 10k which is on the 14th of next month eek", "Exciting!"],
      "user",
      AT,
    );
    expect(formed).toEqual(["The user has entered the riverside 10k which is on 14 June 2026 eek."]);
    expect(resolveDates("rent goes up on the 1st of next month", "2026-12-10T09:00:00Z", false).text).toBe(
      "rent goes up on 1 January 2027",
    );
  });

  test("'i should do the telford one on 12 july instead' is this July's, after a past 'spoke to'", () => {
    const formed = withAssistant(
      [
        "spoke to jess this morning, she thinks the 14th is too soon and i should do the telford one on 12 july instead so ive switched",
        "That's a sensible call.",
      ],
      "user",
      AT,
    );
    expect(formed.join(" ")).toContain("12 July 2026");
    expect(formed.join(" ")).not.toContain("2025");
  });

  test("a date with its year keeps it when due or moved to ('due on 3 May 2026' said on 13 May)", () => {
    expect(resolveDates("the invoice was due on 3 May 2026", AT, false).eventAt).toBe("2026-05-03T00:00:00.000Z");
    expect(resolveDates("the review moved to 3 May 2026", AT, false).eventAt).toBe("2026-05-03T00:00:00.000Z");
  });

  test("'this <weekday>' is that day of the week the message is in, or the next one when it lies ahead", () => {
    const thursday = "2026-09-17T13:40:00.000Z";
    const formed = withAssistant(
      ["mum had hip replacement after a fall. home since this tues. im staying with her", "How is she doing?"],
      "user",
      thursday,
    );
    expect(formed.join(" ")).toContain("since Tuesday, 15 September 2026");
    const ahead = withAssistant(["im seeing the surgeon this tuesday", "Good luck."], "user", thursday);
    expect(ahead.join(" ")).toContain("Tuesday, 22 September 2026");
    // Said on a Monday in a sentence about the past: this Thursday has still to come.
    const monday = "2026-05-18T13:30:00.000Z";
    expect(resolveDates("they said yes, pending their assessment this thursday", monday, true).text).toBe(
      "they said yes, pending their assessment on Thursday, 21 May 2026",
    );
    expect(resolveDates("started losartan this monday (13th)", "2026-04-15T18:10:00Z", true).text).toBe(
      "started losartan on Monday, 13 April 2026 (13th)",
    );
  });
});
