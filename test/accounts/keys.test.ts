import { describe, expect, test } from "bun:test";
import { generateKey, hashKey, KEY_PREFIX, looksLikeKey } from "../../src/accounts/keys.ts";

describe("API key secrets", () => {
  test("carry the prefix and 256 random bits in base64url", () => {
    const k = generateKey();
    expect(k.startsWith(KEY_PREFIX)).toBe(true);
    expect(Buffer.from(k.slice(KEY_PREFIX.length), "base64url")).toHaveLength(32);
    expect(looksLikeKey(k)).toBe(true);
  });

  test("are never the same twice", () => {
    const keys = new Set(Array.from({ length: 1_000 }, generateKey));
    expect(keys.size).toBe(1_000);
  });

  test("hash to lower-case SHA-256 hex, the same for the same key", () => {
    const k = generateKey();
    expect(hashKey(k)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashKey(k)).toBe(hashKey(k));
    expect(hashKey(k)).not.toBe(hashKey(generateKey()));
    expect(hashKey("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  test("a syntactic check refuses what cannot be a key before the database is asked", () => {
    const k = generateKey();
    expect(looksLikeKey(k.slice(0, -1))).toBe(false);
    expect(looksLikeKey(`${k}x`)).toBe(false);
    expect(looksLikeKey(k.replace(KEY_PREFIX, ""))).toBe(false);
    expect(looksLikeKey(`${KEY_PREFIX}${"+".repeat(43)}`)).toBe(false);
    expect(looksLikeKey("")).toBe(false);
  });
});
