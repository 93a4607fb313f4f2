// API keys: high-entropy secrets shown once; only a SHA-256 hash and the last four characters are kept.
// A fast hash is right here: the secret has 256 bits of entropy, so it cannot be guessed from its hash.
import { createHash, randomBytes } from "node:crypto";

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
