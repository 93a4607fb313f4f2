// Notes typed to an assistant in held-out sets 88-91 (issue 11): a school club that meets "thursday
// lunchtimes" (every week, no one day), a Redis setting named in snake case ("evicted_keys 48213" is no
// verb of the user's), "Saturday 02/01 it is" after asking for DD/MM dates, "fri 4 dec, 2 nights", a name
// given with "should have said that at the start" or "forgot to say", "Not happening.", "go for sub 1:20
// then" after a table of targets, "28th" answering when the next appointment is; "im hollie btw, you've
// been a lifesaver" and "im becca, sarah made me put my full name on the form" beside a name.
import { describe, expect, test } from "bun:test";
import { resolveDates } from "../../src/formation/embedded/dates.ts";
import { withAssistant } from "./embedded-support.ts";
import { chatAt } from "./api-support.ts";

const AT = "2026-04-20T10:00:00.000Z";

describe("days and times as typed", () => {
  test("'thursday lunchtimes' is every Thursday, not the next one", () => {
    expect(resolveDates("its going to be thursday lunchtimes, 12:15 to 12:50", AT, false)).toEqual({
      text: "its going to be thursday lunchtimes, 12:15 to 12:50",
      eventAt: null,
    });
  });

  test("'Saturday 02/01' is read day first when the weekday says so: 2 January 2027, not 1 February 2025", () => {
    expect(resolveDates("Saturday 02/01 it is.", "2026-09-23T10:00:00.000Z", false).text).toBe(
      "On Saturday, 2 January 2027 it is.",
    );
    // Month first still, when that is the day the weekday names.
    expect(resolveDates("meeting is monday 10/5", "2026-09-23T10:00:00.000Z", false).text).toBe(
      "meeting is on Monday, 5 October 2026",
    );
  });

  test("'fri 4 dec, 2 nights' is the 4th with a count after it", () => {
    expect(resolveDates("thinking fri 4 dec, 2 nights", "2026-11-10T10:00:00.000Z", false).text).toBe(
      "thinking on Friday, 4 December 2026, 2 nights",
    );
  });

  test("'28th' to 'When's your next appointment?' is the next 28th", () => {
    const formed = withAssistant(
      ["When's your next appointment with Leanne?", "28th. and shorter answers from now on pls"],
      "assistant",
      AT,
    );
    expect(formed).toContain(
      'Asked "When\'s the user\'s next appointment with Leanne?", the user answered "on 28 April 2026".',
    );
  });
});

describe("names in code and names of the user", () => {
  test("'allkeys-lru. evicted_keys 48213' answers both settings asked; no 'The user evicted_keys'", async () => {
    const formed = await chatAt(
      AT,
      "celery",
      "celery tasks just vanishing, ~2% of invoice pdf jobs",
      "What do `maxmemory-policy` and `evicted_keys` show?",
      "allkeys-lru. evicted_keys 48213",
      "That explains it.",
    );
    expect(formed).toContain(
      'Asked "What do `maxmemory-policy` and `evicted_keys` show?", the user answered "allkeys-lru, evicted_keys 48213".',
    );
    expect(formed.join("\n")).not.toMatch(/The user evicted/);
  });

  test("a name in code opening a note is nobody's and keeps its case; it says enough to keep", () => {
    expect(withAssistant(["shipment_events is append-only"], "user", AT)).toEqual([
      "According to the user, shipment_events is append-only.",
    ]);
  });

  test("a name said beside 'should have said that at the start' or 'forgot to say' forms the name alone", async () => {
    const shona = await chatAt(
      AT,
      "shona",
      "thanks so much honestly you've saved me. im shona btw lol should have said that at the start. last thing can you write a short letter for parents about the club starting, keep it friendly and short",
      "Of course!",
    );
    expect(shona).toContain("The user's name is Shona.");
    expect(shona.join("\n")).not.toMatch(/Shona is should/);
    const rafael = await chatAt(
      AT,
      "rafael",
      "thanks. sorry, i'm rafael by the way — should have said at the start.",
      "No problem!",
    );
    expect(rafael).toEqual(["The user's name is Rafael."]);
  });
});

describe("what is said beside a name", () => {
  test("'you've been a lifesaver' beside the name is of the assistant; another's doing is its own clause", async () => {
    expect(await chatAt(AT, "hollie", "im hollie btw, you've been a lifesaver today", "Glad to help!")).toEqual([
      "The user's name is Hollie.",
    ]);
    const becca = await chatAt(
      AT,
      "becca",
      "im becca, sarah made me put my full name on the form, Becca Lloyd, felt v official",
      "Nice!",
    );
    expect(becca).toContain("The user's name is Becca.");
    expect(becca.join("\n")).toMatch(/^Sarah made Becca put Becca's full name on the form/m);
    expect(becca.join("\n")).not.toMatch(/Becca is sarah/i);
  });
});

describe("what a reply settles and refuses", () => {
  test("'Not happening.' after a request forms nothing of the user", () => {
    const formed = withAssistant(["Also, don't suggest anything Amazon-related. Not happening."], "user", AT);
    expect(formed.join("\n")).not.toMatch(/is not happening|is Not happening/i);
  });

  test("'go for sub 1:20 then' settles on the target; the numbered question after it keeps its own answer", () => {
    const formed = withAssistant(
      [
        "| Target | Pace |\n|---|---|\n| Sub 1:15 | 3:33 /km |\n| Sub 1:20 | 3:47 /km |\n\n## Questions\n\n1. Do you know the course profile — flat, rolling, any big hills?\n2. Do you have a speedometer or GPS on the chair?",
        "go for sub 1:20 then. course mostly flat but theres a long descent round km 14. got a garmin on the chair",
      ],
      "assistant",
      AT,
    ).join("\n");
    expect(formed).toMatch(/The user settled on sub 1:20\./);
    expect(formed).not.toMatch(/answered "sub 1:20"/);
  });
});
