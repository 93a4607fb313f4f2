// What users type when a plan changes or a count is settled (issue 11): a count the assistant asked for
// answered with "lets say 10" or "say 8", the thing counted named only in the assistant's advice; a
// possessive typed without its apostrophe ("my sons 7th bday"); the month a message is written in; a
// shop's name typed in lower case. The count changed later replaces the earlier one (reconcile.test.ts).
import { describe, expect, test } from "bun:test";
import { statedName } from "../../src/formation/user-name.ts";
import type { Fact } from "../../src/formation/extractor.ts";
import { CHAT_AT, chat, contents, extractor } from "./embedded-support.ts";

describe("a count settled in reply to the assistant's question", () => {
  test("'lets say 10 to be safe' answers 'How many ...?' with the thing the advice counted in bold", () => {
    expect(
      chat(
        "luigis said 11 each",
        "I'd suggest **8–10 pizzas** for 26 kids. How many do you want to order?",
        "lets say 10 to be safe",
      ),
    ).toEqual([
      "Luigis said 11 each.",
      'Asked "How many pizzas does the user want to order?", the user answered "10 to be safe".',
    ]);
  });

  test("'say 8' answers too; the last count of the advice is the thing when none is in bold", () => {
    expect(chat("need tables for the fete", "Most fetes hire 6 tables. How many would you like?", "say 8")).toEqual([
      "The user needs tables for the fete.",
      'Asked "How many tables would the user like?", the user answered "8".',
    ]);
  });

  test("hours or pounds counted before the question are no thing it asks for", () => {
    expect(chat("what about the cost", "A venue costs 3 hours at £22. How many do you want?", "2")).toEqual([
      'Asked "How many does the user want?", the user answered "2".',
    ]);
  });
});

describe("chat spelling of what people have", () => {
  test("'my sons 7th bday', 'my wifes car': the writer's person's, not a plural", () => {
    expect(
      chat(
        "need help planning my sons 7th bday party",
        "Sure! When is his birthday?",
        "his bdays 7th may. hes obsessed with dinosaurs rn",
      ),
    ).toEqual([
      "The user needs help planning the user's son's 7th birthday party.",
      "The user's son's birthday is 7th may. The user's son is obsessed with dinosaurs right now.",
    ]);
    expect(chat("my wifes car broke down again")).toEqual(["The user's wife's car broke down again."]);
    expect(chat("my daughters are 4 and 7")).toEqual(["The user's daughters are 4 and 7."]);
  });

  test("a word the lexicon lacks before 'do' is a shop's name, nobody's; 'devs are' is still the user's", () => {
    expect(chat("luigis do 12 inch pizzas for 11 each")).toEqual(["Luigis do 12 inch pizzas for 11 each."]);
    expect(chat("devs are asking about the weekend")).toEqual([
      "The user's devs are asking about the weekend of 9 May 2026.",
    ]);
  });
});

describe("the month a message is written in", () => {
  test("'in may' written on 4 May is this May, not next year's; 'next may' is next year's", () => {
    expect(chat("we fly to lisbon in may")).toEqual(["The user and others fly to lisbon in May 2026."]);
    expect(chat("we fly to lisbon in may next year")).toEqual(["The user and others fly to lisbon in May 2027."]);
  });
});

describe("an amount of the user's typed without a verb", () => {
  test("'budget about 300 quid all in', 'rent 1100 a month': the user's, with the amount as typed", () => {
    expect(chat("party for my son", "Fun!", "budget about 300 quid all in")).toEqual([
      "The user's budget is about 300 quid all in.",
    ]);
    expect(chat("ok rent 1100 a month. i have 2 kids")).toEqual([
      "The user's rent is 1100 a month. The user has 2 kids.",
    ]);
  });

  test("a count of other things without a verb is no amount of the user's ('maybe 12 kids')", () => {
    expect(chat("maybe 12 kids")).toEqual([]);
  });
});

