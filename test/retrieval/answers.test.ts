// What an agent reads answers the question (issue 12), through the API on real SQLite: context puts
// the answers first, each fact once, grouped by subject with dates written out; recall answers
// not_found when the asked attribute is said of someone else; after a change of mind the current
// fact is what search, recall and context give.
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

const post = async (path: string, body: unknown) => {
  const r = await h.call("POST", `/v1/memories/${path}`, { body });
  return { status: r.status, body: await r.json() };
};

/** Memories stored as written (no inference), then formed. */
async function storeAsIs(contents: string[]) {
  for (const content of contents) {
    const r = await h.call("POST", "/v1/memories", { body: { content, infer: false, occurred_at: "2023-07-15" } });
    expect(r.status).toBe(202);
  }
  await h.form();
}

/** A two-person chat, imported and formed. */
async function chat(turns: Array<[string, string]>, occurredAt = "2023-06-26T10:00:00Z") {
  const r = await h.call("POST", "/v1/memories/import", {
    body: {
      messages: turns.map(([speaker, content]) => ({ role: "user", speaker, content, occurred_at: occurredAt })),
    },
  });
  expect(r.status).toBe(202);
  await h.form();
}

const FRIENDS: Array<[string, string]> = [
  ["Caroline", "I made a stained glass window for the local church."],
  ["Melanie", "That's beautiful! I signed up for a pottery class this week."],
  ["Caroline", "I also go to an LGBTQ support group every Tuesday."],
  ["Melanie", "My kids love dinosaurs, we went to the museum on Saturday."],
  ["Caroline", "I have been researching adoption agencies."],
  ["Melanie", "I play the clarinet in a community band."],
];

describe("recall knows what is not known", () => {
  test("the attribute asked of one person but said of another is not_found; asked of the right one, it is the answer", async () => {
    await chat(FRIENDS);
    const wrong = await post("recall", { query: "What did Melanie make for the local church?" });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toEqual({ object: "memory", status: "not_found" });
    const right = await post("recall", { query: "What did Caroline make for the local church?" });
    expect(right.body.content).toContain("stained glass window");
    const instrument = await post("recall", { query: "Which instrument does Caroline play?" });
    expect(instrument.body.status).toBe("not_found");
    expect((await post("recall", { query: "Which instrument does Melanie play?" })).body.content).toContain("clarinet");
  });

  test("a story that names the person asked about in one sentence and says the thing of another in the next is not their answer", async () => {
    await chat([
      ["Melanie", "How was your month?"],
      ["Caroline", "Your pottery inspired me, Melanie! I made a stained glass window for the local church."],
      ["Melanie", "Wow! I play the clarinet in a community band, by the way."],
    ]);
    const story = (await post("search", { query: "stained glass window", limit: 1 })).body.data[0].content;
    expect(story).toMatch(/Melanie.*\. Caroline made a stained glass window/);
    const wrong = await post("recall", { query: "What did Melanie make for the local church?" });
    expect(wrong.body).toEqual({ object: "memory", status: "not_found" });
    const right = await post("recall", { query: "What did Caroline make for the local church?" });
    expect(right.body.content).toContain("stained glass window");
  });

  test("a scope user's facts formed before the name was known still answer a question naming the user", async () => {
    for (const content of ["I live in Berlin.", "I'm Dana, by the way."]) {
      expect((await h.call("POST", "/v1/memories", { body: { content, scope: { user_id: "dana" } } })).status).toBe(
        202,
      );
      await h.form();
    }
    for (const content of ["I live in Oslo and teach music."])
      await h.call("POST", "/v1/memories", { body: { content, scope: { user_id: "sam" } } });
    await h.form();
    const r = await post("recall", { query: "Where does Dana live?" });
    expect(r.body.content).toBe("The user lives in Berlin.");
  });
});

