// A reply that answers the question before it: the answer after thanks and greetings, up to a
// semicolon, and a clause that only makes sense with the question ("They were awestruck and
// humbled" to "How did the kids like the memorial?"), fused with it (issue 11).
import { describe, expect, test } from "bun:test";
import { betweenPeople, withAssistant } from "./embedded-support.ts";

const AT = "2023-07-07T10:00:00.000Z";

/** A two-person conversation: each line "Speaker: text". */
const talk = (...lines: string[]) => betweenPeople(AT, ...lines);

/** A user's chat with an assistant that asks first. */
function asked(...said: string[]): string[] {
  return withAssistant(said, "assistant", AT);
}

describe("the part of a reply that answers", () => {
  test("thanks, a greeting or 'good question' before the answer is passed over", () => {
    expect(talk("Maria: What is your favorite book?", "John: Hmm, good question. Probably Dune.")).toEqual([
      'Asked "What is John\'s favorite book?", John answered "Probably Dune".',
    ]);
    expect(
      talk(
        "Maria: How often do you get to see sunsets like that?",
        "John: Thanks, Maria! I see them at least once a week.",
      ),
    ).toEqual([
      'Asked "How often does John get to see sunsets like that?", John answered "John sees them at least once a week".',
    ]);
  });

  test("the answer ends at a semicolon or a dash; what follows is a statement of its own", () => {
    expect(
      talk("Maria: How often do you work out with your family?", "John: Three times a week; it keeps us on track."),
    ).toEqual([
      'Asked "How often does John work out with John\'s family?", John answered "Three times a week".',
      "It keeps John and others on track.",
    ]);
  });

  test("an exclamation before the question is not part of it", () => {
    expect(talk("Maria: Wow, how did the kids like the memorial?", "John: They were awestruck and humbled.")).toEqual([
      'Asked "How did the kids like the memorial?", John answered "They were awestruck and humbled".',
    ]);
  });

  test("small talk after a greeting and a name is still small talk", () => {
    expect(talk("Gina: Hey Jon, how are you?", "Jon: Hey Gina! Good, busy week.")).toEqual([]);
  });

  test("a cheer is no answer: 'Yay!' before the news passes over to the news", () => {
    expect(
      talk(
        "Melanie: Any other exciting LGBTQ advocacy stuff coming up?",
        "Caroline: Yay! Next month I'm having an LGBTQ art show with my paintings - can't wait!",
      ),
    ).toEqual(["In August 2023 Caroline is having an LGBTQ art show with Caroline's paintings."]);
  });

  test("'yes' still decides a yes-or-no question", () => {
    expect(talk("Gina: Cool! Are you using different colors?", "Jon: Yes. I color-code my goals.")).toContain(
      "Jon is using different colors.",
    );
  });
});

describe("a clause that leans on the question", () => {
  test("'The store's doing great' answers 'How is the store?'", () => {
    expect(talk("Maria: How is the store?", "John: Hey Maria! The store's doing great!")).toEqual([
      'Asked "How is the store?", John answered "The store is doing great".',
    ]);
  });

  test("a user's answer to an assistant's question keeps what was asked", () => {
    expect(asked("Got it. What's your budget for the whole trip?", "its around 2k")).toEqual([
      'Asked "What\'s the user\'s budget for the whole trip?", the user answered "It is around 2k".',
    ]);
  });

  test("a clause that stands alone is kept as it is, not fused", () => {
    expect(talk("Maria: Where did you go?", "John: Oh man, we went to Rome - it was amazing.")).toEqual([
      "John and others went to Rome.",
    ]);
    expect(talk("Maria: What kind of dog is it?", "John: My dog is a golden retriever.")).toEqual([
      "John's dog is a golden retriever.",
    ]);
  });

  test("not an answer: a reaction to a suggestion, 'not sure', a reply to something else", () => {
    expect(talk("Maria: What should we do on Sunday?", "John: That sounds like a great idea.")).toEqual([]);
    expect(talk("Maria: What do you want to do?", "John: I do not know.")).toEqual([]);
    // "What's their name?" asks for a name: "They are doing great" names nothing.
    expect(talk("Maria: What's their name?", "John: They are doing great.")).toEqual([]);
  });

  test("a reaction answers a question that asks what someone thinks or how it went", () => {
    expect(talk("Maria: What's it like to volunteer at the shelter?", "John: It is rewarding.")).toEqual([
      'Asked "What\'s it like to volunteer at the shelter?", John answered "It is rewarding".',
    ]);
    expect(talk("Maria: Where did you go?", "John: It was amazing.")).toEqual([]);
  });
});

