// Administration of accounts, projects, keys and plans: shared by `engram admin` and (later) the dashboard.
import type { Db } from "../storage/db.ts";
import { isFull } from "../storage/busy.ts";
import type { Clock } from "../shared/clock.ts";
import { newId } from "../shared/ids.ts";
import { ApiError } from "../errors/api-error.ts";
import { parseTimestamp } from "../shared/time.ts";
import type { Principal } from "../domain/principal.ts";
import type { NewMemory } from "../domain/memory.ts";
import type { AccountRepository } from "./repository.ts";
import { nextReset, type UsageStore } from "../limits/usage.ts";
import { generateKey, hashKey, keyView, looksLikeKey, type KeyView } from "./keys.ts";
import { CLI_ACTOR, type AuditAction, type AuditLog } from "./audit.ts";
import { isPlanName, planFigures, type PlanFigures } from "../limits/plans.ts";
import { SAMPLE_MEMORIES } from "./samples.ts";
import type { PolicyChange, PolicyStore, PolicyView } from "../formation/policy.ts";

export type { KeyView } from "./keys.ts";

/** Who makes an audited change: a dashboard user's email; the command line when not given. */
export interface Actor {
  actor?: string;
}

/** last_used_at is written at most this often per key: one small write a minute, not one per request. */
const LAST_USED_EVERY_MS = 60_000;