describe("terse notes of a plan's dates and people", () => {
  test("'thesis due 12 june, im maybe 40% done': what is due lies ahead, though a later clause tells the past", () => {
    expect(chat("thesis due 12 june, im maybe 40% done. need a plan")).toEqual([
      "Thesis due on 12 June 2026, the user is maybe 40% done. The user needs a plan.",
    ]);
    expect(chat("thesis due 12 june")).toEqual(["The user's thesis is due on 12 June 2026."]);
    expect(chat("the baby was due on 3 march, she came late")).toEqual([
      "The baby was due on 3 March 2026. She came late.",
    ]);
  });

  test("'drop 2022' is what to do with a year, not the user's 'drop' of 2022", () => {
    expect(chat("drop 2022. 2019-21 + 2023 is enough")).toEqual(["2019-21 + 2023 is enough."]);
    expect(chat("budget 2000")).toEqual(["The user's budget is 2000."]);
  });

  test("'jono is my partner': a name typed in lower case, nobody's thing, whom 'he' then stands for", () => {
    expect(chat("jono is my partner. he is a sparky")).toEqual(["Jono is the user's partner. Jono is a sparky."]);
    expect(chat("car is my main expense")).toEqual(["The user's car is the user's main expense."]);
    expect(chat("fergal is our conductor, hes great musically")).toEqual([
      "Fergal is the user's conductor. Fergal is great musically.",
    ]);
  });
});

describe("a question typed without its mark", () => {
  test("'whats the deal with insurance, our deductible is 2500': the fact after the question is kept", () => {
    expect(chat("whats the deal with insurance, our deductible is 2500")).toEqual(["The user's deductible is 2500."]);
    // "what i want is ..." is no question.
    expect(chat("what i want is a quiet place, i work nights")).toEqual([
      "What the user wants is a quiet place. The user works nights.",
    ]);
  });

  test("'..., can i patch it or do i need ...': the question after the comma goes, what is told before it stays", () => {
    expect(chat("the ceiling, im pretty handy, can i patch it myself or do i need a drywall guy")).toEqual([
      "The ceiling, the user is pretty handy.",
    ]);
  });
});

describe("what a chat user types about times and themselves", () => {
  test("'thursday the 9th of april 10.14am': a time typed with a dot, not 'april 10' and the year 2010", () => {
    const formed = chat("omg just got a cancellation. thursday the 9th of april 10.14am same centre").join(" ");
    // "thursday the 9th of april" is one date: the year whose 9 April is a Thursday.
    expect(formed).toContain("On Thursday, 9 April 2026 at 10:14am same centre.");
    expect(formed).not.toContain("2010");
  });

  test("'ye ill try the breathing thing': 'ill' after 'ye' is I'll", () => {
    expect(chat("ye ill try the breathing thing")).toEqual(["The user will try the breathing thing."]);
  });

  test("a scripted intro names the user by its first name, not the co-host's after the comma", () => {
    expect(statedName("the intro will be like \"I'm Nadia, I'm Marisol, and this is Under the Pavement\"")).toBe(
      "Nadia",
    );
  });
});

describe("a span of days", () => {
  test("'away 22-24 may', 'off aug 8 to 22': the last day is kept, not only the first", () => {
    expect(chat("away 22-24 may, omas 90th in groningen")).toEqual([
      "Away from 22 May 2026 to 24 May 2026, omas 90th in groningen.",
    ]);
    expect(chat("off aug 8 to 22")).toEqual(["Off from 8 August 2026 to 22 August 2026."]);
  });
});

describe("days named the way people say them", () => {
  test("'thursday after next' said on Monday 4 May is Thursday 14 May, not this week's", () => {
    expect(chat("the interview is thursday after next")).toEqual(["The interview is on Thursday, 14 May 2026."]);
    expect(chat("dry dock is booked for thursday after next")).toEqual([
      "Dry dock is booked for Thursday, 14 May 2026.",
    ]);
  });

  test("'saturday week' said on Monday 4 May is Saturday 16 May, a week after the next Saturday", () => {
    expect(chat("booked a test ride for saturday week, 10am")).toEqual([
      "The user booked a test ride for Saturday, 16 May 2026, 10am.",
    ]);
  });

  test("'take home is 2150 a month': the user's take-home pay", () => {
    expect(chat("take home is 2150 a month, paid on the 28th")).toEqual([
      "The user's take-home pay is 2150 a month, paid on the 28th.",
    ]);
  });

  test("'start date jan 4': a kind of day the tagger reads as a verb is the user's", () => {
    expect(chat("start date jan 4")).toEqual(["The user's start date is on 4 January 2027."]);
  });
});

