// Reconciliation's candidates: the stored memories a new fact may repeat, extend or update. Found by
// a search (a read) before the unit's transaction, so the write lock is held only for the writes;
// brought up to date inside it.
import { ATTRIBUTE_HINTS } from "../domain/attributes.ts";
import type { MemoryRow } from "../domain/memory.ts";
import type { Scope } from "../domain/scope.ts";
import type { Fact } from "./extractor.ts";
import type { MemoryLinks, MemoryWriter } from "./ports.ts";
import { significantTerms } from "../domain/text.ts";
import { attributeKey } from "./reconcile.ts";

/** Whether a text has one of `terms` among its significant terms. */
function sharesTerm(text: string, terms: ReadonlySet<string>): boolean {
  for (const t of significantTerms(text)) if (terms.has(t)) return true;
  return false;
}

export function createCandidates(graph: Pick<MemoryLinks, "candidates">, memories: Pick<MemoryWriter, "getActive">) {
  return {
    /** Active memories of the same scope sharing the fact's words, and those about its subject's attribute. */
    find(projectId: string, scope: Scope, f: Fact): MemoryRow[] {
      const found = graph.candidates(projectId, scope, [...significantTerms(f.content)], 12);
      const key = attributeKey(f.content);
      if (key) {
        const seen = new Set(found.map((c) => c.id));
        const hints = ATTRIBUTE_HINTS[key.attribute.split(":")[0]!] ?? [];
        for (const c of graph.candidates(projectId, scope, [...key.subject.split(" "), ...hints], 30))
          if (!seen.has(c.id)) found.push(c);
      }
      return found;
    },

    /**
     * The candidates found before the transaction, as they are now: a memory formed or given a version
     * earlier in this unit in its new form (first, when it shares a word with the fact), one forgotten
     * meanwhile left out.
     */
    current(projectId: string, f: Fact, found: MemoryRow[], formedHere: Map<string, MemoryRow>): MemoryRow[] {
      const terms = significantTerms(f.content);
      const mine = [...formedHere.values()].reverse().filter((m) => sharesTerm(m.content, terms));
      const rest = found.flatMap((c) => {
        if (formedHere.has(c.id)) return [];
        const row = memories.getActive(projectId, c.id);
        return row ? [row] : [];
      });
      return [...mine, ...rest];
    },
  };
}
