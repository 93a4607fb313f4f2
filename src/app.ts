// The composition root: the one place that builds every component and wires them together.
import { hostInUrl, useLanceLibrary, type Config } from "./config.ts";
import { systemClock, type Clock } from "./shared/clock.ts";
import { createLogger, type Logger } from "./shared/logger.ts";
import { BUSY_TIMEOUT_MS, openDatabase, type Db } from "./storage/db.ts";
import { ApiError } from "./errors/api-error.ts";
import { createAccountRepository } from "./accounts/repository.ts";
import { createMemoryRepository } from "./memories/repository.ts";
import { createPeople } from "./memories/people.ts";
import { createLexicalIndex, createVectorBookkeeping } from "./memories/search-queries.ts";
import { createWriteAcceptance } from "./memories/writes.ts";
import { createMemoryService, type MemoryService } from "./memories/service.ts";
import { LIMITS } from "./memories/schemas.ts";
import { createLimits, type Limits } from "./limits/index.ts";
import type { BucketClass } from "./limits/buckets.ts";
import type { Principal } from "./domain/principal.ts";
import { createJobStore } from "./formation/jobs.ts";
import type { FormationRunner } from "./formation/runner.ts";
import { createFormation } from "./workers/formation-deps.ts";
import { createFormationThread } from "./workers/formation-host.ts";
import { createPolicyStore } from "./formation/policy.ts";
import type { Extractor } from "./formation/extractor.ts";
import { createEmbedder } from "./models/index.ts";
import { createVectorStore } from "./retrieval/vector-store.ts";
import { createVectorIndexer, type VectorIndexer } from "./retrieval/indexer.ts";
import { createVectorWriter } from "./retrieval/vector-hook.ts";
import { createRetrieval } from "./retrieval/index.ts";
import type { HybridOptions } from "./retrieval/hybrid.ts";
import { anyLargeProject, createVectorIndex, type VectorIndexOptions } from "./retrieval/vector-index.ts";
import { createLanceSync, type LanceSync } from "./retrieval/lance-sync.ts";
import { createLanceLoader } from "./retrieval/lance-native.ts";
import { createHttpApp } from "./http/app.ts";
import { memoryRoutes } from "./http/routes.ts";
import { createDashboard } from "./dashboard/index.ts";
import { createIdempotencyStore } from "./http/idempotency.ts";
import { canonicalRequest, requestPath } from "./http/request-target.ts";
import { problemResponse } from "./http/respond.ts";
import { createMcpHandler } from "./mcp/http.ts";
import { VERSION } from "./version.ts";
import { createWebhooks, type WebhookDelivery } from "./webhooks/index.ts";
import { createMetrics, type Metrics } from "./metrics/index.ts";
import { createAdministration, type Administration } from "./administration.ts";

export interface Engram extends Administration {
  config: Config;
  db: Db;
  clock: Clock;
  logger: Logger;
  memories: MemoryService;
  formation: FormationRunner;
  /** Makes missing and stale memory vectors in the background (tests step it). */
  vectors: VectorIndexer;
  /** Keeps the LanceDB vector table in step with SQLite (tests step it). */
  vectorTable: LanceSync;
  webhookDelivery: WebhookDelivery;
  http: ReturnType<typeof createHttpApp>;
  metrics: Metrics; // Prometheus: `handle` observes each request; cli/serve.ts serves the metrics port
  /** Handles one request (the server's fetch handler; tests call it in-process). */
  handle(request: Request): Promise<Response>;
  /** Answers an error that escaped every handler (the server's error handler). */
  serverError(error: unknown): Response;
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
  ann?: Partial<VectorIndexOptions>;
}

