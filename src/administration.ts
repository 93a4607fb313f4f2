// Administration over one database: what `engram admin`, the server and the dashboard share.
import type { Clock } from "./shared/clock.ts";
import type { Db } from "./storage/db.ts";
import { ApiError } from "./errors/api-error.ts";
import { createAccountService, type AccountService } from "./accounts/service.ts";
import { createAccountRepository, type AccountRepository } from "./accounts/repository.ts";
import { createMemoryRepository, type MemoryRepository } from "./memories/repository.ts";
import { createVectorBookkeeping } from "./memories/search-queries.ts";
import type { VectorBookkeeping } from "./retrieval/ports.ts";
import { createUsageStore } from "./limits/usage.ts";
import { createPolicyStore, type PolicyStore } from "./formation/policy.ts";
import { createVectorStore, type VectorStore } from "./retrieval/vector-store.ts";
import { markForReindex } from "./retrieval/reindex.ts";
import { createWebhookAdmin, type WebhookAdmin } from "./webhooks/index.ts";
import { createAuditLog, type AuditLog } from "./accounts/audit.ts";
import { createDashboardUsers, type DashboardUsers } from "./accounts/users.ts";
import { createSessions, type Sessions } from "./accounts/sessions.ts";
import { createDailyUsage, type DailyUsage } from "./limits/daily.ts";

/** What `engram admin`, the server and its dashboard share: accounts, projects, keys, plans, policies; re-making vectors. */
export interface Administration {
  accounts: AccountService;
  /** Dashboard users (admin or member of an account) and their one-time password links. */
  users: DashboardUsers;
  sessions: Sessions;
  /** Who created and revoked keys, deleted projects, changed policies, and when. */
  audit: AuditLog;
  /** Reads and writes per day (the dashboard's usage chart). */
  daily: DailyUsage;
  /** Marks the vectors of a project's memories (or of all) to be re-made from their text; returns how many. */
  reindex(projectId: string | null): number;
  webhooks: WebhookAdmin;
}

/**
 * Administration over a database. The server passes the stores it already has (its memory repository
 * gives samples their vectors at once); the CLI's samples get theirs from the server's indexer.
 */
export function createAdministration(deps: {
  db: Db;
  clock: Clock;
  repo?: AccountRepository;
  policies?: PolicyStore;
  memories?: MemoryRepository;
  vectorStore?: VectorStore;
  bookkeeping?: VectorBookkeeping;
}): Administration {
  const { db, clock } = deps;
  const repo = deps.repo ?? createAccountRepository(db);
  const memories = deps.memories ?? createMemoryRepository(db);
  const policies = deps.policies ?? createPolicyStore(db);
  const audit = createAuditLog(db);
  const usage = createUsageStore(db);
  const accounts = createAccountService({ db, clock, repo, memories, usage, policies, audit });
  const store = deps.vectorStore ?? createVectorStore(db);
  const bookkeeping = deps.bookkeeping ?? createVectorBookkeeping(db);
  return {
    accounts,
    users: createDashboardUsers({ db, clock }),
    sessions: createSessions({ db, clock }),
    audit,
    daily: createDailyUsage(db),
    reindex(projectId) {
      if (projectId !== null && !repo.getProject(projectId))
        throw new ApiError("not_found", { detail: `No project ${projectId}.` });
      return markForReindex({ db, store, memories: bookkeeping }, projectId);
    },
    webhooks: createWebhookAdmin({ db, clock, projectExists: (id) => repo.getProject(id) !== null }),
  };
}
