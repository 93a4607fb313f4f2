// Forms one unit of a job: a passage, or one chunk of an import. Extraction runs first (it may be
// asynchronous: an LLM); then one transaction re-reads the job, reconciles each fact with what is
// stored, applies the limits, and records the job's progress. A crash between the two loses
// nothing: the chunk is simply extracted again.
import type { Db } from "../storage/db.ts";
import type { Clock } from "../shared/clock.ts";
import type { Logger } from "../shared/logger.ts";
import type { MemoryRow, Source } from "../domain/memory.ts";
import type { Scope } from "../domain/scope.ts";
import type { Limits } from "../limits/index.ts";
import type { Extractor, Fact, MessagesInput, PassageInput } from "./extractor.ts";
import type { PolicyStore } from "./policy.ts";
import type { MemoryLinks, MemoryWriter, UserNames } from "./ports.ts";
import { type NamedBy, statedName, withName } from "./user-name.ts";
import { chunkMessages } from "./chunks.ts";
import type { CreatePayload, ImportPayload, JobRow, JobStore } from "./jobs.ts";
import { significantTerms } from "../domain/text.ts";
import { decide, similarity } from "./reconcile.ts";
import { createCandidates } from "./candidates.ts";
import { importContext } from "./import-context.ts";

interface Unit {
  input: PassageInput | MessagesInput | null;
  /** infer: false stores the text as given, without extraction or reconciliation. */
  verbatim: Fact | null;
  scope: Scope;
  next: number;
  total: number;
  charged: boolean;
  /** Search context of an import's fact: the messages around it (importContext below). */
  contextOf?: (f: Fact) => string;
  /** A name the user gave themselves in this write, to keep for the scope's later writes. */
  learnedName?: string | null;
  /** The name the user gives in this unit's text, and where: a memory of its own (withName). */
  namedBy?: NamedBy | null;
  /** The first message of the chunk: those before it are read as context (the question a reply answers), not formed. */
  formsFrom?: number;
}

/**
 * Messages before a chunk read with it: a reply opening the chunk ("40 quid max.") answers the
 * assistant's question that closed the chunk before, and its "she" may be whom the user spoke of before that.
 */
const CONTEXT_BEFORE = 2;

