// Composes the context text (about 1,000 characters at most) from memories, best first, with
// dates where known. No LLM needed.
import type { MemoryRow } from "./types.ts";
import type { ContextResponse } from "./service.ts";

export const CONTEXT_MAX_CHARS = 1_000;

function line(row: MemoryRow): string {
  const date = row.occurred_at ? ` (${row.occurred_at.slice(0, 10)})` : "";
  return `- ${row.content}${date}`;
}

export function composeContext(rows: MemoryRow[]): ContextResponse {
  const seen = new Set<string>();
  const lines: string[] = [];
  const ids: string[] = [];
  let length = 0;
  for (const row of rows) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    let text = line(row);
    const room = CONTEXT_MAX_CHARS - length - (lines.length ? 1 : 0);
    if (text.length > room) {
      if (lines.length > 0) break; // never cut a later memory; the best one is cut only if it alone is too long
      text = `${text.slice(0, CONTEXT_MAX_CHARS - 1)}…`;
    }
    lines.push(text);
    ids.push(row.id);
    length += text.length + (lines.length > 1 ? 1 : 0);
  }
  return { object: "context", context: lines.join("\n"), memory_ids: ids };
}
