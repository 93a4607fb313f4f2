// The outbox is written in the transaction of the change it describes: a change rolled back leaves
// no event, an event that cannot be written leaves no change. Only subscribed endpoints get rows;
// formation's events come from the job's own transactions. Managing endpoints refuses what it should.
import { afterEach, describe, expect, test } from "bun:test";
import { createHarness, refusal, type Harness } from "../helpers.ts";
import { createMemoryRepository } from "../../src/memories/repository.ts";
import { createOutbox } from "../../src/webhooks/outbox.ts";
import { createJobStore } from "../../src/formation/jobs.ts";
import type { NewMemory } from "../../src/domain/memory.ts";

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const URL = "http://127.0.0.1:9/hooks"; // never called: these tests do not deliver

function rows(h: Harness) {
  return h.engram.db
    .query<{ type: string; subject: string; webhook_id: string; payload: string }, []>(
      "SELECT type, subject, webhook_id, payload FROM webhook_deliveries ORDER BY seq",
    )
    .all();
}

function memory(projectId: string, content: string): NewMemory {
  const now = new Date().toISOString();
  return { projectId, content, scope: {}, occurredAt: null, jobId: null, source: { type: "sample" }, now };
}

describe("the outbox", () => {
  test("a change rolled back leaves no event; an event that cannot be written leaves no change", async () => {
    h = await createHarness();
    const { db } = h.engram;
    h.engram.webhooks.create({ projectId: h.project.projectId, url: URL });
    const repo = createMemoryRepository(db, { onChange: createOutbox(db).memoryChanged });

    expect(() =>
      db.transaction(() => {
        repo.insert(memory(h!.project.projectId, "Rolled back with its event."));
        expect(rows(h!)).toHaveLength(1); // written in the transaction…
        throw new Error("the unit failed");
      })(),
    ).toThrow("the unit failed");
    expect(rows(h)).toEqual([]); // …and gone with it
    expect(db.query("SELECT id FROM memories WHERE content = 'Rolled back with its event.'").all()).toEqual([]);

    const kept = repo.insert(memory(h.project.projectId, "Ada keeps bees."));
    expect(rows(h).map((r) => [r.type, r.subject])).toEqual([["memory.created", kept.id]]);
    db.run(
      "CREATE TEMP TRIGGER no_room BEFORE INSERT ON webhook_deliveries BEGIN SELECT RAISE(ABORT, 'disk full'); END",
    );
    expect(() => repo.forget(h!.project.projectId, kept.id, new Date().toISOString())).toThrow("disk full");
    expect(repo.getActive(h.project.projectId, kept.id)?.status).toBe("active"); // not forgotten without its event
    db.run("DROP TRIGGER no_room");
    expect(repo.forget(h.project.projectId, kept.id, new Date().toISOString())).toBe(true);
    expect(rows(h).map((r) => r.type)).toEqual(["memory.created", "memory.forgotten"]);
  });

  test("only endpoints of the project subscribed to the event's type get a row, one each", async () => {
    h = await createHarness();
    const { db } = h.engram;
    const all = h.engram.webhooks.create({ projectId: h.project.projectId, url: URL });
    const forgets = h.engram.webhooks.create({
      projectId: h.project.projectId,
      url: URL,
      events: ["memory.forgotten"],
    });
    h.engram.webhooks.create({ projectId: h.demo.projectId, url: URL }); // another project's
    const repo = createMemoryRepository(db, { onChange: createOutbox(db).memoryChanged });
    const m = repo.insert(memory(h.project.projectId, "Ada keeps bees."));
    repo.forget(h.project.projectId, m.id, new Date().toISOString());
    expect(rows(h).map((r) => [r.type, r.webhook_id])).toEqual([
      ["memory.created", all.id],
      ["memory.forgotten", all.id],
      ["memory.forgotten", forgets.id],
    ]);
    // One message per event: the same webhook-id and body for every endpoint it goes to.
    const ids = db.query<{ id: string }, []>("SELECT DISTINCT id FROM webhook_deliveries").all();
    expect(ids).toHaveLength(2);

    h.engram.webhooks.delete(all.id); // its deliveries not yet made go with it
    expect(rows(h).map((r) => [r.type, r.webhook_id])).toEqual([["memory.forgotten", forgets.id]]);
  });

  test("formation.completed and formation.failed are recorded in the job's own transaction", async () => {
    h = await createHarness();
    const { db } = h.engram;
    const hook = h.engram.webhooks.create({
      projectId: h.project.projectId,
      url: URL,
      events: ["formation.completed", "formation.failed"],
    });
    const outbox = createOutbox(db);
    const jobs = createJobStore(db, {
      onFinish: (job) => outbox.formationCompleted(job, () => ({ created: 2, updated: 1, merged: 0 })),
      onRetry: (job) => outbox.formationFailed(job),
    });
    const scope = {};
    const payload = { content: "x", infer: true, occurred_at: null, scope };
    const now = new Date().toISOString();
    const job = jobs.insert({
      projectId: h.project.projectId,
      accountId: h.project.accountId,
      kind: "create",
      payload,
      requestHash: "h",
      now,
    });
    jobs.retryLater(job, 1, "2030-01-01T00:00:00.000Z", "Error: the model did not answer", now);
    expect(() =>
      db.transaction(() => {
        jobs.finish(job, now);
        throw new Error("rolled back");
      })(),
    ).toThrow("rolled back");
    jobs.finish(job, now, "a limit was reached; the rest was discarded");
    const recorded = rows(h).map((r) => JSON.parse(r.payload));
    expect(recorded.map((p) => p.type)).toEqual(["formation.failed", "formation.completed"]);
    expect(recorded[0].data).toMatchObject({
      project_id: h.project.projectId,
      job_id: job,
      kind: "create",
      attempts: 1,
      error: "Error: the model did not answer",
      retry_at: "2030-01-01T00:00:00.000Z",
    });
    expect(recorded[1].data).toMatchObject({
      job_id: job,
      memories_created: 2,
      memories_updated: 1,
      memories_merged: 0,
      note: "a limit was reached; the rest was discarded",
    });
    expect(rows(h).every((r) => r.webhook_id === hook.id && r.subject === job)).toBe(true);
  });
});

