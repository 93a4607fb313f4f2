// When what a user tells an assistant happened, as the embedded extractor reads it (issue 11): a month
// looked back to ("back in june"), a past spelt as its base form ("the gp put me on ..."), and a date the
// plan is now ("first week now 24 sept not 17th"), however the sentence began.
import { describe, expect, test } from "bun:test";
import { withAssistant } from "./embedded-support.ts";
import { active, harness, importMessages } from "./api-support.ts";

const SEPT = "2026-09-14T20:30:00.000Z";

describe("a month told of the past is the one before", () => {
  test("'put me on propranolol back in june', said in September, is June 2026, not next June", () => {
    const formed = withAssistant(
      [
        "the gp (dr okafor at my surgery, shes lovely) put me on propranolol 80mg back in june and i dont think its doing much",
      ],
      "user",
      SEPT,
    );
    expect(formed.join(" | ")).toMatch(/propranolol 80mg back in June 2026\b/);
    expect(formed.join(" | ")).not.toMatch(/2027/);
  });

  test("a past spelt as its base form after one person ('the gp put', 'it cost') tells the past", () => {
    expect(withAssistant(["the gp put me on propranolol in june"], "user", SEPT).join(" ")).toMatch(/June 2026/);
    // After "we" it may be a habit or a plan: the date stays ahead.
    expect(withAssistant(["we put the garden in for sale in october"], "user", SEPT).join(" ")).toMatch(/October 2026/);
  });

  test("'the last couple of years they have gone mental': the span ends before 'they'", () => {
    const formed = withAssistant(
      ["ive had migraines for ages but the last couple of years theyve gone a bit mental"],
      "user",
      SEPT,
    );
    expect(formed.join(" ")).toMatch(/the last couple of years before 2026 they have gone a bit mental/);
  });

  test("'visiting from 17 to 20 July' is two days, not 5pm to 8pm of next July", () => {
    const formed = withAssistant(
      ["my partner's mother is visiting from 17 to 20 July"],
      "user",
      "2026-07-01T20:10:00.000Z",
    );
    expect(formed.join(" ")).toMatch(/from 17 July 2026 to 20 July 2026/);
  });

  test("'I'll be back in October' looks ahead", () => {
    const formed = withAssistant(["im away for work but ill be back in october to sort the flat"], "user", SEPT);
    expect(formed.join(" ")).not.toMatch(/October 2025/);
  });
});

describe("a date the plan is now lies ahead, whatever the sentence told before it", () => {
  test("'centre emailed, ..., first week now 24 sept not 17th' is 24 September 2026 and replaces the 17th (through the API)", async () => {
    const h = await harness();
    await importMessages(
      h,
      [
        { content: "need help with fixtures for a 5 a side league. 8 teams, thursday nights, first week 17th sept" },
        { role: "assistant", content: "Happy to help. Any teams with restrictions?" },
        { content: "also centre emailed, pitches being resurfaced, first week now 24 sept not 17th" },
      ].map((m) => ({ ...m, occurred_at: "2023-09-01T18:40:00Z" })),
      { scope: { user_id: "league" } },
    );
    const formed = active(h).map((m) => m.content);
    await h.close();
    const said = formed.join(" | ");
    expect(said).toMatch(/first week is now on 24 September 2023/);
    expect(said).not.toMatch(/2022/);
  });
});

describe("the verb nearest a date says which way it lies", () => {
  const MAY = "2026-05-20T10:00:00.000Z";
  test("'my boss signed it off yesterday, it is 3 months unpaid, from sept 1 to nov 30' lies ahead", () => {
    const formed = withAssistant(
      ["my boss claire signed it off yesterday, its 3 months unpaid, from sept 1 to nov 30"],
      "user",
      MAY,
    ).join(" ");
    expect(formed).toMatch(/from 1 September 2026 to 30 November 2026/);
  });

  test("'completely forgot i get my bonus in august' lies ahead; 'we met in october, it was lovely' lies back", () => {
    expect(withAssistant(["completely forgot i get my bonus in august, around £1800"], "user", MAY).join(" ")).toMatch(
      /August 2026/,
    );
    expect(withAssistant(["we met in october at a wedding, it was lovely"], "user", MAY).join(" ")).toMatch(
      /October 2025/,
    );
  });

  test("'Hard deadline: Jenkins box switched off by 30 june' is a deadline ahead", () => {
    expect(
      withAssistant(["Hard deadline: Jenkins box switched off by 30 june."], "user", "2026-04-14T10:00:00.000Z").join(
        " ",
      ),
    ).toMatch(/30 June 2026/);
  });
});
