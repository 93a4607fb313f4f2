// Shared helpers for the limits tests: a harness on a fixed clock, accounts on small custom plans,
// calls made with a chosen key, and the assertions every allowance refusal shares.
import { expect } from "bun:test";
import { createHarness, type Harness } from "../helpers.ts";
import { expectProblem, type Problem } from "../http/support.ts";
import { fixedClock } from "../../src/shared/clock.ts";
import type { ConfigOverrides } from "../../src/config.ts";
import type { PlanFigures } from "../../src/limits/plans.ts";
import { sentenceExtractor } from "../../src/formation/sentence-extractor.ts";

/** Mid-month, so that a test crossing into April is a deliberate step. */
export const START = "2026-03-15T12:00:00.000Z";
/** 00:00 UTC on the first of the month after START. */
export const APRIL = "2026-04-01T00:00:00.000Z";

export type TestClock = ReturnType<typeof fixedClock>;

/** A harness on a fixed clock, with the sentence extractor: one fact per sentence, so counts are plain. */
export async function limitsHarness(config: ConfigOverrides = {}): Promise<{ h: Harness; clock: TestClock }> {
  const clock = fixedClock(START);
  const h = await createHarness({ clock, config, extractor: sentenceExtractor });
  return { h, clock };
}

/** Buckets large enough that only the figure under test can refuse (the fixed clock never refills). */
const ROOMY: PlanFigures = {
  reads: 1_000_000,
  writes: 1_000_000,
  memories: 1_000_000,
  projects: null,
  read_burst: 100_000,
  read_rate: 1_000,
  write_burst: 100_000,
  write_rate: 1_000,
};

export interface Acct {
  accountId: string;
  demoProjectId: string;
  /** A key of the account's Demo Project. */
  demoKey: string;
  projectId: string;
  /** A key of a second, empty project of the same account. */
  key: string;
  /** A second key of that same project. */
  otherKey: string;
}

/** A fresh account on a custom plan: roomy figures, overridden by `figures`. */
export function customAccount(h: Harness, figures: Partial<PlanFigures> = {}): Acct {
  const accounts = h.engram.accounts;
  const a = accounts.createAccount({ name: "Limits account", plan: "scale" });
  accounts.setPlan(a.id, null, { ...ROOMY, ...figures });
  const p = accounts.createProject({ accountId: a.id, name: "Work" });
  return {
    accountId: a.id,
    demoProjectId: a.demo_project_id,
    demoKey: accounts.createKey({ projectId: a.demo_project_id, name: "demo" }).key,
    projectId: p.id,
    key: accounts.createKey({ projectId: p.id, name: "one" }).key,
    otherKey: accounts.createKey({ projectId: p.id, name: "two" }).key,
  };
}

export function setFigures(h: Harness, a: Acct, figures: Partial<PlanFigures>): void {
  h.engram.accounts.setPlan(a.accountId, null, figures);
}

export function usageOf(h: Harness, a: Acct) {
  return h.engram.accounts.usage(a.accountId);
}

/** Creates memories with infer false in the key's project, forms them, and returns their ids in order. */
export async function seed(h: Harness, key: string, texts: string[]): Promise<string[]> {
  for (const content of texts) {
    expect((await h.call("POST", "/v1/memories", { key, body: { content, infer: false } })).status).toBe(202);
  }
  await h.form();
  const rows = h.engram.db
    .query<{ id: string; content: string }, []>("SELECT id, content FROM memories WHERE status = 'active' ORDER BY seq")
    .all();
  return texts.map((t) => rows.findLast((r) => r.content === t)!.id);
}

/** Active contents of a project, oldest first (read from the database: no reads are charged). */
export function contents(h: Harness, projectId: string): string[] {
  return h.engram.db
    .query<{ content: string }, [string]>(
      "SELECT content FROM memories WHERE project_id = ? AND status = 'active' ORDER BY seq",
    )
    .all(projectId)
    .map((r) => r.content);
}

/** `n` sentences, each a fact of its own for the sentence extractor. */
export function sentences(n: number, word = "Fact"): string {
  return Array.from({ length: n }, (_, i) => `${word} number ${i + 1} is true.`).join(" ");
}

/** Whole seconds from `now` until `reset`, rounded up (the Retry-After of a monthly refusal). */
export function secondsUntil(now: string, reset: string): number {
  return Math.ceil((Date.parse(reset) - Date.parse(now)) / 1000);
}

/** Asserts a monthly allowance refusal: 429, its reason, limit, used, resets_at and Retry-After. */
export async function expectMonthlyRefusal(
  r: Response,
  kind: "read" | "write",
  expected: { limit: number; used: number; now: string; resetsAt: string },
): Promise<Problem & { limit: number; used: number; resets_at: string }> {
  const body = (await expectProblem(r, 429, "rate_limit_exceeded", `monthly_${kind}_quota_reached`)) as Problem & {
    limit: number;
    used: number;
    resets_at: string;
  };
  expect({ limit: body.limit, used: body.used, resets_at: body.resets_at }).toEqual({
    limit: expected.limit,
    used: expected.used,
    resets_at: expected.resetsAt,
  });
  expect(r.headers.get("retry-after")).toBe(String(secondsUntil(expected.now, expected.resetsAt)));
  expect(r.headers.get("service-usage")).toBe(`${kind}s=0`);
  return body;
}
