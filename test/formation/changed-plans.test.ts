// Plans a user changes in a chat with an assistant (issue 11, "changes of plan" and "a changed fact
// versions the older memory"), typed as users type them: a booking moved without an article ("moved
// flights to 6 August"), an amount changed with its reason before it ("prices a bit higher so budget
// 320 now"), a stored fact that says more than the day moved (it keeps what else it says), and
// a person's name before the thing that moved ("Jonas's trip moved"), which moves no other fact of his,
// a day moved by "it" ("she moved it to the 27th of july"), which lies ahead and versions the fact, and a span
// of two days moved after its first day is ruled out ("cant do the 17th, moved to thu 24 - fri 25 june").
import { describe, expect, test } from "bun:test";
import { fixedClock } from "../../src/shared/clock.ts";
import { createHarness } from "../helpers.ts";
import { active, importMessages } from "./api-support.ts";

const AT = "2026-11-23T10:00:00.000Z";

/** A user–assistant chat through the API (each user message answered "Noted."): the active memories. */
async function chat(...said: string[]): Promise<Array<{ content: string; occurred_at: string | null }>> {
  const h = await createHarness({ clock: fixedClock(AT) });
  const messages = said.flatMap((content) => [
    { role: "user", content, occurred_at: AT },
    { role: "assistant", content: "Noted.", occurred_at: AT },
  ]);
  await importMessages(h, messages, { scope: { user_id: "planner" } });
  return active(h);
}

describe("a changed plan versions the fact it changes", () => {
  test("'flights booked for 4 August' lies ahead; 'moved flights to 6 August' versions it and keeps Lisbon", async () => {
    const formed = await chat("flights booked for 4 August, lisbon", "ugh, moved flights to 6 August because of work");
    const flights = formed.filter((m) => /flights/i.test(m.content));
    expect(flights.map((m) => m.content)).toEqual(["Flights booked for 6 August 2027 (was 4 August 2027), lisbon."]);
    expect(flights[0]!.occurred_at).toBe("2027-08-06T00:00:00.000Z");
  });

  test("'prices a bit higher so budget 320 now' changes 'budget for the kitchen is 300 quid a month'", async () => {
    const texts = (
      await chat("budget for the kitchen is 300 quid a month", "prices a bit higher so budget 320 now")
    ).map((m) => m.content);
    expect(texts).toEqual(["The user's budget is 320 (was 300) now (prices a bit higher)."]);
    expect(texts.join("\n")).not.toMatch(/is 300 quid/);
  });

  test("a stored fact that says more keeps it when its day moves ('£100 per team by 11 december')", async () => {
    const texts = (
      await chat("league deposit is £100 per team by 11 december", "moved deposit to 18 december too")
    ).map((m) => m.content);
    expect(texts.join("\n")).toMatch(/£100 per team by 18 December 2026 \(was 11 December 2026\)/);
  });

  test("'Jonas's trip moved' moves the trip, not the physio visit Jonas told of", async () => {
    const texts = (
      await chat(
        "I'm Jonas. saw a physio on 13 march, partial a2 tear. climbing trip is 13 june, 2 weeks in fontainebleau",
        "trip moved to 20 june, priya couldnt get time off",
      )
    ).map((m) => m.content);
    const all = texts.join("\n");
    expect(all).toMatch(/physio on 13 March 2026/);
    expect(all).not.toMatch(/physio[^\n]*\(was/);
    expect(all).toMatch(/trip is on 20 June 2027 \(was 13 June 2027\)/);
  });

  test("'she moved it to the 27th of july' lies ahead and versions the wedding's day", async () => {
    const texts = (
      await chat(
        "my sister's wedding is on the 27th june, im doing the cake",
        "actually she moved it to the 27th of july",
      )
    ).map((m) => m.content);
    const all = texts.join("\n");
    expect(all).toMatch(/wedding is on 27 July 2027 \(was 27 June 2027\)\. The user is doing the cake/);
    expect(all).not.toMatch(/2026/);
  });

  test("a span of two days moved after 'cant do the 17th' versions the span it replaces", async () => {
    const texts = (
      await chat(
        "offsite for 40 ppl is thu 17 - fri 18 june",
        "update: priya cant do the 17th, moved to thu 24 - fri 25 june",
      )
    ).map((m) => m.content);
    expect(texts.join("\n")).toMatch(
      /Offsite for 40 people is from Thursday, 24 June 2027 to Friday, 25 June 2027 \(was 17 June 2027 to 18 June 2027\)/,
    );
    expect(texts.join("\n")).not.toMatch(/from Thursday, 17 June 2027/);
  });
});
