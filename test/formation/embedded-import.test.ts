// The embedded extractor behind the public API: an import forms standalone facts with their
// sources, links memories about the same person, and honours the project's memory policy.
import { afterEach, describe, expect, test } from "bun:test";
import { createPolicyStore } from "../../src/formation/policy.ts";
import type { Harness } from "../helpers.ts";
import { active, find, harness, importMessages, inspect, NOW, remember, writesUsed } from "./api-support.ts";

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const CHAT = [
  {
    speaker: "Sara",
    content: "Hi Tom! Guess what, my partner Dan got a job as a chef in Lisbon!",
    occurred_at: "2024-03-10T18:00:00Z",
  },
  { speaker: "Tom", content: "No way! That's amazing, congrats to him!", occurred_at: "2024-03-10T18:01:00Z" },
  {
    speaker: "Sara",
    content: "Thanks! Dan cooked paella for my birthday yesterday.",
    occurred_at: "2024-03-10T18:02:00Z",
  },
  {
    speaker: "Tom",
    content: "Sounds delicious. I started learning to surf last week.",
    occurred_at: "2024-03-10T18:03:00Z",
  },
  { speaker: "Sara", content: "Have fun! Talk soon.", occurred_at: "2024-03-10T18:04:00Z" },
];

describe("an import through the API", () => {
  test("forms one standalone fact per durable statement, each with the message it came from and the event's time", async () => {
    h = await harness();
    await importMessages(h, CHAT);
    expect(active(h).map((m) => m.content)).toEqual([
      "Sara's partner Dan got a job as a chef in Lisbon.",
      "Dan cooked paella for Sara's birthday on 9 March 2024.",
      "Tom started learning to surf in the week of 26 February 2024.",
    ]);
    const paella = await inspect(h, find(h, "paella").id);
    expect(paella.versions[0]!.source).toMatchObject({ type: "import", message_indexes: [2] });
    expect(paella.memory.occurred_at).toBe("2024-03-09T00:00:00.000Z");
    const surf = await inspect(h, find(h, "surf").id);
    expect(surf.versions[0]!.source.message_indexes).toEqual([3]);
  });

  test("charges one write per chunk and one per fact formed", async () => {
    h = await harness();
    await importMessages(h, CHAT);
    expect(writesUsed(h)).toBe(1 + 3);
  });

  test("memories about the same person are linked, and inspect names only active ones", async () => {
    h = await harness();
    await importMessages(h, CHAT);
    const job = find(h, "chef");
    const paella = find(h, "paella");
    const view = await inspect(h, paella.id);
    expect(view.relationships).toContainEqual(expect.objectContaining({ memory_id: job.id, content: job.content }));
    expect(view.relationships.every((r) => r.strength > 0 && r.strength <= 1)).toBe(true);
    expect(view.relationships.map((r) => r.memory_id)).not.toContain(find(h, "surf").id); // Tom's fact is not about Dan or Sara

    expect((await h.call("DELETE", `/v1/memories/${job.id}`)).status).toBe(202);
    await h.form();
    expect((await inspect(h, paella.id)).relationships.map((r) => r.memory_id)).not.toContain(job.id);
  });

  test("a passage's facts keep their sentence position as the source", async () => {
    h = await harness();
    await remember(h, "Ana Costa teaches piano in Braga. What a lovely town! She has two cats.");
    const cats = await inspect(h, find(h, "cats").id);
    expect(cats.memory.content).toBe("Ana Costa has two cats.");
    expect(cats.versions[0]!.source).toMatchObject({ type: "create", sentence: 1 });
    expect((await inspect(h, cats.memory.id)).relationships.map((r) => r.content)).toContain(
      "Ana Costa teaches piano in Braga.",
    );
  });
});

describe("the project's memory policy", () => {
  test("excluded categories are not stored, and nothing is charged for them", async () => {
    h = await harness();
    createPolicyStore(h.engram.db).set(h.project.projectId, { excludeCategories: ["health"] }, NOW);
    await importMessages(h, [
      { speaker: "Priya", content: "I'm allergic to penicillin. I was diagnosed with asthma in 2019." },
      { speaker: "Priya", content: "I love bouldering and I work as a nurse." },
    ]);
    expect(active(h).map((m) => m.content)).toEqual(["Priya loves bouldering.", "Priya works as a nurse."]);
    expect(writesUsed(h)).toBe(1 + 2);
  });

  test("the policy is per project: another project of the account keeps everything", async () => {
    h = await harness();
    createPolicyStore(h.engram.db).set(h.demo.projectId, { excludeCategories: ["health"] }, NOW);
    await remember(h, "Priya is allergic to penicillin.");
    expect(active(h).map((m) => m.content)).toEqual(["Priya is allergic to penicillin."]);
  });
});
