import { describe, expect, test } from "bun:test";
import { CHUNK_MAX_CHARS, CHUNK_MAX_MESSAGES, chunkMessages } from "../../src/formation/chunks.ts";

const repeat = (n: number, length: number) => Array.from({ length: n }, () => length);

describe("chunkMessages: at most 20 messages and at most 8,000 characters, whichever comes first", () => {
  test("the limits are the ones docs/api.md gives", () => {
    expect(CHUNK_MAX_MESSAGES).toBe(20);
    expect(CHUNK_MAX_CHARS).toBe(8_000);
  });

  test("no messages make no chunks", () => {
    expect(chunkMessages([])).toEqual([]);
  });

  test("one short message is one chunk", () => {
    expect(chunkMessages([5])).toEqual([{ start: 0, end: 1 }]);
  });

  test("20 short messages are one chunk and the 21st starts the next", () => {
    expect(chunkMessages(repeat(20, 10))).toEqual([{ start: 0, end: 20 }]);
    expect(chunkMessages(repeat(21, 10))).toEqual([
      { start: 0, end: 20 },
      { start: 20, end: 21 },
    ]);
  });

  test("100 short messages are five chunks of 20", () => {
    const chunks = chunkMessages(repeat(100, 30));
    expect(chunks).toHaveLength(5);
    expect(chunks.map((c) => c.end - c.start)).toEqual([20, 20, 20, 20, 20]);
  });

  test("messages filling exactly 8,000 characters stay in one chunk", () => {
    expect(chunkMessages([4_000, 4_000])).toEqual([{ start: 0, end: 2 }]);
    expect(chunkMessages(repeat(20, 400))).toEqual([{ start: 0, end: 20 }]);
  });

  test("the message that would pass 8,000 characters starts a new chunk", () => {
    expect(chunkMessages([4_000, 4_000, 1])).toEqual([
      { start: 0, end: 2 },
      { start: 2, end: 3 },
    ]);
    expect(chunkMessages([4_000, 4_001])).toEqual([
      { start: 0, end: 1 },
      { start: 1, end: 2 },
    ]);
  });

  test("the character bound can come first: 5 messages of 2,000 characters make chunks of 4 and 1", () => {
    expect(chunkMessages(repeat(5, 2_000))).toEqual([
      { start: 0, end: 4 },
      { start: 4, end: 5 },
    ]);
  });

  test("the message bound can come first: 25 messages of 100 characters make chunks of 20 and 5", () => {
    expect(chunkMessages(repeat(25, 100))).toEqual([
      { start: 0, end: 20 },
      { start: 20, end: 25 },
    ]);
  });

  test("a single message over 8,000 characters is a chunk of its own, wherever it stands", () => {
    expect(chunkMessages([16_000])).toEqual([{ start: 0, end: 1 }]);
    expect(chunkMessages([10, 9_000, 10])).toEqual([
      { start: 0, end: 1 },
      { start: 1, end: 2 },
      { start: 2, end: 3 },
    ]);
    expect(chunkMessages([9_000, 9_000])).toEqual([
      { start: 0, end: 1 },
      { start: 1, end: 2 },
    ]);
  });

  test("chunks cover every message once, in order, and each keeps both bounds unless it is one oversized message", () => {
    // A fixed pseudo-random conversation (no Math.random: the test must be deterministic).
    let seed = 7;
    const lengths = Array.from({ length: 500 }, () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return 1 + (seed % 3_000) + (seed % 17 === 0 ? 9_000 : 0);
    });
    const chunks = chunkMessages(lengths);
    expect(chunks[0]!.start).toBe(0);
    expect(chunks.at(-1)!.end).toBe(lengths.length);
    for (let i = 1; i < chunks.length; i++) expect(chunks[i]!.start).toBe(chunks[i - 1]!.end);
    for (const c of chunks) {
      const count = c.end - c.start;
      const chars = lengths.slice(c.start, c.end).reduce((a, b) => a + b, 0);
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(20);
      if (count > 1) expect(chars).toBeLessThanOrEqual(8_000);
      // Greedy: the next message would have broken a bound.
      if (c.end < lengths.length) expect(count === 20 || chars + lengths[c.end]! > 8_000).toBe(true);
    }
  });
});
