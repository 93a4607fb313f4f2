// Composes the context text (about 1,000 characters at most) from memories, best first, with
// dates where known. No LLM needed.
import type { MemoryRow } from "../domain/memory.ts";

export const CONTEXT_MAX_CHARS = 1_000;

export interface ContextResponse {
  object: "context";
  context: string;
  memory_ids: string[];
}

function line(row: MemoryRow): string {
  const date = row.occurred_at ? ` (${row.occurred_at.slice(0, 10)})` : "";
  return `- ${row.content}${date}`;
}

export function composeContext(rows: MemoryRow[]): ContextResponse {
  const seen = new Set<string>(); // ids and normalised texts already used
  const lines: string[] = [];
  const ids: string[] = [];
  let length = 0;
  for (const row of rows) {
    const norm = row.content.trim().toLowerCase().replace(/\s+/g, " ");
    if (seen.has(row.id) || seen.has(norm)) continue;
    seen.add(row.id);
    seen.add(norm);
    let text = line(row);
    const room = CONTEXT_MAX_CHARS - length - (lines.length ? 1 : 0);
    if (text.length > room) {
      if (lines.length > 0) break; // never cut a later memory; the best one is cut only if it alone is too long
      let cut = CONTEXT_MAX_CHARS - 1;
      if (/[\uD800-\uDBFF]/.test(text[cut - 1] ?? "")) cut--; // never split a surrogate pair
      text = `${text.slice(0, cut)}…`;
    }
    lines.push(text);
    ids.push(row.id);
    length += text.length + (lines.length > 1 ? 1 : 0);
  }
  return { object: "context", context: lines.join("\n"), memory_ids: ids };
}
