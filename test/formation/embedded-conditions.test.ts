// What a user types to an assistant around a condition, a confusion or a length of time (issue 11):
// "if i take the loan, can i pay it off early?" is one question, condition and all, and forms nothing;
// "plan: if dev is happy on monday, i apply for the loan ..." keeps the condition with the plan; "dont
// get it" is the user not following, no instruction to the assistant; "its been 3 months ish" says how
// long without saying what, and forms nothing; "1 lesson a week tues 7pm" is how often, no date; "i know
// hiragana thats about it" keeps what the user knows; "want to intro myself ..." is what the user wants;
// "ok drop duolingo." is a decision.
import { describe, expect, test } from "bun:test";
import { CHAT_AT as AT, withAssistant } from "./embedded-support.ts";
import { active, harness, importMessages } from "./api-support.ts";

/** A user's messages to an assistant, each answered. */
const toAssistant = (...said: string[]) => withAssistant(["hi", ...said.flatMap((s) => ["Sure.", s])], "user", AT);

describe("a condition goes with its clause", () => {
  test("'if i take the loan, can i pay it off early?' forms nothing", () => {
    expect(toAssistant("if i take the nationwide loan, can i pay it off early?")).toEqual([]);
    expect(toAssistant("so if we move the party to june, would the venue still hold the deposit?")).toEqual([]);
  });

  test("a labelled plan keeps its condition: 'plan: if dev is happy on monday, i apply for ...'", () => {
    const formed = toAssistant("plan: if dev is happy on the car, i apply for the nationwide loan for £6,250");
    expect(formed).toHaveLength(1);
    expect(formed[0]).toMatch(/if dev is happy on the car, the user applies for the nationwide loan for £6,250/);
  });

  test("a statement before a question's comma still stands: 'my brother lives nearby, can he help'", () => {
    expect(toAssistant("my brother lives nearby, can he help")).toContain("The user's brother lives nearby.");
  });
});

describe("not following is no instruction", () => {
  test("'... windowSize? dont get it' forms nothing; 'i don't understand the letter, it says i owe £340' stays", () => {
    expect(
      toAssistant("whats the actual difference between getItemLayout and lowering windowSize? dont get it"),
    ).toEqual([]);
    expect(toAssistant("sorry i still don't really understand")).toEqual([]);
    expect(toAssistant("i don't understand the council tax letter, it says i owe £340").join(" ")).toMatch(
      /does not understand the council tax letter/,
    );
    // A request to the assistant that says "do not" is still one.
    expect(toAssistant("please dont explain the basics to me from now on").join(" ")).toMatch(
      /does not want the assistant to explain the basics/,
    );
  });
});

describe("how long, without what since", () => {
  test("'its been 3 months ish' forms nothing; 'it's been 2 years since i moved to leeds' stays (through the API)", async () => {
    const h = await harness();
    await importMessages(
      h,
      [
        { content: "my gp put me on propranolol in june" },
        { role: "assistant", content: "How is it going?" },
        { content: "is it true propranolol takes ages to work? its been 3 months ish" },
        { role: "assistant", content: "It can take a while." },
        { content: "it's been 2 years since i moved to leeds" },
      ],
      { scope: { user_id: "shona" } },
    );
    const formed = active(h).map((m) => m.content);
    await h.close();
    expect(formed.join(" | ")).not.toMatch(/3 months/);
    expect(formed).toContain("It has been 2 years since the user moved to leeds.");
    expect(formed.join(" | ")).toMatch(/put the user on propranolol/);
  });
});

describe("how often is no date", () => {
  test("'1 lesson a week tues 7pm' and 'twice a week on mondays' name no day; 'a week on saturday' does", () => {
    const weekly = toAssistant("got a tutor on italki, haruka, 1 lesson a week tues 7pm, £16").join(" ");
    expect(weekly).toMatch(/1 lesson a week/);
    expect(weekly).not.toMatch(/\d{4}/);
    expect(toAssistant("i swim twice a week on mondays and thursdays").join(" ")).not.toMatch(/\d{4}/);
    // Without a count before it, "a week on Saturday" is the Saturday after next (CHAT_AT is Monday 4 May 2026).
    expect(toAssistant("the party is a week on saturday").join(" ")).toMatch(/Saturday, 16 May 2026/);
  });
});

describe("what a user types around a fact", () => {
  test("'i know hiragana thats about it' keeps what the user knows", () => {
    expect(toAssistant("i know hiragana thats about it").join(" ")).toMatch(/The user knows hiragana\.?$/);
    expect(toAssistant("i have a rain jacket and boots but that's about it").join(" ")).toMatch(
      /The user has a rain jacket and boots\.?$/,
    );
  });

  test("'want to intro myself + congratulate her family at the wedding' is what the user wants", () => {
    expect(toAssistant("want to intro myself + congratulate her family at the wedding").join(" ")).toMatch(
      /The user wants to intro themselves \+ congratulate her family at the wedding/,
    );
  });

  test("'ok drop duolingo.' is a decision; 'drop the kids off' and 'cancel netflix, skip physio' drop nothing named alone", () => {
    expect(toAssistant("ok drop duolingo.")).toEqual(["The user dropped duolingo."]);
    expect(toAssistant("forget crawl. sticking with breaststroke").join(" ")).toMatch(/The user dropped crawl/);
    expect(toAssistant("drop the kids off").join(" ")).not.toMatch(/dropped/);
    expect(toAssistant("cancel netflix, skip physio this week").join(" ")).not.toMatch(/dropped netflix, skip/);
  });
});

