// The project's memory policy, end to end through the API: secrets never reach storage (not even
// the durable job), excluded categories are not formed, and every key of the project shares it.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createHarness, type Harness } from "../helpers.ts";

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(() => h.close());

const SECRET = "sk-proj-Zq8vW3nR5tY7uI9oP1aS2dF4gH6jK8lL";
const stored = () => {
  const rows = h.engram.db
    .query<{ t: string }, []>(
      "SELECT payload AS t FROM jobs UNION ALL SELECT content FROM memories UNION ALL SELECT content FROM memory_versions",
    )
    .all();
  return rows.map((r) => r.t).join("\n");
};
const contents = async () =>
  ((await (await h.call("GET", "/v1/memories")).json()).data as Array<{ content: string }>).map((m) => m.content);

describe("the memory policy", () => {
  test("by default secrets are redacted before the job is stored, and a statement about a credential is not formed", async () => {
    await h.call("POST", "/v1/memories", {
      body: { content: `My OpenAI key is ${SECRET}. I love green tea.`, occurred_at: "2024-01-01" },
    });
    await h.call("POST", "/v1/memories", {
      body: { content: `Deploy token ${SECRET} goes in the vault`, infer: false },
    });
    await h.call("POST", "/v1/memories/import", {
      body: {
        messages: [{ role: "user", speaker: "Ana", content: `My card is 4111 1111 1111 1111 and I live in Lisbon.` }],
      },
    });
    await h.form();
    expect(stored()).not.toContain(SECRET);
    expect(stored()).not.toContain("4111 1111 1111 1111");
    const all = await contents();
    expect(all).toContain("The user loves green tea.");
    expect(all).toContain("Deploy token [redacted] goes in the vault");
    expect(all.some((c) => c.includes("Lisbon"))).toBe(true);
  });

  test("a project that turns redaction off stores the text as given", async () => {
    h.engram.accounts.setPolicy(h.project.projectId, { redactSecrets: false });
    await h.call("POST", "/v1/memories", { body: { content: `Staging token ${SECRET} is for tests`, infer: false } });
    await h.form();
    expect(await contents()).toEqual([`Staging token ${SECRET} is for tests`]);
  });

  test("excluded categories are not formed, for every key of the project", async () => {
    h.engram.accounts.setPolicy(h.project.projectId, { excludeCategories: ["health"] });
    const second = h.engram.accounts.createKey({ projectId: h.project.projectId, name: "second" }).key;
    await h.call("POST", "/v1/memories", {
      key: second,
      body: { content: "Ana is allergic to peanuts. Ana plays the cello." },
    });
    await h.form();
    expect(await contents()).toEqual(["Ana plays the cello."]);
    expect(h.engram.accounts.policy(h.project.projectId)).toMatchObject({
      exclude_categories: ["health"],
      redact_secrets: true,
      assistant_commitments: false,
    });
  });

  test("an unknown category is refused with the known ones named", () => {
    expect(() => h.engram.accounts.setPolicy(h.project.projectId, { excludeCategories: ["gossip"] })).toThrow(
      /Unknown categories: gossip/,
    );
  });
});
