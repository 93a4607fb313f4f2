import { describe, expect, test } from "bun:test";
import { resolveDates } from "../../src/formation/embedded/dates.ts";

// Monday 8 May 2023, 13:56 UTC (the first session of LoCoMo conv-26).
const REF = "2023-05-08T13:56:00.000Z";

describe("resolveDates", () => {
  test.each([
    ["Caroline went to a support group yesterday.", "Caroline went to a support group on 7 May 2023.", "2023-05-07"],
    ["Caroline is flying home tomorrow.", "Caroline is flying home on 9 May 2023.", "2023-05-09"],
    ["Melanie ran a race last Saturday.", "Melanie ran a race on Saturday, 6 May 2023.", "2023-05-06"],
    ["Last Friday, Caroline went to a workshop.", "On Friday, 5 May 2023, Caroline went to a workshop.", "2023-05-05"],
    ["Melanie met her two days ago.", "Melanie met her on 6 May 2023.", "2023-05-06"],
    ["Caroline went to a parade last week.", "Caroline went to a parade in the week of 1 May 2023.", "2023-05-01"],
    ["They are going camping next month.", "They are going camping in June 2023.", "2023-06-01"],
    ["Melanie painted it last year.", "Melanie painted it in 2022.", "2022-01-01"],
    ["Caroline started transitioning three years ago.", "Caroline started transitioning in 2020.", "2020-01-01"],
    ["Jon is moving to Berlin next year.", "Jon is moving to Berlin in 2024.", "2024-01-01"],
    ["Gina opened the store this month.", "Gina opened the store in May 2023.", "2023-05-01"],
  ])("%p becomes %p", (text, expected, day) => {
    const r = resolveDates(text, REF);
    expect(r.text).toBe(expected);
    expect(r.eventAt?.slice(0, 10)).toBe(day);
  });

  test.each([
    ["Dana runs every Sunday morning along the canal."],
    ["Maya moved her book club to Thursday evenings."],
    ["I go swimming on Tuesdays."],
    ["I visit my gran every other Sunday."],
  ])("a weekday that recurs is a habit, not a date: %p stays as written", (text) => {
    expect(resolveDates(text, REF)).toEqual({ text, eventAt: null });
  });

  test("a weekday keeps its day (not 'in May 2023') and its name, and a deadline looks forward in a past statement", () => {
    expect(resolveDates("I saw him on Saturday.", REF).text).toBe("I saw him on Saturday, 6 May 2023.");
    expect(resolveDates("Dana promised to send the checklist by Friday.", REF).text).toBe(
      "Dana promised to send the checklist by Friday, 12 May 2023.",
    );
  });

  test("a relative date's 's is 'is' before a verb or an article, else the thing of that day", () => {
    const r = (t: string) => resolveDates(t, REF, false);
    expect(r("Tomorrow's going to be a blast.")).toEqual({
      text: "9 May 2023 is going to be a blast.",
      eventAt: "2023-05-09T00:00:00.000Z",
    });
    expect(r("Jon worked hard, and today's a big day.").text).toBe("Jon worked hard, and 8 May 2023 is a big day.");
    expect(r("Tomorrow's opening will be so much fun.").text).toBe("The 9 May 2023 opening will be so much fun.");
    expect(resolveDates("Gina won yesterday's dance contest.", REF).text).toBe(
      "Gina won the 7 May 2023 dance contest.",
    );
    expect(resolveDates("Last week's party was great.", REF).text).toBe("The week of 1 May 2023 party was great.");
  });

  test("a date that already stands alone is kept as written and still dates the event", () => {
    expect(resolveDates("Caroline was born on 3 March 1990.", REF)).toEqual({
      text: "Caroline was born on 3 March 1990.",
      eventAt: "1990-03-03T00:00:00.000Z",
    });
  });

  test("a bare year after a preposition dates the event (chrono reads none)", () => {
    expect(resolveDates("Marta moved to Lisbon in 2019.", REF).eventAt).toBe("2019-01-01T00:00:00.000Z");
    expect(resolveDates("Marta has 2019 stamps.", REF).eventAt).toBeNull();
  });

  test("a bare month or weekday lies behind a past statement and ahead of any other", () => {
    expect(resolveDates("Sam ran a marathon in October.", REF, true).text).toBe("Sam ran a marathon in October 2022.");
    expect(resolveDates("Sam is training for a marathon in October.", REF, false).text).toBe(
      "Sam is training for a marathon in October 2023.",
    );
    expect(resolveDates("We adopted a dog on Saturday.", REF, true).eventAt).toBe("2023-05-06T00:00:00.000Z");
    expect(resolveDates("We are seeing him on Saturday.", REF, false).eventAt).toBe("2023-05-13T00:00:00.000Z");
  });

  test("a vague span stays vague, anchored to the reference, and does not date the event", () => {
    expect(resolveDates("Gina got the tattoo a few years ago.", REF)).toEqual({
      text: "Gina got the tattoo a few years before 2023.",
      eventAt: null,
    });
    expect(resolveDates("Gina will work with bloggers in the next few months.", REF, false).text).toBe(
      "Gina will work with bloggers in the next few months after May 2023.",
    );
  });

  test("'the' before a relative phrase goes with it: 'in the next month' does not become 'in the in June'", () => {
    expect(resolveDates("They are going camping in the next month.", REF, false).text).toBe(
      "They are going camping in June 2023.",
    );
  });

  test("'at' is not a date's preposition: 'volunteers at yesterday' keeps both", () => {
    expect(resolveDates("Maria donated her car to a shelter she volunteers at yesterday.", REF).text).toBe(
      "Maria donated her car to a shelter she volunteers at on 7 May 2023.",
    );
  });

  test.each([
    "Caroline has known these friends for 4 years.",
    "Melanie may go with her.",
    "Jon is right now at the studio.",
    "The sun was out at the beach.",
    "Caroline will be there in a second.",
    "Its nights for the first 6 months, then rotating.",
    "The contract runs for 6 months.",
    "Rome was not built in a day.",
    "I will be there in 15 minutes.",
    "No weekend work, the team is tired.",
    "We demo it to the team that friday.",
  ])("words that are not dates stay as they are: %p", (text) => {
    expect(resolveDates(text, REF)).toEqual({ text, eventAt: null });
  });

  test.each([["gym 3x a week mon wed fri."], ["I teach Mon/Thu."], ["We work out Monday and Wednesday."]])(
    "weekdays in a list are a schedule, not dates: %p stays as written",
    (text) => {
      expect(resolveDates(text, REF)).toEqual({ text, eventAt: null });
    },
  );

  test("chat's weekday abbreviations are weekdays; a weekday before its date leaves the date to say it", () => {
    expect(resolveDates("Last fri we went to a pottery workshop.", REF).text).toBe(
      "On Friday, 5 May 2023 we went to a pottery workshop.",
    );
    expect(resolveDates("We leave on fri.", REF, false).text).toBe("We leave on Friday, 12 May 2023.");
    // "12 may, 2 nights": the count after the comma is no day of the month ("Friday 12 on 2 May").
    expect(resolveDates("thinking fri 12 may, 2 nights.", REF, false).text).toBe(
      "thinking on Friday, 12 May 2023, 2 nights.",
    );
  });

  test("a weekend is said as one, and 'last weekend' is the one before even in a statement of the future", () => {
    const last = resolveDates("We met last weekend.", REF, false);
    expect(last.text).toBe("We met on the weekend of 6 May 2023.");
    expect(last.eventAt?.slice(0, 10)).toBe("2023-05-06");
    expect(resolveDates("I visited them over the weekend.", REF).text).toBe(
      "I visited them over the weekend of 6 May 2023.",
    );
  });

  test("'in 6 months' counts from the reference, in a statement of the past too", () => {
    expect(resolveDates("In 6 months I will move.", REF, false).text).toBe("In November 2023 I will move.");
    expect(resolveDates("Jon said in two years he would open a studio.", REF, true).text).toBe(
      "Jon said in 2025 he would open a studio.",
    );
  });

  test("without a reference time nothing is resolved", () => {
    expect(resolveDates("Caroline went there yesterday.", null)).toEqual({
      text: "Caroline went there yesterday.",
      eventAt: null,
    });
  });
});