/** The vector side of memories: embedder, sqlite-vec store, approximate index, indexer, and the memory repository whose writes carry vectors (and webhook events). */
async function createVectorParts(
  db: Db,
  clock: Clock,
  config: Config,
  logger: Logger,
  ann?: Partial<VectorIndexOptions>,
) {
  const embedder = await createEmbedder(config.embeddings);
  const store = createVectorStore(db);
  // A local model's size is known now: adopt it before anything is written (a provider's on its first answer).
  if (embedder.dims > 0) store.adopt(embedder.model, embedder.dims, clock.now().toISOString());
  const bookkeeping = createVectorBookkeeping(db);
  const webhooks = createWebhooks({ db, clock, logger, config: config.webhooks });
  const indexer = createVectorIndexer({ db, clock, store, memories: bookkeeping, embedder, logger });
  // Every memory written gets its vector in the same transaction (or from the indexer).
  const onWrite = createVectorWriter({ store, embedder, onMissing: () => indexer.notify() });
  // LanceDB (loaded only once a project is large enough) follows SQLite from a durable mark.
  const minVectors = ann?.minVectors ?? config.annMinVectors;
  const sync = createLanceSync({
    db,
    clock,
    logger,
    store,
    dataDir: config.dataDir,
    loadLance: createLanceLoader({ dataDir: config.dataDir, useNativeLibrary: useLanceLibrary }),
    needed: () => anyLargeProject(store, bookkeeping, minVectors),
  });
  return {
    sync,
    embedder,
    store,
    bookkeeping,
    indexer,
    ann: createVectorIndex({ store, counts: bookkeeping, sync, clock, logger, options: { minVectors } }),
    webhooks, // every change of a memory records its webhook events in the same transaction
    memories: createMemoryRepository(db, { onWrite, onChange: webhooks.outbox.memoryChanged }),
  };
}

type VectorParts = Awaited<ReturnType<typeof createVectorParts>>;

/** REST and MCP over one memory service; /mcp goes to the MCP handler, everything else to Elysia. */
function createTransports(
  config: Config,
  deps: { memories: MemoryService; limits: Limits; admin: Administration; logger: Logger; db: Db; clock: Clock } & {
    repo: VectorParts["memories"];
  },
) {
  const { memories, limits, logger } = deps;
  const base = config.publicUrl ?? `http://${hostInUrl(config.host)}:${config.port}`;
  const docsUrl = `${base.replace(/\/$/, "")}/docs`;
  const authenticate = (token: string) => deps.admin.accounts.authenticate(token);
  const maxBodyBytes = LIMITS.bodyBytesMax;
  const idempotency = createIdempotencyStore({ db: deps.db, clock: deps.clock });
  const endpointDeps = { authenticate, docsUrl, maxBodyBytes, logger, limits, idempotency };
  const http = createHttpApp({ ...endpointDeps, service: memories, version: VERSION });
  // The dashboard's Playground runs its calls through the same REST pipeline, authenticated by its own grants.
  const restFor = (auth: typeof authenticate) => memoryRoutes(memories, { ...endpointDeps, authenticate: auth });
  const secureCookies = Boolean(config.tlsCert && config.tlsKey) || config.publicUrl?.startsWith("https:") === true;
  const dashboard = createDashboard({ ...deps, memories: deps.repo, restFor, secureCookies });
  const admit = (p: Principal, cls: BucketClass) => limits.admit(p.accountId, cls);
  const allowedHosts = config.allowedHosts;
  const mcp = createMcpHandler({ service: memories, logger, authenticate, admit, docsUrl, allowedHosts, maxBodyBytes });
  const handle = (request: Request) => {
    const canonical = canonicalRequest(request);
    const path = requestPath(canonical.url);
    if (path === "/dashboard" || path.startsWith("/dashboard/")) return dashboard.handle(canonical);
    return path === "/mcp" ? mcp(canonical) : http.handle(canonical);
  };
  /** Bun.serve's error handler: whatever escaped a handler is logged and answered 500 problem+json, never with internals. */
  const serverError = (error: unknown): Response => {
    logger.error({ err: error }, "request failed outside every handler");
    const detail = "The request could not be completed.";
    return problemResponse(new ApiError("internal_error", { detail }), "/", docsUrl);
  };
  return { http, handle, serverError };
}