describe("the question an assistant asks before going on", () => {
  test("its only question, though advice follows it, is what the user's 'no car' answers", () => {
    expect(
      asked(
        "## Getting around Munich\n\nDo you want a car for any of the days? Some people rent one for the Alps.\n\nOtherwise, a **day ticket** covers U-Bahn, S-Bahn and trams.",
        "no car",
      ),
    ).toEqual(["The user does not want a car for any of the days."]);
  });

  test("'no accountant, its just me' to 'an accountant, or your own taxes?' is a no to the first", () => {
    expect(
      asked(
        "Do you work with an accountant, or do you do your own taxes?",
        "no accountant, its just me. i use freetaxusa at year end",
      ),
    ).toEqual(["The user does not work with an accountant.", "The user uses freetaxusa at year end."]);
  });

  test("a long list without a verb answers a question of who, what or which: who is moving, with the kids' ages and the dog", () => {
    expect(
      asked(
        "### Next questions\n1. **Who's coming?** Partner, kids and their ages, pets?\n2. **Where are you now**, and do you rent or own?",
        "me, my partner dani, our two kids leo (7) and maya (4) and the dog biscuit (beagle, 6). we live in didsbury, we own the house.",
      ),
    ).toEqual([
      'Asked "Who\'s coming? Partner, kids and their ages, pets?", the user answered "the user, the user\'s partner Dani, the user\'s two kids leo (7) and maya (4) and the dog biscuit (beagle, 6)".',
      "The user and others live in didsbury. The user and others own the house.",
    ]);
    // Asked yes or no, a long list without a verb is no answer of its own: it goes with the statements.
    expect(
      asked("Does your glucose ever go up after weights?", "primary school teacher, year 2 so on my feet all day lol"),
    ).toEqual([]);
  });

  test("'yes company' to 'Do you want to go with a company?' is a yes; 'Yes, money' to 'money or accommodation?' picks one", () => {
    expect(
      asked(
        "For your timeline, a shared transport can pick up around Oct 10.\n\nDo you want to go with a company?",
        "yes company",
      ),
    ).toEqual(["The user wants to go with a company."]);
    expect(asked("Is there anything else on your mind, for example money or accommodation?", "Yes, money")).toEqual([
      'Asked "Is there anything else on the user\'s mind, for example money or accommodation?", the user answered "Yes, money".',
    ]);
  });

  test("'garmin forerunner 255. and a puregym membership ...' to 'Now — what equipment do you have?' is one answer", () => {
    // A question after "Now —" is a what-question; an "and" after the answer goes on with it.
    expect(
      asked(
        "Now — what **equipment** do you have?",
        "garmin forerunner 255. and a puregym membership near the hospital",
      ),
    ).toEqual([
      'Asked "Now — what equipment does the user have?", the user answered "garmin forerunner 255, and a puregym membership near the hospital".',
    ]);
  });

  test("an option named to 'What do you think?' after options headed 'Option 1', 'Option 2' is the one chosen", () => {
    const options = [
      "Here are the realistic options.",
      "## Option 1: Pet transport company (road)\n- Door to door in a van, 2–3 days",
      "## Option 2: Fly as cargo via a pet shipper\n- Typical cost: **£1,500 – £3,000**",
      "I'd lean towards **Option 1**. What do you think?",
    ].join("\n\n");
    expect(asked(options, "pet transport company. my sister used one and they were great")).toEqual([
      'The user chose "Pet transport company (road)".',
      "The user's sister used one and they were great.",
    ]);
  });

  test("'lets do rayon straight away' to 'How many cores do the machines have?' answers no count: a choice, and the count apart", () => {
    expect(
      asked(
        "How many cores do the machines that run logsift have?",
        "lets do rayon straight away. the boxes have 16 cores",
      ),
    ).toEqual(["The user settled on rayon straight away. The boxes have 16 cores."]);
    expect(asked("How many cores do the machines have?", "16")).toEqual([
      'Asked "How many cores do the machines have?", the user answered "16".',
    ]);
  });

  test("bulleted questions with a remark after them are still asked; 'kids' answers 'children'", () => {
    const bullets =
      "## Quick questions\n\n- Do you have any **pets**?\n- Any **children** at home while you are baking?\n\nThese two come up most.";
    expect(asked(bullets, "one cat. no kids")).toEqual([
      'Asked "Does the user have any pets?", the user answered "one cat".',
      'Asked "Any children at home while the user is baking?", the user answered "no kids".',
    ]);
    // Questions for the user to ask someone else are not asked of the user.
    const toAsk = "## Questions to ask the landlord\n\n- Is the deposit protected?\n- Are pets allowed?\n\nGood luck!";
    expect(asked(toAsk, "yes")).toEqual([]);
  });

  test("an assistant's answer with several questions asks none of them alone", () => {
    expect(asked("Do you want a car? Or a day ticket?\n\nBoth work well.", "no car")).toEqual([]);
  });

  test("a person's question in the middle of their message is followed by their own news, which the reply answers", () => {
    expect(
      talk("Maria: How are the kids doing? I got a promotion at work!", "John: Congrats, Maria! So proud of you."),
    ).toEqual(["Maria got a promotion at work."]);
  });
});

