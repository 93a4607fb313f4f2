// A precise user planning care after a separation (issue 11): a past told with a participle the tagger
// reads as an adjective ("separated from tom in january"), kin words that are no relative of the user's
// ("the kids' dad, i'm mum"), a request of no fact ("lay it out over 2 weeks"), a bracket the statement
// opens ("(his day off is monday)"), words quoted as said ("don't call him 'your ex' in answers"), a
// label announcing a rule ("small thing:"), a plan named by its numbers given up ("scrap 2-2-3"), and a
// figure before the answer to a yes or no question ("£2m. nothing commercial").
import { describe, expect, test } from "bun:test";
import { withAssistant } from "./embedded-support.ts";
import { active, harness, importMessages } from "./api-support.ts";

const AT = "2026-06-09T20:40:00.000Z";
const said = (...messages: string[]) => withAssistant(["hi", ...messages.flatMap((m) => ["Sure.", m])], "user", AT);

describe("a separated parent's notes", () => {
  test("'separated from tom (the kids' dad, i'm mum) in january': the user's past, in January of this year", () => {
    expect(said("separated from tom (the kids' dad, i'm mum) in january. we've agreed to share care")).toContain(
      "The user separated from tom (the kids' dad, the user is mum) in January 2026. The user and others have agreed to share care.",
    );
  });

  test("'lay it out over 2 weeks' is a request, no fact; a bracket the statement opens is closed", () => {
    const formed = said(
      "lay it out over 2 weeks starting monday 15 june",
      "tom has mon-tue (his day off is monday), i have wed-thu",
    );
    expect(formed.join("\n")).not.toMatch(/lay it out/);
    expect(formed.join("\n")).toMatch(/^Tom has Monday-Tuesday \(his day off is [^)]*\)\./m);
  });

  test("'small thing: please don't call him 'your ex' in answers': a rule, with the words quoted as said", () => {
    expect(said("also, small thing: please don't call him 'your ex' in answers, just tom. it's still raw.")).toContain(
      "The user does not want the assistant to call him 'your ex' in answers, just tom.",
    );
  });

  test("a label that names what the request is about stays ('krakow: keep it in')", () => {
    expect(said("krakow: keep it in, it's honestly the best story").join(" ")).toMatch(/krakow/i);
  });

  test("'use TypeScript in all examples, and don't suggest Cypress Cloud' is one wish, told as one", () => {
    expect(
      said("Two rules for this conversation: use TypeScript in all examples, and don't suggest Cypress Cloud."),
    ).toContain("The user wants the assistant to use TypeScript in all examples and not to suggest Cypress Cloud.");
  });

  test("'£2m. nothing commercial' answers 'Do you have any commercial or agency clients lined up?' with its second sentence", () => {
    const formed = withAssistant(
      [
        "starting a cleaning business",
        "£2m is usually plenty.\n\nDo you have any commercial or agency clients lined up?",
        "£2m. nothing commercial",
      ],
      "user",
      AT,
    );
    expect(formed).toContain("The user does not have any commercial or agency clients lined up.");
    expect(formed.join("\n")).not.toContain('answered "£2m"');
  });

  test("'no minis' still answers a question of alternatives", () => {
    const formed = withAssistant(
      [
        "running my first campaign",
        "Would you rather use miniatures and a grid, or theatre of the mind?",
        "no minis. theatre of the mind",
      ],
      "user",
      AT,
    );
    expect(formed.join("\n")).toMatch(/answered "no minis/);
  });
});

describe("through the API", () => {
  test("'actually, scrap 2-2-3' versions the schedule chosen before", async () => {
    const h = await harness();
    await importMessages(
      h,
      [
        { role: "user", content: "what schedules work for kids this age?" },
        {
          role: "assistant",
          content: "Options: 2-2-3, 2-2-5-5, or week on week off. Which would you like to try first?",
        },
        { role: "user", content: "2-2-3. lay it out over 2 weeks" },
        { role: "assistant", content: "Here it is. Anything else?" },
        { role: "user", content: "actually, scrap 2-2-3. jack was really unsettled. switching to 2-2-5-5 instead." },
      ],
      { scope: { user_id: "co-parent" } },
    );
    const texts = active(h).map((m) => m.content);
    expect(texts.join("\n")).toContain("The user dropped 2-2-3.");
    expect(texts.join("\n")).not.toContain('answered "2-2-3"');
    expect(texts.join("\n")).toContain("The user is switching to 2-2-5-5 instead.");
  });

  test("an answer's question gives no count of its own ('Still 5 s timeout?' → '3s' changes no '429s')", async () => {
    const h = await harness();
    await importMessages(
      h,
      [
        {
          role: "user",
          content: "the gateway rate limits us at 10 rps, 20 concurrent got us a bunch of 429s so im dropping it to 8",
        },
        {
          role: "assistant",
          content:
            "Done.\n\n## Question\nStill 5 s per-request timeout, or do you want to change it now that nothing retries?",
        },
        { role: "user", content: "3s" },
      ],
      { scope: { user_id: "dev" } },
    );
    const texts = active(h)
      .map((m) => m.content)
      .join("\n");
    expect(texts).toContain("a bunch of 429s");
    expect(texts).not.toContain("(was 429)");
  });
});