describe("asides and pauses", () => {
  test("'I never learned to swim... feeling a bit foolish asking but is it too late?': the fact before the pause stays", () => {
    expect(
      chat("I'm 61 and I never learned to swim... feeling a bit foolish asking this but is it too late to learn?"),
    ).toEqual(["The user is 61 years old.", "The user never learned to swim."]);
    // A sentence going on after the pause ("... but the worst was") stays one.
    expect(chat("i faced all kinds of hurdles, tech stuff, workplace stuff... but the worst was self-doubt")).toEqual([
      "The user faced all kinds of hurdles, tech stuff, workplace stuff... But the worst was self-doubt.",
    ]);
    // A correction after the pause stays with what it corrects.
    expect(chat("I'd be thrilled with a width... no, lets say a length")).toEqual([
      "The user would be thrilled with a width... No, lets say a length.",
    ]);
  });

  test("'truth be told' is an aside, not the user's thing; 'when i texted her' stays past", () => {
    expect(chat("truth be told im terrified of deep water")).toEqual(["The user is terrified of deep water."]);
    expect(chat("priya agreed when i texted her")).toEqual(["Priya agreed when the user texted her."]);
  });
});

describe("a date chosen", () => {
  test("'actually lets do 1 april, way cleaner' settles on the date (was 'Lets do on 1 April')", () => {
    expect(chat("actually lets do 1 april, way cleaner like you said")).toEqual(["The user settled on 1 April 2027."]);
    expect(chat("lets do 3 sets of 10")).toEqual([]);
  });
});

describe("a topic typed back before the answer", () => {
  test("'ticket price. thinking $40' to 'What ticket price are you thinking?' quotes no 'ticket price' as the answer", () => {
    expect(chat("planning a reunion", "What ticket price are you thinking?", "ticket price. thinking $40")).toEqual([
      "The user is planning a reunion.",
      'Asked "What ticket price is the user thinking?", the user answered "$40".',
    ]);
    // Picking one of the question's alternatives is an answer, in the question's words.
    expect(chat("need a study plan", "Mornings or afternoons better for you?", "mornings. useless after 3pm")).toEqual([
      "The user needs a study plan.",
      'Asked "Mornings or afternoons better for the user?", the user chose "Mornings".',
    ]);
  });

  test("'ok BIG change. ...' to 'Is August 1 still the date?' announces what follows; it answers nothing", () => {
    expect(
      chat("planning a reunion", "Is August 1 still the date?", "ok BIG change. we're moving it to oct 10"),
    ).toEqual(["The user is planning a reunion.", "The user and others are moving it to 10 October 2026."]);
  });

  test("'were in ballincollig' opening a message is 'we're'", () => {
    expect(chat("were in ballincollig in cork")).toEqual(["The user and others are in ballincollig in cork."]);
  });
});

describe("a value of the user's set anew by what to do with it", () => {
  test("'honestly drop the target to €2,500', 'raise my rate to 500': the user's value; 'drop the kids at 8' is none", () => {
    expect(chat("and honestly drop the target to €2,500, i dont want us all disappointed")).toEqual([
      "The user's target is €2,500.",
    ]);
    expect(chat("raise my rate to 500")).toEqual(["The user's rate is 500."]);
    expect(chat("drop the kids at 8")).toEqual([]);
  });
});

