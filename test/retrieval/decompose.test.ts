import { describe, expect, test } from "bun:test";
import { decompose, interleave } from "../../src/retrieval/decompose.ts";
import { queryNames, queryOrder } from "../../src/retrieval/query.ts";
import type { MemoryRow } from "../../src/domain/memory.ts";

const parts = (q: string) => decompose(q, queryNames(q));

describe("decompose", () => {
  test("a question joining names is asked once per name", () => {
    expect(parts("What do Jon and Gina both have in common?")).toEqual([
      "What do Jon have in common?",
      "What do Gina have in common?",
    ]);
    expect(parts("Which city have both Jean and John visited?")).toEqual([
      "Which city have Jean visited?",
      "Which city have John visited?",
    ]);
    expect(parts("What did Caroline's and Melanie's kids both like?")).toEqual([
      "What did Caroline's kids like?",
      "What did Melanie's kids like?",
    ]);
  });

  test("one name, or names not joined, is one question", () => {
    expect(parts("What does Jon like to do?")).toBeNull();
    expect(parts("What did Jon say to Gina about the store?")).toBeNull();
  });
});

describe("interleave", () => {
  const row = (id: string) => ({ id }) as MemoryRow;
  test("takes the first of each ranking, then the second of each, each memory once, scores never rising", () => {
    const a = [
      { row: row("a1"), score: 0.9 },
      { row: row("both"), score: 0.8 },
    ];
    const b = [
      { row: row("both"), score: 0.95 },
      { row: row("b2"), score: 0.7 },
    ];
    expect(interleave([a, b], 10)).toEqual([
      { row: row("a1"), score: 0.9 },
      { row: row("both"), score: 0.9 },
      { row: row("b2"), score: 0.7 },
    ]);
    expect(interleave([a, b], 2)).toHaveLength(2);
  });
});

describe("queryOrder", () => {
  test("first and last as an order, not as a time ('last week') or a place ('first place')", () => {
    expect(queryOrder("What did Caroline do first?")).toBe("first");
    expect(queryOrder("What did Melanie paint most recently?")).toBe("last");
    expect(queryOrder("Which trip came last?")).toBe("last");
    expect(queryOrder("What did Maria do last weekend?")).toBeNull();
    expect(queryOrder("What did Gina's team perform to win first place?")).toBeNull();
    expect(queryOrder("Where does Dana live?")).toBeNull();
  });
});