describe("context answers first", () => {
  test("the answer leads, facts come once, grouped by subject with spelled-out dates", async () => {
    await chat(FRIENDS);
    await chat(
      [
        ["Caroline", "I went to an LGBTQ support group yesterday and it was powerful."],
        ["Melanie", "So glad! I painted a lake sunrise for my kids."],
      ],
      "2023-05-08T10:00:00Z",
    );
    const c = await post("context", { query: "When did Caroline go to the LGBTQ support group?" });
    expect(c.status).toBe(200);
    const lines: string[] = c.body.context.split("\n");
    const first = lines.find((l) => l.startsWith("- "))!;
    expect(first).toContain("support group");
    // "yesterday" resolved: the line says its date, so no "(7 May 2023)" repeats it after the line
    expect(first).toContain("7 May 2023");
    expect(first).not.toContain("(7 May 2023)");
    expect(c.body.context).toContain("(26 June 2023)"); // a line that does not say its date has it after
    expect(c.body.context.length).toBeLessThanOrEqual(1_000);
    // grouped: every line about Caroline comes before every line about Melanie (or Caroline's group is headed)
    const headed = lines.filter((l) => !l.startsWith("- "));
    if (headed.length) expect(headed[0]).toBe("Caroline:");
    const texts = lines.filter((l) => l.startsWith("- "));
    expect(new Set(texts).size).toBe(texts.length);
    // each memory once; memories of one date share a line ("goes every Tuesday" is a habit, dated by its message)
    expect(new Set(c.body.memory_ids).size).toBe(c.body.memory_ids.length);
    expect(c.body.memory_ids.length).toBeGreaterThanOrEqual(texts.length);
  });

  test("after the best answer, the others keep only their sentences that share a word with the question", async () => {
    const camps = [
      "Melanie went camping in the forest with her kids. The kids loved the stories by the fire and still talk about them every single night before they go to bed.",
      "Melanie camped in the mountains last summer. She says the view from the top was amazing and unforgettable, and the long walk up through the pines was worth every single step.",
      "Melanie camped on the beach with her family. They roasted marshmallows and watched the stars until late, wrapped in warm blankets against the cold wind from the sea.",
    ];
    await storeAsIs(camps);
    const c = await post("context", { query: "Where has Melanie camped?" });
    expect(c.status).toBe(200);
    const text: string = c.body.context;
    for (const place of ["forest", "mountains", "beach"]) expect(text).toContain(place);
    expect(c.body.memory_ids).toHaveLength(3);
    // the best memory is whole; the two others lost the sentence that says nothing of camping
    const tails = ["stories by the fire", "view from the top", "roasted marshmallows"];
    expect(tails.filter((t) => text.includes(t))).toHaveLength(1);
    const best = (await post("search", { query: "Where has Melanie camped?" })).body.data[0].content as string;
    expect(text).toContain(best);
  });

  test("a short answer after the best is kept whole: its second sentence may be the answer", async () => {
    const paintings = [
      "Caroline's painting for the art show was inspired by the sunsets she watched on the beach in Tahoe last summer with her friends.",
      "Caroline painted this after she visited an LGBTQ center. She wanted to capture everyone's unity and strength.",
    ];
    await storeAsIs(paintings);
    const c = await post("context", { query: "What inspired Caroline's painting?" });
    expect(c.status).toBe(200);
    expect(c.body.memory_ids).toHaveLength(2);
    expect(c.body.context).toContain("sunsets");
    expect(c.body.context).toContain("unity and strength");
  });
});

describe("current facts win", () => {
  test("after a change of mind, search, recall and context give the new fact, never the old one", async () => {
    const say = async (content: string, at: string) => {
      const r = await h.call("POST", "/v1/memories", {
        body: { content, occurred_at: at, scope: { user_id: "dana" } },
      });
      expect(r.status).toBe(202);
      await h.form();
    };
    await say("I'm Dana. I live in Lisbon.", "2026-01-10");
    await say("I moved to Berlin, I live in Berlin now.", "2026-06-01");
    const found = await post("search", { query: "Where does Dana live?", limit: 10 });
    const contents: string[] = found.body.data.map((m: { content: string }) => m.content);
    expect(contents[0]).toContain("Berlin");
    expect(contents.some((t) => t.includes("Lisbon") && !t.includes("Berlin"))).toBe(false);
    expect((await post("recall", { query: "Where does Dana live?" })).body.content).toContain("Berlin");
    const c = await post("context", { query: "Where does Dana live?" });
    expect(c.body.context).toContain("Berlin");
    expect(c.body.context).not.toMatch(/lives in Lisbon/);
  });
});

