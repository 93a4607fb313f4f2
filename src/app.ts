// The composition root: the one place that builds every component and wires them together.
import type { Config } from "./config.ts";
import { systemClock, type Clock } from "./shared/clock.ts";
import { createLogger, type Logger } from "./shared/logger.ts";
import { openDatabase, type Db } from "./storage/db.ts";
import { ApiError } from "./errors/api-error.ts";
import { createAccountService, type AccountService } from "./accounts/service.ts";
import { createAccountRepository } from "./accounts/repository.ts";
import { createMemoryRepository, type MemoryRepository } from "./memories/repository.ts";
import { createMemoryGraph } from "./memories/graph.ts";
import { createLexicalIndex, createVectorBookkeeping } from "./memories/search-queries.ts";
import { createWriteAcceptance } from "./memories/writes.ts";
import { createMemoryService, type MemoryService } from "./memories/service.ts";
import { LIMITS } from "./memories/schemas.ts";
import { createLimits } from "./limits/index.ts";
import { createUsageStore } from "./limits/usage.ts";
import { createJobStore } from "./formation/jobs.ts";
import { createFormationRunner, type FormationRunner } from "./formation/runner.ts";
import { createExtractor } from "./formation/select.ts";
import { createPolicyStore } from "./formation/policy.ts";
import type { Extractor } from "./formation/extractor.ts";
import { createEmbedder } from "./models/index.ts";
import { createVectorStore, type VectorStore } from "./retrieval/vector-store.ts";
import { createVectorIndexer, type VectorIndexer } from "./retrieval/indexer.ts";
import { createVectorWriter } from "./retrieval/vector-hook.ts";
import { createRetrieval } from "./retrieval/index.ts";
import { markForReindex } from "./retrieval/reindex.ts";
import type { HybridOptions } from "./retrieval/hybrid.ts";
import { createAnnIndex, type AnnOptions } from "./retrieval/ann-index.ts";
import { createHttpApp } from "./http/app.ts";
import { createMcpHandler } from "./mcp/http.ts";
import { VERSION } from "./version.ts";

/** What `engram admin` and the server share: accounts, projects, keys, plans, policies; re-making vectors. */
export interface Administration {
  accounts: AccountService;
  /** Marks the vectors of a project's memories (or of all) to be re-made from their text; returns how many. */
  reindex(projectId: string | null): number;
}

/**
 * Administration over a database. The server passes its memory repository (samples get their vectors
 * at once); the CLI's samples get theirs from the server's indexer.
 */
export function createAdministration(deps: { db: Db; clock: Clock; memories?: MemoryRepository; vectorStore?: VectorStore }): Administration {
  const { db, clock } = deps;
  const repo = createAccountRepository(db);
  const memories = deps.memories ?? createMemoryRepository(db);
  const accounts = createAccountService({ db, clock, repo, memories, usage: createUsageStore(db), policies: createPolicyStore(db) });
  const store = deps.vectorStore ?? createVectorStore(db);
  const bookkeeping = createVectorBookkeeping(db);
  return {
    accounts,
    reindex(projectId) {
      if (projectId !== null && !repo.getProject(projectId)) throw new ApiError("not_found", { detail: `No project ${projectId}.` });
      return markForReindex({ db, store, memories: bookkeeping }, projectId);
    },
  };
}

export interface Engram extends Administration {
  config: Config;
  db: Db;
  clock: Clock;
  logger: Logger;
  memories: MemoryService;
  formation: FormationRunner;
  /** Makes missing and stale memory vectors in the background (tests step it). */
  vectors: VectorIndexer;
  http: ReturnType<typeof createHttpApp>;
  /** Handles one request in-process (tests). */
  handle(request: Request): Promise<Response>;
  close(): Promise<void>;
}

export interface EngramOptions {
  clock?: Clock;
  logger?: Logger;
  extractor?: Extractor;
  /** Start the background formation loop (default: config.formationWorker). Tests step it instead. */
  startWorker?: boolean;
  /** Ranking constants (benches compare them; the defaults are the measured ones). */
  hybrid?: Partial<HybridOptions>;
  /** Approximate index settings (tests lower the project size at which it is used). */
  ann?: Partial<AnnOptions>;
}

