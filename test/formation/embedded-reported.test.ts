// The embedded extractor keeps what a speaker says about something unnamed as their report, and a
// chat export's note of a shared image as a fact; reactions, truisms and show-and-tell stay out.
import { describe, expect, test } from "bun:test";
import { sharedImages } from "../../src/formation/embedded/markup.ts";
import { DEFAULT_POLICY, type Fact } from "../../src/formation/extractor.ts";
import { contents, extractor, passage, say } from "./embedded-support.ts";

const PAIR = ["John", "Maria"];

describe("reports", () => {
  test.each([
    [
      "Yet, the school still lacks a proper library and science labs.",
      "According to John, the school still lacks a proper library and science labs.",
    ],
  ])("%p becomes the speaker's report", (text, expected) => {
    expect(contents(say("John", text, { participants: PAIR }))).toEqual([expected]);
  });

  test("a statement leaning on something said before ('it', 'they') continues the statement before it; opening a message, it answers the other person and is their report", () => {
    expect(
      contents(
        say(
          "John",
          "The school got a grant from the city. It enabled needed repairs and renovations, making the learning environment safer for students.",
          { participants: PAIR },
        ),
      ),
    ).toEqual([
      "According to John, the school got a grant from the city. It enabled needed repairs and renovations, making the learning environment safer for students.",
    ]);
    expect(
      contents(
        say("John", "Yeah, they offer a bunch of classes, like yoga, kickboxing and circuit training.", {
          participants: PAIR,
        }),
      ),
    ).toEqual(["According to John, they offer a bunch of classes, like yoga, kickboxing and circuit training."]);
  });

  test("how the speaker found what they just told is said with it, one memory: 'It was inspiring and emotional', 'Pottery is so relaxing'", () => {
    const PAIR2 = ["Caroline", "Melanie"];
    expect(
      contents(
        say("Caroline", "I went to a council meeting for adoption. It was inspiring and emotional.", {
          participants: PAIR2,
        }),
      ),
    ).toEqual(["Caroline went to a council meeting for adoption. It was inspiring and emotional."]);
    expect(
      contents(
        say("Melanie", "I made a bowl in pottery class. Pottery's so relaxing and creative. Have you tried it?", {
          participants: PAIR2,
        }),
      ),
    ).toEqual(["Melanie made a bowl in pottery class. Pottery is so relaxing and creative."]);
    // A user telling an assistant: the same.
    expect(
      contents(say(null, "I switched my editor to Neovim. It is so much faster and lighter.", { role: "user" })),
    ).toEqual(["The user switched the user's editor to Neovim. It is so much faster and lighter."]);
  });

  test("a bare feeling after a statement, or a remark about the listener, is not added to it", () => {
    const PAIR2 = ["Caroline", "Melanie"];
    for (const tail of [
      "It was awesome!",
      "It is going to be great.",
      "It was a really nice time.",
      "It's so sweet to see your family.",
    ])
      expect(contents(say("Caroline", `I went to the beach with my kids. ${tail}`, { participants: PAIR2 }))).toEqual([
        "Caroline went to the beach with Caroline's kids.",
      ]);
  });

  test("in a passage, a statement leaning on nothing forms nothing", () => {
    expect(contents(passage("It enabled needed repairs and renovations at the old school building."))).toEqual([]);
  });

  test.each([
    "It is amazing how much a small change can do for the students.",
    "That was an awesome way to spend the weekend with the family.",
    "Here is a pic of the school after the renovation.",
    "Nothing beats getting together with loved ones for a good meal.",
    "The store is doing great!",
    "They were awestruck.",
    "Your energy will be contagious for the whole team!",
    "The new dance studio looks really awesome.",
    "Loving the inclusivity and support at the event.",
    "Just creating an experience that will make customers want to come back.",
  ])("%p forms nothing", (text) => {
    expect(contents(say("John", text, { participants: PAIR }))).toEqual([]);
  });

  test("an unnamed user's statement about something unnamed is the user's report", () => {
    expect(contents(say(null, "It enabled needed repairs and renovations at the old school building."))).toEqual([
      "According to the user, it enabled needed repairs and renovations at the old school building.",
    ]);
  });
});

