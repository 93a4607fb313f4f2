// The embedded extractor on real chat turns from LoCoMo (conv-26, conv-30, conv-41): each turn
// is extracted as an import forms it, with the conversation's two speakers and the session's time.
import { describe, expect, test } from "bun:test";
import { contents, factsOfTurn, locomoTurns } from "./embedded-support.ts";

/** [conversation, turn, a fact that must be formed (substring), its occurred_at day when the turn dates the event] */
const EXPECTED: Array<[string, string, string, string | null]> = [
  ["conv-26", "D1:3", "Caroline went to a LGBTQ support group on 7 May 2023", "2023-05-07"],
  ["conv-26", "D1:2", "Melanie is swamped with the kids & work", null],
  ["conv-26", "D1:14", "Melanie painted that lake sunrise in 2022", "2022-01-01"],
  ["conv-26", "D1:18", "Melanie is off to go swimming with the kids", null],
  ["conv-26", "D2:1", "Melanie ran a charity race for mental health on Saturday, 20 May 2023", "2023-05-20"],
  ["conv-26", "D2:7", "Melanie's kids are so excited about summer break", null],
  ["conv-26", "D2:7", "thinking about going camping in June 2023", "2023-06-01"],
  ["conv-26", "D2:8", "Caroline is researching adoption agencies", null],
  ["conv-26", "D3:1", "Caroline talked about Caroline's transgender journey", null],
  ["conv-26", "D3:1", "since Caroline started transitioning in 2020", null],
  ["conv-26", "D3:13", "Caroline has known these friends for 4 years", null],
  [
    "conv-26",
    "D4:3",
    "This necklace is super special to Caroline, a gift from Caroline's grandma in Caroline's home country, Sweden",
    null,
  ],
  ["conv-26", "D4:3", "Caroline's grandma gave it to Caroline when Caroline was young", null],
  ["conv-26", "D4:5", "A friend made it for Caroline's 18th birthday in 2013", "2013-01-01"],
  ["conv-26", "D4:8", "The 2 younger kids love nature", null],
  ["conv-26", "D5:1", "Caroline went to an LGBTQ+ pride parade", "2023-06-26"],
  ["conv-26", "D5:4", "Melanie just signed up for a pottery class on 2 July 2023", "2023-07-02"],
  ["conv-26", "D5:8", "Melanie made this bowl in Melanie's class", null],
  ["conv-30", "D1:2", "Jon lost Jon's job as a banker on 19 January 2023", "2023-01-19"],
  ["conv-30", "D1:2", "Jon is going to take a shot at starting Jon's own business", null],
  ["conv-30", "D1:3", "Gina also lost Gina's job at Door Dash in January 2023", "2023-01-01"],
  ["conv-30", "D1:4", "Jon is starting a dance studio because Jon is passionate about dancing", null],
  ["conv-30", "D2:4", "Jon has been to Paris on 28 January 2023", "2023-01-28"],
  ["conv-30", "D2:5", "Gina has been only to Rome once", null],
  ["conv-30", "D2:5", "Gina never had a chance to visit it", null],
  ["conv-30", "D5:15", "Gina got the tattoo a few years before 2023", null],
  ["conv-30", "D6:1", "Jon started hitting the gym in the week of 6 March 2023", "2023-03-06"],
  ["conv-41", "D1:2", "John just got back from a family road trip on 16 December 2022", "2022-12-16"],
  ["conv-41", "D1:3", "Maria has been busy volunteering at the homeless shelter and keeping fit", null],
  ["conv-41", "D1:3", "Maria just started doing aerial yoga", null],
  ["conv-41", "D2:1", "Maria donated Maria's old car to a homeless shelter", "2022-12-21"],
  ["conv-41", "D3:11", "John failed the military aptitude test recently", null],
];