describe("a precise user's labels, ranges and reasons", () => {
  test("'20–24 July' and '27–31 July' are ranges, not two clauses", () => {
    const formed = toAssistant("I have the week of 20–24 July off work.", "I've moved my leave to 27–31 July.");
    expect(formed.join(" | ")).toMatch(/the week of 20 July 2026 to 24 July 2026 off work/);
    expect(formed.join(" | ")).toMatch(/moved the user's leave to 27 July 2026 to 31 July 2026/);
  });

  test("'Budget update: Grace and I have agreed ...' keeps Grace; 'given his condition, I've decided ...' is one clause", () => {
    const formed = toAssistant(
      'Budget update: Grace and I have agreed to raise our budget to £1,900. And given his "professional standard" condition, I\'ve decided to pay a professional tiler.',
    ).join(" | ");
    expect(formed).toMatch(/Grace and the user have agreed to raise the user's budget to £1,900/);
    expect(formed).toMatch(
      /Given his "professional standard" condition, the user has decided to pay a professional tiler/,
    );
    expect(formed).not.toMatch(/user given/);
  });

  test("a statement that leans on a long one before it is kept on its own, not lost", () => {
    const long =
      "Budget update: Grace and I have agreed to raise our budget to £1,900, plus Alan's £600, which he has confirmed stands in full and can go towards any approved item. We now also want new handles and a new extractor hood; Alan has approved the hood on condition that it's a like-for-like recirculating one.";
    const formed = toAssistant(`${long} And given his condition, I've decided to pay a professional tiler.`);
    expect(formed.join(" | ")).toMatch(/the user has decided to pay a professional tiler/);
  });

  test("'Please use metric throughout and quote prices including VAT' is how the user wants answers", () => {
    expect(toAssistant("Please use metric throughout and quote prices including VAT. Where should I start?")).toEqual([
      "The user wants the assistant to use metric throughout and quote prices including VAT.",
    ]);
  });
});

describe("what the assistant's headings and a user's 'right arm' do not say", () => {
  test("'## Do you definitely need one?' heads the answer to the user's own question; 'ok.' confirms nothing", () => {
    const formed = withAssistant(
      [
        "whats a liner and do i def need one",
        "## Do you definitely need one?\n\nIn practice, on a 1930s chimney, almost always yes.\n\n- Grade: 316",
        "ok. sweep came this morning, chimney's sound but needs a liner",
      ],
      "user",
      AT,
    ).join(" | ");
    expect(formed).not.toMatch(/need one/);
    expect(formed).toMatch(/sweep came/);
  });

  test("a yes to 'Do you definitely need a liner?' keeps the adverb before the verb", () => {
    const said = (q: string) => withAssistant(["hi", q, "yes"], "user", AT).join(" ");
    expect(said("Do you definitely need a liner?")).toMatch(/The user definitely needs a liner/);
    expect(said("Do you apply sunscreen daily?")).toMatch(/The user applies sunscreen daily/);
  });

  test("'so right arm from now on' is no instruction; 'skip the long intros' is one", () => {
    const formed = toAssistant("did both: left 144/90, right 152/94. so right arm from now on").join(" | ");
    expect(formed).not.toMatch(/wants the assistant/);
    expect(toAssistant("metric only pls. and skip the long intros")).toContain(
      "The user wants the assistant to skip the long intros.",
    );
  });
});

describe("a typed list of dates and an emoji in brackets", () => {
  test("'Hen: Friday 12 – Monday 15 June (3 nights)' is one span, dated, not a clause cut at the dash", () => {
    const formed = toAssistant(
      "I'm organising a hen do. The details:\n\n- Wedding: Saturday 18 July.\n- Hen: Friday 12 – Monday 15 June (3 nights).",
    ).join(" | ");
    expect(formed).toMatch(/hen: from Friday, 12 June \d{4} to Monday, 15 June \d{4} \(3 nights\)/);
    expect(formed).not.toMatch(/Friday 12, /);
  });

  test("'(noor 💕)' stays inside its brackets; 'realistically how many hours do i need' asks", () => {
    const formed = toAssistant(
      "we had our first baby 5 weeks ago (noor 💕) and my paternity leave just finished so im back at work full time. realistically how many hours do i need for this",
    ).join(" | ");
    expect(formed).toMatch(/\(noor 💕\) and the user's paternity leave just finished/);
    expect(formed).not.toMatch(/how many hours/i);
  });
});
