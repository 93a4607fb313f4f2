// Writes a memory's vector in the transaction that writes the memory: the memory repository's
// on-write hook (app.ts), so formation and administration never deal with vectors. With a local
// synchronous embedder the vector is made on the spot; otherwise (a remote provider, a model being
// adopted) the indexer is told and makes it in the background.
import type { MemoryRow } from "../domain/memory.ts";
import type { Embedder } from "../models/embedder.ts";
import { embeddingText, type VectorStore } from "./vector-store.ts";

export function createVectorWriter(deps: {
  store: VectorStore;
  embedder: Embedder;
  onMissing(): void;
}): (row: MemoryRow) => void {
  const { store, embedder } = deps;
  return (row) => {
    if (row.status !== "active" && row.status !== "forming") return;
    if (embedder.embedSync && store.model() === embedder.model) {
      store.put(row, embedder.model, embedder.embedSync([embeddingText(row)])[0]!, row.updated_at);
    } else {
      deps.onMissing();
    }
  };
}
