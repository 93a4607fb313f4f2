// Helpers for formation tests through the public API: write, form, then read back what was stored.
import { expect } from "bun:test";
import { fixedClock } from "../../src/shared/clock.ts";
import { createHarness, type Harness } from "../helpers.ts";

export const NOW = "2024-03-15T10:00:00.000Z";

export async function harness(): Promise<Harness> {
  return createHarness({ clock: fixedClock(NOW) });
}

/** POST /v1/memories with inference, then forms it. Returns the writes the request was charged. */
export async function remember(h: Harness, content: string, extra: Record<string, unknown> = {}): Promise<number> {
  const r = await h.call("POST", "/v1/memories", { body: { content, ...extra } });
  expect(r.status).toBe(202);
  await h.form();
  return Number(/writes=(\d+)/.exec(r.headers.get("service-usage") ?? "")?.[1] ?? NaN);
}

export async function importMessages(
  h: Harness,
  messages: Array<{ role?: string; speaker?: string; content: string; occurred_at?: string }>,
  extra: Record<string, unknown> = {},
) {
  const r = await h.call("POST", "/v1/memories/import", {
    body: { messages: messages.map((m) => ({ role: "user", ...m })), ...extra },
  });
  expect(r.status).toBe(202);
  await h.form();
}

/**
 * A user–assistant chat imported at `at` (turns alternate, the user first) for `userId`, formed: the
 * active memories' texts.
 */
export async function chatAt(at: string, userId: string, ...turns: string[]): Promise<string[]> {
  const h = await createHarness({ clock: fixedClock(at) });
  const messages = turns.map((content, i) => ({ role: i % 2 ? "assistant" : "user", content, occurred_at: at }));
  await importMessages(h, messages, { scope: { user_id: userId } });
  return active(h).map((m) => m.content);
}

export interface Row {
  id: string;
  content: string;
  version: number;
  status: string;
  occurred_at: string | null;
}

export function memories(h: Harness, projectId = h.project.projectId): Row[] {
  return h.engram.db
    .query<Row, [string]>(
      "SELECT id, content, version, status, occurred_at FROM memories WHERE project_id = ? ORDER BY seq",
    )
    .all(projectId);
}

export function active(h: Harness): Row[] {
  return memories(h).filter((m) => m.status === "active");
}

/** Writes charged to the test account this month (acceptance plus facts formed). */
export function writesUsed(h: Harness): number {
  return h.engram.db
    .query<{ w: number }, [string]>("SELECT coalesce(sum(writes), 0) AS w FROM usage WHERE account_id = ?")
    .get(h.project.accountId)!.w;
}

/** Memories that count toward the stored-memory limit (the limit's own definition: active, not samples). */
export function stored(h: Harness): number {
  return h.engram.db
    .query<{ n: number }, [string]>(
      "SELECT count(*) AS n FROM memories m JOIN projects p ON p.id = m.project_id WHERE p.account_id = ? AND m.status = 'active' AND m.is_sample = 0",
    )
    .get(h.project.accountId)!.n;
}

export interface Inspection {
  memory: { id: string; content: string; version: number; occurred_at: string | null };
  versions: Array<{
    version: number;
    content: string;
    change: string;
    supersedes?: number;
    source: { type: string; job_id: string; message_indexes?: number[]; sentence?: number };
  }>;
  relationships: Array<{ memory_id: string; type: string; strength: number; content: string }>;
}

export async function inspect(h: Harness, id: string): Promise<Inspection> {
  const r = await h.call("GET", `/v1/memories/${id}/inspect`);
  expect(r.status).toBe(200);
  return (await r.json()) as Inspection;
}

export function find(h: Harness, needle: string): Row {
  const row = active(h).find((m) => m.content.includes(needle));
  if (!row)
    throw new Error(`no active memory contains "${needle}": ${JSON.stringify(active(h).map((m) => m.content))}`);
  return row;
}