export function createUnitFormer(deps: {
  db: Db;
  clock: Clock;
  jobs: JobStore;
  memories: MemoryWriter;
  graph: MemoryLinks;
  people: UserNames;
  policies: PolicyStore;
  limits: Limits;
  extractor: Extractor;
  logger: Logger;
  projectExists(projectId: string): boolean;
}) {
  const { db, clock, jobs, memories, graph, people, policies, limits, extractor, logger } = deps;
  const reconciling = createCandidates(graph, memories);

  /**
   * The user of the write: named when this write says the name ("I'm Dana") or an earlier write of
   * the same scope.user_id did; otherwise facts call them "the user".
   */
  function userOf(
    job: JobRow,
    scope: Scope,
    own: Array<{ index: number; content: string; occurredAt: string | null }>,
    others = "",
  ): { name: string | null; learned: string | null; namedBy: NamedBy | null } {
    let namedBy: NamedBy | null = null;
    for (const w of own) {
      const name = statedName(w.content, others);
      if (name) {
        namedBy = { name, index: w.index, occurredAt: w.occurredAt };
        break;
      }
    }
    const learned = namedBy?.name ?? null;
    const known = scope.user_id ? people.nameOf(job.project_id, scope.user_id) : null;
    // Only a new name is written (an import's later chunks find it already kept).
    return { name: learned ?? known, learned: learned !== known ? learned : null, namedBy };
  }

  function plan(job: JobRow): Unit {
    if (job.kind === "create") {
      const p = JSON.parse(job.payload) as CreatePayload;
      const verbatim = p.infer ? null : { content: p.content, occurredAt: p.occurred_at, messageIndexes: [] };
      const user = p.infer
        ? userOf(job, p.scope, [{ index: -1, content: p.content, occurredAt: p.occurred_at ?? null }])
        : { name: null, learned: null, namedBy: null };
      return {
        input: p.infer
          ? {
              kind: "passage",
              text: p.content,
              occurredAt: p.occurred_at,
              receivedAt: job.created_at,
              user: { name: user.name },
            }
          : null,
        learnedName: user.learned,
        namedBy: user.namedBy,
        verbatim,
        scope: p.scope,
        next: 1,
        total: 1,
        charged: p.infer,
      };
    }
    const p = JSON.parse(job.payload) as ImportPayload;
    const chunks = chunkMessages(p.messages.map((m) => m.content.length));
    // Chunks past the write allowance at acceptance were never charged: they are discarded.
    const chunk = chunks.slice(0, p.allowed_chunks ?? chunks.length).find((c) => c.start >= job.progress);
    const total = p.messages.length;
    if (!chunk) return { input: null, verbatim: null, scope: p.scope, next: total, total, charged: true };
    const user = userOf(
      job,
      p.scope,
      p.messages.flatMap((m, index) =>
        m.role === "user" && !m.speaker
          ? [{ index, content: m.content, occurredAt: m.occurred_at ?? p.occurred_at }]
          : [],
      ),
      p.messages
        .filter((m) => m.role === "assistant")
        .map((m) => m.content)
        .join("\n"),
    );
    const from = Math.max(0, chunk.start - CONTEXT_BEFORE);
    const input: MessagesInput = {
      kind: "messages",
      receivedAt: job.created_at,
      user: { name: user.name },
      participants: [...new Set(p.messages.map((m) => m.speaker).filter((s): s is string => !!s))],
      messages: p.messages.slice(from, chunk.end).map((m, i) => ({
        index: from + i,
        role: m.role,
        speaker: m.speaker,
        content: m.content,
        occurredAt: m.occurred_at ?? p.occurred_at,
      })),
    };
    return {
      input,
      verbatim: null,
      scope: p.scope,
      next: chunk.end,
      total,
      charged: true,
      contextOf: (f) => importContext(p.messages, f),
      formsFrom: chunk.start,
      learnedName: user.learned,
      // The message that gives the name, when this chunk holds it.
      namedBy:
        user.namedBy && user.namedBy.index >= chunk.start && user.namedBy.index < chunk.end ? user.namedBy : null,
    };
  }

  function sourceOf(job: JobRow, f: Fact): Source {
    return job.kind === "create"
      ? { type: "create", job_id: job.id, ...(f.sentence !== undefined ? { sentence: f.sentence } : {}) }
      : { type: "import", job_id: job.id, message_indexes: f.messageIndexes };
  }

  /** Links a memory to memories about the same people and things, and to close paraphrases. */
  function relate(projectId: string, m: MemoryRow, f: Fact, lexical: MemoryRow[], now: string): void {
    const entities = [...new Set((f.entities ?? []).map((e) => e.toLowerCase()))];
    graph.setEntities(m.id, projectId, entities);
    for (const other of graph.sharingEntities(projectId, entities, m.id, 5)) {
      graph.link(
        m.id,
        other.id,
        "same_subject",
        0.5 + 0.5 * Math.min(1, other.shared / Math.max(1, entities.length)),
        now,
      );
    }
    const mine = significantTerms(m.content);
    for (const c of lexical.slice(0, 5)) {
      const { jaccard } = similarity(mine, significantTerms(c.content));
      if (c.id !== m.id && jaccard >= 0.3) graph.link(m.id, c.id, "related", jaccard, now);
    }
  }

  /** Stores the facts that fit; returns false when a limit was reached (the rest is discarded). */
  function store(
    job: JobRow,
    unit: Unit,
    facts: Fact[],
    found: MemoryRow[][],
    contextOf: ((f: Fact) => string) | undefined,
    now: string,
  ): boolean {
    const account = job.account_id;
    const planFigures = limits.planOf(account);
    let room = limits.enforce ? planFigures.memories - limits.allowances.storedMemories(account) : Infinity;
    const formedHere = new Map<string, MemoryRow>(); // this unit's memories, newest version
    /** Ends the unit at a limit (after relating `m`, a version just written, when given): the rest is discarded. */
    const limitReached = (m?: MemoryRow, f?: Fact, candidates: MemoryRow[] = []) => {
      if (m && f && !unit.verbatim) relate(job.project_id, m, f, candidates, now);
      logger.info({ account_id: account, job_id: job.id }, "limit reached during formation; the rest is discarded");
      return false;
    };
    for (const [i, f] of facts.entries()) {
      const candidates = unit.verbatim ? [] : reconciling.current(job.project_id, f, found[i] ?? [], formedHere);
      const decision = unit.verbatim ? ({ action: "create" } as const) : decide(f.content, candidates);
      if (decision.action === "skip") continue; // the same fact again forms nothing and costs nothing
      const needsRoom = decision.action === "create";
      if ((needsRoom && room <= 0) || (unit.charged && !limits.allowances.tryChargeWrite(account, planFigures)))
        return limitReached();
      const insert = () =>
        memories.insert({
          projectId: job.project_id,
          content: f.content,
          scope: unit.scope,
          occurredAt: f.occurredAt,
          jobId: job.id,
          source: sourceOf(job, f),
          context: contextOf?.(f),
          now,
        });
      let m: MemoryRow;
      if (decision.action === "create") {
        m = insert();
        room--;
      } else {
        const old = decision.memory;
        m = memories.addVersion(old.id, {
          content: (decision.action === "update" && decision.content) || f.content,
          occurredAt: f.occurredAt ?? old.occurred_at,
          change: decision.action === "update" ? "updated" : "merged",
          source: sourceOf(job, f),
          supersedes: decision.action === "update" ? old.version : null,
          context: contextOf?.(f),
          now,
        });
        // A longer memory whose count the fact changed: what else the fact says is a memory of its own,
        // when there is room for one; otherwise the change stands and the job ends at the limit.
        if (decision.action === "update" && decision.alsoNew) {
          if (room <= 0) return limitReached(m, f, candidates);
          formedHere.set(m.id, m);
          m = insert();
          room--;
        }
      }
      formedHere.set(m.id, m);
      if (!unit.verbatim) relate(job.project_id, m, f, candidates, now);
    }
    return true;
  }

  return {
    /** Forms the next unit of the job. `done` when the job has nothing left (or is gone). */
    async formNext(jobId: string): Promise<{ done: boolean }> {
      const job = jobs.get(jobId);
      if (job?.status !== "queued") return { done: true };
      if (!deps.projectExists(job.project_id)) {
        jobs.finish(job.id, clock.now().toISOString(), "project deleted during formation");
        return { done: true };
      }
      const unit = plan(job);
      const policy = policies.forExtraction(job.project_id);
      let facts: Fact[] = [];
      // The payload's secrets were redacted on acceptance (memories/writes.ts).
      if (unit.verbatim) facts = [unit.verbatim];
      else if (unit.input) facts = withName(await extractor.extract(unit.input, policy), unit.namedBy, policy);
      // What the context before the chunk says alone was formed with the chunk before.
      const from = unit.formsFrom;
      if (from) facts = facts.filter((f) => f.messageIndexes.some((i) => i >= from));

      // Reconciliation's search, a read, before the write lock is taken: the transaction below holds
      // the lock only for the writes (the request thread's writes wait on it).
      const found = unit.verbatim ? [] : facts.map((f) => reconciling.find(job.project_id, unit.scope, f));
      const now = clock.now().toISOString();
      return db
        .transaction(() => {
          // Re-read in the transaction that advances it: a caller holding a stale copy of the job
          // (another runOnce, a retry) can never form the same chunk twice.
          const fresh = jobs.get(job.id);
          if (fresh?.status !== "queued" || fresh.progress !== job.progress)
            return { done: fresh?.status !== "queued" };
          // A project that excludes categories gets no context: an excluded statement's words stay out of the index too.
          const contextOf = policy.excludeCategories.length ? undefined : unit.contextOf;
          const complete = store(job, unit, facts, found, contextOf, now);
          if (unit.learnedName && unit.scope.user_id)
            people.setName(job.project_id, unit.scope.user_id, unit.learnedName, now);
          const done = !complete || unit.next >= unit.total;
          if (done) jobs.finish(job.id, now, complete ? null : "a limit was reached; the rest was discarded");
          else jobs.setProgress(job.id, unit.next, now);
          return { done };
        })
        .immediate();
    },
  };
}
