// The LanceDB vector table follows SQLite (forget, a changed text, a deleted project, a change of
// model, a rebuild), resumes from its mark after a crash, answers like the exact path with exact
// scope filters, and is never loaded for a data directory of small projects.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHarness, type Harness } from "../helpers.ts";
import { createEngram } from "../../src/app.ts";
import { loadConfig, useLanceLibrary } from "../../src/config.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { systemClock } from "../../src/shared/clock.ts";
import { createMemoryRepository } from "../../src/memories/repository.ts";
import { loadStaticEmbedder } from "../../src/models/static-embedder.ts";
import { createVectorStore, type VectorStore } from "../../src/retrieval/vector-store.ts";
import { createVectorWriter } from "../../src/retrieval/vector-hook.ts";
import { createLanceSync } from "../../src/retrieval/lance-sync.ts";
import { readVectorRows, vectorSeqs } from "../../src/retrieval/lance-rows.ts";
import { createLanceLoader } from "../../src/retrieval/lance-native.ts";
import { openLanceTable } from "../../src/retrieval/lance-table.ts";
import type { Embedder } from "../../src/models/embedder.ts";

const PEOPLE = ["Caroline", "Melanie", "Noor", "Omar", "Priya", "Jon", "Dana", "Mia"];
const VERBS = ["adopted", "bought", "visited", "painted", "started learning", "sold", "recommended", "fixed"];
const THINGS = ["a golden retriever", "a red bicycle", "the violin", "a vegetable garden", "a kayak", "a telescope"];
const PLACES = ["in Lisbon", "at the lake", "with the kids", "on the weekend", "at the beach"];
const MIN = 1_000;

let h: Harness;
let embedder: Embedder;
let store: VectorStore;
let repo: ReturnType<typeof createMemoryRepository>;
let insert: (content: string, userId: string, projectId?: string) => { seq: number; id: string };
const now = () => new Date().toISOString();
const vec = (text: string) => embedder.embedSync!([text])[0]!;
const sync = () => h.engram.vectorTable;
const table = () => sync().serving(store.model())!;
/** Engram started again on a data directory (a new process, as after a restart or a restore). */
const reopen = (dataDir: string) =>
  createEngram(loadConfig({ dataDir, formationWorker: false }, {}), {
    logger: silentLogger,
    startWorker: false,
    ann: { minVectors: MIN },
  });

beforeAll(async () => {
  h = await createHarness({ ann: { minVectors: MIN } });
  embedder = await loadStaticEmbedder();
  store = createVectorStore(h.engram.db);
  repo = createMemoryRepository(h.engram.db, { onWrite: createVectorWriter({ store, embedder, onMissing: () => {} }) });
  insert = (content, userId, projectId = h.project.projectId) => {
    const r = repo.insert({
      projectId,
      content,
      scope: { user_id: userId },
      occurredAt: null,
      jobId: null,
      source: { type: "sample" },
      now: now(),
    });
    return { seq: r.seq, id: r.id };
  };
  let i = 0;
  h.engram.db.transaction(() => {
    for (const p of PEOPLE)
      for (const v of VERBS)
        for (const t of THINGS)
          for (const place of PLACES) insert(`${p} ${v} ${t} ${place}.`, i++ % 2 ? "odd" : "even");
  })();
  await sync().runUntilIdle();
});
afterAll(() => h.close());

