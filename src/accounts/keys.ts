// API keys: high-entropy secrets shown once; only a SHA-256 hash and the last four characters are kept.
// A fast hash is right here: the secret has 256 bits of entropy, so it cannot be guessed from its hash.
import { createHash, randomBytes } from "node:crypto";
import type { KeyRow } from "./repository.ts";

export const KEY_PREFIX = "engram_sk_";

export function generateKey(): string {
  return KEY_PREFIX + randomBytes(32).toString("base64url");
}

export function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** Cheap syntactic check before touching the database. */
export function looksLikeKey(key: string): boolean {
  return (
    key.startsWith(KEY_PREFIX) &&
    key.length === KEY_PREFIX.length + 43 &&
    /^[A-Za-z0-9_-]+$/.test(key.slice(KEY_PREFIX.length))
  );
}

export interface KeyView {
  id: string;
  project_id: string;
  name: string;
  last4: string;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  /** When the key last authenticated a request (to the minute): rotation's "confirm the old key is unused". */
  last_used_at: string | null;
  status: "active" | "revoked" | "expired";
}

export function keyView(k: KeyRow, now: Date): KeyView {
  const expired = k.expires_at !== null && Date.parse(k.expires_at) <= now.getTime();
  return {
    id: k.id,
    project_id: k.project_id,
    name: k.name,
    last4: k.last4,
    created_at: k.created_at,
    expires_at: k.expires_at,
    revoked_at: k.revoked_at,
    last_used_at: k.last_used_at,
    status: k.revoked_at ? "revoked" : expired ? "expired" : "active",
  };
}