describe("questions across sessions", () => {
  const store = async (content: string, occurredAt: string) => {
    const r = await h.call("POST", "/v1/memories", { body: { content, infer: false, occurred_at: occurredAt } });
    expect(r.status).toBe(202);
  };

  test("'first' ranks the earliest event of the matches first, 'most recently' the latest", async () => {
    await store("Dana started learning the violin with a teacher.", "2023-03-01");
    await store("Dana started learning the piano with a teacher.", "2019-03-01");
    await store("Dana started learning the guitar with a teacher.", "2021-03-01");
    await h.form();
    const first = await post("search", { query: "Which instrument did Dana start learning first?" });
    expect(first.body.data[0].content).toContain("piano");
    const last = await post("search", { query: "Which instrument did Dana start learning most recently?" });
    expect(last.body.data[0].content).toContain("violin");
    const scores: number[] = last.body.data.map((m: { score: number }) => m.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  test("a question naming a day finds that day's memory among many that share more words with it", async () => {
    // Many memories on other days share "new", "activity", "start", "June" with the question; the one of the day
    // asked about shares only the name and "start".
    const hobbies = ["rock climbing", "salsa", "knitting", "chess", "archery", "rowing", "baking", "poetry"];
    for (let i = 0; i < 150; i++)
      await store(
        `Maria started ${hobbies[i % 8]} as a new activity in June, new activity number ${i + 1}.`,
        `2023-${String(1 + (i % 5)).padStart(2, "0")}-${String(10 + (i % 15)).padStart(2, "0")}`,
      );
    await store("Maria just started volunteering at a local dog shelter once a month.", "2023-06-03");
    await h.form();
    const r = await post("search", {
      query: "What new activity did Maria start, as mentioned on 3 June, 2023?",
      limit: 5,
    });
    expect(r.body.data[0].content).toContain("dog shelter");
    const scores: number[] = r.body.data.map((m: { score: number }) => m.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  test("a question joining two people is asked for each: both people's facts are in the top results", async () => {
    // Jon's many matching memories would fill the top of one query for both.
    await store("Gina spent a week in Rome with her sister.", "2023-02-01");
    for (let i = 0; i < 12; i++)
      await store(`Jon visited the city museum of Paris, visit number ${i + 1}.`, "2023-01-01");
    await h.form();
    const r = await post("search", { query: "Which city have both Jon and Gina visited?", limit: 5 });
    const contents: string[] = r.body.data.map((m: { content: string }) => m.content);
    expect(contents.slice(0, 2).some((c) => c.startsWith("Gina"))).toBe(true);
    expect(contents.slice(0, 2).some((c) => c.startsWith("Jon"))).toBe(true);
    const scores: number[] = r.body.data.map((m: { score: number }) => m.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });
});

describe("a question asking for several things is answered from several days", () => {
  test("'What has Melanie painted?' brings the paintings of other days into the top results; 'What did ...' does not", async () => {
    const store = async (content: string, occurredAt: string) => {
      const r = await h.call("POST", "/v1/memories", { body: { content, infer: false, occurred_at: occurredAt } });
      expect(r.status).toBe(202);
    };
    // One day's many paintings (of one sunset) would fill the top of the list.
    for (const [i, detail] of [
      "at the lake",
      "with the kids",
      "in oils",
      "on canvas",
      "at dusk",
      "for a friend",
    ].entries())
      await store(`Melanie painted the lake sunset ${detail}, painting number ${i + 1}.`, "2023-05-08");
    await store("Melanie shared a painting of a horse she painted on a wooden wall.", "2023-08-14");
    await store("Melanie painted a sunrise over the hills with her kids.", "2023-10-02");
    await h.form();
    const days = async (query: string) =>
      new Set(
        ((await post("search", { query, limit: 4 })).body.data as Array<{ occurred_at: string }>).map((m) =>
          m.occurred_at.slice(0, 10),
        ),
      );
    expect(await days("What did Melanie paint at the lake?")).toEqual(new Set(["2023-05-08"]));
    expect((await days("What has Melanie painted?")).size).toBeGreaterThanOrEqual(3);
    const scores: number[] = (await post("search", { query: "What has Melanie painted?" })).body.data.map(
      (m: { score: number }) => m.score,
    );
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });
});

describe("a question about an attribute finds the fact that states it in other words", () => {
  test("'Where does Dana live?' and 'Where does Dana work?' answer from 'moved to Berlin' and 'engineer at Stripe', over many notes naming Dana", async () => {
    const create = async (content: string, occurredAt: string) => {
      const r = await h.call("POST", "/v1/memories", {
        body: { content, occurred_at: occurredAt, scope: { user_id: "dana" } },
      });
      expect(r.status).toBe(202);
    };
    await create(
      "Hi! I am Dana, a backend engineer at Stripe. I moved from Lisbon to Berlin last March. I am vegetarian.",
      "2026-11-20",
    );
    const people = ["Tomas", "Ines", "Marek", "Yuki", "Olu", "Priya", "Sven", "Lea", "Omar", "Zoe", "Ravi", "Nina"];
    for (const [i, p] of people.entries())
      await create(
        `Today I met ${p} for coffee and we talked about the payments ledger migration.`,
        `2026-10-${10 + i}`,
      );
    await h.form();
    const top = async (query: string) =>
      ((await post("search", { query, limit: 3 })).body.data as Array<{ content: string }>).map((m) => m.content);
    expect((await top("Where does Dana live?"))[0]).toContain("Berlin");
    expect((await top("Where does Dana work?"))[0]).toContain("Stripe");
    expect((await post("recall", { query: "Where does Dana live?" })).body.content).toContain("Berlin");
    expect((await post("recall", { query: "What is Dana's job?" })).body.content).toContain("engineer");
  });
});
