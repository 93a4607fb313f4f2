// The formation runner over one database connection: one composition for the server's formation
// thread (formation-worker.ts) and for in-process formation (tests, benches, ENGRAM_FORMATION_THREAD=main).
import type { Config } from "../config.ts";
import type { Db } from "../storage/db.ts";
import type { Clock } from "../shared/clock.ts";
import type { Logger } from "../shared/logger.ts";
import { createAccountRepository } from "../accounts/repository.ts";
import type { MemoryRepository } from "../memories/repository.ts";
import { createMemoryGraph } from "../memories/graph.ts";
import { createPeople } from "../memories/people.ts";
import { createLimits } from "../limits/index.ts";
import { createJobStore, type JobHooks } from "../formation/jobs.ts";
import { createFormationRunner, type FormationRunner } from "../formation/runner.ts";
import { createExtractor } from "../formation/select.ts";
import { createPolicyStore } from "../formation/policy.ts";
import type { Extractor } from "../formation/extractor.ts";
import type { WebhookOutbox } from "../webhooks/outbox.ts";

export function createFormation(deps: {
  db: Db;
  clock: Clock;
  logger: Logger;
  config: Config;
  memories: MemoryRepository;
  extractor?: Extractor;
  /** Records formation.completed and formation.failed in the job's own transaction (the memory events come from `memories`). */
  outbox?: WebhookOutbox;
}): FormationRunner {
  const { db, config } = deps;
  const accounts = createAccountRepository(db);
  // Allowances and policies live in SQLite, so this connection's own instances see what the
  // request side charged and changed (formation never takes a rate-limit token).
  const limits = createLimits({
    db,
    clock: deps.clock,
    enforce: config.enforceLimits,
    storedPlan: (id) => accounts.getAccount(id),
    storedMemories: deps.memories.countActive,
  });
  return createFormationRunner({
    db,
    clock: deps.clock,
    jobs: createJobStore(db, jobEvents(deps.outbox, deps.memories)),
    memories: deps.memories,
    graph: createMemoryGraph(db),
    people: createPeople(db),
    policies: createPolicyStore(db),
    limits,
    logger: deps.logger,
    extractor: deps.extractor ?? createExtractor(config.extractor, config.llm),
    projectExists: (id) => accounts.getProject(id) !== null,
  });
}

/** The job store's hooks that record formation's webhook events (none without an outbox). */
function jobEvents(outbox: WebhookOutbox | undefined, memories: MemoryRepository): JobHooks {
  if (!outbox) return {};
  return {
    onFinish: (job) => outbox.formationCompleted(job, () => memories.changesOfJob(job.id)),
    onRetry: (job) => outbox.formationFailed(job),
  };
}