/** The services over one database: administration, limits, formation, and the memory service. */
function createServices(
  db: Db,
  clock: Clock,
  logger: Logger,
  config: Config,
  options: EngramOptions,
  vectors: VectorParts,
) {
  const memoryRepo = vectors.memories;
  const accountRepo = createAccountRepository(db);
  const policies = createPolicyStore(db);
  const stores = { repo: accountRepo, policies, memories: memoryRepo, vectorStore: vectors.store };
  const admin = createAdministration({ db, clock, ...stores, bookkeeping: vectors.bookkeeping });
  const metrics = createMetrics({ db, clock, logger, token: config.metricsToken, version: VERSION });
  const limits = createLimits({
    onRefusal: metrics.refused,
    db,
    clock,
    enforce: config.enforceLimits,
    storedPlan: (id) => accountRepo.getAccount(id),
    storedMemories: memoryRepo.countActive,
  });
  const jobs = createJobStore(db);
  const people = createPeople(db);
  // The server forms in its own thread (a Worker with its own connection); tests, benches and
  // ENGRAM_FORMATION_THREAD=main form here, where they can step it.
  const threaded = (options.startWorker ?? config.formationWorker) && config.formationThread === "worker";
  const formation =
    threaded && !options.extractor
      ? createFormationThread({
          config,
          logger,
          onVector: (target, vector) => vectors.store.announce(target, vector),
          onMissing: () => vectors.indexer.notify(),
          onWebhooks: () => vectors.webhooks.delivery.notify(),
        })
      : createFormation({
          db,
          clock,
          logger,
          config,
          memories: memoryRepo,
          extractor: options.extractor,
          outbox: vectors.webhooks.outbox,
        });
  const retrieval = createRetrieval({
    memories: memoryRepo,
    index: createLexicalIndex(db),
    vectors: vectors.store,
    embedder: vectors.embedder,
    clock,
    options: options.hybrid,
    ann: vectors.ann,
    recallThreshold: config.recallThreshold,
    contextThreshold: config.contextThreshold,
    people,
  });
  const onEnqueued = () => formation.notify();
  const writes = createWriteAcceptance({
    db,
    clock,
    jobs,
    limits,
    policies,
    queueBound: config.queueBound,
    onEnqueued,
  });
  const memories = createMemoryService({ clock, memories: memoryRepo, writes, limits, retrieval });
  return { admin, limits, formation, memories, metrics };
}

export async function createEngram(config: Config, options: EngramOptions = {}): Promise<Engram> {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? createLogger(config.logLevel);
  const db = await openDatabase(config.dataDir, BUSY_TIMEOUT_MS.requests);
  const vectors = await createVectorParts(db, clock, config, logger, options.ann);
  const { admin, limits, formation, memories, metrics } = createServices(db, clock, logger, config, options, vectors);
  const transportDeps = { memories, limits, admin, logger, db, clock, repo: vectors.memories };
  const { http, handle, serverError } = createTransports(config, transportDeps);
  if (options.startWorker ?? true) vectors.webhooks.delivery.start(); // tests step it (runOnce) or start it
  if (options.startWorker ?? config.formationWorker) {
    formation.start();
    vectors.indexer.start();
    vectors.sync.start(); // a data directory of small projects never loads LanceDB
  }
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await formation.close();
    await vectors.webhooks.delivery.close(); // what is not delivered stays in the outbox for the next start
    await vectors.indexer.close();
    await vectors.sync.close();
    db.close();
  };
  return {
    ...admin,
    config,
    db,
    clock,
    logger,
    memories,
    formation,
    vectors: vectors.indexer,
    vectorTable: vectors.sync,
    webhookDelivery: vectors.webhooks.delivery,
    http,
    handle: metrics.instrument(handle),
    metrics,
    serverError,
    close,
  };
}
