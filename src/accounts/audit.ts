// The audit log: who created and revoked keys, created, renamed and deleted projects, changed policies,
// and when. Written by the account service in the transaction of the change it records.
import type { Db } from "../storage/db.ts";

export type AuditAction =
  | "key.created"
  | "key.revoked"
  | "project.created"
  | "project.renamed"
  | "project.deleted"
  | "policy.changed"
  | "user.created";

export interface AuditEvent {
  actor: string;
  action: AuditAction;
  target: string;
  detail: string | null;
  at: string;
}

/** Who is acting: a dashboard user's email, or the command line. */
export const CLI_ACTOR = "engram admin";

export function createAuditLog(db: Db) {
  const insert = db.query(
    "INSERT INTO audit_events (account_id, actor, action, target, detail, at) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const recent = db.query<AuditEvent, [string, number]>(
    "SELECT actor, action, target, detail, at FROM audit_events WHERE account_id = ? ORDER BY seq DESC LIMIT ?",
  );
  return {
    record(accountId: string, event: AuditEvent): void {
      insert.run(accountId, event.actor, event.action, event.target, event.detail, event.at);
    },
    /** The account's events, newest first. */
    list(accountId: string, limit = 200): AuditEvent[] {
      return recent.all(accountId, limit);
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
