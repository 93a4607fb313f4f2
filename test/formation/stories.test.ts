// One memory per story in a chat between people: the sentences of a message that go on with what it
// began are one memory, so that the memory says what the feeling, the reason or the detail is about.
// A standing attribute (where someone lives, their job, their diet), a list of standing facts and a
// second dated event stay memories of their own; a user talking to an assistant, and a passage, keep one memory per statement.
import { afterEach, describe, expect, test } from "bun:test";
import { MAX_STORY } from "../../src/formation/embedded/stories.ts";
import type { Harness } from "../helpers.ts";
import { active, find, harness, importMessages, inspect } from "./api-support.ts";
import { contents, passage, say, withAssistant } from "./embedded-support.ts";

const FRIENDS = { participants: ["Caroline", "Melanie"] };

describe("a message between people tells one story", () => {
  test("a feeling about what the speaker just told is part of that memory, not a memory of its own", () => {
    const facts = say(
      "Caroline",
      "Thanks Mel! I'm going to a transgender conference this month. I'm so excited to meet other people in the community and learn more about advocacy. It's gonna be great!",
      FRIENDS,
    );
    expect(contents(facts)).toEqual([
      "Caroline is going to a transgender conference in March 2024. Caroline is so excited to meet other people in the community and learn more about advocacy.",
    ]);
    expect(facts[0]!.occurredAt).toBe("2024-03-01T00:00:00.000Z");
  });

  test("what a hobby is to the speaker stays with the hobby", () => {
    const [clarinet, ...rest] = contents(
      say(
        "Melanie",
        "Yeah, I play clarinet! Started when I was young and it's been great. Expression of myself and a way to relax.",
        FRIENDS,
      ),
    );
    expect(rest).toEqual([]);
    expect(clarinet).toStartWith("Melanie plays clarinet.");
    expect(clarinet).toContain("a way to relax");
  });

  test("a standing attribute stays a memory of its own, so that a later change versions it alone", () => {
    expect(
      contents(say("Melanie", "Also I am vegetarian now, since January. And I sold my old Honda.", FRIENDS)),
    ).toEqual(["Melanie is vegetarian now, since January 2024.", "Melanie sold Melanie's old Honda."]);
    const job = contents(
      say(
        "Melanie",
        "I work as a nurse at the children's hospital. The night shifts are brutal but the kids make it worth it.",
        FRIENDS,
      ),
    );
    expect(job[0]).toBe("Melanie works as a nurse at the children's hospital.");
    expect(job).toHaveLength(2);
  });

  test("a list of standing facts is no story: each is a memory a later change may undo alone", () => {
    expect(
      contents(say("Melanie", "I play the piano. I like to sing. I also know a little bit of Spanish.", FRIENDS)),
    ).toEqual(["Melanie plays the piano.", "Melanie likes to sing.", "Melanie also knows a little bit of Spanish."]);
  });

  test("two events with dates of their own are two memories, each at its time", () => {
    const facts = say(
      "Melanie",
      "I went to a pottery fair yesterday. Next week I'm flying to Rome for my cousin's wedding.",
      FRIENDS,
    );
    expect(facts.map((f) => [f.content, f.occurredAt])).toEqual([
      ["Melanie went to a pottery fair on 14 March 2024.", "2024-03-14T00:00:00.000Z"],
      [
        "In the week of 18 March 2024 Melanie is flying to Rome for Melanie's cousin's wedding.",
        "2024-03-18T00:00:00.000Z",
      ],
    ]);
  });

  test("a statement with a date of its own is another event: the news before it keeps its own time", () => {
    const [job, wedding] = say(
      "Caroline",
      "I got the job at the design studio! Also my sister is getting married in June.",
      FRIENDS,
    );
    expect([job!.content, job!.occurredAt]).toEqual([
      "Caroline got the job at the design studio.",
      "2024-03-15T10:00:00.000Z",
    ]);
    expect([wedding!.content, wedding!.occurredAt]).toEqual([
      "Caroline's sister is getting married in June 2024.",
      "2024-06-01T00:00:00.000Z",
    ]);
  });

  test(`a long message is told in memories of at most ${MAX_STORY} characters, nothing dropped`, () => {
    const long = [
      "I started a weekend yoga class with a colleague and it is a real change for me.",
      "I feel great, both mentally and physically, after each session at the studio by the river.",
      "I had been wanting to try yoga for a while after my back surgery and finally took the plunge in the spring.",
      "Simple stretching and breathing is having such a positive effect on my sleep and my mood at work.",
      "The instructor used to be a professional dancer in Lisbon and she corrects my posture every week.",
    ].join(" ");
    const facts = contents(say("Caroline", long, FRIENDS));
    expect(facts.length).toBeGreaterThan(1);
    for (const f of facts) expect(f.length).toBeLessThanOrEqual(MAX_STORY);
    const all = facts.join(" ");
    for (const word of ["yoga class", "mentally", "back surgery", "sleep", "professional dancer"])
      expect(all).toContain(word);
  });

  test("a user talking to an assistant tells a story too, line by line; a passage keeps one memory per statement", () => {
    const said = (text: string) =>
      withAssistant(["How should I plan my week?", text], "assistant", "2024-03-15T10:00:00.000Z");
    expect(said("I'm training for a half marathon in May. I run three times a week.")).toEqual([
      "The user is training for a half marathon in May 2024. The user runs three times a week.",
    ]);
    // A line of its own, a name, a labelled note and what the user wants of the assistant stand alone.
    expect(said("I'm training for a half marathon in May.\nI run three times a week.")).toHaveLength(2);
    expect(said("btw I'm Priya. I run three times a week.")).toEqual([
      "The user is Priya.",
      "The user runs three times a week.",
    ]);
    expect(said("Shoes: Brooks Ghost 15. I run three times a week.")).toHaveLength(2);
    expect(said("I run three times a week. Always give paces in km.")).toEqual([
      "The user runs three times a week.",
      "The user wants the assistant to always give paces in km.",
    ]);
    expect(contents(passage("I'm training for a half marathon in May. I run three times a week."))).toHaveLength(2);
  });
});

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

