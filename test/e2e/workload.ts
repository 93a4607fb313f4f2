// A workload of writes whose every fact text is known in advance, and a read-only look at the
// SQLite file of a stopped server, for the kill -9 and SIGTERM tests.
import { Database } from "bun:sqlite";
import { expect } from "bun:test";
import { join } from "node:path";
import { chunkMessages } from "../../src/formation/chunks.ts";
import { type client, listAll, pollUntil } from "./support.ts";

type Api = ReturnType<typeof client>;

export interface Workload {
  /** Passages created with infer false: stored verbatim. */
  creates: string[];
  /** Imports: one sentence per message, so the text of every fact is known. */
  imports: string[][];
}

export function workload(tag: string, creates: number, importSizes: number[]): Workload {
  return {
    creates: Array.from({ length: creates }, (_, i) => `Note ${tag}-${i}: the ${tag} archive keeps record ${i}.`),
    imports: importSizes.map((n, j) =>
      Array.from({ length: n }, (_, i) => `Import ${tag}-${j} message ${i} says the keeper counted ${i} gulls.`),
    ),
  };
}

export const expectedTexts = (w: Workload) => [...w.creates, ...w.imports.flat()];

/** Sends every write and requires a 202 for each; resolves as the last 202 arrives. */
export async function sendWorkload(api: Api, w: Workload): Promise<void> {
  for (const content of w.creates) {
    const r = await api.call("POST", "/v1/memories", { content, infer: false });
    expect(r.status).toBe(202);
  }
  for (const messages of w.imports) {
    const r = await api.call("POST", "/v1/memories/import", {
      messages: messages.map((content) => ({ role: "user", speaker: "Ana", content })),
    });
    expect(r.status).toBe(202);
  }
}

/** Polls the list until every expected text is there; returns how often each text is listed. */
export async function waitUntilFormed(api: Api, w: Workload, timeoutMs = 20_000): Promise<Map<string, number>> {
  const expected = expectedTexts(w);
  return pollUntil(
    async () => {
      const counts = new Map<string, number>();
      for (const m of await listAll(api)) counts.set(m.content, (counts.get(m.content) ?? 0) + 1);
      return expected.every((t) => counts.has(t)) ? counts : null;
    },
    `all ${expected.length} memories to be formed`,
    timeoutMs,
  );
}

export interface StoredState {
  /** How many memory rows (any status) hold each text. */
  counts: Map<string, number>;
  /** Pairs of (job, text) stored more than once: a fact formed twice. */
  duplicates: Array<{ job_id: string; content: string; n: number }>;
  jobs: Array<{ id: string; kind: string; status: string; progress: number; payload: string }>;
  writesCharged: number;
}

/** Reads the data directory of a stopped server (read-only; a WAL left by kill -9 is read as SQLite would). */
export function readStored(dataDir: string): StoredState {
  const db = new Database(join(dataDir, "engram.db"), { readonly: true });
  try {
    const counts = new Map<string, number>();
    for (const r of db
      .query<{ content: string; n: number }, []>(
        "SELECT content, count(*) AS n FROM memories WHERE is_sample = 0 GROUP BY content",
      )
      .all()) {
      counts.set(r.content, r.n);
    }
    return {
      counts,
      duplicates: db
        .query<StoredState["duplicates"][number], []>(
          "SELECT job_id, content, count(*) AS n FROM memories WHERE job_id IS NOT NULL GROUP BY job_id, content HAVING n > 1",
        )
        .all(),
      jobs: db
        .query<StoredState["jobs"][number], []>(
          "SELECT id, kind, status, progress, payload FROM jobs ORDER BY created_at, id",
        )
        .all(),
      writesCharged: db.query<{ w: number }, []>("SELECT coalesce(sum(writes), 0) AS w FROM usage").get()!.w,
    };
  } finally {
    db.close();
  }
}

/** The writes the workload must be charged exactly once: 1 per create, 1 per import chunk, 1 per imported fact. */
export function expectedWrites(w: Workload): number {
  const chunks = w.imports.reduce((n, m) => n + chunkMessages(m.map((t) => t.length)).length, 0);
  return w.creates.length + chunks + w.imports.flat().length;
}

/**
 * The invariant a crash must never break: every import job stopped at a chunk boundary, and the
 * facts of its messages before that boundary are stored once and none after it.
 */
export function expectChunkAtomic(state: StoredState): void {
  expect(state.duplicates).toEqual([]);
  let writes = 0;
  for (const job of state.jobs) {
    const payload = JSON.parse(job.payload);
    if (job.kind === "create") {
      writes += 1;
      expect([payload.content, state.counts.get(payload.content) ?? 0]).toEqual([
        payload.content,
        job.status === "done" ? 1 : 0,
      ]);
      continue;
    }
    const messages = (payload as { messages: Array<{ content: string }> }).messages.map((m) => m.content);
    const chunks = chunkMessages(messages.map((t) => t.length));
    expect([0, ...chunks.map((c) => c.end)]).toContain(job.progress);
    const formedUpTo = job.status === "done" ? messages.length : job.progress;
    messages.forEach((text, i) => {
      expect([text, state.counts.get(text) ?? 0]).toEqual([text, i < formedUpTo ? 1 : 0]);
    });
    writes += chunks.length + formedUpTo; // charged at acceptance, plus one per fact formed so far
  }
  expect(state.writesCharged).toBe(writes);
}

/** After a full recovery: every expected text stored exactly once, every job done, every write charged once. */
export function expectExactlyOnce(state: StoredState, w: Workload): void {
  expect(state.duplicates).toEqual([]);
  const wrong = expectedTexts(w)
    .filter((t) => state.counts.get(t) !== 1)
    .map((t) => [t, state.counts.get(t) ?? 0]);
  expect(wrong).toEqual([]);
  expect(state.jobs.filter((j) => j.status !== "done")).toEqual([]);
  expect(state.writesCharged).toBe(expectedWrites(w));
}