describe("the LanceDB vector table", () => {
  test("is filled from SQLite once a project is large, under <data>/vectors/", async () => {
    expect(existsSync(join(h.dataDir, "vectors"))).toBe(true);
    expect(await table().count()).toBe(store.count());
  });

  test.each(["What pet does Caroline have?", "musician", "Who went kayaking at the lake?", "astronomy"])(
    "answers %p with the exact path's nearest memories",
    async (query) => {
      const v = vec(query);
      const exact = store.nearest(h.project.projectId, v, 10, {});
      const approx = await table().nearest(h.project.projectId, v, 10, {});
      expect(approx[0]!.seq).toBe(exact[0]!.seq);
      expect(approx[0]!.similarity).toBeCloseTo(exact[0]!.similarity, 4);
      expect(approx.filter((a) => exact.some((e) => e.seq === a.seq)).length).toBeGreaterThanOrEqual(9);
    },
  );

  test("applies scope filters exactly, inside the search", async () => {
    const v = vec("What pet does Caroline have?");
    const approx = await table().nearest(h.project.projectId, v, 10, { user_id: "odd" });
    const exact = store.nearest(h.project.projectId, v, 10, { user_id: "odd" });
    expect(approx.map((a) => a.seq)).toEqual(exact.map((e) => e.seq));
    expect(await table().nearest(h.project.projectId, v, 10, { user_id: "nobody" })).toEqual([]);
    expect(await table().nearest(h.project.projectId, v, 10, { user_id: "o'brien' OR '1'='1" })).toEqual([]);
    expect(await table().nearest(h.demo.projectId, v, 10, { user_id: "odd" })).toEqual([]);
  });

  test("drops a forgotten memory and replaces a changed one", async () => {
    const dog = insert("Zelda keeps a tortoise named Atlas.", "even");
    const car = insert("Zelda drives a yellow van.", "even");
    await sync().runUntilIdle();
    expect((await table().nearest(h.project.projectId, vec("Zelda's tortoise Atlas"), 1, {}))[0]!.seq).toBe(dog.seq);
    repo.forget(h.project.projectId, dog.id, now());
    repo.addVersion(car.id, {
      content: "Zelda sold the van and rides a scooter.",
      occurredAt: null,
      change: "updated",
      source: { type: "sample" },
      supersedes: 1,
      now: now(),
    });
    await sync().runUntilIdle();
    const hits = await table().nearest(h.project.projectId, vec("Zelda's tortoise Atlas"), 50, {});
    expect(hits.map((x) => x.seq)).not.toContain(dog.seq);
    const scooter = await table().nearest(h.project.projectId, vec("Zelda sold the van and rides a scooter."), 1, {});
    expect(scooter[0]!.seq).toBe(car.seq);
    expect(scooter[0]!.similarity).toBeCloseTo(1, 3);
  });

  test("removes a deleted project's rows", async () => {
    const other = h.engram.accounts.createProject({ accountId: h.project.accountId, name: "Soon gone" });
    const m = insert("Quentin collects antique maps.", "even", other.id);
    await sync().runUntilIdle();
    expect((await table().nearest(other.id, vec("antique maps"), 5, {})).map((x) => x.seq)).toEqual([m.seq]);
    h.engram.accounts.deleteProject(other.id);
    await sync().runUntilIdle();
    expect(await table().nearest(other.id, vec("antique maps"), 5, {})).toEqual([]);
  });

  test("with its approximate index built (the production kind), answers like the exact path and merges new rows", async () => {
    const dir = join(h.dataDir, "indexed");
    const lance = await createLanceLoader({ dataDir: h.dataDir, useNativeLibrary: useLanceLibrary })();
    const t = await openLanceTable(lance, dir, "t", store.dims(), {
      create: true,
      policy: { minRows: 500, mergeEvery: 10, mergeShare: 0 },
    });
    try {
      const p = h.project.projectId;
      await t.add(readVectorRows(h.engram.db, vectorSeqs(h.engram.db), store.dims()));
      expect(await t.maintain()).toBe("built");
      expect(await t.maintain()).toBeNull(); // nothing new since
      for (const q of ["What pet does Caroline have?", "Who went kayaking at the lake?"]) {
        const exact = store.nearest(p, vec(q), 10, {});
        const approx = await t.nearest(p, vec(q), 10, {});
        expect(approx[0]!.seq).toBe(exact[0]!.seq);
        expect(approx.filter((a) => exact.some((e) => e.seq === a.seq)).length).toBeGreaterThanOrEqual(9);
        const scoped = await t.nearest(p, vec(q), 10, { user_id: "odd" });
        expect(scoped.map((a) => a.seq)).toEqual(store.nearest(p, vec(q), 10, { user_id: "odd" }).map((e) => e.seq));
      }
      const trees = ["olive", "lemon", "apple", "cherry", "peach", "walnut", "pine", "oak", "maple", "birch"];
      const fresh = trees.map((tree) => insert(`Ximena planted ${tree} trees by the river.`, "odd"));
      await t.add(
        readVectorRows(
          h.engram.db,
          fresh.map((f) => f.seq),
          store.dims(),
        ),
      );
      expect(await t.maintain()).toBe("merged");
      const found = await t.nearest(p, vec("Ximena planted cherry trees by the river."), 1, {});
      expect(found[0]!.seq).toBe(fresh[3]!.seq);
      await t.replace([fresh[3]!.seq], []); // forgotten: gone from the indexed table too
      const after = await t.nearest(p, vec("Ximena planted cherry trees by the river."), 20, {});
      expect(after.map((a) => a.seq)).not.toContain(fresh[3]!.seq);
    } finally {
      t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("probes a bounded number of partitions; a filter too narrow to fill k is answered exactly", async () => {
    const dir = join(h.dataDir, "narrow");
    const lance = await createLanceLoader({ dataDir: h.dataDir, useNativeLibrary: useLanceLibrary })();
    const t = await openLanceTable(lance, dir, "t", store.dims(), {
      create: true,
      policy: { minRows: 500, nprobes: 1 },
    });
    try {
      const p = h.project.projectId;
      const rows = readVectorRows(h.engram.db, vectorSeqs(h.engram.db), store.dims());
      // Twelve rows of one user, spread over the whole table (so over many partitions).
      const step = Math.floor(rows.length / 12);
      const rare = Array.from({ length: 12 }, (_, i) => ({
        ...rows[i * step]!,
        memory_seq: 10_000_000 + i,
        project_id: p,
        user_id: "rare",
      }));
      await t.add([...rows, ...rare]);
      expect(await t.maintain()).toBe("built");
      const q = vec("Who went kayaking at the lake?");
      // One partition holds a fraction of the project's rows, yet k of them: the bound holds.
      const wide = await t.nearest(p, q, 10, {});
      expect(wide).toHaveLength(10);
      const all = await t.nearest(p, q, 10, { user_id: "rare" });
      expect(all).toHaveLength(10); // one partition holds fewer than 10 of them: exact
      expect(all.every((a) => a.seq >= 10_000_000)).toBe(true);
      expect(await t.nearest(p, q, 20, { user_id: "rare" })).toHaveLength(12);
    } finally {
      t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("rebuilds a fresh table from SQLite (reindex) and drops the old one", async () => {
    const before = table().name;
    const stages: number[] = [];
    const rows = await sync().rebuild({ stage: (_l, total) => stages.push(total), update: () => {} });
    expect(table().name).not.toBe(before);
    expect(rows).toBe(await table().count());
    expect(stages.length).toBe(1);
    expect(readdirSync(join(h.dataDir, "vectors"))).toEqual([`${table().name}.lance`]);
  });
});

describe("crash recovery", () => {
  test("changes committed but never written to the table are applied at the next start", async () => {
    const dataDir = h.dataDir;
    const before = await table().count();
    // Commits without a step of the sync, then a new process (engram) on the same directory.
    const late = insert("Yusuf restores vintage motorcycles.", "odd");
    const first = h.engram.db.query<{ applied: number }, []>("SELECT applied FROM vector_table").get()!.applied;
    const second = await reopen(dataDir);
    try {
      await second.vectorTable.runUntilIdle();
      const t = second.vectorTable.serving(store.model())!;
      expect(await t.count()).toBe(before + 1);
      expect((await t.nearest(h.project.projectId, vec("vintage motorcycles"), 1, {}))[0]!.seq).toBe(late.seq);
      const mark = second.db.query<{ applied: number }, []>("SELECT applied FROM vector_table").get()!.applied;
      expect(mark).toBeGreaterThan(first);
      expect(second.db.query<{ n: number }, []>("SELECT count(*) AS n FROM vector_changes").get()!.n).toBe(0);
    } finally {
      await second.close();
    }
  });

  test("vector files newer than their database (a backup copying them during writes) are wound back to its mark", async () => {
    // The database as a backup's snapshot holds it, then writes the snapshot misses (a forget and a
    // new memory) reach the table, then the vector files are copied: what `engram admin backup`
    // can hold when the server writes while it runs.
    const restored = mkdtempSync(join(tmpdir(), "engram-restored-"));
    try {
      const kept = insert("Xavier restores stained glass windows.", "even");
      await sync().runUntilIdle();
      h.engram.db.run("VACUUM INTO ?", [join(restored, "engram.db")]);
      repo.forget(h.project.projectId, kept.id, now());
      const late = insert("Xavier breeds carrier pigeons on the roof.", "even");
      await sync().runUntilIdle();
      cpSync(join(h.dataDir, "vectors"), join(restored, "vectors"), { recursive: true });
      const again = await reopen(restored);
      try {
        await again.vectorTable.runUntilIdle();
        const t = again.vectorTable.serving(store.model())!;
        expect(await t.count()).toBe(vectorSeqs(again.db).length);
        const glass = await t.nearest(h.project.projectId, vec("Xavier restores stained glass windows."), 1, {});
        expect(glass[0]!.seq).toBe(kept.seq); // active in the snapshot: back in its table
        const pigeons = await t.nearest(h.project.projectId, vec("Xavier breeds carrier pigeons on the roof."), 1, {});
        expect(pigeons[0]!.seq).not.toBe(late.seq); // not in the snapshot: not in its table
        const { version } = again.db.query<{ version: number }, []>("SELECT version FROM vector_table").get()!;
        expect(version).toBe(await t.version());
      } finally {
        await again.close();
      }
    } finally {
      rmSync(restored, { recursive: true, force: true });
    }
  });

  test("a restart keeps the index built before it: its version is recorded, nothing is wound back", async () => {
    const copy = mkdtempSync(join(tmpdir(), "engram-indexed-"));
    try {
      h.engram.db.run("VACUUM INTO ?", [join(copy, "engram.db")]); // names a table this directory lacks
      const again = await reopen(copy);
      const syncOf = () =>
        createLanceSync({
          db: again.db,
          clock: systemClock,
          logger: silentLogger,
          store: createVectorStore(again.db),
          dataDir: copy,
          loadLance: createLanceLoader({ dataDir: copy, useNativeLibrary: useLanceLibrary }),
          needed: () => true,
          policy: { minRows: 500 },
        });
      const versionOf = () =>
        again.db.query<{ version: number }, []>("SELECT version FROM vector_table").get()!.version;
      try {
        const first = syncOf();
        await first.runUntilIdle(); // filled, then its index built
        const t = first.serving(store.model())!;
        expect(await t.maintain()).toBeNull(); // indexed: nothing to build
        const indexed = versionOf();
        expect(indexed).toBe(await t.version());
        await first.close();
        const second = syncOf();
        await second.runUntilIdle();
        expect(versionOf()).toBe(indexed);
        expect(await second.serving(store.model())!.maintain()).toBeNull(); // the index is still there
        await second.close();
      } finally {
        await again.close();
      }
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  test("a table whose files are gone is filled again", async () => {
    const name = table().name;
    await h.engram.vectorTable.close();
    const rows = vectorSeqs(h.engram.db).length; // every vector of a live project
    rmSync(join(h.dataDir, "vectors", `${name}.lance`), { recursive: true, force: true });
    const again = await reopen(h.dataDir);
    try {
      await again.vectorTable.runUntilIdle();
      expect(await again.vectorTable.serving(store.model())!.count()).toBe(rows);
    } finally {
      await again.close();
    }
  });
});

describe("a data directory of small projects", () => {
  test("never loads LanceDB", async () => {
    const small = await createHarness();
    let loads = 0;
    try {
      const s = createLanceSync({
        db: small.engram.db,
        clock: systemClock,
        logger: silentLogger,
        store: createVectorStore(small.engram.db),
        dataDir: small.dataDir,
        loadLance: async () => {
          loads++;
          throw new Error("must not load");
        },
        needed: () => false,
      });
      expect(await s.runOnce()).toBe(false);
      await s.close();
      expect(loads).toBe(0);
      expect(existsSync(join(small.dataDir, "vectors"))).toBe(false);
      expect(small.engram.db.query<{ n: number }, []>("SELECT count(*) AS n FROM vector_changes").get()!.n).toBe(0);
    } finally {
      await small.close();
    }
  });
});

describe("a change of embedding model", () => {
  test("fills a fresh table for the new model while search falls back to the exact path", async () => {
    await h.engram.vectorTable.close();
    const model = store.model();
    const own = createLanceSync({
      db: h.engram.db,
      clock: systemClock,
      logger: silentLogger,
      store,
      dataDir: h.dataDir,
      loadLance: (await import("../../src/retrieval/lance-native.ts")).createLanceLoader({
        dataDir: h.dataDir,
        useNativeLibrary: () => {},
      }),
      needed: () => true,
    });
    try {
      await own.runUntilIdle();
      const old = own.serving(model)!.name;
      store.adopt("another-model", 4, now());
      expect(own.serving("another-model")).toBeNull(); // the exact path answers until it is filled
      await own.runUntilIdle();
      expect(own.serving(model)).toBeNull();
      const fresh = own.serving("another-model")!;
      expect(fresh.name).toStartWith("another-model-");
      expect(await fresh.count()).toBe(0); // the new model's vectors are made by the indexer, then followed
      const m = insert("Wren plays the bagpipes.", "odd");
      store.put(
        {
          ...m,
          project_id: h.project.projectId,
          version: 1,
          organization_id: null,
          user_id: "odd",
          application_id: null,
          agent_id: null,
          team_id: null,
        },
        "another-model",
        Float32Array.of(0.5, 0.5, 0.5, 0.5),
        now(),
      );
      await own.runUntilIdle();
      expect((await fresh.nearest(h.project.projectId, Float32Array.of(1, 1, 1, 1), 5, {})).map((x) => x.seq)).toEqual([
        m.seq,
      ]);
      expect(readdirSync(join(h.dataDir, "vectors"))).toEqual([`${fresh.name}.lance`]);
      expect(old).not.toBe(fresh.name);
    } finally {
      await own.close();
    }
  });
});

describe("search through the LanceDB table", () => {
  test("answers as the exact path does, and never returns a forgotten memory", async () => {
    const { storeAll, search, PEOPLE: people } = await import("./support.ts");
    const indexed = await createHarness({ ann: { minVectors: 5 } });
    try {
      const ids = await storeAll(indexed, people);
      // The first search of a large project asks for the table; the exact path answers meanwhile.
      expect((await search(indexed, "musician"))[0]!.content).toBe("Omar plays the violin in a string quartet.");
      await indexed.engram.vectorTable.runUntilIdle();
      expect(indexed.engram.vectorTable.serving(embedder.model)).not.toBeNull();
      expect((await search(indexed, "musician"))[0]!.content).toBe("Omar plays the violin in a string quartet.");
      expect((await search(indexed, "What pet does Caroline have?"))[0]!.content).toBe(
        "Caroline adopted a golden retriever puppy last spring.",
      );
      const dog = ids["Caroline adopted a golden retriever puppy last spring."]!;
      expect((await indexed.call("DELETE", `/v1/memories/${dog}`)).status).toBe(202);
      // Before the table follows, and after.
      expect((await search(indexed, "dog")).map((r) => r.id)).not.toContain(dog);
      await indexed.engram.vectorTable.runUntilIdle();
      expect((await search(indexed, "dog")).map((r) => r.id)).not.toContain(dog);
    } finally {
      await indexed.close();
    }
  });

  test("a LanceDB search that fails, on starting or while it scans, is answered by the exact path", async () => {
    const { storeAll, search, PEOPLE: people } = await import("./support.ts");
    const indexed = await createHarness({ ann: { minVectors: 5 } });
    try {
      await storeAll(indexed, people);
      await search(indexed, "musician"); // asks for the table
      await indexed.engram.vectorTable.runUntilIdle();
      const lance = indexed.engram.vectorTable.serving(embedder.model)!;
      const begin = lance.begin;
      let calls = 0;
      const failures = [
        async () => {
          throw new Error("planning failed");
        },
        async () => ({ hits: Promise.reject(new Error("scan failed")) }),
      ];
      for (const fail of failures) {
        lance.begin = async () => {
          calls++;
          return fail();
        };
        expect((await search(indexed, "musician"))[0]!.content).toBe("Omar plays the violin in a string quartet.");
      }
      expect(calls).toBe(2);
      lance.begin = begin;
    } finally {
      await indexed.close();
    }
  });
});