describe("the user's name said with what they go on to say", () => {
  test("'hi im dani, planning a reunion' is the user's name, a memory of its own, and the plan", () => {
    const facts = extractor.extract({
      kind: "messages",
      user: { name: "Dani" },
      messages: [
        { index: 0, role: "user", speaker: null, content: "hi im dani, planning a reunion", occurredAt: CHAT_AT },
        { index: 1, role: "assistant", speaker: null, content: "Nice to meet you, Dani!", occurredAt: CHAT_AT },
      ],
    }) as Fact[];
    expect(contents(facts)).toEqual(["The user's name is Dani.", "Dani is planning a reunion."]);
  });
});

describe("an age and a habit typed as people do", () => {
  test("'I just turned 18 yesterday!' keeps the age (was 'just turned on 3 May 2026'); 'I workout' is a verb", () => {
    expect(chat("I just turned 18 yesterday!")).toEqual(["The user just turned 18 years old on 3 May 2026."]);
    expect(chat("I workout four hours a day.")).toEqual(["The user works out four hours a day."]);
  });
});

describe("'and i.' closing an answer", () => {
  test("'my boyfriend callum and i. lease ends ...' answers who: 'i.' is not an initial that joins the next sentence", () => {
    expect(
      chat(
        "just bought a narrowboat",
        "Who will be living aboard?",
        "my boyfriend callum and i. lease on the flat ends 31 aug",
      ),
    ).toEqual([
      "The user just bought a narrowboat.",
      'Asked "Who will be living aboard?", the user answered "the user\'s boyfriend Callum and the user".',
      "Lease on the flat ends on 31 August 2026.",
    ]);
  });
});

describe("a weekday and its day of the month, and a weekday in a name", () => {
  test("'ready on Saturday the 17th of October' after 'rang': one date ahead, the year whose 17 October is a Saturday", () => {
    expect(chat("Ron's friend rang just before, and the bees will be ready on Saturday the 17th of October")).toEqual([
      "Ron's friend rang just before, and the bees will be ready on Saturday, 17 October 2026.",
    ]);
  });

  test("'two years ago now, in 2024': the year said once", () => {
    expect(chat("Graham passed away two years ago now, in 2024")).toEqual(["Graham passed away in 2024."]);
  });

  test("'the Ash Wednesday fires in 1983', 'black friday sales' name no day", () => {
    expect(chat("Graham and I lost our back fence in the Ash Wednesday fires in 1983")).toEqual([
      "Graham and the user lost the user's back fence in the Ash Wednesday fires in 1983.",
    ]);
    expect(chat("black friday sales start on friday")).toEqual(["Black friday sales start on Friday, 8 May 2026."]);
  });
});

describe("a terse shop owner's notes", () => {
  test("'pls just tables + numbers from now on, no essays' is a standing instruction; 'tables pls' too", () => {
    expect(chat("pls just tables + numbers from now on, no essays")).toEqual([
      "The user wants just tables + numbers from now on, no essays from the assistant.",
    ]);
    expect(chat("tables pls")).toEqual(["The user wants tables from the assistant."]);
    expect(chat("ok thanks")).toEqual([]);
  });

  test("'us + eu', 'us was 25% of sales': the country, not the user and others", () => {
    expect(chat("where do you ship", "Where do you ship outside the UK?", "us + eu")).toEqual([
      'Asked "Where does the user ship outside the UK?", the user answered "US + eu".',
    ]);
    expect(chat("us was like 25% of sales")).toEqual(["US was like 25% of sales."]);
    expect(chat("they invited us to the party")).toEqual(["They invited the user and others to the party."]);
  });
});

describe("a named option given up", () => {
  test("'forget evri, staying w royal mail' drops evri; 'forget it' drops nothing", () => {
    expect(chat("forget evri, staying w royal mail")).toEqual(["The user dropped evri, staying with royal mail."]);
    expect(chat("forget it")).toEqual([]);
  });
});

describe("a plan's day moved", () => {
  test("'pushed from the 8th': the day moved from is in the month of the new one, not a month before", () => {
    expect(chat("the release is now friday the 15th, pushed from the 8th")).toEqual([
      "The release is now Friday, 15 May 2026, pushed from 8 May 2026.",
    ]);
  });
});
