// How users open and shorten what they type to an assistant, as the embedded extractor reads it (issue
// 11): a lead-in before the facts ("bit of background:"), "one" standing for what the assistant offered,
// "bc" and "wfh" written out, and a day that is the subject of its sentence ("tmrw works").
import { describe, expect, test } from "bun:test";
import { expandContractions } from "../../src/formation/embedded/contractions.ts";
import { writtenOut } from "../../src/formation/embedded/shorthand.ts";
import { CHAT_AT as AT, withAssistant } from "./embedded-support.ts";
import { active, harness, importMessages } from "./api-support.ts";

describe("a lead-in before the facts is no part of them", () => {
  test("'bit of background: i'm ellie btw, ...' names the user and forms no 'Ellie is Ellie' (through the API)", async () => {
    const h = await harness();
    await importMessages(
      h,
      [
        {
          content:
            "we're moving from manchester to lisbon. bit of background: i'm ellie btw, i'm a ux designer, fully remote for a uk company",
        },
        { role: "assistant", content: "Exciting! Where would you like to start?" },
      ],
      { scope: { user_id: "ellie" } },
    );
    const formed = active(h).map((m) => m.content);
    await h.close();
    expect(formed).toContain("The user's name is Ellie.");
    expect(formed.some((f) => /Ellie is a ux designer, fully remote for a uk company/.test(f))).toBe(true);
    expect(formed.join(" | ")).not.toMatch(/Ellie is Ellie|[Bb]ackground/);
  });

  test("'for context,' and 'background:' open what the user says", () => {
    const formed = withAssistant(["for context, we have 2 kids. background: i work nights"], "user", AT);
    expect(formed.join(" | ")).not.toMatch(/context|[Bb]ackground/);
    expect(formed.some((f) => /\bworks nights\b/.test(f))).toBe(true);
    expect(formed.some((f) => /\bhave 2 kids\b/.test(f))).toBe(true);
    expect(withAssistant(["Some context first: I'm a data analyst at FreshCrate (UK)."], "user", AT)).toEqual([
      "The user is a data analyst at FreshCrate (UK).",
    ]);
    // A background that is a thing stays: "background checks take a week".
    expect(withAssistant(["background checks take a week here"], "user", AT).join(" ")).toMatch(/background checks/);
  });
});

describe("'one' standing for what was offered is no number", () => {
  test("'yes pls, one i can print' after an offer of a checklist forms nothing", () => {
    const formed = withAssistant(
      ["we're moving to lisbon in august", "Great! Want a printable checklist?", "yes pls, one i can print"],
      "user",
      AT,
    );
    expect(formed.join(" | ")).not.toMatch(/\bOne\b|\bprint\b/i);
    expect(formed.some((f) => /moving to lisbon/i.test(f))).toBe(true);
  });

  test("'one' that counts still counts: 'one of my kids is 4'", () => {
    expect(withAssistant(["one of my kids is 4"], "user", AT).join(" ")).toMatch(/4/);
  });
});

describe("shorthand between clauses", () => {
  test("'bc' is because between words, not a year's 'bc'; 'wfh' is working from home", () => {
    expect(expandContractions(writtenOut("tmrw works bc work is slow, built 500 bc"))).toBe(
      "tomorrow works because work is slow, built 500 bc",
    );
    expect(expandContractions("we moved to BC last year")).toBe("we moved to BC last year"); // British Columbia
    expect(writtenOut("i wfh on fridays and im wfh tmrw")).toBe(
      "i work from home on fridays and im working from home tomorrow",
    );
  });

  test("a day that is what its sentence is about takes no 'On': 'tmrw works bc im a HS chem teacher'", () => {
    const formed = withAssistant(
      [
        "my toilet is leaking, got 2 plumbers",
        "Ray can come tomorrow after 4, or the other one on Tuesday 8-12.",
        "going w ray. also tmrw works bc im a HS chem teacher and im home by 3:45 anyway",
        "Good choice.",
        "friday works for me for the follow-up",
      ],
      "user",
      AT,
    );
    const said = formed.join(" | ");
    expect(said).not.toMatch(/\bOn [^|]*\bworks\b/);
    expect(said).toMatch(/because the user is a HS chem teacher/);
    expect(said).toMatch(/works for the user/);
  });
});

describe("a week's schedule and a best so far", () => {
  const at = "2026-05-05T10:00:00.000Z";
  test("'Saturday long ride' and 'in August the long ride moves to Sunday' are a schedule, not dates", () => {
    const formed = withAssistant(
      [
        "How many hours a week can you train, and on which days?",
        "Tuesday and Thursday 06:00–07:00 on the turbo. Saturday long ride, up to 5 hours. my partner Sam works Saturdays throughout August, so in August the long ride moves to Sunday.",
      ],
      "assistant",
      at,
    ).join(" | ");
    expect(formed).toMatch(/Saturday long ride, up to 5 hours/);
    expect(formed).toMatch(/the long ride moves to Sunday\./);
    expect(formed).not.toMatch(/May 2026/);
  });

  test("'Longest ride so far: 104 km, in April' is this April, not next", () => {
    const formed = withAssistant(
      [
        "I've entered a sportive. Details:\n1) I'm 44, 165 cm, 68 kg.\n2) Longest ride so far: 104 km, in April, with my club.",
      ],
      "user",
      at,
    ).join(" | ");
    expect(formed).toMatch(/in April 2026/);
  });
});

describe("brackets and a name said late", () => {
  test("a comma inside brackets ends no clause: 'Existing students (Ellie, Josh, Priya) would stay at £40'", () => {
    const formed = withAssistant(["Existing students (Ellie, Josh, Priya) would stay at £40."], "user", AT);
    expect(formed).toEqual(["Existing students (Ellie, Josh, Priya) would stay at £40."]);
  });

  test("'im rosie btw, shouldve said at the start' names the user and says nothing else of her (through the API)", async () => {
    const h = await harness();
    await importMessages(
      h,
      [
        { content: "thanks!! honestly this has helped so much. im rosie btw, shouldve said at the start lol" },
        { role: "assistant", content: "Lovely to meet you, Rosie!" },
      ],
      { scope: { user_id: "rosie" } },
    );
    const formed = active(h).map((m) => m.content);
    await h.close();
    expect(formed).toEqual(["The user's name is Rosie."]);
  });
});
