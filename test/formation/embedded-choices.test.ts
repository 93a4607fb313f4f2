// Picks and typed plans in user–assistant chats, as the embedded extractor reads them (issue 11): "the
// second one" to the options an assistant listed, a schedule the user types one day a line under its
// month, a name given as "joel here", "remind me to …", a "Want …?" answered yes, a value set anew with
// no article, and days of the month listed before their month.
import { describe, expect, test } from "bun:test";
import { optionsOffered, picked } from "../../src/formation/embedded/choices.ts";
import { withListedMonth } from "../../src/formation/embedded/weekday-dates.ts";
import { statedName } from "../../src/formation/user-name.ts";
import { chat, withAssistant } from "./embedded-support.ts";

const LESSONS = `Great goal! Here are two ways to get to B1 by September:

1. **Group classes** at the [Lingua school](https://lingua.example) on Tuesday evenings (€90/month)
   - small groups of 6, a textbook included
2. **Private tutor** online, two 1-hour sessions a week (€160/month). Times are flexible.

## What I'd suggest
A tutor gets you speaking sooner.

Which would you prefer?`;

describe("the option a reply picks by its place", () => {
  test("the options are the last list's items at one indentation, without markdown, links or sub-items", () => {
    expect(optionsOffered(LESSONS)).toEqual([
      "Group classes at the Lingua school on Tuesday evenings (€90/month)",
      "Private tutor online, two 1-hour sessions a week (€160/month)",
    ]);
    expect(optionsOffered("## Option A: Lisbon\nWarm, pricier.\n\n## Option B: Porto\nCheaper.\n\nWhich one?")).toEqual(
      ["Lisbon", "Porto"],
    );
    // A numbered list of questions offers nothing to choose from.
    expect(optionsOffered("1. What is your budget?\n2. When do you move?")).toEqual([]);
  });

  test("a pick by word, number, letter or end; a sentence about an option picks nothing", () => {
    const options = optionsOffered(LESSONS);
    for (const reply of ["the second one", "2nd one pls", "option 2", "ok the last one, its cheaper", "the latter"])
      expect(picked(reply, options)).toBe(options[1]!);
    expect(picked("lets go with the first one.", options)).toBe(options[0]!);
    expect(picked("the first one was too pricey tbh", options)).toBeNull();
    expect(picked("the third one", options)).toBeNull();
  });

  test("fused with the question: the memory says what was chosen, not 'the second one'", () => {
    expect(chat("i want to reach b1 portuguese by sept", LESSONS, "the second one")).toContain(
      'Asked "Which would the user prefer?", the user chose "Private tutor online, two 1-hour sessions a week (€160/month)".',
    );
  });

  test("a pick among options listed without a question is still the choice", () => {
    const plans =
      "Here are three ways to get there:\n- Plan A: fly to Porto on Friday\n- Plan B: take the train via Madrid\n- Plan C: drive";
    expect(withAssistant([plans, "hmm lets go with plan b"], "assistant", "2026-05-04T10:00:00.000Z")).toEqual([
      'The user chose "take the train via Madrid".',
    ]);
  });
});

describe("what users type about their plans", () => {
  test("a schedule typed one day a line under its month: each day a memory with its date, answering no question", () => {
    const asked = "To plan this I need:\n1. Dates and venues, in order.\n2. Who's in the band?";
    const run =
      "ok here's the run, all october:\n- 12th leeds (the wardrobe)\n- 13th york (the crescent)\n- 14th newcastle (the globe)";
    const formed = withAssistant([asked, run], "assistant", "2026-08-20T10:00:00.000Z");
    expect(formed).toEqual([
      "On 12 October 2026 leeds (the wardrobe).",
      "On 13 October 2026 york (the crescent).",
      "On 14 October 2026 newcastle (the globe).",
    ]);
    expect(withListedMonth("dates in march and april:\n- 3rd a\n- 4th b")).toBe(
      "dates in march and april:\n- 3rd a\n- 4th b",
    );
  });

  test("'joel here' names the writer", () => {
    expect(statedName("yo. joel here, i play double bass, based in bristol.")).toBe("Joel");
    expect(statedName("Hi, Priya here. Quick question")).toBe("Priya");
    expect(statedName("ok here, the list")).toBeNull();
    expect(chat("joel here, i play double bass")).toEqual(["The user is Joel.", "The user plays double bass."]);
  });

  test("'remind me' says what the user has to do", () => {
    expect(chat("perfect. last thing, remind me i need to confirm all the venues by end of may")).toEqual([
      "The user needs to confirm all the venues by the end of May 2026.",
    ]);
    expect(chat("can u remind me to call mum on friday")).toEqual([
      "The user needs to call mum on Friday, 8 May 2026.",
    ]);
    expect(chat("pls remind me that the deposit is due on the 20th")).toEqual(["The deposit is due on 20 May 2026."]);
    expect(chat("remind me what the van costs")).toEqual([]);
  });

  test("yes to 'Want …?' with 'do you' left unsaid is the user's wish", () => {
    expect(
      withAssistant(["Want a **day sheet template** for each show?", "yes"], "assistant", "2026-05-04T10:00:00.000Z"),
    ).toEqual(["The user wants a day sheet template for each show."]);
  });

  test("a value set anew without an article, and a plural one", () => {
    expect(chat("actually make per diems £30 not 25, 25 is grim when ur GF")).toEqual([
      "The user's per diems are £30, not 25.",
    ]);
    expect(chat("actually make it 30")).toEqual([]);
  });

  test("days of the month before their month, 'oct.' ending a sentence, and 'at mine'", () => {
    expect(chat("rehearsals at mine 6th and 8th oct. Sam already knows the tunes")).toEqual([
      "Rehearsals at the user's place on 6 October 2026 and on 8 October 2026.",
      "Sam already knows the tunes.",
    ]);
  });
});