export async function createEngram(config: Config, options: EngramOptions = {}): Promise<Engram> {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? createLogger(config.logLevel);
  const db = await openDatabase(config.dataDir);
  const embedder = await createEmbedder(config.embeddings);
  const vectorStore = createVectorStore(db);
  // A local model's size is known now: adopt it before anything is written (a provider's on its first answer).
  if (embedder.dims > 0) vectorStore.adopt(embedder.model, embedder.dims, clock.now().toISOString());
  const bookkeeping = createVectorBookkeeping(db);
  const ann = createAnnIndex({ store: vectorStore, counts: bookkeeping, options: options.ann });
  const vectors = createVectorIndexer({ db, clock, store: vectorStore, memories: bookkeeping, embedder, logger });
  // Every memory written gets its vector in the same transaction (or from the indexer).
  const memoryRepo = createMemoryRepository(db, { onWrite: createVectorWriter({ store: vectorStore, embedder, onMissing: () => vectors.notify() }) });
  const admin = createAdministration({ db, clock, memories: memoryRepo, vectorStore });
  const accountRepo = createAccountRepository(db);
  const limits = createLimits({ db, clock, enforce: config.enforceLimits, storedPlan: (id) => accountRepo.getAccount(id), storedMemories: (id) => memoryRepo.countActive(id) });
  const jobs = createJobStore(db);
  const policies = createPolicyStore(db);
  const formation = createFormationRunner({
    db,
    clock,
    jobs,
    memories: memoryRepo,
    graph: createMemoryGraph(db),
    policies,
    limits,
    extractor: options.extractor ?? createExtractor(config.extractor, config.llm),
    logger,
    projectExists: (id) => accountRepo.getProject(id) !== null,
  });
  const retrieval = createRetrieval({
    memories: memoryRepo,
    index: createLexicalIndex(db),
    vectors: vectorStore,
    embedder,
    clock,
    options: options.hybrid,
    ann,
    recallThreshold: config.recallThreshold,
    contextThreshold: config.contextThreshold,
  });
  const writes = createWriteAcceptance({ db, clock, jobs, limits, policies, queueBound: config.queueBound, onEnqueued: () => formation.notify() });
  const memories = createMemoryService({ clock, memories: memoryRepo, writes, limits, retrieval });
  const docsUrl = `${(config.publicUrl ?? `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${config.port}`).replace(/\/$/, "")}/docs`;
  const authenticate = (token: string) => admin.accounts.authenticate(token);
  const http = createHttpApp({ service: memories, authenticate, docsUrl, maxBodyBytes: LIMITS.bodyBytesMax, logger, limits, version: VERSION });
  const mcp = createMcpHandler({
    service: memories,
    logger,
    authenticate,
    admit: (p, cls) => limits.admit(p.accountId, cls),
    docsUrl,
    allowedHosts: config.allowedHosts,
    maxBodyBytes: LIMITS.bodyBytesMax,
  });
  let warmTimer: ReturnType<typeof setTimeout> | null = null;
  if (options.startWorker ?? config.formationWorker) {
    formation.start();
    vectors.start();
    // Large projects' approximate indexes are built once the server is up, not on their first search.
    warmTimer = setTimeout(() => {
      const built = ann.rebuildAll();
      if (built > 0) logger.info({ projects: built }, "approximate vector indexes built");
    }, 0);
  }

  let closed = false;
  return {
    ...admin,
    config,
    db,
    clock,
    logger,
    memories,
    formation,
    vectors,
    http,
    handle: (request) => (new URL(request.url).pathname === "/mcp" ? mcp(request) : http.handle(request)),
    async close() {
      if (closed) return;
      closed = true;
      await formation.close();
      if (warmTimer) clearTimeout(warmTimer);
      await vectors.close();
      db.close();
    },
  };
}