export function createAccountService(deps: {
  db: Db;
  clock: Clock;
  repo: AccountRepository;
  /** The Demo Project's samples are written through it; stored memories are counted by it. */
  memories: { insert(m: NewMemory): unknown; countActive(accountId: string): number };
  usage: UsageStore;
  policies: PolicyStore;
  audit: AuditLog;
}) {
  const { db, clock, repo, memories, usage, policies, audit } = deps;
  const nowIso = () => clock.now().toISOString();
  const record = (accountId: string, who: Actor, action: AuditAction, target: string, detail: string | null) =>
    audit.record(accountId, { actor: who.actor ?? CLI_ACTOR, action, target, detail, at: nowIso() });

  function requireAccount(id: string) {
    const a = repo.getAccount(id);
    if (!a) throw new ApiError("not_found", { detail: `No such account: ${id}.` });
    return a;
  }
  function requireProject(id: string) {
    const p = repo.getProject(id);
    if (!p) throw new ApiError("not_found", { detail: `No such project: ${id}.` });
    return p;
  }

  function createKey(input: { projectId: string; name: string; expiresAt?: string | null } & Actor): {
    id: string;
    key: string;
    view: KeyView;
  } {
    const project = requireProject(input.projectId);
    let expiresAt: string | null = null;
    if (input.expiresAt) {
      const d = parseTimestamp(input.expiresAt);
      if (!d)
        throw new ApiError("validation_error", {
          detail: "expires must be an RFC 3339 timestamp.",
          errors: { expires: ["must be an RFC 3339 timestamp"] },
        });
      if (d.getTime() <= clock.now().getTime()) {
        throw new ApiError("validation_error", {
          detail: "expires must be in the future: a key that is expired when made could never be used.",
          errors: { expires: ["must be in the future"] },
        });
      }
      expiresAt = d.toISOString();
    }
    const key = generateKey();
    const row = {
      id: newId("key"),
      project_id: input.projectId,
      name: input.name,
      key_hash: hashKey(key),
      last4: key.slice(-4),
      created_at: nowIso(),
      expires_at: expiresAt,
    };
    db.transaction(() => {
      repo.insertKey(row);
      record(project.account_id, input, "key.created", row.id, `${input.name} (…${row.last4}) in ${project.name}`);
    })();
    return { id: row.id, key, view: keyView({ ...row, revoked_at: null, last_used_at: null }, clock.now()) };
  }

  return {
    createAccount(input: { name: string; plan?: string }): { id: string; demo_project_id: string } {
      const plan = input.plan ?? "free";
      if (!isPlanName(plan))
        throw new ApiError("validation_error", {
          detail: `Unknown plan "${plan}".`,
          errors: { plan: ["must be one of free, starter, growth, scale"] },
        });
      const now = nowIso();
      const id = newId("acct");
      const demoId = newId("prj");
      db.transaction(() => {
        repo.insertAccount({ id, name: input.name, plan, custom_plan: null, created_at: now });
        repo.insertProject({ id: demoId, account_id: id, name: "Demo Project", is_demo: 1, created_at: now });
        for (const s of SAMPLE_MEMORIES) {
          memories.insert({
            projectId: demoId,
            content: s.content,
            scope: s.scope,
            occurredAt: s.occurred_at,
            jobId: null,
            source: { type: "sample" },
            isSample: true,
            now,
          });
        }
      }).immediate();
      return { id, demo_project_id: demoId };
    },

    listAccounts() {
      return repo.listAccounts().map((a) => ({ id: a.id, name: a.name, plan: a.plan, created_at: a.created_at }));
    },

    countAccounts: () => repo.countAccounts(),

    /** Creates a project; refused with 409 once the plan's project limit is reached (the Demo Project does not count). */
    createProject(input: { accountId: string; name: string } & Actor): { id: string } {
      const id = newId("prj");
      // Check and insert under one write lock: the CLI and the dashboard may create projects at once.
      db.transaction(() => {
        const account = requireAccount(input.accountId);
        const limit = planFigures(account.plan, account.custom_plan).projects;
        const used = repo.countCountedProjects(input.accountId);
        if (limit !== null && used >= limit) {
          throw new ApiError("conflict", {
            reason: "project_limit_reached",
            detail: `The account has ${used} projects, its plan's limit of ${limit}. Delete a project or change the plan.`,
            limit,
            used,
          });
        }
        repo.insertProject({ id, account_id: input.accountId, name: input.name, is_demo: 0, created_at: nowIso() });
        record(input.accountId, input, "project.created", id, input.name);
      }).immediate();
      return { id };
    },

    renameProject(input: { projectId: string; name: string } & Actor): { id: string; name: string } {
      const project = requireProject(input.projectId);
      db.transaction(() => {
        repo.renameProject(project.id, input.name);
        record(project.account_id, input, "project.renamed", project.id, `${project.name} → ${input.name}`);
      })();
      return { id: project.id, name: input.name };
    },

    /** The account's live project; another account's is "no such project", as a missing one is. */
    ownProject(accountId: string, projectId: string) {
      const p = repo.getProject(projectId);
      if (!p || p.account_id !== accountId) throw new ApiError("not_found", { detail: "No such project." });
      return { id: p.id, name: p.name, is_demo: p.is_demo === 1, created_at: p.created_at };
    },

    /** A key of one of the account's live projects; any other is "no such key". */
    ownKey(accountId: string, keyId: string): KeyView {
      const k = repo.getKey(keyId);
      const p = k ? repo.getProject(k.project_id) : null;
      if (!k || !p || p.account_id !== accountId) throw new ApiError("not_found", { detail: "No such key." });
      return keyView(k, clock.now());
    },

    listProjects(accountId: string) {
      requireAccount(accountId);
      return repo
        .listProjects(accountId)
        .map((p) => ({ id: p.id, name: p.name, is_demo: p.is_demo === 1, created_at: p.created_at }));
    },

    /** Deletes a project: its keys stop working on their next request; its memories are no longer reachable. */
    deleteProject(id: string, who: Actor = {}): { id: string; deleted: true } {
      const project = requireProject(id);
      db.transaction(() => {
        repo.deleteProject(id, nowIso());
        record(project.account_id, who, "project.deleted", id, project.name);
      })();
      return { id, deleted: true };
    },

    createKey,

    revokeKey(id: string, who: Actor = {}): KeyView {
      const k = repo.getKey(id);
      if (!k) throw new ApiError("not_found", { detail: `No such key: ${id}.` });
      const accountId = db.query<{ a: string }, [string]>("SELECT account_id AS a FROM projects WHERE id = ?");
      db.transaction(() => {
        if (repo.revokeKey(id, nowIso()))
          record(accountId.get(k.project_id)!.a, who, "key.revoked", id, `${k.name} (…${k.last4})`);
      })();
      return keyView(repo.getKey(id)!, clock.now());
    },

    listKeys(projectId: string): KeyView[] {
      requireProject(projectId);
      return repo.listKeys(projectId).map((k) => keyView(k, clock.now()));
    },

    setPlan(accountId: string, plan: string | null, custom: Partial<PlanFigures> = {}) {
      const account = requireAccount(accountId);
      const customGiven = Object.values(custom).some((v) => v !== undefined);
      if (plan && plan !== "custom" && customGiven) {
        throw new ApiError("validation_error", { detail: "Give either --plan NAME or custom figures, not both." });
      }
      if (plan && plan !== "custom") {
        if (!isPlanName(plan))
          throw new ApiError("validation_error", {
            detail: `Unknown plan "${plan}".`,
            errors: { plan: ["must be one of free, starter, growth, scale, custom"] },
          });
        repo.setPlan(accountId, plan, null);
      } else {
        // Custom figures start from the account's current figures, so one flag changes one figure.
        const base = planFigures(account.plan, account.custom_plan);
        const figures: PlanFigures = { ...base };
        for (const [k, v] of Object.entries(custom)) {
          if (v === undefined) continue;
          if (k === "projects" && v === null) {
            figures.projects = null; // unlimited
            continue;
          }
          if (!Number.isInteger(v) || (v as number) < 0)
            throw new ApiError("validation_error", { detail: `${k} must be a non-negative integer.` });
          (figures as unknown as Record<string, unknown>)[k] = v;
        }
        repo.setPlan(accountId, "custom", JSON.stringify(figures));
      }
      const updated = requireAccount(accountId);
      return { account_id: accountId, plan: updated.plan, figures: planFigures(updated.plan, updated.custom_plan) };
    },

    /** The project's memory policy (shared by all its keys). */
    policy(projectId: string): PolicyView {
      requireProject(projectId);
      return policies.view(projectId);
    },

    setPolicy(projectId: string, change: PolicyChange, who: Actor = {}): PolicyView {
      const project = requireProject(projectId);
      return db.transaction(() => {
        const v = policies.set(projectId, change, nowIso());
        const excluded = v.exclude_categories.join(", ") || "none";
        const detail = `${project.name}: redact secrets ${v.redact_secrets ? "on" : "off"}, excluded ${excluded}, instructions ${v.instructions ? "set" : "none"}`;
        record(project.account_id, who, "policy.changed", projectId, detail);
        return v;
      })();
    },

    usage(accountId: string) {
      requireAccount(accountId);
      const now = clock.now();
      const u = usage.current(accountId, now);
      return {
        reads: u.reads,
        writes: u.writes,
        memories: memories.countActive(accountId),
        resets_at: nextReset(now).toISOString(),
      };
    },

    /** The principal of a presented key, or null when it must be refused (the caller gives one 401 for all cases). */
    authenticate(presented: string): Principal | null {
      if (!looksLikeKey(presented)) return null;
      const p = repo.principalByHash(hashKey(presented));
      if (!p) return null;
      const now = clock.now();
      if (p.expiresAt !== null && Date.parse(p.expiresAt) <= now.getTime()) return null;
      if (p.lastUsedAt === null || now.getTime() - Date.parse(p.lastUsedAt) >= LAST_USED_EVERY_MS) {
        // Bookkeeping, not the request's purpose: on a full disk the key still works, and the time is
        // written by a later request.
        try {
          repo.touchKey(p.keyId, now.toISOString());
        } catch (err) {
          if (!isFull(err)) throw err;
        }
      }
      return { keyId: p.keyId, projectId: p.projectId, accountId: p.accountId };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
