// Recall's and context's confidence thresholds come from configuration (ENGRAM_RECALL_THRESHOLD,
// ENGRAM_CONTEXT_THRESHOLD), defaulting to 0.35 and 0.15.
import { afterEach, describe, expect, test } from "bun:test";
import { loadConfig } from "../../src/config.ts";
import { CONTEXT_THRESHOLD, RECALL_THRESHOLD } from "../../src/retrieval/index.ts";
import { createHarness, type Harness } from "../helpers.ts";
import { recall, storeAll } from "./support.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("recall and context thresholds", () => {
  test("default to 0.35 and 0.15, and are read from the environment as numbers from 0 to 1", () => {
    expect([loadConfig({}, {}).recallThreshold, loadConfig({}, {}).contextThreshold]).toEqual([
      RECALL_THRESHOLD,
      CONTEXT_THRESHOLD,
    ]);
    expect([RECALL_THRESHOLD, CONTEXT_THRESHOLD]).toEqual([0.35, 0.15]);
    const c = loadConfig({}, { ENGRAM_RECALL_THRESHOLD: "0.6", ENGRAM_CONTEXT_THRESHOLD: "0" });
    expect([c.recallThreshold, c.contextThreshold]).toEqual([0.6, 0]);
    for (const bad of ["1.5", "-0.1", "high"]) {
      expect(() => loadConfig({}, { ENGRAM_RECALL_THRESHOLD: bad })).toThrow(
        "ENGRAM_RECALL_THRESHOLD must be a number from 0 to 1",
      );
    }
  });

  test("a stricter recall threshold answers not_found where the default answers the memory", async () => {
    const text = "Caroline adopted a golden retriever puppy last spring.";
    h = await createHarness();
    await storeAll(h, [text]);
    expect((await recall(h, "Which animal did Caroline get?")).content).toBe(text);
    await h.close();
    h = await createHarness({ config: { recallThreshold: 0.99 } });
    await storeAll(h, [text]);
    expect(await recall(h, "Which animal did Caroline get?")).toEqual({ object: "memory", status: "not_found" });
  });
});
