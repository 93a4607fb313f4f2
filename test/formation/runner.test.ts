import { afterEach, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { createEngram } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { fixedClock } from "../../src/shared/clock.ts";
import { Meter } from "../../src/shared/meter.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import type { Extractor, MessagesInput, PassageInput } from "../../src/formation/extractor.ts";
import { sentenceExtractor } from "../../src/formation/sentence-extractor.ts";
import type { JobRow } from "../../src/formation/jobs.ts";
import type { Principal } from "../../src/domain/principal.ts";
import type { Engram } from "../../src/app.ts";
import { createHarness, type Harness } from "../helpers.ts";

const START = "2026-03-10T12:00:00.000Z";

/** The sentence extractor with a hook that can fail a call; counts calls by kind. */
function controllableExtractor() {
  const state = { calls: 0, failOn: new Set<number>(), failAll: false };
  const extractor: Extractor = {
    name: "controllable",
    extract(input: PassageInput | MessagesInput) {
      state.calls++;
      if (state.failAll || state.failOn.has(state.calls)) throw new Error(`extractor failed on call ${state.calls}`);
      return sentenceExtractor.extract(input);
    },
  };
  return { extractor, state };
}

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

async function setup(extractor: Extractor = sentenceExtractor) {
  const clock = fixedClock(START);
  h = await createHarness({ clock, extractor });
  const engram = h.engram;
  const acct = engram.accounts.createAccount({ name: "Runner test", plan: "scale" });
  const prj = engram.accounts.createProject({ accountId: acct.id, name: "P" });
  const principal = engram.accounts.authenticate(engram.accounts.createKey({ projectId: prj.id, name: "k" }).key)!;
  return { engram, clock, principal };
}

const jobs = (e: Engram, projectId: string) =>
  e.db.query<JobRow, [string]>("SELECT * FROM jobs WHERE project_id = ? ORDER BY created_at, id").all(projectId);
const memories = (e: Engram, projectId: string) =>
  e.db
    .query<{ id: string; content: string; job_id: string }, [string]>(
      "SELECT id, content, job_id FROM memories WHERE project_id = ? ORDER BY seq",
    )
    .all(projectId);
const writesUsed = (e: Engram, p: Principal) =>
  e.db
    .query<{ writes: number }, [string]>("SELECT sum(writes) AS writes FROM usage WHERE account_id = ?")
    .get(p.accountId)?.writes ?? 0;
const sources = (e: Engram, projectId: string) =>
  e.db
    .query<{ source: string }, [string]>(
      "SELECT v.source FROM memory_versions v JOIN memories m ON m.id = v.memory_id WHERE m.project_id = ? ORDER BY m.seq",
    )
    .all(projectId)
    .map(
      (r) => JSON.parse(r.source) as { type: string; job_id?: string; message_indexes?: number[]; sentence?: number },
    );

/** An import of n user messages, each one sentence that names its index. */
const conversation = (n: number) => ({
  messages: Array.from({ length: n }, (_, i) => ({
    role: "user" as const,
    content: `Fact number ${i} is true.`,
  })),
});

describe("runOnce", () => {
  test("processes exactly one ready job, oldest first, and reports whether it did", async () => {
    const { engram, principal, clock } = await setup();
    engram.memories.create(principal, new Meter(), { content: "First memory.", infer: false });
    clock.advance(1);
    engram.memories.create(principal, new Meter(), { content: "Second memory.", infer: false });
    expect(memories(engram, principal.projectId)).toEqual([]); // nothing forms before the runner runs
    expect(await engram.formation.runOnce()).toBe(true);
    expect(memories(engram, principal.projectId).map((m) => m.content)).toEqual(["First memory."]);
    expect(jobs(engram, principal.projectId).map((j) => j.status)).toEqual(["done", "queued"]);
    expect(await engram.formation.runOnce()).toBe(true);
    expect(await engram.formation.runOnce()).toBe(false);
    expect(memories(engram, principal.projectId).map((m) => m.content)).toEqual(["First memory.", "Second memory."]);
  });

  test("a memory formed from a create links back to its job and sentence", async () => {
    const { engram, principal } = await setup();
    engram.memories.create(principal, new Meter(), {
      content: "Ada likes tea. Bob likes coffee.",
      scope: { user_id: "ada" },
    });
    await engram.formation.runUntilIdle();
    const [job] = jobs(engram, principal.projectId);
    expect(memories(engram, principal.projectId).every((m) => m.job_id === job!.id)).toBe(true);
    expect(sources(engram, principal.projectId)).toEqual([
      { type: "create", job_id: job!.id, sentence: 0 },
      { type: "create", job_id: job!.id, sentence: 1 },
    ]);
  });
});

describe("a failing extractor", () => {
  test("is retried with exponential backoff; the job is kept, with attempts and run_after recorded", async () => {
    const { extractor, state } = controllableExtractor();
    const { engram, principal, clock } = await setup(extractor);
    state.failAll = true;
    engram.memories.create(principal, new Meter(), { content: "Ada likes tea." });

    expect(await engram.formation.runOnce()).toBe(true);
    let [job] = jobs(engram, principal.projectId);
    expect(job).toMatchObject({ status: "queued", attempts: 1, progress: 0, run_after: "2026-03-10T12:00:01.000Z" });
    expect(job!.last_error).toContain("extractor failed");
    expect(memories(engram, principal.projectId)).toEqual([]);

    // Not before run_after.
    expect(await engram.formation.runOnce()).toBe(false);
    clock.advance(999);
    expect(await engram.formation.runOnce()).toBe(false);
    clock.advance(1);
    expect(await engram.formation.runOnce()).toBe(true);
    [job] = jobs(engram, principal.projectId);
    expect(job).toMatchObject({ status: "queued", attempts: 2, run_after: "2026-03-10T12:00:03.000Z" }); // +2 s

    clock.advance(2_000);
    expect(await engram.formation.runOnce()).toBe(true);
    [job] = jobs(engram, principal.projectId);
    expect(job).toMatchObject({ attempts: 3, run_after: "2026-03-10T12:00:07.000Z" }); // +4 s

    // Once the extractor works again, the write forms.
    state.failAll = false;
    clock.advance(4_000);
    expect(await engram.formation.runOnce()).toBe(true);
    [job] = jobs(engram, principal.projectId);
    expect(job!.status).toBe("done");
    expect(memories(engram, principal.projectId).map((m) => m.content)).toEqual(["Ada likes tea."]);
  });

  test("the backoff is capped at one hour", async () => {
    const { extractor, state } = controllableExtractor();
    const { engram, principal } = await setup(extractor);
    state.failAll = true;
    engram.memories.create(principal, new Meter(), { content: "Ada likes tea." });
    engram.db.run("UPDATE jobs SET attempts = 30");
    await engram.formation.runOnce();
    expect(jobs(engram, principal.projectId)[0]).toMatchObject({ attempts: 31, run_after: "2026-03-10T13:00:00.000Z" });
  });

  test("a failing job does not hold up the jobs behind it", async () => {
    const { extractor, state } = controllableExtractor();
    const { engram, principal, clock } = await setup(extractor);
    state.failOn.add(1);
    engram.memories.create(principal, new Meter(), { content: "First." });
    clock.advance(1);
    engram.memories.create(principal, new Meter(), { content: "Second." });
    expect(await engram.formation.runUntilIdle()).toBe(2);
    expect(memories(engram, principal.projectId).map((m) => m.content)).toEqual(["Second."]);
    clock.advance(1_000);
    await engram.formation.runUntilIdle();
    expect(memories(engram, principal.projectId).map((m) => m.content)).toEqual(["Second.", "First."]);
  });
});

describe("a job whose project was deleted", () => {
  test("is finished without forming anything", async () => {
    const { engram, principal } = await setup();
    engram.memories.create(principal, new Meter(), { content: "Ada likes tea." });
    engram.accounts.deleteProject(principal.projectId);
    expect(await engram.formation.runOnce()).toBe(true);
    const [job] = jobs(engram, principal.projectId);
    expect(job!.status).toBe("done");
    expect(job!.last_error).toContain("deleted");
    expect(memories(engram, principal.projectId)).toEqual([]);
    expect(await engram.formation.runOnce()).toBe(false);
  });
});

describe("an import", () => {
  test("forms chunk by chunk; a failure mid-job keeps the chunks already formed and the retry forms each fact exactly once", async () => {
    const { extractor, state } = controllableExtractor();
    const { engram, principal, clock } = await setup(extractor);
    const meter = new Meter();
    engram.memories.import(principal, meter, conversation(100));
    expect(meter.writes).toBe(5); // 5 chunks of 20 messages
    state.failOn.add(3); // the third chunk fails, once

    expect(await engram.formation.runOnce()).toBe(true);
    let [job] = jobs(engram, principal.projectId);
    expect(job).toMatchObject({ status: "queued", progress: 40, attempts: 1 });
    expect(memories(engram, principal.projectId)).toHaveLength(40);
    expect(writesUsed(engram, principal)).toBe(5 + 40);

    clock.advance(1_000);
    expect(await engram.formation.runOnce()).toBe(true);
    [job] = jobs(engram, principal.projectId);
    expect(job).toMatchObject({ status: "done", attempts: 1 });
    expect(state.calls).toBe(6); // 2 formed + 1 failed + 3 on the retry: chunks 1 and 2 were not extracted again

    const formed = memories(engram, principal.projectId).map((m) => m.content);
    expect(formed).toEqual(Array.from({ length: 100 }, (_, i) => `Fact number ${i} is true.`));
    expect(new Set(formed).size).toBe(100);
    expect(sources(engram, principal.projectId).map((s) => s.message_indexes)).toEqual(
      Array.from({ length: 100 }, (_, i) => [i]),
    );
    expect(writesUsed(engram, principal)).toBe(5 + 100);
    expect(await engram.formation.runOnce()).toBe(false);
  });

  test("progress is recorded after each chunk, so a restart resumes where the failure left off", async () => {
    const { extractor, state } = controllableExtractor();
    const { engram, principal, clock } = await setup(extractor);
    engram.memories.import(principal, new Meter(), conversation(100));
    state.failOn.add(4);
    await engram.formation.runOnce();
    expect(jobs(engram, principal.projectId)[0]).toMatchObject({ status: "queued", progress: 60 });

    // A new process on the same data directory, later.
    const dataDir = h!.dataDir;
    await engram.close();
    clock.advance(60_000);
    const restarted = await createEngram(loadConfig({ dataDir, formationWorker: false }, {}), {
      clock,
      logger: silentLogger,
      startWorker: false,
    });
    try {
      expect(await restarted.formation.runUntilIdle()).toBe(1);
      const formed = memories(restarted, principal.projectId).map((m) => m.content);
      expect(formed).toHaveLength(100);
      expect(new Set(formed).size).toBe(100);
      expect(jobs(restarted, principal.projectId)[0]!.status).toBe("done");
    } finally {
      await restarted.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    h = null; // already closed
  });

  test("each message's own time overrides the request's", async () => {
    const { engram, principal } = await setup();
    engram.memories.import(principal, new Meter(), {
      messages: [
        { role: "user", content: "I moved to Lisbon.", occurred_at: "2024-03-01" },
        { role: "user", content: "I like it." },
      ],
      occurred_at: "2024-02-01T10:00:00Z",
    });
    await engram.formation.runUntilIdle();
    const rows = engram.db
      .query<{ occurred_at: string }, [string]>("SELECT occurred_at FROM memories WHERE project_id = ? ORDER BY seq")
      .all(principal.projectId);
    expect(rows.map((r) => r.occurred_at)).toEqual(["2024-03-01T00:00:00.000Z", "2024-02-01T10:00:00.000Z"]);
  });
});

describe("writes charged", () => {
  test("a create with infer true costs 1 on acceptance and 1 per fact formed", async () => {
    const { engram, principal } = await setup();
    const meter = new Meter();
    engram.memories.create(principal, meter, { content: "Ada likes tea. Bob likes coffee. Eve likes water." });
    expect(meter.writes).toBe(1);
    expect(writesUsed(engram, principal)).toBe(1);
    await engram.formation.runUntilIdle();
    expect(memories(engram, principal.projectId)).toHaveLength(3);
    expect(writesUsed(engram, principal)).toBe(1 + 3);
  });

  test("a create with infer false costs 1 in all", async () => {
    const { engram, principal } = await setup();
    engram.memories.create(principal, new Meter(), { content: "Ada likes tea. Bob likes coffee.", infer: false });
    expect(writesUsed(engram, principal)).toBe(1);
    await engram.formation.runUntilIdle();
    expect(memories(engram, principal.projectId).map((m) => m.content)).toEqual(["Ada likes tea. Bob likes coffee."]);
    expect(writesUsed(engram, principal)).toBe(1);
  });

  test("an import costs one per chunk on acceptance and one per fact formed", async () => {
    const { engram, principal } = await setup();
    const body = {
      messages: Array.from({ length: 25 }, (_, i) => ({
        role: "user" as const,
        content: `Ada has ${i} cats. Bob has ${i} dogs.`,
      })),
    };
    const meter = new Meter();
    engram.memories.import(principal, meter, body);
    expect(meter.writes).toBe(2);
    expect(writesUsed(engram, principal)).toBe(2);
    await engram.formation.runUntilIdle();
    expect(memories(engram, principal.projectId)).toHaveLength(50);
    expect(writesUsed(engram, principal)).toBe(2 + 50);
  });

  test("a repeat of an identical write while the first is forming costs nothing and forms nothing more", async () => {
    const { engram, principal } = await setup();
    engram.memories.create(principal, new Meter(), { content: "Ada likes tea.", scope: { user_id: "ada" } });
    const meter = new Meter();
    engram.memories.create(principal, meter, { scope: { user_id: "ada" }, content: "Ada likes tea." });
    expect(meter.writes).toBe(0);
    await engram.formation.runUntilIdle();
    expect(memories(engram, principal.projectId)).toHaveLength(1);
    expect(writesUsed(engram, principal)).toBe(2);
  });

  test("usage lands in the month in which the facts are formed", async () => {
    const { engram, principal, clock } = await setup();
    clock.set("2026-01-31T23:59:59.000Z");
    engram.memories.create(principal, new Meter(), { content: "Ada likes tea. Bob likes coffee." });
    clock.set("2026-02-01T00:00:01.000Z");
    await engram.formation.runUntilIdle();
    const rows = engram.db
      .query<{ period: string; writes: number }, [string]>(
        "SELECT period, writes FROM usage WHERE account_id = ? ORDER BY period",
      )
      .all(principal.accountId);
    expect(rows).toEqual([
      { period: "2026-01", writes: 1 },
      { period: "2026-02", writes: 2 },
    ]);
  });
});

describe("fair turns between accounts", () => {
  test("another account's one-line write is formed after one unit of a long import, not after all of it", async () => {
    const { engram, principal: big } = await setup();
    const other = engram.accounts.createAccount({ name: "Other", plan: "scale" });
    const project = engram.accounts.createProject({ accountId: other.id, name: "Q" });
    const small = engram.accounts.authenticate(engram.accounts.createKey({ projectId: project.id, name: "k" }).key)!;
    const messages = Array.from({ length: 120 }, (_, i) => ({
      role: i % 2 ? ("assistant" as const) : ("user" as const),
      content:
        i % 2 ? "Noted, thanks for telling me." : `I visited museum number ${i} in Lisbon last week with my sister.`,
    }));
    engram.memories.import(big, new Meter(), { messages });
    engram.memories.import(big, new Meter(), { messages: messages.slice(0, 40) });
    engram.memories.create(small, new Meter(), { content: "Maya works in Pediatrics.", infer: false });
    expect(await engram.formation.runStep()).toBe(true); // the import's first unit (it came first)
    expect(await engram.formation.runStep()).toBe(true); // then the other account's turn
    expect(memories(engram, small.projectId).map((m) => m.content)).toEqual(["Maya works in Pediatrics."]);
    expect(jobs(engram, big.projectId).map((j) => j.status)).toEqual(["queued", "queued"]);
    // Alone again, the importing account's jobs run in order, a unit per step, to the end.
    let steps = 0;
    while (await engram.formation.runStep()) steps++;
    expect(steps).toBeGreaterThan(2);
    expect(jobs(engram, big.projectId).map((j) => j.status)).toEqual(["done", "done"]);
  });
});
