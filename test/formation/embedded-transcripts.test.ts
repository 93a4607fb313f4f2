// The embedded extractor on transcripts and passages written for these tests: a user telling an
// assistant about their life, a chat between two friends, and a passage about a person.
import { describe, expect, test } from "bun:test";
import type { Fact } from "../../src/formation/extractor.ts";
import { contents, extractor, passage } from "./embedded-support.ts";

type Line = { role: string; speaker?: string; content: string };

function importOf(lines: Line[], at: string): Fact[] {
  const participants = [...new Set(lines.map((l) => l.speaker).filter((s): s is string => !!s))];
  return extractor.extract({
    kind: "messages",
    participants,
    messages: lines.map((l, index) => ({
      index,
      role: l.role,
      speaker: l.speaker ?? null,
      content: l.content,
      occurredAt: at,
    })),
  }) as Fact[];
}

/** What a user's chat with an assistant forms: [role, message] pairs, all at `at`. */
const chat = (at: string, lines: Array<["user" | "assistant", string]>): string[] =>
  contents(
    importOf(
      lines.map(([role, content]) => ({ role, content })),
      at,
    ),
  );

/** What a chat between named people forms: [speaker, message] pairs, all at `at`. */
const talk = (at: string, lines: Array<[string, string]>): string[] =>
  contents(
    importOf(
      lines.map(([speaker, content]) => ({ role: "user", speaker, content })),
      at,
    ),
  );

const ASSISTANT_CHAT: Line[] = [
  { role: "user", speaker: "Priya", content: "Hi! Can you help me plan my week?" },
  { role: "assistant", content: "Of course! Tell me a bit about yourself." },
  {
    role: "user",
    speaker: "Priya",
    content:
      "I'm a nurse at St Mary's Hospital in Leeds and I work night shifts. My daughter Asha started school last month. I'm allergic to penicillin.",
  },
  { role: "assistant", content: "Thanks for sharing. I'll keep that in mind. Do you have any hobbies?" },
  {
    role: "user",
    speaker: "Priya",
    content: "I love bouldering and I'm training for a half marathon in October. Oh, and I'm vegetarian.",
  },
  { role: "assistant", content: "That's great! How often do you train?" },
  { role: "user", speaker: "Priya", content: "Three times a week. Thanks!" },
];

describe("a user telling an assistant about their life", () => {
  const facts = importOf(ASSISTANT_CHAT, "2024-03-15T10:00:00.000Z");
  const texts = contents(facts);

  test.each([
    "Priya is a nurse at St Mary's Hospital in Leeds.",
    "Priya works night shifts.",
    "Priya's daughter Asha started school in February 2024.",
    "Priya is allergic to penicillin.",
    "Priya loves bouldering.",
    "Priya is training for a half marathon in October 2024.",
    "Priya is vegetarian.",
    // A short answer is fused with the question it answers.
    'Asked "How often does Priya train?", Priya answered "Three times a week".',
  ])("forms %p", (expected) => {
    expect(texts).toContain(expected);
  });

  test("forms those eight facts (one per clause with its own subject) and nothing else: no greeting, question, thanks or assistant chatter", () => {
    expect(texts).toHaveLength(8);
    expect(
      facts.every((f) => f.messageIndexes.length === 1 && ASSISTANT_CHAT[f.messageIndexes[0]!]!.role === "user"),
    ).toBe(true);
  });

  test("a plan for a month named without a year lies ahead; a past event dates the memory", () => {
    expect(facts.find((f) => f.content.includes("marathon"))!.occurredAt).toBe("2024-10-01T00:00:00.000Z");
    expect(facts.find((f) => f.content.includes("Asha"))!.occurredAt).toBe("2024-02-01T00:00:00.000Z");
    expect(facts.find((f) => f.content.includes("penicillin"))!.occurredAt).toBe("2024-03-15T10:00:00.000Z");
  });

  test("facts are categorised, and a health fact says so", () => {
    expect(facts.find((f) => f.content.includes("penicillin"))!.category).toBe("health");
    expect(facts.find((f) => f.content.includes("Asha"))!.category).toBe("relationship");
  });

  test("an unnamed user is 'the user', never a bare 'I'; an assistant's own words form nothing", () => {
    const unnamed = importOf(
      [
        { role: "user", content: "I moved to Glasgow last year and I work as a data analyst." },
        {
          role: "assistant",
          content: "I'll remember that you work as a data analyst. I can also help with spreadsheets.",
        },
      ],
      "2024-03-15T10:00:00.000Z",
    );
    expect(contents(unnamed)).toEqual(["The user moved to Glasgow in 2023.", "The user works as a data analyst."]);
  });

  test("what an assistant says about the user is context, not a memory: only the user's own words count", () => {
    const facts = importOf(
      [
        { role: "user", speaker: "Priya", content: "Hi there!" },
        { role: "assistant", content: "Noted: your sister Meera lives in Pune." },
      ],
      "2024-03-15T10:00:00.000Z",
    );
    expect(contents(facts)).toEqual([]);
  });
});

