// Dashboard sign-in sessions. The cookie carries a random token; the database keeps its SHA-256, the
// session's CSRF token and an absolute expiry (signing out or setting a new password ends it earlier).
import { createHash } from "node:crypto";
import type { Db } from "../storage/db.ts";
import type { Clock } from "../shared/clock.ts";
import { newSecret, type DashboardUser, type Role } from "./users.ts";

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export interface Session {
  user: DashboardUser;
  csrf: string;
  expires_at: string;
}

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

export function createSessions(deps: { db: Db; clock: Clock; ttlMs?: number }) {
  const { db, clock } = deps;
  const ttl = deps.ttlMs ?? SESSION_TTL_MS;
  const lookup = db.query<
    {
      csrf_token: string;
      expires_at: string;
      id: string;
      account_id: string;
      email: string;
      role: Role;
      created_at: string;
    },
    [string]
  >(
    `SELECT s.csrf_token, s.expires_at, u.id, u.account_id, u.email, u.role, u.created_at
       FROM dashboard_sessions s JOIN dashboard_users u ON u.id = s.user_id WHERE s.token_hash = ?`,
  );
  return {
    /** Starts a session; returns the cookie's token (shown only to the browser) and the session. */
    start(user: DashboardUser): { token: string; session: Session } {
      const now = clock.now();
      const token = newSecret();
      const csrf = newSecret();
      const expires = new Date(now.getTime() + ttl).toISOString();
      db.transaction(() => {
        db.run("DELETE FROM dashboard_sessions WHERE expires_at <= ?", [now.toISOString()]);
        db.run(
          "INSERT INTO dashboard_sessions (token_hash, user_id, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
          [sha256(token), user.id, csrf, now.toISOString(), expires],
        );
      })();
      return { token, session: { user, csrf, expires_at: expires } };
    },

    /** The live session of a cookie's token, or null (unknown, ended or expired). */
    resolve(token: string): Session | null {
      if (token.length === 0 || token.length > 100) return null;
      const r = lookup.get(sha256(token));
      if (!r || Date.parse(r.expires_at) <= clock.now().getTime()) return null;
      const user: DashboardUser = {
        id: r.id,
        account_id: r.account_id,
        email: r.email,
        role: r.role,
        has_password: true,
        created_at: r.created_at,
      };
      return { user, csrf: r.csrf_token, expires_at: r.expires_at };
    },

    end(token: string): void {
      db.run("DELETE FROM dashboard_sessions WHERE token_hash = ?", [sha256(token)]);
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
