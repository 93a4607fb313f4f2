// Dashboard users: people of an account with a role (admin or member) and a password, set through a
// one-time link (the first start and `engram admin user create` print it). Passwords are hashed with
// argon2id (Bun.password, memory-hard); link tokens are random and kept only as their SHA-256.
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../storage/db.ts";
import type { Clock } from "../shared/clock.ts";
import { newId } from "../shared/ids.ts";
import { ApiError, validationError } from "../errors/api-error.ts";

export type Role = "admin" | "member";

export interface DashboardUser {
  id: string;
  account_id: string;
  email: string;
  role: Role;
  has_password: boolean;
  created_at: string;
}

interface UserRow extends Omit<DashboardUser, "has_password"> {
  password_hash: string | null;
}

/** A one-time link's token (shown once, in the link) and when it stops working. */
export interface PasswordLink {
  token: string;
  expires_at: string;
}

const LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const PASSWORD_MIN = 12;
const PASSWORD_MAX = 1_000;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}$/;

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
export const newSecret = () => randomBytes(32).toString("base64url");
const view = ({ password_hash, ...u }: UserRow): DashboardUser => ({ ...u, has_password: password_hash !== null });

export function createDashboardUsers(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const byEmail = db.query<UserRow, [string]>("SELECT * FROM dashboard_users WHERE email = ?");
  const byId = db.query<UserRow, [string]>("SELECT * FROM dashboard_users WHERE id = ?");
  const linkOf = db.query<{ user_id: string; expires_at: string; used_at: string | null }, [string]>(
    "SELECT user_id, expires_at, used_at FROM dashboard_password_links WHERE token_hash = ?",
  );
  // Verifying against this when the email is unknown takes as long as a real check: no timing oracle.
  let decoy: Promise<string> | null = null;

  function issueLink(userId: string): PasswordLink {
    const token = newSecret();
    const now = clock.now();
    const expires = new Date(now.getTime() + LINK_TTL_MS).toISOString();
    db.run("INSERT INTO dashboard_password_links (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)", [
      sha256(token),
      userId,
      now.toISOString(),
      expires,
    ]);
    return { token, expires_at: expires };
  }

  function liveLink(token: string) {
    const link = typeof token === "string" && token.length < 200 ? linkOf.get(sha256(token)) : null;
    if (!link || link.used_at !== null || Date.parse(link.expires_at) <= clock.now().getTime()) return null;
    return link;
  }

  return {
    /** Adds a user to an account and returns the one-time link to set their password. */
    create(input: { accountId: string; email: string; role: string }): { user: DashboardUser; link: PasswordLink } {
      const email = input.email.trim();
      if (!EMAIL.test(email)) throw validationError({ email: ["must be an email address"] });
      if (input.role !== "admin" && input.role !== "member")
        throw validationError({ role: ["must be admin or member"] });
      return db
        .transaction(() => {
          const account = db.query("SELECT 1 FROM accounts WHERE id = ?").get(input.accountId);
          if (!account) throw new ApiError("not_found", { detail: `No such account: ${input.accountId}.` });
          if (byEmail.get(email))
            throw new ApiError("conflict", { reason: "email_taken", detail: `A user with the email ${email} exists.` });
          const row: UserRow = {
            id: newId("usr"),
            account_id: input.accountId,
            email,
            role: input.role as Role,
            password_hash: null,
            created_at: clock.now().toISOString(),
          };
          db.run(
            "INSERT INTO dashboard_users (id, account_id, email, role, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            [row.id, row.account_id, row.email, row.role, null, row.created_at],
          );
          return { user: view(row), link: issueLink(row.id) };
        })
        .immediate();
    },

    /** A new one-time link for an existing user (a forgotten password, an expired link). */
    newLink(email: string): { user: DashboardUser; link: PasswordLink } {
      const row = byEmail.get(email.trim());
      if (!row) throw new ApiError("not_found", { detail: `No dashboard user with the email ${email}.` });
      return { user: view(row), link: issueLink(row.id) };
    },

    /** The user a link is for, while it is unused and unexpired. */
    linkUser(token: string): DashboardUser | null {
      const link = liveLink(token);
      const row = link ? byId.get(link.user_id) : null;
      return row ? view(row) : null;
    },

    /** Sets the password through a one-time link; the link is spent and the user's other sessions end. */
    async setPassword(token: string, password: string): Promise<DashboardUser> {
      if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
        throw validationError({ password: [`must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`] });
      if (!liveLink(token))
        throw new ApiError("not_found", { detail: "This link is used or expired: ask for a new one." });
      const hash = await Bun.password.hash(password, { algorithm: "argon2id" });
      return db
        .transaction(() => {
          const link = liveLink(token); // again, now under the write lock: a link works once
          if (!link) throw new ApiError("not_found", { detail: "This link is used or expired: ask for a new one." });
          db.run("UPDATE dashboard_password_links SET used_at = ? WHERE token_hash = ?", [
            clock.now().toISOString(),
            sha256(token),
          ]);
          db.run("UPDATE dashboard_users SET password_hash = ? WHERE id = ?", [hash, link.user_id]);
          db.run("DELETE FROM dashboard_sessions WHERE user_id = ?", [link.user_id]);
          return view(byId.get(link.user_id)!);
        })
        .immediate();
    },

    /** The user whose email and password these are, or null (one answer for every failure). */
    async verify(email: string, password: string): Promise<DashboardUser | null> {
      const row = email.length <= 254 ? byEmail.get(email.trim()) : null;
      if (!row?.password_hash || password.length > PASSWORD_MAX) {
        decoy ??= Bun.password.hash(newSecret(), { algorithm: "argon2id" });
        await Bun.password.verify(password.slice(0, PASSWORD_MAX), await decoy);
        return null;
      }
      return (await Bun.password.verify(password, row.password_hash)) ? view(row) : null;
    },

    count(): number {
      return db.query<{ n: number }, []>("SELECT count(*) AS n FROM dashboard_users").get()!.n;
    },

    get(id: string): DashboardUser | null {
      const row = byId.get(id);
      return row ? view(row) : null;
    },

    list(accountId: string): DashboardUser[] {
      return db
        .query<UserRow, [string]>("SELECT * FROM dashboard_users WHERE account_id = ? ORDER BY created_at, id")
        .all(accountId)
        .map(view);
    },
  };
}

export type DashboardUsers = ReturnType<typeof createDashboardUsers>;
