// Replies typed in a rush to an assistant (issue 11, held-out sets 76-78): numbered answers with no
// mark after the numbers ("1 not really, gui only pls 2 yes 3 loft prob"), a quotation ending in its
// own marks ('"MUMS 70TH SURPRISE!!!" in caps'), a new amount naming the old one in the same money
// ("budget is now £800 not 600" after "we've said £600 total"), how long a wish holds after its
// "please" ("metric pls always"), a name given late as an aside ("colin btw, feels rude not saying"),
// and a statement before "so" and a question ("car pickup is sat 30th may so granny cable till then ok?").
import { describe, expect, test } from "bun:test";
import { fixedClock } from "../../src/shared/clock.ts";
import { createHarness } from "../helpers.ts";
import { numberedItems } from "../../src/formation/embedded/markup.ts";
import { withAssistant } from "./embedded-support.ts";
import { active, importMessages } from "./api-support.ts";

const AT = "2026-05-12T12:40:00.000Z";
const QUESTIONS = [
  "Quick questions:",
  "",
  "1. Comfortable with **command line / tinkering**, or do you want everything point-and-click?",
  "2. Want to see photos **from your phones when away** from home?",
  "3. **Where** in the house will it live?",
].join("\n");

describe("numbered answers typed without marks", () => {
  test("'1 not really, gui only pls 2 yes 3 loft prob' answers three questions in order", () => {
    const formed = withAssistant(
      ["want a nas for family photos", QUESTIONS, "1 not really, gui only pls 2 yes 3 loft prob"],
      "user",
      AT,
    );
    expect(formed).toContain(
      'Asked "Comfortable with command line / tinkering, or does the user want everything point-and-click?", the user answered "not really, gui only pls".',
    );
    expect(formed).toContain("The user wants to see photos from the user's phones when away from home.");
    expect(formed).toContain('Asked "Where in the house will it live?", the user answered "loft probably".');
  });

  test("numbers inside sentences or counting things make no list", () => {
    expect(numberedItems("1 kid, 2 dogs and a cat. we live in leeds")).toBeNull();
    expect(numberedItems("1 more question: is it 2 hours")).toBeNull();
    expect(numberedItems("1 yes 2 no")).toEqual([
      { n: 1, text: "yes" },
      { n: 2, text: "no" },
    ]);
  });
});

describe("a wish typed tersely", () => {
  test("'metric pls always' is a standing wish, 'always' kept", () => {
    expect(
      withAssistant(
        ["hi", "Sure. How can I help?", "metric pls always. and keep it shorter, i dont read essays"],
        "user",
        AT,
      ),
    ).toEqual(["The user wants metric always from the assistant.", "The user wants the assistant to keep it shorter."]);
  });
});

describe("a statement before 'so' and a question is told", () => {
  test("'car pickup is sat 30th may so granny cable till then ok?' keeps the pickup day", () => {
    const formed = withAssistant(
      ["sparky cancelled thurs, now fri 5th june. car pickup is sat 30th may so granny cable till then ok?"],
      "user",
      AT,
    );
    expect(formed).toContain("Car pickup is on Saturday, 30 May 2026.");
    expect(formed.join("\n")).not.toMatch(/granny cable/);
  });

  test("'so much' and a question after no clause of its own stay one question", () => {
    expect(withAssistant(["is it so much better to go electric so soon?"], "user", AT)).toEqual([]);
  });
});

describe("a quotation keeps its own marks", () => {
  test("'\"MUMS 70TH SURPRISE!!!\" in caps' is one sentence, the quotation whole", () => {
    const formed = withAssistant(
      [
        'update, numbers have gone up. also dev called the group chat "MUMS 70TH SURPRISE!!!" in caps and mum nearly saw it so ive renamed it lol',
      ],
      "user",
      AT,
    );
    expect(formed.join("\n")).toContain('Dev called the group chat "MUMS 70TH SURPRISE!!!" in caps');
    expect(formed.join("\n")).not.toMatch(/^" in caps/m);
  });
});

describe("through the API", () => {
  test("'budget is now £800 not 600' versions 'we've said £600 total' with no other word in common", async () => {
    const h = await createHarness({ clock: fixedClock(AT) });
    await importMessages(
      h,
      [
        { role: "user", content: "we've said £600 total between the two of us and thats it. shes called sheila" },
        { role: "assistant", content: "Got it. Where will it be?" },
        {
          role: "user",
          content: "also dev says he can put in a bit more so budget is now £800 not 600 which is amazing.",
        },
      ].map((m) => ({ ...m, occurred_at: AT })),
      { scope: { user_id: "priya" } },
    );
    const texts = active(h).map((m) => m.content);
    expect(texts.join("\n")).toContain("said £800 (was 600) total between the two of them");
    expect(texts.join("\n")).not.toMatch(/said £600/);
  });

  test("'colin btw, feels rude not saying' names the user, and the aside forms nothing else", async () => {
    const h = await createHarness({ clock: fixedClock(AT) });
    await importMessages(
      h,
      [
        { role: "user", content: "target 95kg by xmas" },
        { role: "assistant", content: "Doable. How are you getting on with walking?" },
        { role: "user", content: "cheers. colin btw, feels rude not saying. walking bruno instead, hes a lab" },
      ].map((m) => ({ ...m, occurred_at: AT })),
      { scope: { user_id: "colin" } },
    );
    const texts = active(h).map((m) => m.content);
    expect(texts).toContain("The user's name is Colin.");
    expect(texts).toContain("Colin is walking bruno instead, he is a lab.");
    expect(texts.join("\n")).not.toMatch(/rude/);
  });
});
