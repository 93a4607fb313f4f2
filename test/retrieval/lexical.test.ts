// The lexical half of retrieval (FTS5, BM25 over a memory's text and its search context), and its
// plan for large projects, where common words are never scored on their own.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { openDatabase, type Db } from "../../src/storage/db.ts";
import { createMemoryRepository } from "../../src/memories/repository.ts";
import { createLexicalSearch } from "../../src/retrieval/lexical.ts";
import { createLexicalIndex } from "../../src/memories/search-queries.ts";
import { queryTerms } from "../../src/domain/text.ts";
import { tempDir } from "../helpers.ts";

let dir: string;
let db: Db;
const NOW = "2026-01-01T00:00:00.000Z";

beforeEach(async () => {
  dir = tempDir();
  db = await openDatabase(dir);
  db.run("INSERT INTO accounts (id, name, plan, created_at) VALUES ('acct_1', 'A', 'free', ?)", [NOW]);
  for (const p of ["prj_a", "prj_b"])
    db.run("INSERT INTO projects (id, account_id, name, created_at) VALUES (?, 'acct_1', ?, ?)", [p, p, NOW]);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function add(content: string, context = "", projectId = "prj_a", scope = {}): number {
  return createMemoryRepository(db).insert({
    projectId,
    content,
    context,
    scope,
    occurredAt: null,
    jobId: null,
    source: { type: "sample" },
    now: NOW,
  }).seq;
}
const contents = (hits: Array<{ seq: number }>) =>
  hits.map(
    (h) => db.query<{ content: string }, [number]>("SELECT content FROM memories WHERE seq = ?").get(h.seq)!.content,
  );

describe("lexical search", () => {
  test("finds memories with any query word, the memory's own words above its context's", () => {
    add("Ada planted tomatoes.", "The greenhouse panels arrived broken.");
    add("The greenhouse is finished.");
    add("Ada likes jazz.");
    add("tea elsewhere greenhouse", "", "prj_b");
    const lex = createLexicalSearch(createLexicalIndex(db));
    expect(contents(lex.search("prj_a", queryTerms("greenhouse tomatoes?"), {}, 10))).toEqual([
      "Ada planted tomatoes.",
      "The greenhouse is finished.",
    ]);
    expect(contents(lex.search("prj_a", ["greenhouse"], {}, 10))).toEqual([
      "The greenhouse is finished.",
      "Ada planted tomatoes.",
    ]);
  });

  test("forgotten memories and other scopes are never candidates", () => {
    add("Ada likes tea.", "", "prj_a", { user_id: "ada" });
    add("Bob likes tea.", "", "prj_a", { user_id: "bob" });
    const gone = add("Cy likes tea.");
    db.run("UPDATE memories SET status = 'forgotten' WHERE seq = ?", [gone]);
    const lex = createLexicalSearch(createLexicalIndex(db));
    expect(contents(lex.search("prj_a", ["tea"], {}, 10)).sort()).toEqual(["Ada likes tea.", "Bob likes tea."]);
    expect(contents(lex.search("prj_a", ["tea"], { user_id: "bob" }, 10))).toEqual(["Bob likes tea."]);
  });

  test("when enough memories have every word, those are the candidates", () => {
    for (let i = 0; i < 3; i++) add(`Ada walked the dog ${i}.`);
    add("Ada fed the cat.");
    const lex = createLexicalSearch(createLexicalIndex(db));
    expect(contents(lex.search("prj_a", ["ada", "dog"], {}, 3))).toHaveLength(3);
    expect(contents(lex.search("prj_a", ["ada", "dog"], {}, 3))).not.toContain("Ada fed the cat.");
    expect(contents(lex.search("prj_a", ["ada", "dog"], {}, 10))).toContain("Ada fed the cat.");
  });
});

describe("lexical search in a large project", () => {
  // 40 memories about Ada (a common word); few about anything else.
  function fill(): void {
    for (let i = 0; i < 36; i++) add(`Ada went running on day ${i}.`, "Ada said hello");
    add("Ada adopted a greyhound.");
    add("Ada walked the greyhound at the beach.");
    add("The greyhound sleeps a lot.");
    add("Bo swam.", "Ada asked about the greyhound"); // greyhound only in the context
  }

  test("a common word is not searched alone: memories with every word, then those with the rarer ones", () => {
    fill();
    const lex = createLexicalSearch(createLexicalIndex(db), { largeProject: 10, commonShare: 0.5 });
    const hits = contents(lex.search("prj_a", ["ada", "greyhound"], {}, 10));
    expect(hits.slice(0, 2).sort()).toEqual(["Ada adopted a greyhound.", "Ada walked the greyhound at the beach."]);
    expect(hits.slice(2).sort()).toEqual(["Bo swam.", "The greyhound sleeps a lot."]);
    expect(hits.some((h) => h.startsWith("Ada went running"))).toBe(false);
    // The same project below the size: every memory with either word is a candidate.
    const small = createLexicalSearch(createLexicalIndex(db), { largeProject: 1_000, commonShare: 0.5 });
    expect(contents(small.search("prj_a", ["ada", "greyhound"], {}, 100))).toHaveLength(40);
  });

  test("a common word counts only in the memory's own text", () => {
    fill();
    const lex = createLexicalSearch(createLexicalIndex(db), { largeProject: 10, commonShare: 0.5 });
    // "Bo swam." has ada and greyhound only in its context: with every word required of the memory's
    // own text for the common one, it comes after the memories that say "Ada" themselves.
    const hits = contents(lex.search("prj_a", ["ada", "greyhound"], {}, 2));
    expect(hits.sort()).toEqual(["Ada adopted a greyhound.", "Ada walked the greyhound at the beach."]);
  });

  test("when every word is common, the newest memories with all of them are the candidates", () => {
    fill();
    const lex = createLexicalSearch(createLexicalIndex(db), { largeProject: 10, commonShare: 0.5 });
    const hits = contents(lex.search("prj_a", ["ada", "running"], {}, 3));
    expect(hits).toEqual(["Ada went running on day 35.", "Ada went running on day 34.", "Ada went running on day 33."]);
    expect(contents(lex.search("prj_a", ["ada"], {}, 2))).toEqual([
      "Ada walked the greyhound at the beach.",
      "Ada adopted a greyhound.",
    ]);
  });
});

describe("lexical search in a large project, a question that names someone", () => {
  function fill(): void {
    add("Ada walked the greyhound at the beach.");
    add("Ada adopted a greyhound.");
    add("Ada loves the beach.");
    add("Beach, beach, beach: the greyhound and the greyhound puppies at the beach."); // strong BM25, no Ada
    for (let i = 0; i < 8; i++) add(`Ada went running on day ${i}.`); // Ada alone
  }
  const query = ["ada", "greyhound", "beach"];

  test("the memories with the name and another of its words come next after those with every word", () => {
    fill();
    const lex = createLexicalSearch(createLexicalIndex(db), { largeProject: 10, commonShare: 1, pairsShare: 2 });
    const hits = contents(lex.search("prj_a", query, {}, 3, ["ada"]));
    expect(hits[0]).toBe("Ada walked the greyhound at the beach.");
    expect(hits.slice(1).sort()).toEqual(["Ada adopted a greyhound.", "Ada loves the beach."]);
    // Fewer than the limit: the memories with any rarer word follow (the one without the name first, by BM25).
    const more = contents(lex.search("prj_a", query, {}, 5, ["ada"]));
    expect(more.slice(0, 3)).toEqual(hits);
    expect(more[3]).toBe("Beach, beach, beach: the greyhound and the greyhound puppies at the beach.");
    expect(more).toHaveLength(5);
  });

  test("without a name, or below the project size, BM25 over any word ranks alone", () => {
    fill();
    for (const [lex, names] of [
      [createLexicalSearch(createLexicalIndex(db), { largeProject: 10, commonShare: 1, pairsShare: 2 }), []],
      [createLexicalSearch(createLexicalIndex(db), { largeProject: 1_000, commonShare: 1, pairsShare: 2 }), ["ada"]],
    ] as const)
      expect(contents(lex.search("prj_a", query, {}, 3, names))).toContain(
        "Beach, beach, beach: the greyhound and the greyhound puppies at the beach.",
      );
  });
});

describe("lexical search in a large project, words that together match much of it", () => {
  function fill(): void {
    for (let i = 0; i < 6; i++) add(`Ada went canoeing on trip ${i}.`);
    for (let i = 0; i < 6; i++) add(`Bo studied the lake maps, part ${i}.`);
    for (let i = 0; i < 6; i++) add(`Cy works as a nurse in ward ${i}.`);
    add("Ada took the kayak to the lake.");
    add("Ada works as a nurse.");
    add("Dee repainted the fence."); // none of the words
  }
  const query = [["ada"], ["kayak"], ["lake"], ["job", "nurse", "teacher"]];

  test("only memories with words of two of the question's groups are candidates (an attribute's alternatives one group)", () => {
    fill();
    const lex = createLexicalSearch(createLexicalIndex(db), { largeProject: 10, commonShare: 1, pairsShare: 0.2 });
    expect(contents(lex.search("prj_a", query, {}, 50)).sort()).toEqual([
      "Ada took the kayak to the lake.",
      "Ada works as a nurse.",
    ]);
  });

  test("a memory with every term, an attribute by any of its alternatives, comes first", () => {
    fill();
    for (let i = 0; i < 3; i++) add(`Teacher, teacher ${i}!`);
    const lex = createLexicalSearch(createLexicalIndex(db), { largeProject: 10, commonShare: 1, pairsShare: 2 });
    expect(contents(lex.search("prj_a", [["ada"], ["job", "nurse", "teacher"]], {}, 1))).toEqual([
      "Ada works as a nurse.",
    ]);
  });

  test("while the words match few memories together, or below the project size, any word makes a candidate", () => {
    fill();
    for (const lex of [
      createLexicalSearch(createLexicalIndex(db), { largeProject: 10, commonShare: 1, pairsShare: 2 }),
      createLexicalSearch(createLexicalIndex(db), { largeProject: 1_000, commonShare: 1, pairsShare: 0.2 }),
    ])
      expect(contents(lex.search("prj_a", query, {}, 50))).toHaveLength(20);
  });
});

describe("ranking by FTS5 first (projects holding much of the index)", () => {
  const W = [1, 0.4] as const;
  const ids = (hits: Array<{ seq: number }>) => hits.map((h) => h.seq);

  test("gives exactly the join's answer: kept rows enough, too few left (fallback), scope, forgotten", () => {
    // prj_b's memories outrank prj_a's (the word twice, short text): the best 8 of every project are
    // all prj_b's, so prj_a's answer must come from the fallback join.
    for (let i = 0; i < 12; i++) add(`kayak kayak ${i}`, "", "prj_b");
    for (let i = 0; i < 20; i++)
      add(`Ada rented a kayak on the lake for the weekend trip number ${i}.`, "", "prj_a", {
        user_id: i % 2 ? "ada" : "bob",
      });
    const gone = add("kayak", "", "prj_a");
    db.run("UPDATE memories SET status = 'forgotten' WHERE seq = ?", [gone]);
    const index = createLexicalIndex(db);
    for (const [project, scope, limit] of [
      ["prj_a", {}, 5],
      ["prj_a", { user_id: "ada" }, 3],
      ["prj_b", {}, 5],
      ["prj_a", {}, 50], // more than there are
    ] as const) {
      const joined = index.matches(project, '"kayak"', scope, limit, "bm25", W);
      const first = index.matches(project, '"kayak"', scope, limit, "bm25", W, 8);
      expect(ids(first)).toEqual(ids(joined));
      expect(first.map((h) => h.bm25)).toEqual(joined.map((h) => h.bm25));
    }
    expect(ids(index.matches("prj_a", '"kayak"', {}, 50, "bm25", W, 8))).not.toContain(gone);
    expect(index.matches("prj_a", '"kayak"', {}, 5, "bm25", W, 8)).toHaveLength(5);
  });

  test("a large project's searches take that path and keep their answers", () => {
    for (let i = 0; i < 30; i++) add(`Ada walked the dog ${i} times around the park.`);
    add("Ada fed the cat.");
    const index = createLexicalIndex(db);
    const seen: Array<number | undefined> = [];
    const matches = index.matches;
    index.matches = (...args) => {
      seen.push(args[6]);
      return matches(...args);
    };
    const small = createLexicalSearch(createLexicalIndex(db));
    const large = createLexicalSearch(index, { largeProject: 10, commonShare: 1 });
    for (const q of ["dog park", "cat", "Ada times"])
      expect(ids(large.search("prj_a", queryTerms(q), {}, 5))).toEqual(
        ids(small.search("prj_a", queryTerms(q), {}, 5)),
      );
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((n) => (n ?? 0) >= 400)).toBe(true);
  });
});
