// What people say in passing to an assistant (issue 11): a name in brackets or as an aside, a
// relative clause that tells of the past inside a plan, the label of a pasted error, a weekday cut
// before "the 14th", a new question announced ("diff question -"), a code name in camel case, a note
// under pasted code ("written by someone who left last year"), a standing rule for commands.
import { describe, expect, test } from "bun:test";
import { statedName } from "../../src/formation/user-name.ts";
import { CHAT_AT, chat, withAssistant } from "./embedded-support.ts";

describe("the user's name said in passing", () => {
  test.each([
    ["40 mins on paper lol. (im hannah btw, sorry for the essays, 3rd year teaching)", "Hannah"],
    ["That fixed it. Arjun, by the way — thanks, this has saved my week. Can you draft the PR?", "Arjun"],
    ["Arjun btw.", "Arjun"],
    ["outside light yes. oh and priya btw, just realised i never said lol - the form wants us both named", "Priya"],
    ["no thats everything for now, you've been a massive help. graham (and pauline!) says thank you", "Graham"],
  ])("%p names the user %p", (text, name) => {
    expect(statedName(text, "Thanks, Priya! Sure.")).toBe(name);
  });

  test.each(["Ben, btw, is back on monday", "Sounds good. Marta, by the way, said yes", "Monday, by the way, is out"])(
    "%p names no user",
    (text) => {
      expect(statedName(text, "Sure.")).toBeNull();
    },
  );

  test("the aside in brackets reads without its closing bracket", () => {
    expect(chat("40 mins on paper lol. (im hannah btw, sorry for the essays, 3rd year teaching)").join(" ")).toMatch(
      /sorry for the essays, 3rd year teaching\.$/,
    );
  });

  test("a sentence in brackets ends with one full stop ('(No bank holiday for us, we're in Berlin.)')", () => {
    expect(chat("We're doing both. (No bank holiday for us, we're in Berlin.)").join(" ")).toMatch(/in Berlin\.$/);
  });
});

describe("days in a plan", () => {
  test("a past relative clause ('who wrote most of these tests') does not make a plan's Monday the last one", () => {
    // CHAT_AT is Monday 4 May 2026.
    expect(chat("Ben, who wrote most of these tests, is back on Saturday and will review.")).toEqual([
      "Ben, who wrote most of these tests, is back on Saturday, 9 May 2026 and will review.",
    ]);
  });

  test("what someone said can happen is ahead ('hartley said they can start the 8th june')", () => {
    expect(chat("hartley said they can start the 8th june, 25% deposit, rest in stages")).toEqual([
      "Hartley said they can start on 8 June 2026, 25% deposit, rest in stages.",
    ]);
  });

  test("a past told of a noun the tagger reads as a verb ('a community grant ... arrived on 29 April') is this year's", () => {
    expect(
      chat("A £2,850.00 community grant from the district council arrived on 29 April and I had missed it.")[0],
    ).toMatch(/^A £2,850\.00 community grant from the district council arrived on 29 April 2026\./);
  });

  test("'annual accounts' make no day a yearly one", () => {
    expect(chat("I need to prepare the annual accounts for our AGM on Thursday 15 October.")).toEqual([
      "The user needs to prepare the annual accounts for the user's AGM on Thursday, 15 October 2026.",
    ]);
  });

  test("a plan's 'tuesday 6th' may be five months ahead; a span after a deed ('paid for itself in a week') dates nothing", () => {
    expect(chat("we'll fly out tuesday 6th instead and come back tuesday 27th, still three weeks")).toEqual([
      "The user and others will fly out Tuesday, 6 October 2026 instead and come back Tuesday, 27 October 2026, still three weeks.",
    ]);
    expect(chat("our friends swore by it, said it paid for itself in a week. i lost 5kg in a month")).toEqual([
      "The user's friends swore by it, said it paid for itself in a week. The user lost 5kg in a month.",
    ]);
  });

  test("'wed the 20th' is the next 20th that is a Wednesday", () => {
    expect(chat("so the assessment is moving to wed the 20th")).toEqual([
      "The assessment is moving to Wednesday, 20 May 2026.",
    ]);
  });
});