describe("stories through the API", () => {
  const CHAT = [
    { speaker: "Melanie", content: "Hey Caroline! How was your week?", occurred_at: "2024-03-10T18:00:00Z" },
    {
      speaker: "Caroline",
      content:
        "Busy! I'm going to a transgender conference this month. I'm so excited to meet other people in the community and learn more about advocacy.",
      occurred_at: "2024-03-10T18:01:00Z",
    },
    {
      speaker: "Melanie",
      content: "That's amazing! I live in Lisbon now, by the way.",
      occurred_at: "2024-03-10T18:02:00Z",
    },
  ];

  test("the memory that answers says what the excitement is about, with the message it came from", async () => {
    h = await harness();
    await importMessages(h, CHAT);
    const r = await h.call("POST", "/v1/memories/search", {
      body: { query: "What is Caroline excited to do at the conference?", limit: 3 },
    });
    expect(r.status).toBe(200);
    const best = ((await r.json()) as { data: Array<{ content: string }> }).data[0]!.content;
    expect(best).toContain("transgender conference");
    expect(best).toContain("learn more about advocacy");
    const story = await inspect(h, find(h, "advocacy").id);
    expect(story.versions[0]!.source).toMatchObject({ type: "import", message_indexes: [1] });
  });

  test("a move told later versions the place alone, leaving the story beside it untouched", async () => {
    h = await harness();
    await importMessages(h, CHAT);
    await importMessages(h, [
      {
        speaker: "Melanie",
        content: "Big news: I moved to Porto last week. The kids already love the beach here.",
        occurred_at: "2024-03-14T18:00:00Z",
      },
    ]);
    const texts = active(h).map((m) => m.content);
    expect(texts.some((t) => t.includes("Lisbon"))).toBe(false);
    expect(texts.some((t) => t.includes("Porto"))).toBe(true);
    expect(texts.some((t) => t.includes("learn more about advocacy"))).toBe(true);
  });
});
