// Secrets are never stored: API keys, tokens, passwords and card numbers are redacted, and a
// statement about a credential is dropped (it has no value without it).
import { afterEach, describe, expect, test } from "bun:test";
import { createPolicyStore } from "../../src/formation/policy.ts";
import { findSecrets, hasSecret, redactSecrets, scrubStatement } from "../../src/formation/secrets.ts";
import type { Harness } from "../helpers.ts";
import { active, harness, importMessages, NOW, remember } from "./api-support.ts";
import { contents, say } from "./embedded-support.ts";

const OPENAI_KEY = "sk-proj-Zx81QmT4vW0pLs9KdR2hYb7N";
const GITHUB_TOKEN = "ghp_k2J8dLq0Wm4Zr7Tn1Xy5Pb9Hc3Vf6Gs0Ae2R";
const CARD = "4111 1111 1111 1111";

describe("finding secrets", () => {
  test.each([
    [`My key is ${OPENAI_KEY} for the bot`, OPENAI_KEY],
    [`use ${GITHUB_TOKEN} to push`, GITHUB_TOKEN],
    ["AWS AKIAIOSFODNN7EXAMPLE here", "AKIAIOSFODNN7EXAMPLE"],
    [
      "jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U ok",
      "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    ],
    [`card ${CARD} expires soon`, CARD],
    ["my password is hunter2.", "hunter2"],
    ["The wifi password: Tr0ub4dor&3", "Tr0ub4dor&3"],
    ['my password is "correct horse" honestly', "correct horse"],
    ["PIN: 4821", "4821"],
    ["ssn 123-45-6789", "123-45-6789"],
    ["IBAN DE89 3704 0044 0532 0130 00", "DE89 3704 0044 0532 0130 00"],
  ])("in %p finds %p", (text, secret) => {
    const spans = findSecrets(text);
    expect(spans.map((s) => text.slice(s.start, s.end))).toContain(secret);
    expect(redactSecrets(text)).not.toContain(secret);
    expect(redactSecrets(text)).toContain("[redacted]");
  });

  test.each([
    "The secret to good bread is time.",
    "She has a secret garden.",
    "Call me at 555-123-4567.",
    "Order 1234 5678 9012 3456 arrived.", // not a valid card number (Luhn)
    "I pinned the photo to the wall.",
    "The key to success is hard work.",
    "Caroline ran 10 km in 52 minutes on 7 May 2023.",
  ])("ordinary text holds no secret: %p", (text) => {
    expect(hasSecret(text)).toBe(false);
    expect(redactSecrets(text)).toBe(text);
  });

  test("a statement about a credential is dropped; a statement that merely contains a secret keeps its meaning", () => {
    expect(scrubStatement("Sam's password is hunter2.")).toBeNull();
    expect(scrubStatement(`Sam's OpenAI key is ${OPENAI_KEY}.`)).toBeNull();
    expect(scrubStatement(`Sam paid for the flights with ${CARD}.`)).toBe("Sam paid for the flights with [redacted].");
    expect(scrubStatement("Sam likes tea.")).toBe("Sam likes tea.");
  });
});

describe("the embedded extractor never forms a secret", () => {
  test("a chat message with keys, passwords and a card keeps its other facts only", () => {
    const facts = contents(
      say(
        "Sam",
        `My API key is ${OPENAI_KEY}. I moved to Porto last year. The wifi password is Tr0ub4dor&3. I booked the hotel with my card ${CARD}, it was cheap.`,
        { participants: ["Sam", "Ana"] },
      ),
    );
    expect(facts).toEqual([
      "Sam moved to Porto in 2023.",
      "Sam booked the hotel with Sam's card [redacted], it was cheap.",
    ]);
  });
});

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

/** Every place a memory's text is kept: memories, their versions, the full-text index. */
function storedTexts(h: Harness): string {
  const db = h.engram.db;
  return [
    ...db.query<{ t: string }, []>("SELECT content AS t FROM memories").all(),
    ...db.query<{ t: string }, []>("SELECT content AS t FROM memory_versions").all(),
    ...db.query<{ t: string }, []>("SELECT content AS t FROM memories_fts").all(),
  ]
    .map((r) => r.t)
    .join("\n");
}

describe("secrets through the API", () => {
  test("neither a create nor an import stores a raw secret in memories, versions or the search index", async () => {
    h = await harness();
    await remember(
      h,
      `Our staging key is ${GITHUB_TOKEN}. The team moved to the Lisbon office in 2022. Card for expenses: ${CARD}.`,
    );
    await importMessages(h, [
      { speaker: "Sam", content: `Here's my key ${OPENAI_KEY} and my password is hunter2.` },
      { speaker: "Sam", content: "I started a pottery class yesterday." },
    ]);
    await remember(h, `Sam's backup code is ${OPENAI_KEY}`, { infer: false });
    const texts = storedTexts(h);
    for (const secret of [GITHUB_TOKEN, OPENAI_KEY, CARD, "hunter2"]) expect(texts).not.toContain(secret);
    expect(active(h).map((m) => m.content)).toEqual(
      expect.arrayContaining([
        "The team moved to the Lisbon office in 2022.",
        "Sam started a pottery class on 14 March 2024.",
        "Sam's backup code is [redacted]",
      ]),
    );
  });

  test("a project that turns redaction off stores what it was told", async () => {
    h = await harness();
    createPolicyStore(h.engram.db).set(h.project.projectId, { redactSecrets: false }, NOW);
    await remember(h, `The build token is ${GITHUB_TOKEN}.`);
    expect(active(h).map((m) => m.content)).toEqual([`The build token is ${GITHUB_TOKEN}.`]);
  });
});
