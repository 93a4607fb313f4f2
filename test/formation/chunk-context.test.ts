// What a reply is read with when it opens a chunk of an import (issue 11), and replies that name who or
// what they are about: "40 quid max." opening the second chunk still answers the question that closed
// the first; "move pushed to sat 6th june" moves the move day; "church hire went up to £150" is no budget.
import { describe, expect, test } from "bun:test";
import { CHUNK_MAX_MESSAGES } from "../../src/formation/chunks.ts";
import { withAssistant } from "./embedded-support.ts";
import { chatAt } from "./api-support.ts";

const AT = "2026-05-12T21:15:00.000Z";

describe("a reply opening a chunk of an import", () => {
  test("answers the question that closed the chunk before, and the context forms nothing twice", async () => {
    const before = Array.from({ length: CHUNK_MAX_MESSAGES - 2 }, (_, i) =>
      i % 2 ? "Noted, thanks." : `the tank is ${60 + i} litres i think`,
    );
    const turns = [
      ...before,
      "my bro kev has a van",
      "Good choice.\n\n## Kit check\n\nWhat's your budget for moving kit (buckets, air pump, etc.)?",
      "40 quid max. kev just does tank + cabinet",
    ];
    expect(turns.length).toBe(CHUNK_MAX_MESSAGES + 1); // the reply opens the second chunk
    const formed = await chatAt(AT, "tank", ...turns);
    expect(formed).toContain(
      'Asked "What\'s the user\'s budget for moving kit (buckets, air pump, etc.)?", the user answered "40 quid max".',
    );
    expect(formed.filter((m) => /kev has a van/i.test(m))).toHaveLength(1);
  });
});

describe("replies that name what they are about", () => {
  test("'move pushed to sat 6th june, keys delayed' moves 'move day sat 30th'", async () => {
    const formed = await chatAt(
      AT,
      "move",
      "moving flat end of month. move day sat 30th. 25 min drive.",
      "Here's a plan for the day.",
      "move pushed to sat 6th june, keys delayed",
    );
    expect(formed).toContain("The user's move day is on Saturday, 6 June 2026 (was 30 May 2026). 25-minute drive.");
    expect(formed.join(" ")).not.toContain("The user moved");
  });

  test("'church hire went up to £150 (was £90)' is a price, not the committee's £600 budget", async () => {
    const formed = await chatAt(
      AT,
      "choir",
      "the committee has given me £600 budget and whatever we make goes to the foodbank",
      "Great. What does the church charge?",
      "church hire went up to £150 this year (was £90). maureen says we should put adult tickets up to £10 to cover it",
    );
    expect(formed).toContain(
      "The committee has given the user £600 budget and whatever the user and others make goes to the foodbank.",
    );
  });

  test("'gwen signing off' names the user; 'and yes raffle, the shops … donate prizes' is kept", async () => {
    const facts = await chatAt(
      AT,
      "gwen",
      "we're doing a christmas concert at the church",
      "A raffle is easy money. Will you do one?",
      "and yes raffle, the shops on the high street usually donate prizes",
      "Lovely. Anything else?",
      "lol ok amazing. thanks so much, gwen signing off before i go cross-eyed",
    );
    expect(facts).toContain("The user's name is Gwen.");
    expect(facts.some((f) => f.includes("the shops on the high street usually donate prizes"))).toBe(true);
  });

  test("'gp is dr okafor' to 'What is Finn's GP called?' is Finn's; 'hes' after 'Finn's nap …, and how does he do' is Finn", () => {
    expect(withAssistant(["What is Finn's GP called?", "gp is dr okafor"], "assistant", AT)).toEqual([
      "Finn's gp is dr okafor.",
    ]);
    const facts = withAssistant(
      [
        "we're doing the plymouth roscoff DAY crossing instead",
        "To plan the day around him: what are Finn's nap and bedtime, and how does he do on long drives?",
        "naps 12.30 till 2.30ish and bed at 7. hes fine in the car for about 2 hrs then its carnage",
      ],
      "user",
      AT,
    );
    expect(facts.some((f) => f.includes("Finn is fine in the car for about 2 hours"))).toBe(true);
  });

  test("'2 minutes from Denise's so she said' is Denise's home (guard: 'Pottery's so relaxing' is still 'is')", () => {
    const facts = withAssistant(
      [
        "Denise sounds like a great help.",
        "isla starts at st marys which is literally 2 minutes from Denise's so she said she can do school runs",
      ],
      "assistant",
      AT,
    );
    expect(facts.join(" ")).not.toContain("Denise is so");
    expect(
      withAssistant(["Any hobbies?", "pottery's so relaxing, i go every week"], "assistant", AT).join(" "),
    ).toContain("is so relaxing");
  });
});
