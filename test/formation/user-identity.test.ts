// The user is a person, not "I" (issue 11, point 2), through the API on real SQLite: a passage's
// first person is the scope's user; a name said once names the user in later writes of the same
// scope.user_id; a question naming the user finds the facts formed before the name was known.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { fixedClock } from "../../src/shared/clock.ts";
import { createHarness, type Harness } from "../helpers.ts";

let h: Harness;
beforeEach(async () => {
  h = await createHarness({ clock: fixedClock("2026-11-23T10:00:00.000Z") });
});
afterEach(async () => {
  await h.close();
});

async function create(content: string, userId: string, occurredAt = "2026-11-20") {
  const r = await h.call("POST", "/v1/memories", {
    body: { content, occurred_at: occurredAt, scope: { user_id: userId } },
  });
  expect(r.status).toBe(202);
  await h.form();
}

async function contents(userId: string): Promise<string[]> {
  const r = await h.call("GET", `/v1/memories?user_id=${userId}&limit=20`);
  return ((await r.json()) as { data: Array<{ content: string }> }).data.map((m) => m.content).sort();
}

describe("the user of a scope", () => {
  test("first person in a passage is 'the user' until a name is said, then the name, in later writes too", async () => {
    await create("I'm allergic to peanuts.", "u1");
    await create("Hi! I am Dana, a backend engineer at Stripe. I moved from Lisbon to Berlin last March.", "u1");
    await create("I have a sister in Porto.", "u1");
    await create("I play the cello.", "u2"); // another user of the project stays unnamed
    expect(await contents("u1")).toEqual([
      "Dana has a sister in Porto.",
      "Dana is a backend engineer at Stripe.",
      "Dana moved from Lisbon to Berlin in March 2026.",
      "The user is allergic to peanuts.",
      "The user's name is Dana.",
    ]);
    expect(await contents("u2")).toEqual(["The user plays the cello."]);
  });

  test("a name typed in lower case names the user when it can be nothing else ('sorry im carla btw'), not 'im tired btw'", async () => {
    const r = await h.call("POST", "/v1/memories/import", {
      body: {
        scope: { user_id: "u3" },
        messages: [
          { role: "user", content: "can u help me budget, i just got a raise to 41k" },
          { role: "assistant", content: "Congratulations! Happy to help. What should I call you?" },
          { role: "user", content: "sorry im carla btw. im tired btw, long week" },
        ],
      },
    });
    expect(r.status).toBe(202);
    await h.form();
    const texts = await contents("u3");
    expect(texts.some((t) => t.startsWith("Carla "))).toBe(true);
    // The introduction itself is a memory of the name; nothing else says "the user".
    expect(texts).toContain("The user's name is Carla.");
    expect(texts.join(" ")).not.toMatch(/\b[Tt]he user\b(?!'s name is Carla)|\bTired\b|Carla is Carla/);
    expect(texts).toContain("Carla is tired, long week.");
    expect(texts.join(" ")).not.toContain("help"); // "can u help me budget" is a request, as "can you help me" is
  });

  test("a name the lexicon does not know ('btw im priya') names the user once the assistant writes it as a name", async () => {
    const chat = (reply: string) => [
      { role: "user", content: "my supervisor wants a full draft by end of august" },
      { role: "assistant", content: "That's doable. What else is on your plate?" },
      { role: "user", content: "btw im priya. i work at the library 12 hrs a week" },
      { role: "assistant", content: reply },
    ];
    for (const [user, reply] of [
      ["u4", "Thanks, Priya. Here is a plan."],
      ["u5", "Thanks! Here is a plan."],
    ] as const) {
      const r = await h.call("POST", "/v1/memories/import", {
        body: { scope: { user_id: user }, messages: chat(reply) },
      });
      expect(r.status).toBe(202);
    }
    await h.form();
    const named = await contents("u4");
    expect(named).toContain("The user's name is Priya.");
    expect(named.some((t) => t.startsWith("Priya's supervisor wants a full draft by the end of August"))).toBe(true);
    // Unconfirmed, "priya" may be any word the lexicon lacks ("btw im knackered"): the user stays "the user".
    expect((await contents("u5")).join(" ")).not.toMatch(/Priya/);
  });

  test("the memory's occurred_at is the event's time, not the request's", async () => {
    await create("I moved from Lisbon to Berlin last March.", "u1");
    const r = await h.call("GET", "/v1/memories?user_id=u1");
    const [m] = ((await r.json()) as { data: Array<{ content: string; occurred_at: string }> }).data;
    expect(m).toMatchObject({ content: "The user moved from Lisbon to Berlin in March 2026." });
    expect(m!.occurred_at.slice(0, 10)).toBe("2026-03-01");
  });

  test("a question naming the user finds the facts formed before the name was known", async () => {
    await create("I live in Paris.", "u2");
    await create("I live in Berlin, in Kreuzberg.", "u1");
    await create("My name is Dana.", "u1");
    const r = await h.call("POST", "/v1/memories/search", { body: { query: "Where does Dana live?", limit: 3 } });
    const found = ((await r.json()) as { data: Array<{ content: string }> }).data.map((m) => m.content);
    expect(found[0]).toBe("The user lives in Berlin, in Kreuzberg.");
  });

  test("asked within a named user's scope, 'the user' is that user by name, not the word 'user'", async () => {
    await create("Hi, I'm Tom. I have a BahnCard 50.", "u3");
    await create("I always take the window seat. I hate long paragraphs.", "u3");
    expect(await contents("u3")).toContain("The user's name is Tom.");
    const ask = async (query: string) => {
      const r = await h.call("POST", "/v1/memories/search", { body: { query, scope: { user_id: "u3" }, limit: 1 } });
      return ((await r.json()) as { data: Array<{ content: string }> }).data.map((m) => m.content);
    };
    // Only "The user's name is Tom." says "user": it ranked first for every question about the user.
    expect(await ask("Which rail discount card does the user have?")).toEqual(["Tom has a BahnCard 50."]);
    expect(await ask("How should answers to the user be written?")).toEqual(["Tom hates long paragraphs."]);
  });

  test("a name no memory of an unnamed user's scope says is the user: context answers 'What's the issue with Ewan's knee?'", async () => {
    const r = await h.call("POST", "/v1/memories/import", {
      body: {
        scope: { user_id: "u6" },
        messages: [
          { role: "user", content: "first ultra. thames path 50k in september. right knee niggly last 3 wks" },
          { role: "assistant", content: "Good goal. What did the physio say?" },
          { role: "user", content: "physio says ITB irritation, nothing structural. starts hurting after ~12k" },
          { role: "assistant", content: "Noted." },
          { role: "user", content: "gels make me feel sick. metric only pls" },
        ].map((m) => ({ ...m, occurred_at: "2026-03-16T07:30:00Z" })),
      },
    });
    expect(r.status).toBe(202);
    await create("I'm Ewan and I play the cello.", "u7"); // another user of the project with that name
    const ask = async (path: string, query: string) =>
      h.call("POST", `/v1/memories/${path}`, { body: { query, scope: { user_id: "u6" } } });
    const context = await ask("context", "What's the issue with Ewan's knee?");
    expect(context.status).toBe(200);
    expect(((await context.json()) as { context: string }).context).toContain("ITB irritation");
    const recalled = (await (await ask("recall", "What makes Ewan feel sick?")).json()) as { content?: string };
    expect(recalled.content).toMatch(/gels make the user feel sick/i);
    // A name the scope's memories say is theirs, not the user's: "Who is Hannah?" is no question of the user.
    await create("My physio is Hannah.", "u6");
    const hannah = (await (await ask("recall", "What does Hannah do for a living?")).json()) as { content?: string };
    expect(hannah.content ?? "").not.toMatch(/gels|metric/);
  });
});
