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
import type { Limits } from "../limits/index.ts";
import { createJobStore } from "../formation/jobs.ts";
import { createFormationRunner, type FormationRunner } from "../formation/runner.ts";
import { createExtractor } from "../formation/select.ts";
import type { PolicyStore } from "../formation/policy.ts";
import type { Extractor } from "../formation/extractor.ts";

export function createFormation(deps: {
  db: Db;
  clock: Clock;
  logger: Logger;
  config: Config;
  memories: MemoryRepository;
  limits: Limits;
  policies: PolicyStore;
  extractor?: Extractor;
}): FormationRunner {
  const { db, config } = deps;
  const accounts = createAccountRepository(db);
  return createFormationRunner({
    db,
    clock: deps.clock,
    jobs: createJobStore(db),
    memories: deps.memories,
    graph: createMemoryGraph(db),
    people: createPeople(db),
    policies: deps.policies,
    limits: deps.limits,
    logger: deps.logger,
    extractor: deps.extractor ?? createExtractor(config.extractor, config.llm),
    projectExists: (id) => accounts.getProject(id) !== null,
  });
}
