// The formation run loop. One loop per process, woken on enqueue, processes the durable job queue
// one chunk per transaction: a kill -9 at any moment leaves each chunk either fully formed (and
// recorded in `progress`) or not at all, so on restart every fact is formed exactly once.
// Tests drive it with runOnce() / runUntilIdle() instead of starting the loop.
import type { Db } from "../storage/db.ts";
import type { Clock } from "../shared/clock.ts";
import type { Logger } from "../shared/logger.ts";
import type { MemoryRepository } from "../memories/repository.ts";
import type { Limits } from "../limits/index.ts";
import type { Extractor, Fact } from "./extractor.ts";
import { chunkMessages } from "./chunks.ts";
import type { CreatePayload, ImportPayload, JobRow, JobStore } from "./jobs.ts";

const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 3_600_000;

export interface FormationRunner {
  /** Processes the next ready job, if any. Returns whether a job was processed. */
  runOnce(): Promise<boolean>;
  /** Processes jobs until none is ready. */
  runUntilIdle(): Promise<number>;
  /** Starts the background loop. */
  start(): void;
  /** Wakes the loop after an enqueue. */
  notify(): void;
  /** Stops the loop after the chunk in progress; resolves when it has stopped. */
  close(): Promise<void>;
}

export function createFormationRunner(deps: {
  db: Db;
  clock: Clock;
  jobs: JobStore;
  memories: MemoryRepository;
  limits: Limits;
  extractor: Extractor;
  logger: Logger;
  projectExists(projectId: string): boolean;
}): FormationRunner {
  const { db, clock, jobs, memories, limits, extractor, logger } = deps;

  /** Forms one unit (a passage, or one chunk of messages) in one transaction. Returns the next progress. */
  function formUnit(job: JobRow): { progress: number; done: boolean } {
    const now = clock.now().toISOString();
    return db.transaction(() => {
      // Progress is read in the transaction that advances it: a caller holding a stale copy of the
      // job (another runOnce, a retry) can never form the same chunk twice.
      const stored = jobs.get(job.id);
      if (!stored || stored.status !== "queued") return { progress: stored?.progress ?? job.progress, done: true };
      // A project deleted while its job was forming (between two chunks) gets nothing more.
      if (!deps.projectExists(stored.project_id)) {
        jobs.finish(stored.id, now, "project deleted during formation");
        return { progress: stored.progress, done: true };
      }
      job = stored;
      let facts: Fact[];
      let next: number;
      let total: number;
      let charged: boolean;
      if (job.kind === "create") {
        const p = JSON.parse(job.payload) as CreatePayload;
        facts = p.infer
          ? extractor.extract({ kind: "passage", text: p.content, occurredAt: p.occurred_at })
          : [{ content: p.content, occurredAt: p.occurred_at, messageIndexes: [] }];
        charged = p.infer;
        next = total = 1;
        facts = admit(job.account_id, facts, charged, () => (next = total));
        insertFacts(job, facts, p.scope, now);
      } else {
        const p = JSON.parse(job.payload) as ImportPayload;
        const chunks = chunkMessages(p.messages.map((m) => m.content.length));
        // Chunks past the write allowance at acceptance were never charged: they are discarded.
        const allowed = p.allowed_chunks ?? chunks.length;
        const chunk = chunks.slice(0, allowed).find((c) => c.start >= job.progress);
        total = p.messages.length;
        if (!chunk) {
          facts = [];
          next = total;
        } else {
          facts = extractor.extract({
            kind: "messages",
            messages: p.messages.slice(chunk.start, chunk.end).map((m, i) => ({
              index: chunk.start + i,
              role: m.role,
              speaker: m.speaker,
              content: m.content,
              occurredAt: m.occurred_at ?? p.occurred_at,
            })),
          });
          next = chunk.end;
        }
        charged = true;
        facts = admit(job.account_id, facts, charged, () => (next = total));
        insertFacts(job, facts, p.scope, now);
      }
      const done = next >= total;
      if (done) jobs.finish(job.id, now);
      else jobs.setProgress(job.id, next, now);
      return { progress: next, done };
    }).immediate();
  }

  /**
   * Keeps the facts that fit, in order: each needs room under the stored-memory limit and, when
   * charged, one write of the monthly allowance. At the first that does not fit, the rest of the
   * input is discarded (`discardRest`), as the spec says for a write that reaches a limit partway.
   */
  function admit(accountId: string, facts: Fact[], charged: boolean, discardRest: () => void): Fact[] {
    if (facts.length === 0) return facts;
    const plan = limits.planOf(accountId);
    let room = limits.enforce ? plan.memories - limits.allowances.storedMemories(accountId) : Infinity;
    const kept: Fact[] = [];
    for (const f of facts) {
      if (room <= 0 || (charged && !limits.allowances.tryChargeWrite(accountId, plan))) {
        logger.info({ account_id: accountId, discarded: facts.length - kept.length }, "limit reached during formation; the rest is discarded");
        discardRest();
        break;
      }
      kept.push(f);
      room--;
    }
    return kept;
  }

  function insertFacts(job: JobRow, facts: Fact[], scope: CreatePayload["scope"], now: string): void {
    for (const f of facts) {
      memories.insert({
        projectId: job.project_id,
        content: f.content,
        scope,
        occurredAt: f.occurredAt,
        jobId: job.id,
        source:
          job.kind === "create"
            ? { type: "create", job_id: job.id, ...(f.sentence !== undefined ? { sentence: f.sentence } : {}) }
            : { type: "import", job_id: job.id, message_indexes: f.messageIndexes },
        now,
      });
    }
  }

  async function processJob(job: JobRow): Promise<void> {
    if (!deps.projectExists(job.project_id)) {
      jobs.finish(job.id, clock.now().toISOString(), "project deleted before formation");
      return;
    }
    try {
      let current = job;
      for (;;) {
        const r = formUnit(current);
        if (r.done) return;
        current = { ...current, progress: r.progress };
        // Yield to the event loop, not just to microtasks: requests and a SIGTERM are macrotasks, and
        // without this a 500-message import would hold them off until its last chunk was formed.
        await new Promise((r) => setImmediate(r));
        if (stopping) return;
      }
    } catch (err) {
      const attempts = job.attempts + 1;
      const delay = Math.min(BACKOFF_BASE_MS * 2 ** (attempts - 1), BACKOFF_MAX_MS);
      const now = clock.now();
      jobs.retryLater(job.id, attempts, new Date(now.getTime() + delay).toISOString(), String(err), now.toISOString());
      logger.error({ err, job_id: job.id, attempts }, "formation failed; will retry");
    }
  }

  async function runOnce(): Promise<boolean> {
    const job = jobs.nextReady(clock.now().toISOString());
    if (!job) return false;
    await processJob(job);
    return true;
  }

  let running = false;
  let stopping = false;
  let wake: (() => void) | null = null;
  let loop: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  async function runLoop(): Promise<void> {
    while (!stopping) {
      let worked = false;
      try {
        worked = await runOnce();
      } catch (err) {
        logger.error({ err }, "formation loop error");
      }
      if (worked) {
        await new Promise((r) => setImmediate(r)); // keep the HTTP server responsive
        continue;
      }
      // Idle: sleep until notified or until the earliest backoff expires.
      await new Promise<void>((resolve) => {
        wake = resolve;
        const next = jobs.nextRunAfter();
        if (next) {
          const ms = Math.max(0, Date.parse(next) - clock.now().getTime());
          timer = setTimeout(resolve, Math.min(ms, BACKOFF_MAX_MS));
        }
      });
      if (timer) clearTimeout(timer);
      timer = null;
      wake = null;
    }
  }

  return {
    runOnce,
    async runUntilIdle() {
      let n = 0;
      while (await runOnce()) n++;
      return n;
    },
    start() {
      if (running) return;
      running = true;
      loop = runLoop();
    },
    notify() {
      wake?.();
    },
    async close() {
      stopping = true;
      wake?.();
      await loop;
    },
  };
}
