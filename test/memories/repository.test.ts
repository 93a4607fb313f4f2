import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { openDatabase, type Db } from "../../src/storage/db.ts";
import { createMemoryRepository, type MemoryRepository } from "../../src/memories/repository.ts";
import type { NewMemory } from "../../src/domain/memory.ts";
import { tempDir } from "../helpers.ts";

let dir: string;
let db: Db;
let repo: MemoryRepository;
const NOW = "2026-03-10T12:00:00.000Z";

beforeEach(async () => {
  dir = tempDir();
  db = await openDatabase(dir);
  repo = createMemoryRepository(db);
  db.run("INSERT INTO accounts (id, name, plan, created_at) VALUES ('acct_a', 'A', 'free', ?)", [NOW]);
  db.run("INSERT INTO accounts (id, name, plan, created_at) VALUES ('acct_b', 'B', 'free', ?)", [NOW]);
  for (const [p, a] of [
    ["prj_a", "acct_a"],
    ["prj_a2", "acct_a"],
    ["prj_b", "acct_b"],
  ]) {
    db.run("INSERT INTO projects (id, account_id, name, created_at) VALUES (?, ?, 'P', ?)", [p!, a!, NOW]);
  }
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function add(content: string, extra: Partial<NewMemory> = {}) {
  return repo.insert({
    projectId: "prj_a",
    content,
    scope: {},
    occurredAt: null,
    jobId: null,
    source: { type: "sample" },
    now: NOW,
    ...extra,
  });
}

describe("insert", () => {
  test("stores an active memory at version 1 with its scope, times and a first version", () => {
    const row = add("Ada likes tea.", {
      scope: { user_id: "ada", team_id: "t1" },
      occurredAt: "2023-05-07T00:00:00.000Z",
      jobId: "job_1",
      source: { type: "import", job_id: "job_1", message_indexes: [3] },
    });
    expect(row.id).toMatch(/^mem_[0-7][0-9a-hjkmnp-tv-z]{25}$/);
    expect(row).toMatchObject({
      project_id: "prj_a",
      status: "active",
      content: "Ada likes tea.",
      user_id: "ada",
      team_id: "t1",
      organization_id: null,
      occurred_at: "2023-05-07T00:00:00.000Z",
      created_at: NOW,
      updated_at: NOW,
      version: 1,
      job_id: "job_1",
      is_sample: 0,
    });
    expect(repo.versions(row.id)).toEqual([
      {
        version: 1,
        content: "Ada likes tea.",
        occurred_at: "2023-05-07T00:00:00.000Z",
        created_at: NOW,
        change: "created",
        source: JSON.stringify({ type: "import", job_id: "job_1", message_indexes: [3] }),
        supersedes: null,
      },
    ]);
  });

  test("a memory of an unknown project is refused by the foreign key", () => {
    expect(() =>
      repo.insert({
        projectId: "prj_nope",
        content: "x",
        scope: {},
        occurredAt: null,
        jobId: null,
        source: { type: "sample" },
        now: NOW,
      }),
    ).toThrow();
  });
});

describe("getActive", () => {
  test("finds an active memory of the project only", () => {
    const m = add("x");
    expect(repo.getActive("prj_a", m.id)?.id).toBe(m.id);
    expect(repo.getActive("prj_b", m.id)).toBeNull();
    repo.forget("prj_a", m.id, NOW);
    expect(repo.getActive("prj_a", m.id)).toBeNull();
  });
});

describe("list", () => {
  test("is newest first, pages with has_more, and follows both cursors", () => {
    const rows = Array.from({ length: 5 }, (_, i) => add(`m${i}`));
    const contents = (r: { rows: { content: string }[] }) => r.rows.map((x) => x.content);
    const first = repo.list("prj_a", { limit: 2, scope: {} });
    expect(contents(first)).toEqual(["m4", "m3"]);
    expect(first.hasMore).toBe(true);
    const second = repo.list("prj_a", { limit: 2, scope: {}, startingAfterSeq: first.rows[1]!.seq });
    expect(contents(second)).toEqual(["m2", "m1"]);
    const last = repo.list("prj_a", { limit: 2, scope: {}, startingAfterSeq: second.rows[1]!.seq });
    expect(contents(last)).toEqual(["m0"]);
    expect(last.hasMore).toBe(false);
    const back = repo.list("prj_a", { limit: 2, scope: {}, endingBeforeSeq: rows[0]!.seq });
    expect(contents(back)).toEqual(["m2", "m1"]); // the page just before m0, still newest first
    expect(back.hasMore).toBe(true);
  });

  test("filters by every given scope field and ignores empty ones", () => {
    add("ada", { scope: { user_id: "ada" } });
    add("ada-bot", { scope: { user_id: "ada", agent_id: "bot" } });
    add("bob", { scope: { user_id: "bob" } });
    const contents = (scope: Record<string, string>) =>
      repo.list("prj_a", { limit: 10, scope }).rows.map((r) => r.content);
    expect(contents({ user_id: "ada" })).toEqual(["ada-bot", "ada"]);
    expect(contents({ user_id: "ada", agent_id: "bot" })).toEqual(["ada-bot"]);
    expect(contents({ user_id: "", agent_id: "" })).toEqual(["bob", "ada-bot", "ada"]);
  });

  test("leaves out forgotten memories and other projects' memories", () => {
    const m = add("gone");
    add("kept");
    repo.insert({
      projectId: "prj_b",
      content: "other",
      scope: {},
      occurredAt: null,
      jobId: null,
      source: { type: "sample" },
      now: NOW,
    });
    repo.forget("prj_a", m.id, NOW);
    expect(repo.list("prj_a", { limit: 10, scope: {} }).rows.map((r) => r.content)).toEqual(["kept"]);
  });
});

describe("forget", () => {
  test("marks an active memory forgotten once and keeps its text and versions", () => {
    const m = add("x");
    expect(repo.forget("prj_b", m.id, NOW)).toBe(false); // another project's key cannot
    expect(repo.forget("prj_a", m.id, "2026-03-11T00:00:00.000Z")).toBe(true);
    expect(repo.forget("prj_a", m.id, NOW)).toBe(false);
    const stored = db
      .query<{ status: string; content: string; forgotten_at: string }, [string]>(
        "SELECT status, content, forgotten_at FROM memories WHERE id = ?",
      )
      .get(m.id);
    expect(stored).toEqual({ status: "forgotten", content: "x", forgotten_at: "2026-03-11T00:00:00.000Z" });
    expect(repo.versions(m.id)).toHaveLength(1);
  });
});

describe("relationships", () => {
  function relate(from: string, to: string, type: string, strength: number) {
    db.run(
      "INSERT INTO memory_relationships (memory_id, target_id, type, strength, created_at) VALUES (?, ?, ?, ?, ?)",
      [from, to, type, strength, NOW],
    );
  }

  test("are read in both directions, strongest first, to active memories only", () => {
    const a = add("a");
    const b = add("b");
    const c = add("c");
    const d = add("d");
    relate(a.id, b.id, "related", 0.4);
    relate(c.id, a.id, "same_subject", 0.9);
    relate(a.id, d.id, "related", 0.7);
    repo.forget("prj_a", d.id, NOW);
    expect(repo.relationships(a.id)).toEqual([
      { memory_id: c.id, type: "same_subject", strength: 0.9, content: "c" },
      { memory_id: b.id, type: "related", strength: 0.4, content: "b" },
    ]);
  });

  test("a memory superseded by another does not list its successor as a relationship", () => {
    const old = add("old");
    const next = add("new");
    relate(next.id, old.id, "supersedes", 1);
    expect(repo.relationships(old.id)).toEqual([]);
    expect(repo.relationships(next.id).map((r) => r.type)).toEqual(["supersedes"]);
  });
});

describe("feedback", () => {
  test("the latest rating of each memory wins", () => {
    const a = add("a");
    const b = add("b");
    const c = add("c");
    repo.addFeedback("prj_a", a.id, "negative", null, NOW);
    repo.addFeedback("prj_a", a.id, "positive", "better now", NOW);
    repo.addFeedback("prj_a", b.id, "very_negative", null, NOW);
    const ratings = repo.latestRatings([a.id, b.id, c.id]);
    expect(Object.fromEntries(ratings)).toEqual({ [a.id]: "positive", [b.id]: "very_negative" });
    expect(repo.latestRatings([]).size).toBe(0);
  });
});

describe("countActive", () => {
  test("counts an account's active memories across its live projects, without samples", () => {
    add("one");
    const gone = add("forgotten");
    repo.forget("prj_a", gone.id, NOW);
    add("sample", { isSample: true });
    repo.insert({
      projectId: "prj_a2",
      content: "two",
      scope: {},
      occurredAt: null,
      jobId: null,
      source: { type: "sample" },
      now: NOW,
    });
    repo.insert({
      projectId: "prj_b",
      content: "other account",
      scope: {},
      occurredAt: null,
      jobId: null,
      source: { type: "sample" },
      now: NOW,
    });
    expect(repo.countActive("acct_a")).toBe(2);
    expect(repo.countActive("acct_b")).toBe(1);
    db.run("UPDATE projects SET deleted_at = ? WHERE id = 'prj_a2'", [NOW]);
    expect(repo.countActive("acct_a")).toBe(1);
  });
});