const FRIENDS_CHAT: Line[] = [
  { role: "user", speaker: "Tom", content: "Hey Sara! How was the weekend?" },
  {
    role: "user",
    speaker: "Sara",
    content: "Great, thanks! We finally adopted a rescue dog on Saturday. His name is Biscuit.",
  },
  { role: "user", speaker: "Tom", content: "No way, congrats! What breed?" },
  { role: "user", speaker: "Sara", content: "A beagle mix, two years old. My partner Dan picked him." },
  {
    role: "user",
    speaker: "Tom",
    content: "Love it. I'm still job hunting, by the way. Had an interview at Spotify yesterday.",
  },
  { role: "user", speaker: "Sara", content: "Fingers crossed for you! When will you hear back?" },
  { role: "user", speaker: "Tom", content: "Next Friday. I'm moving to Lisbon in June either way." },
  { role: "user", speaker: "Sara", content: "That's awesome! You're going to love it there. Good luck, Tom!" },
];

describe("a chat between two friends", () => {
  const facts = importOf(FRIENDS_CHAT, "2024-03-18T19:00:00.000Z");
  const texts = contents(facts);
  const by = (needle: string) => facts.find((f) => f.content.includes(needle));

  test("each speaker's news is theirs, by name, with its date", () => {
    expect(by("adopted a rescue dog")?.content).toMatch(/^Sara\b.* adopted a rescue dog on Saturday, 16 March 2024\.$/);
    expect(by("adopted a rescue dog")?.occurredAt).toBe("2024-03-16T00:00:00.000Z");
    // The interview has a date of its own: another event, not the job hunt's story.
    expect(texts).toContain("Tom had an interview at Spotify on 17 March 2024.");
    expect(texts).toContain("Tom is still job hunting.");
    expect(by("Spotify")?.occurredAt).toBe("2024-03-17T00:00:00.000Z");
    expect(texts).toContain("Tom is moving to Lisbon in June 2024 either way.");
    expect(texts).toContain("Sara's partner Dan picked him.");
  });

  test("'his name' after the dog the speaker adopted is the dog's name", () => {
    expect(texts).toContain("Sara's dog's name is Biscuit.");
  });

  test("greetings, congratulations, questions and wishes form nothing; an answer without a verb is fused with its question", () => {
    const fromIndexes = new Set(facts.flatMap((f) => f.messageIndexes));
    expect([...fromIndexes].sort()).toEqual([1, 3, 4, 6]);
    expect(texts.filter((t) => /\b(congrats|luck|fingers|awesome|weekend)\b/i.test(t))).toEqual([]);
    expect(texts).toContain('Asked "What breed?", Sara answered "A beagle mix, two years old".');
  });

  test("facts about a named person are linked to that person", () => {
    expect(by("Spotify")?.entities).toEqual(expect.arrayContaining(["Tom", "Spotify"]));
    expect(by("Biscuit")?.entities).toEqual(expect.arrayContaining(["Sara", "Biscuit"]));
  });
});