describe("a thing the question asked of with 'his' or 'her'", () => {
  test("'gp is dr okafor' to 'Who is his GP?' is the GP of the relative the talk is about, not the user's", () => {
    const formed = withAssistant(
      [
        "dad comes home on the 23rd. his pharmacy is the one on dale road",
        "Perfect. The discharge summary goes to his GP.\n\n## GP\n\nWho is his GP? It's worth booking a **medication review**.",
        "gp is dr okafor",
      ],
      "user",
      "2026-09-15T21:40:00.000Z",
    );
    expect(formed).toContain("The user's dad's gp is dr okafor.");
    // Asked of no one: the user's own
    expect(withAssistant(["Who is your GP?", "gp is dr okafor"], "assistant", "2026-09-15T21:40:00.000Z")).toEqual([
      "The user's gp is dr okafor.",
    ]);
  });
});

describe("a topic typed before a dash", () => {
  test("'dress - 800 max' answers the question with the topic, not the topic alone", () => {
    expect(
      withAssistant(
        ["Do you have a dress budget in mind?", "dress - 800 max"],
        "assistant",
        "2026-02-03T21:05:00.000Z",
      ),
    ).toEqual(['Asked "Does the user have a dress budget in mind?", the user answered "dress: 800 max".']);
  });

  test("the topic stays with what is said of it; a remark or a question before a dash is no topic", () => {
    const formed = withAssistant(
      [
        "Anything else to plan?",
        "oh and honeymoon - we're pushing it to next year, 2027, prob japan. cake - my friend Bex bakes, shes doing a lemon drizzle",
      ],
      "assistant",
      "2026-02-03T21:05:00.000Z",
    );
    expect(formed).toContain("Honeymoon: the user and others are pushing it to 2027, prob japan.");
    expect(formed.some((f) => f.startsWith("Cake: the user's friend Bex bakes"))).toBe(true);
    const remarks = withAssistant(
      [
        "Anything else?",
        "perfect. one more - Dana replied, she can do net 30. canal tour - is there an accessible one",
      ],
      "assistant",
      "2026-02-03T21:05:00.000Z",
    );
    expect(remarks.join(" ")).not.toMatch(/One more:|Canal tour:/);
  });
});

describe("whom a pronoun after an assistant's question stands for", () => {
  test("'his name is Dan' after '... to the estate agent so he stops chasing you?' names the estate agent", () => {
    const formed = withAssistant(
      [
        "Would it help if I drafted a message to the estate agent so he stops chasing you?",
        "yes please! his name is Dan, at Hollis & Pryce",
      ],
      "assistant",
      "2026-03-24T20:10:00.000Z",
    );
    expect(formed).toContain("The estate agent's name is Dan, at Hollis & Pryce.");
  });

  test("a firm's second name ('Jess from Lens & Lace, she ...') is no one 'she' stands for", () => {
    const formed = withAssistant(
      ["Who do you want for photos?", "we want Jess from Lens & Lace, she did my cousins wedding"],
      "assistant",
      "2026-02-03T21:05:00.000Z",
    );
    expect(formed).toContain("Jess did the user's cousin's wedding.");
  });
});

describe("what an answer quotes is not said again", () => {
  test("'jointing strip. kwame doesnt have a jig' to a choice: the choice once, and the rest of the reply", () => {
    expect(
      asked(
        "Which corner method does Kwame prefer — mason's mitre or jointing strip?",
        "jointing strip. kwame doesnt have a jig",
      ),
    ).toEqual([
      'Asked "Which corner method does Kwame prefer — mason\'s mitre or jointing strip?", the user chose "jointing strip".',
      "Kwame does not have a jig.",
    ]);
  });

  test("an answer opening a longer reply is not its first sentence again, unless the next leans on it", () => {
    const formed = asked(
      "How many workshop sessions, and what would Ros charge per session?",
      "8 weeks, saturday mornings, ros would do it for £60 a session. captioning guy quoted £450 for one show",
    );
    expect(formed).toContain("Captioning guy quoted £450 for one show.");
    expect(formed.filter((f) => f.includes("£60 a session"))).toHaveLength(1);
  });
});
