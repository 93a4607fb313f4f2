// SQLite storage of accounts, projects and API keys.
import type { Db } from "../storage/db.ts";
import type { Principal } from "../domain/principal.ts";

export interface AccountRow {
  id: string;
  name: string;
  plan: string;
  custom_plan: string | null;
  created_at: string;
}

export interface ProjectRow {
  id: string;
  account_id: string;
  name: string;
  is_demo: number;
  created_at: string;
  deleted_at: string | null;
}

export interface KeyRow {
  id: string;
  project_id: string;
  name: string;
  key_hash: string;
  last4: string;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
}

export function createAccountRepository(db: Db) {
  const byHash = db.query<
    { key_id: string; project_id: string; account_id: string; expires_at: string | null; last_used_at: string | null },
    [string]
  >(
    `SELECT k.id AS key_id, k.project_id, p.account_id, k.expires_at, k.last_used_at FROM api_keys k
       JOIN projects p ON p.id = k.project_id AND p.deleted_at IS NULL
       JOIN accounts a ON a.id = p.account_id
     WHERE k.key_hash = ? AND k.revoked_at IS NULL`,
  );
  return {
    insertAccount(a: AccountRow): void {
      db.run("INSERT INTO accounts (id, name, plan, custom_plan, created_at) VALUES (?, ?, ?, ?, ?)", [
        a.id,
        a.name,
        a.plan,
        a.custom_plan,
        a.created_at,
      ]);
    },
    getAccount(id: string): AccountRow | null {
      return db.query<AccountRow, [string]>("SELECT * FROM accounts WHERE id = ?").get(id);
    },
    listAccounts(): AccountRow[] {
      return db.query<AccountRow, []>("SELECT * FROM accounts ORDER BY created_at, id").all();
    },
    countAccounts(): number {
      return db.query<{ n: number }, []>("SELECT count(*) AS n FROM accounts").get()!.n;
    },
    setPlan(id: string, plan: string, custom: string | null): void {
      db.run("UPDATE accounts SET plan = ?, custom_plan = ? WHERE id = ?", [plan, custom, id]);
    },
    insertProject(p: Omit<ProjectRow, "deleted_at">): void {
      db.run("INSERT INTO projects (id, account_id, name, is_demo, created_at) VALUES (?, ?, ?, ?, ?)", [
        p.id,
        p.account_id,
        p.name,
        p.is_demo,
        p.created_at,
      ]);
    },
    getProject(id: string): ProjectRow | null {
      return db.query<ProjectRow, [string]>("SELECT * FROM projects WHERE id = ? AND deleted_at IS NULL").get(id);
    },
    listProjects(accountId: string): ProjectRow[] {
      return db
        .query<ProjectRow, [string]>(
          "SELECT * FROM projects WHERE account_id = ? AND deleted_at IS NULL ORDER BY created_at, id",
        )
        .all(accountId);
    },
    /** Live projects that count toward the plan's project limit (the Demo Project does not). */
    countCountedProjects(accountId: string): number {
      return db
        .query<{ n: number }, [string]>(
          "SELECT count(*) AS n FROM projects WHERE account_id = ? AND deleted_at IS NULL AND is_demo = 0",
        )
        .get(accountId)!.n;
    },
    renameProject(id: string, name: string): void {
      db.run("UPDATE projects SET name = ? WHERE id = ? AND deleted_at IS NULL", [name, id]);
    },
    deleteProject(id: string, now: string): boolean {
      return db.run("UPDATE projects SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL", [now, id]).changes > 0;
    },
    insertKey(k: Omit<KeyRow, "revoked_at" | "last_used_at">): void {
      db.run(
        "INSERT INTO api_keys (id, project_id, name, key_hash, last4, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [k.id, k.project_id, k.name, k.key_hash, k.last4, k.created_at, k.expires_at],
      );
    },
    getKey(id: string): KeyRow | null {
      return db.query<KeyRow, [string]>("SELECT * FROM api_keys WHERE id = ?").get(id);
    },
    listKeys(projectId: string): KeyRow[] {
      return db
        .query<KeyRow, [string]>("SELECT * FROM api_keys WHERE project_id = ? ORDER BY created_at, id")
        .all(projectId);
    },
    revokeKey(id: string, now: string): boolean {
      return db.run("UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", [now, id]).changes > 0;
    },
    /** The live principal for a key hash, or null (revoked, project deleted, unknown). Expiry is checked by the caller. */
    principalByHash(hash: string): (Principal & { expiresAt: string | null; lastUsedAt: string | null }) | null {
      const r = byHash.get(hash);
      if (!r) return null;
      return {
        keyId: r.key_id,
        projectId: r.project_id,
        accountId: r.account_id,
        expiresAt: r.expires_at,
        lastUsedAt: r.last_used_at,
      };
    },
    touchKey(id: string, now: string): void {
      db.run("UPDATE api_keys SET last_used_at = ? WHERE id = ?", [now, id]);
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
