import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { openDatabase, type Db } from "../../src/storage/db.ts";
import { fixedClock } from "../../src/shared/clock.ts";
import type { AccountService } from "../../src/accounts/service.ts";
import { createAdministration } from "../../src/administration.ts";
import { PLANS } from "../../src/limits/plans.ts";
import { SAMPLE_MEMORIES } from "../../src/accounts/samples.ts";
import { createMemoryRepository } from "../../src/memories/repository.ts";
import { createUsageStore } from "../../src/limits/usage.ts";
import { refusal, tempDir } from "../helpers.ts";

let dir: string;
let db: Db;
let clock: ReturnType<typeof fixedClock>;
let accounts: AccountService;

beforeEach(async () => {
  dir = tempDir();
  db = await openDatabase(dir);
  clock = fixedClock("2026-03-10T12:00:00.000Z");
  accounts = createAdministration({ db, clock }).accounts;
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function addMemory(projectId: string, content = "Ada likes tea.") {
  return createMemoryRepository(db).insert({
    projectId,
    content,
    scope: {},
    occurredAt: null,
    jobId: null,
    source: { type: "sample" },
    now: clock.now().toISOString(),
  });
}

describe("createAccount", () => {
  test("makes the account with a Demo Project holding the sample memories", () => {
    const a = accounts.createAccount({ name: "Acme" });
    expect(a.id).toMatch(/^acct_/);
    expect(a.demo_project_id).toMatch(/^prj_/);
    expect(accounts.listAccounts()).toEqual([
      { id: a.id, name: "Acme", plan: "free", created_at: "2026-03-10T12:00:00.000Z" },
    ]);
    expect(accounts.listProjects(a.id)).toEqual([
      { id: a.demo_project_id, name: "Demo Project", is_demo: true, created_at: "2026-03-10T12:00:00.000Z" },
    ]);
    const rows = db
      .query<{ content: string; status: string; is_sample: number }, [string]>(
        "SELECT content, status, is_sample FROM memories WHERE project_id = ? ORDER BY seq",
      )
      .all(a.demo_project_id);
    expect(rows.map((r) => r.content)).toEqual(SAMPLE_MEMORIES.map((s) => s.content));
    expect(rows.every((r) => r.status === "active" && r.is_sample === 1)).toBe(true);
  });

  test("sample memories do not count toward the stored memories, memories added to the Demo Project do", () => {
    const a = accounts.createAccount({ name: "Acme" });
    expect(accounts.usage(a.id).memories).toBe(0);
    addMemory(a.demo_project_id);
    expect(accounts.usage(a.id).memories).toBe(1);
  });

  test("takes a named plan and refuses an unknown one", () => {
    const a = accounts.createAccount({ name: "Acme", plan: "growth" });
    expect(accounts.listAccounts()[0]!.plan).toBe("growth");
    expect(a.id).toMatch(/^acct_/);
    const e = refusal(() => accounts.createAccount({ name: "X", plan: "platinum" }));
    expect(e.code).toBe("validation_error");
    expect(accounts.countAccounts()).toBe(1); // nothing half-made
  });
});

describe("projects", () => {
  test("the Demo Project does not count toward the plan's project limit", () => {
    const a = accounts.createAccount({ name: "Acme" }); // free: 3 projects
    for (let i = 0; i < PLANS.free.projects!; i++) accounts.createProject({ accountId: a.id, name: `p${i}` });
    const e = refusal(() => accounts.createProject({ accountId: a.id, name: "one too many" }));
    expect(e.code).toBe("conflict");
    expect(e.reason).toBe("project_limit_reached");
    expect([e.limit, e.used]).toEqual([3, 3]);
    expect(accounts.listProjects(a.id)).toHaveLength(4);
  });

  test("deleting a project makes room for another", () => {
    const a = accounts.createAccount({ name: "Acme" });
    const ids = [0, 1, 2].map((i) => accounts.createProject({ accountId: a.id, name: `p${i}` }).id);
    accounts.deleteProject(ids[0]!);
    expect(accounts.createProject({ accountId: a.id, name: "p3" }).id).toMatch(/^prj_/);
  });

  test("plans without a project limit take any number", () => {
    const a = accounts.createAccount({ name: "Acme", plan: "growth" });
    for (let i = 0; i < 12; i++) accounts.createProject({ accountId: a.id, name: `p${i}` });
    expect(accounts.listProjects(a.id)).toHaveLength(13);
  });

  test("a deleted project is no longer listed; unknown ids are not_found", () => {
    const a = accounts.createAccount({ name: "Acme" });
    const p = accounts.createProject({ accountId: a.id, name: "P" });
    expect(accounts.deleteProject(p.id)).toEqual({ id: p.id, deleted: true });
    expect(accounts.listProjects(a.id).map((x) => x.id)).toEqual([a.demo_project_id]);
    expect(refusal(() => accounts.deleteProject(p.id)).code).toBe("not_found");
    expect(refusal(() => accounts.createProject({ accountId: "acct_nope", name: "P" })).code).toBe("not_found");
  });
});

describe("API keys", () => {
  test("are shown once and stored only as a SHA-256 hash and the last four characters", () => {
    const a = accounts.createAccount({ name: "Acme" });
    const k = accounts.createKey({ projectId: a.demo_project_id, name: "server" });
    expect(k.key).toMatch(/^engram_sk_[A-Za-z0-9_-]{43}$/);
    const rows = db.query<Record<string, unknown>, []>("SELECT * FROM api_keys").all();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key_hash).toBe(createHash("sha256").update(k.key).digest("hex"));
    expect(rows[0]!.last4).toBe(k.key.slice(-4));
    for (const value of Object.values(rows[0]!)) {
      if (typeof value === "string") expect(value.includes(k.key.slice(10, 30))).toBe(false);
    }
    expect(JSON.stringify(accounts.listKeys(a.demo_project_id))).not.toContain(k.key.slice(10));
    expect(k.view).toMatchObject({
      id: k.id,
      name: "server",
      last4: k.key.slice(-4),
      status: "active",
      expires_at: null,
    });
  });

  test("the secret appears nowhere in the database files", () => {
    const a = accounts.createAccount({ name: "Acme" });
    const secrets = [0, 1, 2].map((i) => accounts.createKey({ projectId: a.demo_project_id, name: `k${i}` }).key);
    const files = readdirSync(dir).filter((f) => f.startsWith("engram.db"));
    expect(files).toContain("engram.db");
    const check = () => {
      for (const f of files) {
        const bytes = readFileSync(join(dir, f));
        for (const s of secrets) {
          expect(bytes.includes(Buffer.from(s))).toBe(false);
          expect(bytes.includes(Buffer.from(s.slice(10)))).toBe(false); // the random part alone
        }
      }
    };
    check(); // in the write-ahead log
    db.run("PRAGMA wal_checkpoint(TRUNCATE)");
    check(); // and in the main file
  });

  test("a key authenticates as its project and account", () => {
    const a = accounts.createAccount({ name: "Acme" });
    const k = accounts.createKey({ projectId: a.demo_project_id, name: "server" });
    expect(accounts.authenticate(k.key)).toEqual({ keyId: k.id, projectId: a.demo_project_id, accountId: a.id });
  });

  test("a revoked key stops authenticating at once", () => {
    const a = accounts.createAccount({ name: "Acme" });
    const k = accounts.createKey({ projectId: a.demo_project_id, name: "server" });
    const other = accounts.createKey({ projectId: a.demo_project_id, name: "other" });
    const view = accounts.revokeKey(k.id);
    expect(view.status).toBe("revoked");
    expect(view.revoked_at).toBe("2026-03-10T12:00:00.000Z");
    expect(accounts.authenticate(k.key)).toBeNull();
    expect(accounts.authenticate(other.key)).not.toBeNull();
    expect(refusal(() => accounts.revokeKey("key_nope")).code).toBe("not_found");
  });

  test("a key with an expiry works until that instant and not from it on", () => {
    const a = accounts.createAccount({ name: "Acme" });
    const k = accounts.createKey({
      projectId: a.demo_project_id,
      name: "temp",
      expiresAt: "2026-03-10T13:00:00+00:00",
    });
    expect(k.view.expires_at).toBe("2026-03-10T13:00:00.000Z");
    clock.advance(60 * 60 * 1000 - 1);
    expect(accounts.authenticate(k.key)).not.toBeNull();
    clock.advance(1);
    expect(accounts.authenticate(k.key)).toBeNull();
    expect(accounts.listKeys(a.demo_project_id)[0]!.status).toBe("expired");
    clock.advance(365 * 24 * 60 * 60 * 1000);
    expect(accounts.authenticate(k.key)).toBeNull();
  });

  test("an expiry given as a plain date means midnight UTC; a malformed one is refused", () => {
    const a = accounts.createAccount({ name: "Acme" });
    const k = accounts.createKey({ projectId: a.demo_project_id, name: "temp", expiresAt: "2026-04-01" });
    expect(k.view.expires_at).toBe("2026-04-01T00:00:00.000Z");
    const e = refusal(() => accounts.createKey({ projectId: a.demo_project_id, name: "bad", expiresAt: "next week" }));
    expect(e.code).toBe("validation_error");
    expect(e.errors).toEqual({ expires: ["must be an RFC 3339 timestamp"] });
  });

  test("an expiry that is not in the future is refused: such a key could never be used", () => {
    const a = accounts.createAccount({ name: "Acme" });
    for (const expiresAt of ["2020-01-01", "2026-03-10T12:00:00Z"]) {
      const e = refusal(() => accounts.createKey({ projectId: a.demo_project_id, name: "late", expiresAt }));
      expect(e.code).toBe("validation_error");
      expect(e.errors).toEqual({ expires: ["must be in the future"] });
    }
    expect(accounts.listKeys(a.demo_project_id)).toEqual([]);
  });

  test("last_used_at says when a key last authenticated, written at most once a minute", () => {
    const a = accounts.createAccount({ name: "Acme" });
    const k = accounts.createKey({ projectId: a.demo_project_id, name: "old" });
    const lastUsed = () => accounts.listKeys(a.demo_project_id)[0]!.last_used_at;
    expect(k.view.last_used_at).toBeNull();
    expect(lastUsed()).toBeNull();
    accounts.authenticate(k.key);
    expect(lastUsed()).toBe("2026-03-10T12:00:00.000Z");
    clock.advance(59_999);
    accounts.authenticate(k.key);
    expect(lastUsed()).toBe("2026-03-10T12:00:00.000Z"); // not rewritten within the minute
    clock.advance(1);
    accounts.authenticate(k.key);
    expect(lastUsed()).toBe("2026-03-10T12:01:00.000Z");
    clock.advance(3_600_000);
    accounts.authenticate(`${k.key.slice(0, -1)}${k.key.endsWith("A") ? "B" : "A"}`); // a wrong key touches nothing
    expect(lastUsed()).toBe("2026-03-10T12:01:00.000Z");
  });

  test("a key whose project was deleted stops authenticating", () => {
    const a = accounts.createAccount({ name: "Acme" });
    const p = accounts.createProject({ accountId: a.id, name: "doomed" });
    const k = accounts.createKey({ projectId: p.id, name: "server" });
    const demoKey = accounts.createKey({ projectId: a.demo_project_id, name: "demo" });
    accounts.deleteProject(p.id);
    expect(accounts.authenticate(k.key)).toBeNull();
    expect(accounts.authenticate(demoKey.key)).not.toBeNull();
    expect(refusal(() => accounts.createKey({ projectId: p.id, name: "late" })).code).toBe("not_found");
  });

  test("malformed and unknown keys are refused", () => {
    const a = accounts.createAccount({ name: "Acme" });
    const k = accounts.createKey({ projectId: a.demo_project_id, name: "server" }).key;
    const flipped = k.slice(0, -1) + (k.endsWith("A") ? "B" : "A");
    for (const presented of [
      "",
      "engram_sk_",
      k.slice(0, -1),
      `${k}A`,
      `Bearer ${k}`,
      ` ${k}`,
      `${k}\n`,
      k.toUpperCase(),
      k.replace("engram_sk_", "engram_pk_"),
      `engram_sk_${"!".repeat(43)}`,
      flipped, // well-formed but unknown
      createHash("sha256").update(k).digest("hex"), // the stored hash is not a key
    ]) {
      expect(accounts.authenticate(presented)).toBeNull();
    }
  });

  test("keys are listed with their state, never with the secret", () => {
    const a = accounts.createAccount({ name: "Acme" });
    const live = accounts.createKey({ projectId: a.demo_project_id, name: "live" });
    const gone = accounts.createKey({ projectId: a.demo_project_id, name: "gone" });
    accounts.revokeKey(gone.id);
    const listed = accounts.listKeys(a.demo_project_id);
    expect(listed.map((v) => [v.name, v.status])).toEqual([
      ["live", "active"],
      ["gone", "revoked"],
    ]);
    expect(Object.keys(listed[0]!).sort()).toEqual([
      "created_at",
      "expires_at",
      "id",
      "last4",
      "last_used_at",
      "name",
      "project_id",
      "revoked_at",
      "status",
    ]);
    expect(listed[0]!.last4).toBe(live.key.slice(-4));
  });
});

describe("setPlan", () => {
  test("a named plan replaces the figures", () => {
    const a = accounts.createAccount({ name: "Acme" });
    expect(accounts.setPlan(a.id, "starter")).toEqual({ account_id: a.id, plan: "starter", figures: PLANS.starter });
    expect(accounts.listAccounts()[0]!.plan).toBe("starter");
  });

  test("custom figures start from the current ones, so one figure changes one figure", () => {
    const a = accounts.createAccount({ name: "Acme", plan: "starter" });
    const r = accounts.setPlan(a.id, null, { writes: 7 });
    expect(r.plan).toBe("custom");
    expect(r.figures).toEqual({ ...PLANS.starter, writes: 7 });
    const r2 = accounts.setPlan(a.id, "custom", { reads: 9, read_burst: 3 });
    expect(r2.figures).toEqual({ ...PLANS.starter, writes: 7, reads: 9, read_burst: 3 });
  });

  test("a custom plan can make projects unlimited", () => {
    const a = accounts.createAccount({ name: "Acme" });
    expect(accounts.setPlan(a.id, null, { projects: null }).figures.projects).toBeNull();
    for (let i = 0; i < 5; i++) accounts.createProject({ accountId: a.id, name: `p${i}` });
  });

  test("a named plan after a custom one drops the custom figures", () => {
    const a = accounts.createAccount({ name: "Acme" });
    accounts.setPlan(a.id, null, { memories: 1 });
    expect(accounts.setPlan(a.id, "scale").figures).toEqual(PLANS.scale);
  });

  test("refuses unknown plans, a plan together with figures, and figures that are not non-negative integers", () => {
    const a = accounts.createAccount({ name: "Acme" });
    expect(refusal(() => accounts.setPlan(a.id, "gold")).code).toBe("validation_error");
    expect(refusal(() => accounts.setPlan(a.id, "starter", { reads: 5 })).code).toBe("validation_error");
    expect(refusal(() => accounts.setPlan(a.id, null, { reads: -1 })).code).toBe("validation_error");
    expect(refusal(() => accounts.setPlan(a.id, null, { reads: 1.5 })).code).toBe("validation_error");
    expect(refusal(() => accounts.setPlan("acct_nope", "free")).code).toBe("not_found");
    expect(accounts.listAccounts()[0]!.plan).toBe("free");
  });
});

describe("usage", () => {
  test("reports this month's reads and writes and the stored memories", () => {
    const a = accounts.createAccount({ name: "Acme" });
    const p = accounts.createProject({ accountId: a.id, name: "P" });
    createUsageStore(db).charge(a.id, clock.now(), 12, 3);
    addMemory(p.id);
    addMemory(p.id, "Bob likes coffee.");
    expect(accounts.usage(a.id)).toEqual({ reads: 12, writes: 3, memories: 2, resets_at: "2026-04-01T00:00:00.000Z" });
  });

  test("forgotten memories and memories of deleted projects are not stored memories", () => {
    const a = accounts.createAccount({ name: "Acme" });
    const p = accounts.createProject({ accountId: a.id, name: "P" });
    const q = accounts.createProject({ accountId: a.id, name: "Q" });
    const m = addMemory(p.id);
    addMemory(p.id, "kept");
    addMemory(q.id, "in a project about to go");
    createMemoryRepository(db).forget(p.id, m.id, clock.now().toISOString());
    accounts.deleteProject(q.id);
    expect(accounts.usage(a.id).memories).toBe(1);
  });

  test("counts reset at 00:00 UTC on the first of the next month", () => {
    const a = accounts.createAccount({ name: "Acme" });
    const usage = createUsageStore(db);
    clock.set("2026-01-31T23:59:59.999Z");
    usage.charge(a.id, clock.now(), 5, 2);
    expect(accounts.usage(a.id)).toMatchObject({ reads: 5, writes: 2, resets_at: "2026-02-01T00:00:00.000Z" });
    clock.advance(1);
    expect(accounts.usage(a.id)).toMatchObject({ reads: 0, writes: 0, resets_at: "2026-03-01T00:00:00.000Z" });
  });

  test("December resets into January of the next year", () => {
    const a = accounts.createAccount({ name: "Acme" });
    clock.set("2026-12-31T23:59:59.000Z");
    createUsageStore(db).charge(a.id, clock.now(), 1, 1);
    expect(accounts.usage(a.id)).toMatchObject({ reads: 1, writes: 1, resets_at: "2027-01-01T00:00:00.000Z" });
    clock.advance(1_000);
    expect(accounts.usage(a.id)).toMatchObject({ reads: 0, writes: 0, resets_at: "2027-02-01T00:00:00.000Z" });
  });

  test("an unknown account is not_found", () => {
    expect(refusal(() => accounts.usage("acct_nope")).code).toBe("not_found");
  });
});