describe("the embedded extractor on LoCoMo turns", () => {
  test("the dev conversations are there: three conversations, about 1,450 turns", () => {
    const turns = locomoTurns();
    expect(new Set(turns.map((t) => t.sample_id))).toEqual(new Set(["conv-26", "conv-30", "conv-41"]));
    expect(turns.length).toBeGreaterThan(1400);
  });

  test.each(EXPECTED)("%s %s forms a fact containing %p", (sample, dia, expected, day) => {
    const facts = factsOfTurn(sample, dia);
    const fact = facts.find((f) => f.content.includes(expected));
    expect(fact ? fact.content : contents(facts)).toContain(expected);
    if (day) expect(fact!.occurredAt?.slice(0, 10)).toBe(day);
  });

  test("a fact dated by the turn keeps the event's day, not the session's", () => {
    const [fact] = factsOfTurn("conv-26", "D1:3");
    expect(fact!.occurredAt).toBe("2023-05-07T00:00:00.000Z");
  });

  test("a fact without a date of its own takes the session's time", () => {
    const fact = factsOfTurn("conv-26", "D1:2").find((f) => f.content.includes("swamped"))!;
    expect(fact.occurredAt).toBe("2023-05-08T13:56:00Z");
  });

  test.each([
    ["conv-26", "D1:1"], // Hey Mel! Good to see you! How have you been?
    ["conv-26", "D1:4"], // Wow, that's cool, Caroline! What happened that was so awesome? ...
    ["conv-26", "D1:8"], // That's really cool. You've got guts. What now?
    ["conv-26", "D1:12"], // Thanks, Melanie! That's really sweet. Is this your own painting?
    ["conv-26", "D6:2"], // Hey Caroline! Missed you. Anything new? Spill the beans!
    ["conv-30", "D1:1"], // Hey Jon! Good to see you. What's up? Anything new?
    ["conv-30", "D1:13"], // Sounds great, Jon! Next Friday works. Let's boogie!
    ["conv-30", "D1:10"], // Wow, great idea! Let's go to a dance class, it'll be so much fun!
    ["conv-30", "D3:3"], // Wow, Gina! You found the perfect spot for your store. Way to go, hard work's paying off!
    ["conv-30", "D4:14"], // Wow Jon, you're gonna kill it in that competition. ... Good luck.
    ["conv-30", "D6:3"], // Oof, sorry to hear that. What's up? Is there anything I can do to help?
    ["conv-30", "D6:19"], // Yeah, Gina, thanks for having my back. Here's to taking on new heights ... Cheers!
    ["conv-30", "D8:17"], // ... Come join us! (only the studio's show is a fact)
    ["conv-41", "D1:1"], // Hey John! Long time no see! What's up?
    ["conv-41", "D1:16"], // Got it! Thanks, Maria. I definitely will.
    ["conv-41", "D2:21"], // Woah, that's a nice pic, John! You all obviously had a blast at dinner. ...
  ])("%s %s: greetings, thanks, questions, reactions and requests form nothing of their own", (sample, dia) => {
    const facts = contents(factsOfTurn(sample, dia));
    const noise = facts.filter(
      (f) =>
        /^(Hey|Hi|Wow|Woah|Oof|Thanks|Sounds|Let's|Come|Way to go|Good luck|Cheers|Here's to|Got it|Next Friday|On \d)/i.test(
          f,
        ) || /\?/.test(f),
    );
    expect(noise).toEqual([]);
    if (dia !== "D8:17") expect(facts).toEqual([]);
  });

  test("first and second person never remain in a fact from a named two-person chat", () => {
    const sample = locomoTurns()
      .filter((t) => t.sample_id === "conv-30")
      .slice(0, 120);
    const facts = sample.flatMap((t) => contents(factsOfTurn(t.sample_id, t.dia_id)));
    expect(facts.length).toBeGreaterThan(40);
    expect(facts.filter((f) => /\b(I|me|my|mine|you|your)\b/.test(f))).toEqual([]);
  });

  test("relative dates never remain: yesterday, last week, next month become dates", () => {
    const facts = locomoTurns()
      .filter((t) => t.sample_id === "conv-26" && /\b(yesterday|last week|next month|last year)\b/i.test(t.text))
      .flatMap((t) => contents(factsOfTurn(t.sample_id, t.dia_id)));
    expect(facts.length).toBeGreaterThan(10);
    expect(facts.filter((f) => /\b(yesterday|last week|next month|last year)\b/i.test(f))).toEqual([]);
  });
});
