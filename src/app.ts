// The composition root: the one place that builds every component and wires them together.
import type { Config } from "./config.ts";
import { systemClock, type Clock } from "./shared/clock.ts";
import { createLogger, type Logger } from "./shared/logger.ts";
import { openDatabase, type Db } from "./storage/db.ts";
import { createAccountService, type AccountService } from "./accounts/service.ts";
import { createAccountRepository } from "./accounts/repository.ts";
import { createMemoryRepository } from "./memories/repository.ts";
import { createMemoryService, type MemoryService } from "./memories/service.ts";
import { createLimits } from "./limits/index.ts";
import { createJobStore } from "./formation/jobs.ts";
import { createFormationRunner, type FormationRunner } from "./formation/runner.ts";
import { createExtractor } from "./formation/select.ts";
import { createGraphStore } from "./formation/graph-store.ts";
import { createPolicyStore } from "./formation/policy.ts";
import type { Extractor } from "./formation/extractor.ts";
import { createEmbedder } from "./models/index.ts";
import { createVectorStore } from "./retrieval/vector-store.ts";
import { createVectorIndexer, type VectorIndexer } from "./retrieval/indexer.ts";
import { withVectors } from "./retrieval/vector-hook.ts";
import { createRetrieval } from "./retrieval/index.ts";
import type { HybridOptions } from "./retrieval/hybrid.ts";
import { createAnnIndex, type AnnOptions } from "./retrieval/ann-index.ts";
import { createHttpApp } from "./http/app.ts";
import { LIMITS } from "./memories/schemas.ts";
import { VERSION } from "./version.ts";
import { createMcpHandler } from "./mcp/http.ts";

export interface Engram {
  config: Config;
  db: Db;
  clock: Clock;
  logger: Logger;
  accounts: AccountService;
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
  const accounts = createAccountService({ db, clock });
  const accountRepo = createAccountRepository(db);
  const embedder = await createEmbedder(config.embeddings);
  const vectorStore = createVectorStore(db);
  // A local model's size is known now: adopt it before anything is written (a provider's on its first answer).
  if (embedder.dims > 0) vectorStore.adopt(embedder.model, embedder.dims, clock.now().toISOString());
  const ann = createAnnIndex({ db, store: vectorStore, options: options.ann });
  const vectors = createVectorIndexer({ db, clock, store: vectorStore, embedder, logger });
  // Every memory written through this repository gets its vector in the same transaction (or from the indexer).
  const memoryRepo = withVectors(createMemoryRepository(db), { store: vectorStore, embedder, onMissing: () => vectors.notify() });
  const limits = createLimits({ db, clock, enforce: config.enforceLimits });
  const jobs = createJobStore(db);
  const policies = createPolicyStore(db);
  const formation = createFormationRunner({
    db,
    clock,
    jobs,
    memories: memoryRepo,
    graph: createGraphStore(db),
    policies,
    limits,
    extractor: options.extractor ?? createExtractor(config.extractor, config.llm),
    logger,
    projectExists: (id) => accountRepo.getProject(id) !== null,
  });
  const memories = createMemoryService({
    db,
    clock,
    memories: memoryRepo,
    jobs,
    limits,
    retrieval: createRetrieval({ db, vectors: vectorStore, embedder, clock, options: options.hybrid, ann, recallThreshold: config.recallThreshold, contextThreshold: config.contextThreshold }),
    queueBound: config.queueBound,
    onEnqueued: () => formation.notify(),
    policies,
  });
  const docsUrl = `${(config.publicUrl ?? `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${config.port}`).replace(/\/$/, "")}/docs`;
  const http = createHttpApp({
    service: memories,
    authenticate: (token) => accounts.authenticate(token),
    docsUrl,
    maxBodyBytes: LIMITS.bodyBytesMax,
    logger,
    limits,
    version: VERSION,
  });
  const mcp = createMcpHandler({
    service: memories,
    logger,
    authenticate: (token) => accounts.authenticate(token),
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
    config,
    db,
    clock,
    logger,
    accounts,
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
