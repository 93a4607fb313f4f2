// The read path's entry: embeds the query (when the stored vectors are the embedder's), analyses it
// (names, dates), ranks with the hybrid retriever, then applies feedback; recall and context cut the
// ranking at their thresholds.
import type { Clock } from "../shared/clock.ts";
import type { Meter } from "../shared/meter.ts";
import { type Scope, withinScope } from "../domain/scope.ts";
import { ApiError } from "../errors/api-error.ts";
import { EmbeddingError, type Embedder } from "../models/embedder.ts";
import { createLexicalSearch } from "./lexical.ts";
import { createHybridRetriever, DEFAULT_HYBRID, type HybridOptions, type Ranked } from "./hybrid.ts";
import { analyseQuery, asksForSeveral, queryNames } from "./query.ts";
import { askedStems, composeContext, focused, type ContextResponse } from "./context.ts";
import { saidOfSomeoneElse } from "./answerable.ts";
import { decompose, interleave } from "./decompose.ts";
import { unheardUser } from "./unheard-name.ts";
import { onContent, toMatchExpression } from "../storage/sql.ts";
import type { MemoryRow } from "../domain/memory.ts";
import type { VectorStore } from "./vector-store.ts";
import type { VectorIndex } from "./vector-index.ts";
import type { LexicalIndex, MemoryReader, UserDirectory } from "./ports.ts";

/** Below this score the best memory is not confident enough to be recall's answer (200 not_found). */
export const RECALL_THRESHOLD = 0.35;
/** Memories recall weighs: the best, and whether the others say what was asked of someone else. */
const RECALL_CANDIDATES = 10;
/** Memories considered for a context: more than fit in its 1,000 characters, so repeats can be skipped. */
const CONTEXT_CANDIDATES = 25;
/** After the best, answers down to this share of the context threshold fill the context's room. */
const CONTEXT_TAIL = 1 / 3;
/**
 * An answer after the best of at most this many characters is kept whole in context, as a memory may
 * tell a story of a few sentences: on LoCoMo dev answer words 67.4 → 68.2 (125: 67.9, 175: 68.1).
 */
