// Writes a memory's vector in the transaction that writes the memory. Wraps the memory repository,
// so formation (and anything else that inserts or re-versions memories through it) never deals with
// vectors: with a local synchronous embedder the vector is made on the spot; otherwise (a remote
// provider, a model being adopted) the indexer is told and makes it in the background.
import type { MemoryRow } from "../memories/types.ts";
import type { Embedder } from "../models/embedder.ts";
import { embeddingText, type VectorStore } from "./vector-store.ts";

type Writer = (...args: never[]) => MemoryRow;

/** Repository methods that create a memory or change its text, and return the row. */
const WRITERS = ["insert", "addVersion"] as const;

export function withVectors<R extends object>(repo: R, deps: { store: VectorStore; embedder: Embedder; onMissing(): void }): R {
  const { store, embedder } = deps;
  function after(row: MemoryRow, now: string): void {
    if (row.status !== "active" && row.status !== "forming") return;
    if (embedder.embedSync && store.model() === embedder.model) {
      store.put(row, embedder.model, embedder.embedSync([embeddingText(row)])[0]!, now);
    } else {
      deps.onMissing();
    }
  }
  const wrapped: Record<string, unknown> = { ...(repo as Record<string, unknown>) };
  for (const name of WRITERS) {
    const original = (repo as Record<string, unknown>)[name];
    if (typeof original !== "function") continue;
    wrapped[name] = (...args: unknown[]) => {
      const row = (original as Writer)(...(args as never[]));
      after(row, row.updated_at);
      return row;
    };
  }
  return wrapped as R;
}
