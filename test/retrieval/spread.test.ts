// Questions asking for several things, and the ranking spread over the days their answers were said.
import { describe, expect, test } from "bun:test";
import { asksForSeveral } from "../../src/retrieval/query.ts";
import { spreadOverDays } from "../../src/retrieval/spread.ts";

describe("asksForSeveral", () => {
  test.each([
    "What has Melanie painted?",
    "What books has Melanie read?",
    "Which cities have Jon and Gina visited?",
    "How many times has Melanie gone to the beach in 2023?",
    "What LGBTQ+ events has Caroline participated in?",
    "In what ways is Caroline participating in the LGBTQ community?",
    "What kinds of pottery does Melanie make?",
  ])("%s: several", (q) => {
    expect(asksForSeveral(q)).toBe(true);
  });
  test.each([
    "What did Caroline research?",
    "Where does Dana live?",
    "When did Melanie go camping in June?",
    "What is Caroline's relationship status?",
    "What does Melanie do to destress?",
    "Which instrument did Dana start learning first?",
  ])("%s: one thing", (q) => {
    expect(asksForSeveral(q)).toBe(false);
  });
});

describe("spreadOverDays", () => {
  const r = (id: string, fused: number, day: string | null) => ({ id, fused, day });
  const ids = (rs: Array<{ id: string }>) => rs.map((x) => x.id).join(" ");

  test("a memory of a day already placed counts less: other days move up", () => {
    const ranked = [
      r("a1", 1, "2023-05-08"),
      r("a2", 0.98, "2023-05-08"),
      r("a3", 0.96, "2023-05-08"),
      r("b", 0.9, "2023-08-14"),
    ];
    spreadOverDays(ranked, (x) => x.day, 0.9, 10);
    expect(ids(ranked)).toBe("a1 b a2 a3"); // a2: 0.98 x 0.9 = 0.882 < 0.9
  });

  test("undated memories count as a day each; a factor of 1 changes nothing; beyond the window nothing moves", () => {
    const undated = [r("x", 1, null), r("y", 0.99, null), r("z", 0.5, "2023-01-01")];
    spreadOverDays(undated, (x) => x.day, 0.5, 10);
    expect(ids(undated)).toBe("x y z");
    const same = [r("a1", 1, "d"), r("a2", 0.9, "d"), r("b", 0.8, "e")];
    spreadOverDays(same, (x) => x.day, 1, 10);
    expect(ids(same)).toBe("a1 a2 b");
    const window = [r("a1", 1, "d"), r("a2", 0.9, "d"), r("b", 0.8, "e")];
    spreadOverDays(window, (x) => x.day, 0.5, 2);
    expect(ids(window)).toBe("a1 a2 b");
  });
});
