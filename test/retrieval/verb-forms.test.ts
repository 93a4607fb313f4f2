// A question's verb finds the answer's irregular past ("What did Caroline buy?" → "Caroline bought
// ..."), which FTS5's Porter stemmer never joins to it (issue 12).
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { irregularForms } from "../../src/retrieval/verb-forms.ts";
import { fixedClock } from "../../src/shared/clock.ts";
import { createHarness, type Harness } from "../helpers.ts";

describe("irregularForms", () => {
  test("a verb's forms that its stem does not reach, both ways", () => {
    expect(irregularForms("buy")).toEqual(["bought"]);
    expect(irregularForms("bought")).toEqual(["buy"]);
    expect(irregularForms("teach")).toEqual(["taught"]);
    expect(irregularForms("choose")).toEqual(["chose", "chosen"]);
    expect(irregularForms("swimming")).toEqual(["swam", "swum"]);
  });

  test("none for a regular verb, a noun, a light verb, a regular past or a month", () => {
    for (const word of [
      "paint",
      "painted",
      "camping",
      "family",
      "pottery",
      "go",
      "went",
      "got",
      "said",
      "partied",
      "may",
    ])
      expect(irregularForms(word)).toEqual([]);
  });
});

describe("search with the forms of the question's verbs", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ clock: fixedClock("2026-11-23T10:00:00.000Z") });
  });
  afterEach(async () => {
    await h.close();
  });

  test("'What did Caroline buy at the market?' finds what she bought there first", async () => {
    const said = [
      "Caroline walked through the market with Melanie and they talked about painting for hours.",
      "Caroline thinks the market near the station gets too crowded when the weather is nice.",
      "Caroline bought a vintage film camera at the flea market on Sunday morning.",
      "Caroline met her old teacher at the market and they had coffee together.",
    ];
    for (const content of said) expect((await h.call("POST", "/v1/memories", { body: { content } })).status).toBe(202);
    await h.form();
    const r = await h.call("POST", "/v1/memories/search", { body: { query: "What did Caroline buy at the market?" } });
    const { data } = (await r.json()) as { data: Array<{ content: string }> };
    expect(data[0]!.content).toContain("bought a vintage film camera");
  });
});