describe("formation's events through the runner", () => {
  test("a failed attempt records formation.failed with its retry time; the retry that forms it, formation.completed", async () => {
    let fail = true;
    h = await createHarness({
      extractor: {
        name: "flaky",
        extract: (input) => {
          if (fail) throw new Error("the model did not answer");
          return input.kind === "passage" ? [{ content: input.text, occurredAt: null, messageIndexes: [] }] : [];
        },
      },
    });
    const projectId = h.project.projectId;
    h.engram.webhooks.create({ projectId, url: URL, events: ["formation.completed", "formation.failed"] });
    expect((await h.call("POST", "/v1/memories", { body: { content: "Ada sails on Sundays." } })).status).toBe(202);
    await h.engram.formation.runStep();
    fail = false;
    h.engram.db.run("UPDATE jobs SET run_after = created_at");
    await h.form();
    const [failed, completed] = rows(h).map((r) => JSON.parse(r.payload));
    expect(failed).toMatchObject({ type: "formation.failed", data: { attempts: 1, kind: "create" } });
    expect(failed.data.error).toContain("the model did not answer");
    expect(Date.parse(failed.data.retry_at)).toBeGreaterThan(Date.parse(failed.timestamp));
    expect(completed).toMatchObject({
      type: "formation.completed",
      data: { job_id: failed.data.job_id, memories_created: 1, memories_updated: 0, note: null },
    });
  });
});

describe("managing webhooks", () => {
  test("only http and https URLs, known event types and live projects; the secret is never listed", async () => {
    h = await createHarness();
    const admin = h.engram.webhooks;
    const projectId = h.project.projectId;
    for (const url of ["ftp://example.com/x", "file:///etc/passwd", "javascript:alert(1)", "not a url"])
      expect(refusal(() => admin.create({ projectId, url })).code).toBe("validation_error");
    expect(refusal(() => admin.create({ projectId, url: URL, events: ["memory.deleted"] })).detail).toContain(
      "memory.deleted",
    );
    expect(refusal(() => admin.create({ projectId, url: URL, events: [] })).code).toBe("validation_error");
    expect(refusal(() => admin.create({ projectId: "prj_01h455vb4pex5vsknk084sn02q", url: URL })).code).toBe(
      "not_found",
    );

    const made = admin.create({ projectId, url: "https://hooks.example.com/engram", events: ["memory.created"] });
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(made.id).toMatch(/^wh_/);
    expect(admin.list(projectId)).toEqual([
      {
        id: made.id,
        project_id: projectId,
        url: "https://hooks.example.com/engram",
        events: ["memory.created"],
        created_at: made.created_at,
      },
    ]);
    expect(JSON.stringify(admin.list(projectId))).not.toContain(made.secret);
    expect(refusal(() => admin.deliveries({ projectId, status: "lost" })).code).toBe("validation_error");
    expect(refusal(() => admin.deliveries({ projectId: h!.demo.projectId, webhookId: made.id })).code).toBe(
      "not_found",
    );
    expect(admin.delete(made.id)).toEqual({ id: made.id });
    expect(refusal(() => admin.delete(made.id)).code).toBe("not_found");
  });
});