describe("shared images", () => {
  test("a shared photo is said with the statement that points at it; a caption alone is a fact of the speaker", () => {
    const PAIR2 = ["Caroline", "Melanie"];
    const shown = "[shares a photo: a photography of a painting of a tree with a bright sun]";
    expect(
      contents(
        say("Caroline", `I finished my painting for the art show! Look at this. ${shown}`, { participants: PAIR2 }),
      ),
    ).toEqual([
      "Caroline finished Caroline's painting for the art show. Caroline shared a photo of a painting of a tree with a bright sun.",
    ]);
    const alone = say("Caroline", `Ta-da! ${shown}`, { participants: PAIR2 });
    expect(contents(alone)).toEqual(["Caroline shared a photo of a painting of a tree with a bright sun."]);
    expect(alone[0]!.entities).toEqual(["Caroline"]);
  });

  test("a photo the message does not point at forms no memory beside the message's own facts", () => {
    expect(
      contents(
        say("Caroline", "I finished my painting for the art show! [shares a photo: a dog on a beach]", {
          participants: ["Caroline", "Melanie"],
        }),
      ),
    ).toEqual(["Caroline finished Caroline's painting for the art show."]);
  });

  test("sharedImages takes each note out of the text and keeps its caption", () => {
    expect(sharedImages("Look! [shared an image: a dog on a beach] and [sends a pic of: my cat]")).toEqual({
      text: "Look!   and  ",
      images: ["a photo of a dog on a beach", "a photo of my cat"],
      typed: false,
    });
    expect(sharedImages("plain [brackets] stay")).toEqual({ text: "plain [brackets] stay", images: [], typed: false });
    expect(sharedImages("[photo: a sunset] so pretty").typed).toBe(true);
  });

  test("an excluded category is not formed from a caption either", () => {
    const [fact] = say("Caroline", "[shares a photo: a cat on a sofa]");
    expect(fact!.content).toBe("Caroline shared a photo of a cat on a sofa.");
    const policy = { ...DEFAULT_POLICY, excludeCategories: [fact!.category!] };
    expect(contents(say("Caroline", "[shares a photo: a cat on a sofa]", { policy }))).toEqual([]);
  });
});

describe("one story, one memory; the listener's own facts are theirs to tell", () => {
  test("a statement opening with 'we' continues the story the statement before began, dated by its own date", () => {
    const facts = say(
      "Melanie",
      "My kids are so excited about summer break! We're thinking about going camping next month.",
      { participants: ["Melanie", "Caroline"], at: "2023-05-25T13:14:00.000Z" },
    );
    expect(contents(facts)).toEqual([
      "Melanie's kids are so excited about summer break. Melanie and Melanie's kids are thinking about going camping in June 2023.",
    ]);
    expect(facts[0]!.occurredAt?.slice(0, 10)).toBe("2023-06-01");
  });

  test("a 'we' opening a message has nothing to continue: it stands as its own memory", () => {
    expect(
      contents(say("Jon", "We rehearsed the whole routine twice after work.", { participants: ["Jon", "Gina"] })),
    ).toEqual(["Jon and others rehearsed the whole routine twice after work."]);
  });

  test("in a chat between two people, a remark about the listener alone forms nothing; the speaker's own fact stays", () => {
    const facts = say(
      "Caroline",
      "Lucky you to have such an awesome family! Glad your son is okay. I adopted a cat named Luna last week.",
      { participants: ["Caroline", "Melanie"], at: "2023-07-10T10:00:00.000Z" },
    );
    expect(contents(facts)).toEqual(["Caroline adopted a cat named Luna in the week of 3 July 2023."]);
  });

  test("a user telling an assistant about someone else keeps it", () => {
    const facts = extractor.extract({
      kind: "messages",
      participants: [],
      messages: [
        { index: 0, role: "user", speaker: null, content: "My sister Ana got into medical school.", occurredAt: null },
        { index: 1, role: "assistant", speaker: null, content: "Congratulations to her!", occurredAt: null },
      ],
    }) as Fact[];
    expect(contents(facts)).toEqual(["The user's sister Ana got into medical school."]);
  });
});