describe("what pasted code leaves", () => {
  test("the label of a code block ('Error:', 'The test:') goes with the code; a lone code mark goes", () => {
    const facts = chat(
      '`CheckoutForm.test.tsx` > "shows validation error" fails roughly 1 in 8 CI runs. Never fails locally. Error:\n\n```\nTestingLibraryElementError: Unable to find role="alert"\n```\n\nThe test:\n\n```tsx\nit("shows validation error", async () => {});\n```\n\nThe postcode field validates with a 500 ms debounce.',
    );
    expect(facts.join(" ")).not.toMatch(/Error:|The test:|`/);
    expect(facts.join(" ")).toContain("The postcode field validates with a 500 ms debounce.");
    expect(facts.join(" ")).toContain('CheckoutForm.test.tsx > "shows validation error" fails roughly 1 in 8 CI runs.');
  });

  test("a numbered answer's label stays, so the next item answers the next question", () => {
    const facts = chat(
      "tests are flaky in CI",
      "A few questions:\n\n1. Do you enable fake timers globally?\n2. Can you share your setup file?\n3. How is CI configured?",
      "1. Yes, in src/test/setup.ts.\n2. Full file:\n\n```ts\nafterEach(() => cleanup());\n```\n\n3. GitHub Actions, ubuntu-latest, 4 shards.",
    );
    expect(facts.filter((f) => /answered "3"/.test(f))).toEqual([]);
    expect(facts.some((f) => /How is CI configured.*GitHub Actions, ubuntu-latest, 4 shards/.test(f))).toBe(true);
  });

  test("a name in camel case keeps its small first letter", () => {
    expect(chat("useCart fetches /api/cart on mount via TanStack Query.")).toEqual([
      "useCart fetches /api/cart on mount via TanStack Query.",
    ]);
  });
});

describe("whom a clause with no subject is about", () => {
  test("'was gonna ...', 'diagnosed ...': the user, as it was, and what was done to them", () => {
    expect(chat("breakfast. was gonna do overnight oats.")).toContain("The user was going to do overnight oats.");
    expect(chat("diagnosed type 2 in march. on metformin")[0]).toBe("The user was diagnosed type 2 in March 2026.");
  });

  test("'ourselves' after no verb stresses who would do it", () => {
    expect(
      chat("the builder is booked", "Great!", "also pls dont suggest doing any of this ourselves, we are useless"),
    ).toContain("The user does not want the assistant to suggest doing any of this themselves.");
  });
});

describe("who 'she' is", () => {
  test("a city opening the sentence is no one 'she' stands for ('Kyoto is the big one for Pauline. she ...')", () => {
    expect(chat("Kyoto is the big one for Pauline. she wants to see all the temples")).toEqual([
      "Kyoto is the big one for Pauline. Pauline wants to see all the temples.",
    ]);
  });

  test("'I'd forgotten' is 'had'; 'I'd love' stays 'would'", () => {
    expect(chat("I'd forgotten I added an extra half-day for the restaurant shots. I'd love a cake")).toEqual([
      "The user had forgotten the user added an extra half-day for the restaurant shots. The user would love a cake.",
    ]);
  });
});

describe("replies that answer nothing", () => {
  test("'Now the invoice.' takes up a topic: no answer to the question before", () => {
    const facts = chat(
      "need to price a wedding",
      "## Terms\n\nRetainer percentage and whether it's refundable?",
      "Now the invoice. Client: The Linden, a boutique hotel in Bath.",
    );
    expect(facts.filter((f) => /Now the invoice/.test(f))).toEqual([]);
  });

  test("'diff question - ...' announces a new question: no answer to the assistant's", () => {
    const facts = chat(
      "the coach quote was £640 for a 53 seater so we'd need 2",
      "## Coaches\n\nThat's £1,280.\n\nWould you consider a double-decker, or do you need to keep to two standard coaches?",
      "ugh. diff question - whats a good source for the christmas truce",
    );
    expect(facts.filter((f) => /diff question|ugh/i.test(f))).toEqual([]);
  });
});

describe("notes beside pasted code and rules for commands", () => {
  test("'written by someone who left last year' under pasted code is not the user's doing", () => {
    const formed = chat(
      "```js\nconst cache = new Map();\n```\nwritten by someone who left last year. nobody touched it since",
    );
    expect(formed.join(" ")).not.toMatch(/The user written/);
  });

  test("'stopped by the garage' is still the user's", () => {
    expect(chat("stopped by the garage on the way home, they fixed the clutch").join(" ")).toMatch(
      /^The user stopped by the garage/,
    );
  });

  test("'also use pnpm not npm in any commands pls' is a standing instruction", () => {
    expect(
      chat("cant attach inspector in prod, security wont allow it. also use pnpm not npm in any commands pls"),
    ).toContain("The user wants the assistant to use pnpm not npm in any commands.");
  });
});

describe("the user's subject dropped after a time", () => {
  test.each([
    ["yesterday went to the gp about my knee", "On 3 May 2026 the user went to the gp about the user's knee."],
    ["last week finally booked the venue", "In the week of 27 April 2026 the user finally booked the venue."],
    ["9 days ago on a crimp, heard a pop", "On 25 April 2026 on a crimp, the user heard a pop."],
    ["2 weeks ago started a new job", "In the week of 20 April 2026 the user started a new job."],
  ])("%p", (text, memory) => {
    expect(chat(text)).toEqual([memory]);
  });

  test("a time the clause is about keeps no subject ('yesterday was mad', 'last week flew by')", () => {
    expect(chat("yesterday was mad. last week flew by").join(" ")).not.toMatch(/the user (?:was|flew)/i);
  });

  test("'left ring' answers which finger: a side of the body, not the past of 'leave'", () => {
    const formed = withAssistant(
      [
        "finger pulley injury from bouldering",
        "## To tailor this\n\n1. Which finger and which hand?\n2. When did it happen, and did you feel or hear a pop?",
        "left ring. 9 days ago on a crimp, heard a pop",
      ],
      "user",
      CHAT_AT,
    );
    expect(formed).toContain('Asked "Which finger and which hand?", the user answered "left ring".');
  });
});
