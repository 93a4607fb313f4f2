import { describe, expect, test } from "bun:test";
import { loadStaticEmbedder, parseWordTable, STATIC_MODEL_ID, words } from "../../src/models/static-embedder.ts";
import { calibrated } from "../../src/retrieval/hybrid.ts";

const embedder = await loadStaticEmbedder();
const embed = (t: string) => embedder.embedSync!([t])[0]!;
const related = (a: string, b: string) => calibrated(embed(a), embed(b), embedder.commonDirection);

describe("the embedded static embedder", () => {
  test("is synchronous, 256-dimensional, and names its model", () => {
    expect(embedder.model).toBe(STATIC_MODEL_ID);
    expect(embedder.dims).toBe(256);
    expect(typeof embedder.embedSync).toBe("function");
  });

  test("gives unit vectors, the same for the same text", () => {
    const v = embed("Caroline adopted a golden retriever.");
    expect(Math.hypot(...v)).toBeCloseTo(1, 5);
    expect([...embed("Caroline adopted a golden retriever.")]).toEqual([...v]);
  });

  test("a text with no known word has an all-zero vector", () => {
    expect(embed("zzqx qqzv").every((x) => x === 0)).toBe(true);
    expect(embed("").every((x) => x === 0)).toBe(true);
  });

  test.each([
    [
      "What pet does she have?",
      "She adopted a golden retriever puppy.",
      "The quarterly budget review is due on Friday.",
    ],
    ["musician", "Omar plays the violin in a string quartet.", "Priya is allergic to peanuts."],
    ["What kind of vehicle does he drive?", "Jon bought a red electric car.", "Dana is learning to speak Japanese."],
  ])("a paraphrase is nearer than an unrelated text: %p", (query, paraphrase, unrelated) => {
    expect(related(query, paraphrase)).toBeGreaterThan(related(query, unrelated) + 0.1);
  });

  test("splits text into lower-case words and numbers", () => {
    expect(words("Caroline's 2 dogs, ÉCOLE!")).toEqual(["caroline", "s", "2", "dogs", "école"]);
  });

  test("refuses a file that is not a word table", () => {
    expect(() => parseWordTable(new Uint8Array(32))).toThrow("EWT1");
  });
});
