// Terse notes from a DIY bathroom and an App Store rejection (held-out set 99, issue 11): "fine,
// budget goes up to 1200 then" versions the budget told before; "storekit 2 direct or revenuecat"
// asks a choice and is no value of the user's; "RN" typed in capitals is React Native, not "right now";
// "bath gets delivered on the 28th" in a plan told with "was planning" lies ahead.
import { describe, expect, test } from "bun:test";
import { withAssistant } from "./embedded-support.ts";
import { chatAt } from "./api-support.ts";

const AT = "2026-04-14T19:40:00.000Z";

describe("a DIY user's and an app developer's terse notes", () => {
  test("'fine, budget goes up to 1200 then' versions 'budget about 900 quid'", async () => {
    const formed = await chatAt(
      AT,
      "u-tiles",
      "walls are plaster on brick. budget about 900 quid for materials, not incl the new bath",
      "## Estimate\n\n| Item | Cost |\n|---|---|\n| Tiles | £380 |\n\nThat puts you about £200 over your £900 target.",
      "ugh over budget. fine, budget goes up to 1200 then, nia agreed. whats the best adhesive",
      "A **flexible S1 cement-based adhesive** is the usual choice.",
    );
    expect(formed.join(" ")).toContain("budget is about 1200 (was 900) quid");
    expect(formed).toContain("The user's budget goes up to 1200 then, nia agreed.");
    expect(formed.join(" ")).not.toMatch(/Fine,|budget is about 900 quid/);
  });

  test("'storekit 2 direct or revenuecat' asks which, and forms no value of the user's", () => {
    const formed = withAssistant(
      ["storekit 2 direct or revenuecat. keep it short", "**RevenueCat.** Less code, fewer edge cases."],
      "user",
      AT,
    );
    expect(formed).toEqual(["The user wants the assistant to keep it short."]);
  });

  test("'dont suggest flutter or RN' keeps React Native's RN; a lower-case 'rn' is still right now", () => {
    const formed = withAssistant(
      ["dont suggest flutter or RN btw, a mate keeps pushing it", "Understood.", "pg listens on localhost only rn"],
      "user",
      AT,
    );
    expect(formed).toContain("The user does not want the assistant to suggest flutter or RN.");
    expect(formed.join(" ")).toContain("localhost only right now");
  });

  test("'was planning the may bank hol weekend, 2nd to 4th, bath gets delivered on the 28th' lies ahead", () => {
    const formed = withAssistant(
      [
        "when should i start. was planning the may bank hol weekend, 2nd to 4th, bath gets delivered on the 28th",
        "Hmm.",
      ],
      "user",
      AT,
    ).join(" ");
    expect(formed).toContain("2nd to 4 May 2026");
    expect(formed).toContain("delivered on 28 April 2026");
  });
});
