import { describe, expect, test } from "bun:test";
import { TypeID } from "typeid-js";
import { isId, isMemoryId, newId } from "../../src/shared/ids.ts";

/** The Unix milliseconds in a TypeID's suffix (the first 48 bits of its UUIDv7). */
function millisOf(id: string): number {
  return parseInt(TypeID.fromString(id).toUUID().replace(/-/g, "").slice(0, 12), 16);
}

describe("newId", () => {
  test.each(["mem", "prj", "acct", "key", "job"] as const)(
    "a %s id is the prefix, an underscore and 26 lower-case base32 characters",
    (prefix) => {
      const id = newId(prefix);
      expect(id).toMatch(new RegExp(`^${prefix}_[0-7][0-9a-hjkmnp-tv-z]{25}$`));
      expect(isId(prefix, id)).toBe(true);
    },
  );

  test("the suffix carries the creation time in milliseconds", () => {
    const before = Date.now();
    const id = newId("mem");
    const after = Date.now();
    expect(millisOf(id)).toBeGreaterThanOrEqual(before);
    expect(millisOf(id)).toBeLessThanOrEqual(after);
  });

  test("ids made one after another sort in the order they were made, also within one millisecond", () => {
    const ids = Array.from({ length: 5_000 }, () => newId("mem"));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});

describe("isMemoryId", () => {
  const good = newId("mem");

  test("accepts a memory id", () => {
    expect(isMemoryId(good)).toBe(true);
    expect(isMemoryId("mem_01jd8x6r0qf3v9k7m2c4a5b6e7")).toBe(true);
  });

  test.each([
    ["another object's prefix", good.replace(/^mem_/, "prj_")],
    ["no prefix", good.slice(4)],
    ["a capitalised prefix", good.replace(/^mem_/, "MEM_")],
    ["a suffix one character short", good.slice(0, -1)],
    ["a suffix one character long", `${good}0`],
    ["an upper-case suffix", `mem_${good.slice(4).toUpperCase()}`],
    ["a suffix beyond the 128-bit range (first character 8)", `mem_8${good.slice(5)}`],
    ["letters outside the base32 alphabet (i, l, o, u)", "mem_01jd8x6r0qf3v9k7m2c4a5b6il"],
    ["a path climbing out", "mem_../../../../etc/passwd"],
    ["a path with a slash", `mem_${good.slice(4, 17)}/${good.slice(18)}`],
    ["an encoded slash", `mem_%2F${good.slice(7)}`],
    ["white space around it", ` ${good}`],
    ["a trailing newline", `${good}\n`],
    ["a query string", `${good}?x=1`],
    ["the empty string", ""],
  ])("rejects %s", (_, value) => {
    expect(isMemoryId(value)).toBe(false);
  });
});

describe("isId", () => {
  test("checks the prefix it is asked about", () => {
    expect(isId("prj", newId("prj"))).toBe(true);
    expect(isId("prj", newId("acct"))).toBe(false);
    expect(isId("acct", newId("key"))).toBe(false);
  });
});