describe("she and he carried from the message before", () => {
  test("a user's 'she' after the assistant's reply is the sister the user spoke of", () => {
    const facts = importOf(
      [
        { role: "user", content: "My sister is visiting next week and I want to cook something nice." },
        {
          role: "assistant",
          content: "How lovely! Does she have any dietary restrictions?\n\n**Ideas:**\n- a pasta bake\n- a curry",
        },
        { role: "user", content: "She is vegetarian and she hates mushrooms." },
      ],
      "2024-03-15T10:00:00.000Z",
    );
    expect(contents(facts)).toContain("The user's sister is vegetarian. The user's sister hates mushrooms.");
  });

  test("a friend's reply between does not break it; someone new in the statement before does", () => {
    const said = talk("2023-07-03T20:43:00.000Z", [
      ["Maria", "My cousin just had a tough time, so I am helping her find a new place."],
      ["John", "That's so kind. How is she doing now?"],
      ["Maria", "Things have been tough. She had to leave her flat in a hurry."],
      ["John", "I hope it gets better."],
      ["Maria", "At the shelter I noticed a little girl sitting alone. She seemed so sad."],
    ]);
    expect(said).toContain("Maria's cousin had to leave her flat in a hurry.");
    expect(said.join(" ")).not.toContain("Maria's cousin seemed so sad");
    // In a passage too: "she" after "a little girl" is not the sister named before.
    expect(
      contents(passage("My sister Ana visited me. At the park we met a little girl. She was lost.")).join(" "),
    ).not.toContain("Ana was lost");
  });

  test("only someone surely a person is carried: not a capitalised word that opened a sentence", () => {
    const said = talk("2023-07-03T20:43:00.000Z", [
      ["Maria", "I just adopted a pup. She brings so much joy!"],
      ["John", "How cute! What's her name?"],
      ["Maria", "Her name is Shadow! She's full of energy."],
      ["John", "I adopted a pup too. Kudos to the shelter!"],
      ["Maria", "She must be lovely."],
    ]);
    expect(said).toContain("Maria's pup's name is Shadow. Shadow is full of energy.");
    expect(said.join(" ")).not.toMatch(/Kudos(?:'s| is| must)/);
  });
});

describe("they: the group a speaker spoke of", () => {
  test("a group opening a dropped statement, or the speaker's message before, is whom 'they' stands for", () => {
    const said = talk("2023-07-15T10:00:00.000Z", [
      ["Melanie", "The kids loved it! They were so excited to make something with clay."],
      ["Caroline", "Aww! How old are they now?"],
      ["Melanie", "They are 6 and 8."],
      ["Caroline", "Do you have pets?"],
      ["Melanie", "Luna and Oliver! They are so sweet and playful."],
    ]);
    expect(said).toContain("The kids were so excited to make something with clay.");
    expect(said).toContain("The kids are 6 and 8.");
    expect(said).toContain("Luna and Oliver are so sweet and playful.");
  });

  test("a kept statement is continued by 'they', and a bare plural or the other speaker's group is no antecedent", () => {
    const said = talk("2023-07-15T10:00:00.000Z", [
      ["Caroline", "My friends are my rocks. They motivate me."],
      ["Melanie", "Kids are amazing. Those lessons are fun."],
      ["Caroline", "They brighten up my day."],
    ]);
    expect(said).toContain("Caroline's friends are Caroline's rocks. They motivate Caroline.");
    expect(said.join(" ")).not.toMatch(/(?:Kids|Those lessons) brighten/);
  });
});

describe("a user's note to an assistant that drops 'my' or 'I'", () => {
  test("'salary is 72k gross' is the user's salary; 'dont need a car' is the user's; an imperative or 'time' is no one's", () => {
    const said = chat("2026-11-20T09:00:00.000Z", [
      ["user", "moving to berlin for a new job. lease ends oct 15 too luckily"],
      ["assistant", "Congrats! What's your budget? Do you have a car?"],
      ["user", "salary is 72k gross. dont need a car in berlin"],
      ["assistant", "Great. Shall I use axios for the API calls?"],
      ["user", "Use fetch, we are on bun anyway. Time flies. lena is vegan."],
    ]);
    expect(said).toContain("The user's lease ends on 15 October 2027 too luckily.");
    // One message, one story: the car said after the salary goes on with it.
    expect(said).toContain("The user's salary is 72,000 gross. The user does not need a car in berlin.");
    expect(said.join(" ")).not.toMatch(/user's (?:use|time|lena)\b/i);
  });
});

describe("'the cat' of a user who has a cat", () => {
  test("is the user's cat, and 'she' after it is too; another's 'the cat' is not", () => {
    const said = chat("2026-11-20T09:00:00.000Z", [
      ["user", "moving to berlin in october. i have a cat and an old honda civic"],
      ["assistant", "Good to know! Flying with a cat needs a carrier that fits under the seat."],
      ["user", "the cat is called pimenta btw. she hates flying"],
    ]);
    expect(said).toContain("The user's cat is called pimenta. The user's cat hates flying.");
    expect(
      talk("2026-11-20T09:00:00.000Z", [
        ["Ana", "I have a cat."],
        ["Ben", "The cat next door is loud."],
      ]).join(" "),
    ).not.toContain("Ben's cat");
  });
});

describe("a question typed without its mark", () => {
  test("'where do i start' and 'is that enough' are questions, not facts", () => {
    const said = chat("2026-11-20T09:00:00.000Z", [
      ["user", "moving to berlin on oct 15. kind of overwhelmed, where do i start"],
      ["assistant", "Let's make a plan. What are your savings?"],
      ["user", "i have 18k savings. is that enough for the move"],
    ]);
    expect(said).toContain("The user has 18,000 savings.");
    expect(said.join(" ")).not.toMatch(/where do|is that enough/i);
  });
});

describe("a weekday alone as an answer", () => {
  test("keeps its name: the question's trip is not the next Sunday", () => {
    const said = contents(
      importOf(
        [
          { role: "user", speaker: "Tom", content: "We go to Munich on 4 December, and I want a day in Salzburg." },
          { role: "assistant", content: "Great idea! Saturday or Sunday for Salzburg?" },
          { role: "user", speaker: "Tom", content: "sunday" },
        ],
        "2026-11-20T09:00:00.000Z",
      ),
    );
    expect(said).toContain('Asked "Saturday or Sunday for Salzburg?", Tom answered "sunday".');
  });
});

describe("thanks and greetings answer no question", () => {
  test("'Thanks, Mel!' or 'Hey Gina' after a question is not fused with it; a thing named is", () => {
    const chat = (reply: string): Line[] => [
      { role: "user", speaker: "Melanie", content: "Those colors are so vivid. What inspired you?" },
      { role: "user", speaker: "Caroline", content: reply },
    ];
    for (const reply of ["Thanks, Mel!", "Hey Melanie.", "Thanks Caroline", "Aww, thanks buddy!"])
      expect(contents(importOf(chat(reply), "2024-03-18T19:00:00.000Z")).filter((t) => t.startsWith("Asked"))).toEqual(
        [],
      );
    expect(contents(importOf(chat("The sunsets in Mexico."), "2024-03-18T19:00:00.000Z"))).toContain(
      'Asked "Those colors are so vivid. What inspired Caroline?", Caroline answered "The sunsets in Mexico".',
    );
  });
});

describe("a verb joined by 'and' agrees with the user too", () => {
  test("'I live in Oslo and teach music' is 'lives ... and teaches'; an infinitive or a modal is left alone", () => {
    expect(contents(passage("I live in Oslo and teach music."))).toEqual(["The user lives in Oslo and teaches music."]);
    expect(contents(passage("I cook dinner and walk the dog every day."))).toEqual([
      "The user cooks dinner and walks the dog every day.",
    ]);
    expect(contents(passage("I want to go and see the show."))).toEqual(["The user wants to go and see the show."]);
    expect(contents(passage("I can swim and dance."))).toEqual(["The user can swim and dance."]);
  });
});

describe("a subject named twice", () => {
  test("'Jonas, he is their CTO' is 'Jonas is their CTO'; a parenthesis or a clause before the comma is left", () => {
    const said = chat("2026-11-20T09:00:00.000Z", [
      ["user", "Jonas, he is their CTO."],
      ["user", "My sister Ana, she works at a bank."],
      ["user", "Tom, they say, is great."],
      ["user", "I love dogs, they are the best."],
    ]);
    expect(said).toContain("Jonas is their CTO.");
    expect(said).toContain("The user's sister Ana works at a bank.");
    expect(said.join(" ")).not.toMatch(/Tom say|dogs are the best/);
  });

  test("'she' is never a man's name compromise knows ('Tom'), in the message after either", () => {
    const said = chat("2026-11-20T09:00:00.000Z", [
      ["user", "My colleague Tom helped me move."],
      ["assistant", "That's kind of him!"],
      ["user", "Honestly, she is great."],
    ]);
    expect(said.join(" ")).not.toContain("Tom is great");
  });
});

describe("a change of mind within a passage or message", () => {
  test("'scratch that, it's Azores now' corrects the statement before and is no memory of its own", () => {
    const said = contents(
      passage("Next month we're going to Madeira. Actually, scratch that, it's Azores now, flights were cheaper."),
    );
    expect(said).toEqual(["In April 2024 the user and others are going to Azores."]);
    expect(contents(passage("I'm flying to Berlin on Friday. No wait, make that Munich."))).toEqual([
      "The user is flying to Munich on Friday, 15 March 2024.",
    ]);
    // "Actually" alone corrects nothing (and a memory of its own does not keep it).
    expect(contents(passage("I live in Lisbon. Actually, I live in Porto now."))).toEqual([
      "The user lives in Lisbon.",
      "The user lives in Porto now.",
    ]);
  });
});

describe("a passage about a person", () => {
  const text =
    "Marta Silva is a paediatric nurse from Porto. She moved to Lisbon in 2019 with her husband, Rui. Her daughter Ana was born in 2021. " +
    "Marta speaks Portuguese, English and French. She is allergic to shellfish. On weekends she volunteers at an animal shelter. What a remarkable woman!";
  const facts = passage(text);

  test("forms one standalone fact per statement, with she and her resolved to Marta", () => {
    expect(contents(facts)).toEqual([
      "Marta Silva is a paediatric nurse from Porto.",
      "Marta Silva moved to Lisbon in 2019 with her husband, Rui.",
      "Marta Silva's daughter Ana was born in 2021.",
      "Marta speaks Portuguese, English and French.",
      "Marta is allergic to shellfish.",
      "On weekends Marta volunteers at an animal shelter.",
    ]);
  });

  test("a year in the statement is the event's time; sentences keep their position", () => {
    expect(facts[1]!.occurredAt).toBe("2019-01-01T00:00:00.000Z");
    expect(facts[2]!.occurredAt).toBe("2021-01-01T00:00:00.000Z");
    expect(facts.map((f) => f.sentence)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  test("'she' does not take a name of the wrong kind: a relative's gender decides", () => {
    // The "she" is not Sam; it stays with the statement before it rather than standing alone.
    expect(contents(passage("My brother Sam lives in Oslo. She teaches maths at a school."))).toEqual([
      "The user's brother Sam lives in Oslo. She teaches maths at a school.",
    ]);
    expect(contents(passage("My brother Sam lives in Oslo. He is a teacher."))).toContain("Sam is a teacher.");
  });
});
