// The search context of a fact formed from an import: the messages around it.
import type { Fact } from "./extractor.ts";

/** Characters of each message that go into a memory's search context. */
const CONTEXT_CHARS = 500;
/** At most this much context, however many messages a fact names (an LLM may name many). */
const CONTEXT_MAX = 3_000;
/** Messages before and after a fact's own that go into its search context. */
const CONTEXT_BEFORE = 2;
const CONTEXT_AFTER = 1;

/**
 * A memory formed from an import is also found by the words of the conversation around it: its own
 * messages, the two before (the question it answers is often one or two turns back: "What did you
 * research?" → "Adoption agencies.") and the one after. Never returned; weighted below the memory's
 * own text (src/retrieval/lexical.ts). Measured on LoCoMo dev (bench/README.md): evidence recall@10
 * 61 without it, 70 with the previous message, 77 with this window. The payload was redacted on
 * acceptance, so no secret reaches the index.
 */
export function importContext(messages: ReadonlyArray<{ content: string }>, f: Fact): string {
  if (f.messageIndexes.length === 0) return "";
  const first = Math.min(...f.messageIndexes);
  const last = Math.max(...f.messageIndexes);
  const window = new Set<number>(f.messageIndexes);
  for (let i = first - CONTEXT_BEFORE; i <= last + CONTEXT_AFTER; i++) if (i < first || i > last) window.add(i);
  return [...window]
    .filter((i) => i >= 0 && i < messages.length)
    .sort((a, b) => a - b)
    .map((i) => messages[i]!.content.slice(0, CONTEXT_CHARS))
    .join("\n")
    .slice(0, CONTEXT_MAX);
}
