// Helpers for retrieval tests: memories stored verbatim (infer: false) and formed, then read back.
import type { Harness } from "../helpers.ts";
import { remember } from "../http/support.ts";

export const PEOPLE = [
  "Caroline adopted a golden retriever puppy last spring.",
  "Caroline works as a nurse at the children's hospital.",
  "Caroline's favourite food is sushi.",
  "Noor moved to Lisbon in 2023.",
  "Omar plays the violin in a string quartet.",
  "Melanie ran a marathon in October.",
  "The quarterly budget review is due on Friday.",
  "Priya is allergic to peanuts.",
  "Jon bought a red electric car.",
  "Dana is learning to speak Japanese.",
];

/** Stores the texts (verbatim) and returns their ids by text. */
export async function storeAll(
  h: Harness,
  texts: string[],
  extra: Record<string, unknown> = {},
  key?: string,
): Promise<Record<string, string>> {
  const ids = await remember(h, texts, extra, key);
  return Object.fromEntries(texts.map((t, i) => [t, ids[i]!]));
}

export async function search(
  h: Harness,
  query: string,
  extra: Record<string, unknown> = {},
  key?: string,
): Promise<Array<{ id: string; content: string; score: number }>> {
  const r = await h.call("POST", "/v1/memories/search", { body: { query, ...extra }, key });
  if (r.status !== 200) throw new Error(`search answered ${r.status}: ${await r.text()}`);
  return ((await r.json()) as { data: Array<{ id: string; content: string; score: number }> }).data;
}

export async function recall(
  h: Harness,
  query: string,
  extra: Record<string, unknown> = {},
  key?: string,
): Promise<Record<string, unknown>> {
  const r = await h.call("POST", "/v1/memories/recall", { body: { query, ...extra }, key });
  if (r.status !== 200) throw new Error(`recall answered ${r.status}: ${await r.text()}`);
  return (await r.json()) as Record<string, unknown>;
}
