// Shared by the quality benchmarks that run Engram in-process (`app.handle`): a request through the
// public API with a project key, the text an agent reads from returned memories, and the sources
// (import job and message positions) of every memory of a project, read through list and inspect.
import type { Engram } from "../src/app.ts";
import { spokenDate } from "./judge.ts";

/** A memory as search and recall return it. */
export type Returned = { id: string; content: string; occurred_at: string | null; score?: number };

/** A request through the API; `absentOk` reads a 404 as null (context's "nothing relevant now"). */
export function apiCaller(engram: Engram) {
  return async function call<T>(key: string, method: string, path: string, body?: unknown, absentOk = false) {
    const r = await engram.handle(
      new Request(`http://localhost${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      }),
    );
    if (absentOk && r.status === 404) return null as T;
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return (r.status === 202 ? null : await r.json()) as T;
  };
}

/** The id of the job an import just queued: the import API answers 202 without it. */
export function lastJobId(engram: Engram, projectId: string): string {
  return engram.db
    .query<{ id: string }, [string]>("SELECT id FROM jobs WHERE project_id = ? ORDER BY rowid DESC LIMIT 1")
    .get(projectId)!.id;
}

/** What an agent given these memories would read: each content and its occurred_at date. */
export const memoriesText = (ms: Returned[]) => ms.map((m) => `${m.content} ${spokenDate(m.occurred_at)}`).join("\n");

/** Every memory of the key's project with its sources' "job id:message index" pairs (list, then inspect). */
export async function memorySources(call: ReturnType<typeof apiCaller>, key: string): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  let cursor = "";
  for (;;) {
    const page = await call<{ data: Array<{ id: string }>; has_more: boolean }>(
      key,
      "GET",
      `/v1/memories?limit=20${cursor ? `&starting_after=${cursor}` : ""}`,
    );
    for (const m of page.data) {
      const inspection = await call<{
        versions: Array<{ source: { job_id?: string; message_indexes?: number[] } }>;
      }>(key, "GET", `/v1/memories/${m.id}/inspect`);
      const pairs = new Set<string>();
      for (const v of inspection.versions)
        for (const i of v.source.message_indexes ?? []) pairs.add(`${v.source.job_id}:${i}`);
      out.set(m.id, [...pairs]);
    }
    if (!page.has_more) break;
    cursor = page.data.at(-1)!.id;
  }
  return out;
}

/** Per key (a category, a kind), how many questions and the sum of each of their scores. */
export type Tallies = Map<string, { n: number; sums: number[] }>;

/** Adds one question's scores to its key and to "all". */
export function tally(t: Tallies, key: string, scores: number[]) {
  for (const k of ["all", key]) {
    const s = t.get(k) ?? { n: 0, sums: scores.map(() => 0) };
    s.n++;
    scores.forEach((x, i) => {
      s.sums[i]! += x;
    });
    t.set(k, s);
  }
}