const CONTEXT_KEPT_WHOLE = 150;
/** "the user", "the user's", "user's": how an agent names the person a scope is about. */
const THE_USER = /\b(?:the\s+)?user(?:['’]s)?\b/gi;
/** Below this score the best memory is not relevant enough for a context (404). */
export const CONTEXT_THRESHOLD = 0.15;

export interface Retrieval {
  /** Best first: the hybrid ranking with feedback (negative halves a score, very_negative quarters it). */
  search(projectId: string, query: string, scope: Scope, limit: number, meter: Meter): Promise<Ranked[]>;
  /** The best memory when it is confident enough, else null. A very_negative memory is never the answer. */
  recall(projectId: string, query: string, scope: Scope, meter: Meter): Promise<Ranked | null>;
  /** The memories that answer, best first, then what they relate to; null when nothing is relevant. */
  context(projectId: string, query: string, scope: Scope, meter: Meter): Promise<ContextResponse | null>;
}

export function createRetrieval(deps: {
  memories: MemoryReader;
  index: LexicalIndex;
  vectors: VectorStore;
  embedder: Embedder;
  clock: Clock;
  options?: Partial<HybridOptions>;
  ann?: VectorIndex;
  recallThreshold?: number;
  contextThreshold?: number;
  people?: UserDirectory;
}): Retrieval {
  const { memories, vectors, embedder, clock } = deps;
  const options: HybridOptions = { ...DEFAULT_HYBRID, ...deps.options };
  const lexical = createLexicalSearch(deps.index, { contextWeight: options.contextWeight });
  const hybrid = createHybridRetriever({
    lexical,
    vectors,
    memories,
    ann: deps.ann,
    commonDirection: () => embedder.commonDirection,
    options,
  });
  const recallThreshold = deps.recallThreshold ?? RECALL_THRESHOLD;
  const contextThreshold = deps.contextThreshold ?? CONTEXT_THRESHOLD;

  /** The query's vector, or null while the store holds no vectors of this embedder (lexical only). */
  async function embedQuery(query: string, meter: Meter): Promise<Float32Array | null> {
    if (vectors.model() !== embedder.model) return null;
    const started = performance.now();
    try {
      if (embedder.embedSync) return embedder.embedSync([query])[0]!;
      return (await embedder.embed([query]))[0]!;
    } catch (err) {
      if (!(err instanceof EmbeddingError)) throw err;
      throw new ApiError("upstream_failure", {
        status: err.timedOut ? 504 : 502,
        detail: err.timedOut ? "The embedding provider timed out." : "The embedding provider failed.",
        cause: err,
      });
    } finally {
      meter.timings.set("embed", (meter.timings.get("embed") ?? 0) + performance.now() - started);
    }
  }

  /**
   * "Where does Dana live?" also asks about "the user" when Dana is a scope user of the project: the
   * facts formed before Dana said her name read "The user lives in Berlin". Asked within the scope of
   * a user whose name is known, "the user" is that name ("What rail card does the user have?" asks what
   * "Tom has a bahncard 50" tells; only "The user's name is Tom" says "user"), and no "user" is added.
   */
  function aboutUsers(
    projectId: string,
    typed: string,
    scope: Scope,
  ): { query: string; said: string; userIds: Set<string> } {
    const users = deps.people?.named(projectId) ?? [];
    const named = scope.user_id ? users.find((u) => u.userId === scope.user_id)?.name : undefined;
    // A name no memory of an unnamed user's scope says is the user's own (unheard-name.ts), even when
    // another user of the project has it: that user's memories are outside the scope.
    const heard = (name: string) =>
      deps.index.matches(projectId, onContent(toMatchExpression([name])!), scope, 1, "recent", [1, 1]).length > 0;
    const unheard = scope.user_id && !named ? unheardUser(typed, heard) : null;
    const query = named ? typed.replace(THE_USER, (w) => (/s$/i.test(w) ? `${named}'s` : named)) : (unheard ?? typed);
    const words = new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
    const userIds = new Set(
      users
        .filter((u) =>
          u.name
            .toLowerCase()
            .split(/\s+/)
            .some((w) => words.has(w)),
        )
        .map((u) => u.userId),
    );
    return { query: userIds.size && !named ? `${query} user` : query, said: unheard ?? typed, userIds };
  }

  /**
   * Ranked by the hybrid retriever, then feedback; `excludeVeryNegative` keeps such memories out
   * (recall, context). `aboutAsked` tells a memory of a scope user the question names; `asked` is the
   * question as put to the memories (an unheard name written as "the user": unheard-name.ts).
   */
  async function ranking(
    projectId: string,
    query: string,
    scope: Scope,
    limit: number,
    meter: Meter,
    excludeVeryNegative: boolean,
  ): Promise<{ ranked: Ranked[]; aboutAsked: (row: MemoryRow) => boolean; asked: string }> {
    const asked = aboutUsers(projectId, query, scope);
    const aboutAsked = (row: MemoryRow) => row.user_id !== null && asked.userIds.has(row.user_id);
    const n = limit + 10; // a margin for feedback: negative ratings reorder, very_negative ones may drop out
    // A part of a decomposed question asks for several things when the whole question does.
    const several = asksForSeveral(query);
    const searchFor = async (q: string) => {
      const vector = await embedQuery(q, meter);
      const analysis = analyseQuery(q, clock.now(), asked.userIds, several);
      const started = performance.now(); // the search awaits LanceDB for a large project
      try {
        return await hybrid.search(projectId, analysis, vector, scope, n);
      } finally {
        meter.timings.set("search", (meter.timings.get("search") ?? 0) + performance.now() - started);
      }
    };
    // A question joining several names is asked once per name, and the rankings interleaved.
    const parts = decompose(asked.query, queryNames(asked.query));
    const hits = parts ? interleave(await Promise.all(parts.map(searchFor)), n) : await searchFor(asked.query);
    const ratings = meter.time("db", () => memories.latestRatings(hits.map((h) => h.row.id)));
    const ranked = hits
      .filter((h) => !(excludeVeryNegative && ratings.get(h.row.id) === "very_negative"))
      .map((h) => {
        const r = ratings.get(h.row.id);
        const factor = r === "negative" ? 0.5 : r === "very_negative" ? 0.25 : 1;
        return { row: h.row, score: Math.round(h.score * factor * 1e4) / 1e4 };
      })
      .sort((a, b) => b.score - a.score) // stable: equal scores keep the retriever's order
      .slice(0, limit);
    return { ranked, aboutAsked, asked: asked.said };
  }
  const rank = async (...args: Parameters<typeof ranking>) => (await ranking(...args)).ranked;

  return {
    search: (projectId, query, scope, limit, meter) => rank(projectId, query, scope, limit, meter, false),

    async recall(projectId, query, scope, meter) {
      const { ranked, aboutAsked, asked } = await ranking(projectId, query, scope, RECALL_CANDIDATES, meter, true);
      const best = ranked[0];
      if (!best || best.score < recallThreshold) return null;
      const rows = ranked.map((r) => r.row);
      return saidOfSomeoneElse(asked, rows, aboutAsked, lexical.specificity) ? null : best;
    },

    async context(projectId, query, scope, meter) {
      const ranked = await rank(projectId, query, scope, CONTEXT_CANDIDATES, meter, true);
      // Nothing relevant when the best is below the threshold; after it, weaker answers fill the room.
      if ((ranked[0]?.score ?? 0) < contextThreshold) return null;
      const answers = ranked.filter((r) => r.score >= contextThreshold * CONTEXT_TAIL).map((r) => r.row);
      return meter.time("db", () => {
        // What the best answers relate to comes after every answer: it fills what room is left.
        const links = answers.slice(0, 2).flatMap((a) => memories.relationships(a.id));
        const ratings = memories.latestRatings(links.map((r) => r.memory_id));
        const related = links
          .filter((r) => r.type !== "supersedes" && ratings.get(r.memory_id) !== "very_negative")
          .map((r) => memories.getActive(projectId, r.memory_id))
          .filter((r): r is MemoryRow => r !== null && withinScope(r, scope)); // a link may cross to another user's
        // After the best answer, the others keep only their sentences that share a word with the question
        // (names most of them write aside: nearly every sentence names the person asked about), unless
        // they are short: cutting one saves little room and loses what its sentences say together.
        const asked = askedStems(query, queryNames(query), answers);
        const whole = (a: MemoryRow, i: number) => i === 0 || a.content.length <= CONTEXT_KEPT_WHOLE;
        const rows = [...answers.map((a, i) => (whole(a, i) ? a : focused(a, asked))), ...related];
        const entities = memories.entitiesOf(rows.map((r) => r.id));
        return composeContext(
          rows,
          (id) => entities.get(id) ?? [],
          (r) => focused(r, asked),
        );
      });
    },
  };
}
