// Replies between two people that answer with the question's own verb ("I do", "Not anymore"), and
// passages of a user's own notes: signed with a dash, dated loosely, told as a story.
import { describe, expect, test } from "bun:test";
import { statedName } from "../../src/formation/user-name.ts";
import { questionsAsked } from "../../src/formation/embedded/dialogue.ts";
import { betweenPeople, contents, passage, withAssistant } from "./embedded-support.ts";

const AT = "2026-03-10T10:00:00.000Z";

/** Two named friends talking, each line "Name: text". */
const friends = (...lines: string[]) => betweenPeople(AT, ...lines);

describe("a yes or no said with the question's own verb", () => {
  test("'I do' to 'do you still …?' is the question said of the one answering; a clause after it stays", () => {
    expect(
      friends("Marcus: Hey, do you still ride that old blue Schwinn?", "Priya: I do, but the brakes squeal."),
    ).toEqual(["Priya still rides that old blue Schwinn, but the brakes squeal."]);
    expect(friends("Marcus: Do you like working with kids?", "Priya: I really do.")).toEqual([
      "Priya likes working with kids.",
    ]);
  });

  test("'Not anymore' is no longer so", () => {
    expect(friends("Marcus: Are you still thinking about working in an ER?", "Priya: Not anymore, actually.")).toEqual([
      "Priya is no longer thinking about working in an ER.",
    ]);
    expect(friends("Marcus: Do you still play the piano?", "Priya: Nope, not anymore.")).toEqual([
      "Priya no longer plays the piano.",
    ]);
  });

  test("'Constantly' is a yes; a question's 'you're' is the one answering", () => {
    expect(friends("Maya: Do you still build those Lego robots?", "Leah: Constantly.")).toEqual([
      "Leah still builds those Lego robots.",
    ]);
    expect(friends("Maya: Do you know what you're having?", "Leah: One boy, one girl!")).toEqual([
      'Asked "Does Leah know what Leah is having?", Leah answered "One boy, one girl".',
    ]);
  });

  test("'I do not' is a no", () => {
    expect(friends("Marcus: Do you eat meat?", "Priya: I don't.")).toEqual(["Priya does not eat meat."]);
  });
});

describe("a user's note typed to an assistant", () => {
  test("a word for a person opening a sentence with a capital is still the user's", () => {
    expect(withAssistant(["Wife's a nurse. Husband works nights.", "Noted."], "user", AT)).toEqual([
      "The user's wife is a nurse.",
      "The user's husband works nights.",
    ]);
  });
});

describe("a document pasted to be worked on", () => {
  test("prose pasted after a line introducing it is not the user's facts; the user's remark after it is", () => {
    const abstract =
      "Palladium-catalysed C–H activation has emerged over the past two decades as one of the most powerful strategies in synthetic chemistry. In this work, we have developed a new class of transient directing groups which enable meta-selective arylation under mild conditions.";
    expect(
      withAssistant(
        [
          `ok here it is, I've already cut the methods paragraph:\n\n${abstract}\n\nthe rest is more mechanism, I left it out`,
          "Thanks!",
        ],
        "user",
        AT,
      ),
    ).toEqual([
      "The user has already cut the methods paragraph.",
      "According to the user, the rest is more mechanism. The user left it out.",
    ]);
  });

  test("a passage quoted whole after 'Here is a passage' is what was written, not said now", () => {
    const passage =
      '"The boiler failed on the second Monday of January, as boilers in schools invariably do. By ten o\'clock the radiators were cold and my fourth-years sat in their coats. I decided we would read Hardy."';
    expect(
      withAssistant(
        [`Very well. Here is a passage from Chapter Nine, concerning 1993.\n\n${passage}`, "Lovely."],
        "user",
        AT,
      ),
    ).toEqual([]);
  });

  test("a situation told after a colon in the user's own voice stays", () => {
    expect(
      withAssistant(
        [
          "here's my situation:\n\nI am 34 and I work as a nurse in Leeds, mostly nights, and my partner Tom works days at the council.",
          "OK.",
        ],
        "user",
        AT,
      ),
    ).toContain("The user is 34 years old.");
  });
});

describe("whom 'he' stands for, and roles typed as 'X here'", () => {
  test("'he' is the late husband named beside his word, not a publisher named before", () => {
    expect(
      withAssistant(
        [
          "Hedgerow Press hope it will find a wide readership. My late husband, Geoffrey, runs through all of it. He died in 2019.",
          "I'm so sorry.",
        ],
        "user",
        AT,
      ),
    ).toContain("The user's husband Geoffrey died in 2019.");
  });

  test("'your other dog' is another one: 'she' stays the new pup", () => {
    expect(
      friends(
        "Maria: Meet my new pup!",
        "John: Wow, how cute! What's her name? Do she and your other dog get along?",
        "Maria: Her name is Shadow! She's full of energy.",
      ),
    ).toContain("Maria's pup's name is Shadow. Shadow is full of energy.");
  });

  test("'Nurse here' is the user's role; an unknown name before 'here' is not", () => {
    expect(withAssistant(["Nurse here, rotating shifts.", "Hi!"], "user", AT)[0]).toBe(
      "The user is a nurse. The user is rotating shifts.",
    );
    expect(withAssistant(["jas here, quick q", "Hi!"], "user", AT)).toEqual([]);
  });
});

describe("a user's people and pets, counted without a verb", () => {
  test("a count of kids or pets opening a sentence is the user's; 'have 2 dogs' is had, 'have a look' is not", () => {
    expect(
      withAssistant(["Need to get organised. 3 kids - Maya 10, Ollie 7, Sam 4.", "Happy to help."], "user", AT),
    ).toEqual(["The user needs to get organised.", "The user has 3 kids, Maya 10, Ollie 7, Sam 4."]);
    expect(withAssistant(["have 2 dogs", "Noted."], "user", AT)).toEqual(["The user has 2 dogs."]);
    expect(withAssistant(["have a 3 yr old and a baby", "Noted."], "user", AT)).toEqual([
      "The user has a 3-year-old and a baby.",
    ]);
    expect(withAssistant(["have a look at this", "Sure."], "user", AT)).toEqual([]);
  });
});

describe("two people catching up", () => {
  test("a short remark after a question leaves it the one the reply answers, dated as the question tells", () => {
    expect(
      friends(
        "Eli: That's amazing! When was the surgery again? It feels like it was just yesterday.",
        "Ruth: April 21st. Dr. Okafor says I'm healing fast.",
      ),
    ).toEqual([
      'Asked "When was the surgery again?", Ruth answered "on 21 April 2025".',
      "Dr. Okafor says Ruth is healing fast.",
    ]);
  });

  test("'I did!' to 'did you … yet?' says it happened; 'you two' is the one answering and whom they spoke of", () => {
    expect(friends("Eli: Ha, good. Did you get back to book club yet?", "Ruth: I did!")).toEqual([
      "Ruth did get back to book club.",
    ]);
    expect(
      friends("Ruth: Your girlfriend Sofia is lovely. How did you two meet?", "Eli: At a climbing gym, actually."),
    ).toEqual(['Asked "How did Eli and Sofia meet?", Eli answered "At a climbing gym, actually".']);
  });

  test("a name placed in a city with no verb ('McGill, in Montreal') is no one 'he' stands for", () => {
    expect(
      friends(
        "Gloria: Where did he end up choosing?",
        "Tom: McGill, in Montreal. He's studying mechanical engineering.",
      ),
    ).not.toContain("McGill is studying mechanical engineering.");
  });

  test("a question after 'What about you —' is asked; a thing asked about and then named is named as the speaker's", () => {
    expect(
      friends(
        "Dana: What about you — are you still working on your pixel art game at night?",
        "Kenji: Every night after dinner. It's called Mossbound.",
      ),
    ).toEqual([
      'Asked "Is Kenji still working on Kenji\'s pixel art game at night?", Kenji answered "Every night after dinner".',
      "Kenji's pixel art game is called Mossbound.",
    ]);
  });

  test("'May 15th next year' says its year once", () => {
    expect(friends("Kenji: When's the big day?", "Dana: May 15th next year.")).toEqual(
      ['Asked "When\'s the big day?", Dana answered "on 15 May 2027"'].map((x) => `${x}.`),
    );
  });

  test("a photo note typed beside what the writer says of it is said with it", () => {
    expect(
      friends(
        "Ray: How's the album?",
        'Tessa: [photo: a stack of records with a cover that reads "Paper Lanterns"] Ten songs, my first album, and it\'s actually real now.',
      ),
    ).toEqual([
      'Ten songs, Tessa\'s first album, and it is actually real now. Tessa shared a photo of a stack of records with a cover that reads "Paper Lanterns".',
    ]);
  });

  test("a count and how long it takes is no date; 'feels like yesterday' is an idiom", () => {
    expect(friends("Ray: And the tour?", "Tessa: Eighteen cities in five weeks, opening for Hollow Pines.")).toEqual([
      "Eighteen cities in five weeks, opening for Hollow Pines.",
    ]);
    expect(
      friends("Ray: Wow.", "Tessa: Feels like yesterday I walked into your shop with that cracked guitar."),
    ).toEqual(["Feels like yesterday Tessa walked into Ray's shop with that cracked guitar."]);
  });

  test("'as of Tuesday' is the Tuesday before; 'Ha' is nobody's name", () => {
    expect(friends("Eli: How's the hip?", "Ruth: Yes, as of Tuesday I'm down to just a cane.")).toEqual([
      "As of Tuesday, 3 March 2026 Ruth is down to just a cane.",
    ]);
    expect(friends("Ruth: Spill.", "Eli: Ha, of course. Her name is Sofia.")).not.toContain("Ha's name is Sofia.");
  });
});

describe("a passage of the user's own notes", () => {
  test("'ok so im jas' introduces the writer, as the assistant's reply confirms", () => {
    expect(statedName("hiii ok so im jas and i need help lol.", "Hi Jas! Happy to help.")).toBe("Jas");
    expect(statedName("ok so im moving flats", "Good luck with the move!")).toBeNull();
  });

  test("a 'w' ending a word is no 'with' ('Kraków')", () => {
    expect(withAssistant(["he worked in a bakery in Kraków 6 years", "Great."], "user", AT)).toEqual([
      "He worked in a bakery in Kraków 6 years.",
    ]);
  });

  test("a note signed with a dash names its writer", () => {
    expect(statedName("Can't wait to go! — Sam")).toBe("Sam");
    expect(statedName("No surgeries so far. — Hannah Kowalski")).toBe("Hannah Kowalski");
    expect(statedName("Pick up milk - soon")).toBeNull();
  });

  test("a voice memo's 'um' is no one 'she' stands for", () => {
    const said = contents(
      passage(
        "Um, and I need to remember that my daughter Jenna's birthday is on the 19th, she's turning — she's turning seven.",
        "2026-06-08T08:05:00Z",
      ),
    );
    expect(said).toContain("The user needs to remember that the user's daughter Jenna's birthday is on 19 June 2026.");
    expect(said).toContain("Jenna is turning seven.");
    expect(said.some((f) => /\bUm\b/.test(f))).toBe(false);
  });

  test("a month before 'and I' is no one the user goes with", () => {
    expect(
      contents(
        passage("I've been vegetarian since January and I don't miss it. We're moving to Bristol next spring.", AT),
      ),
    ).toEqual([
      "The user has been vegetarian since January 2026. The user and others are moving to Bristol in spring 2027.",
    ]);
  });

  test("a clause after a month with no comma goes on with the sentence", () => {
    expect(
      contents(passage("I used to run, but since my knee surgery in April I've switched to swimming.", AT)),
    ).toEqual([
      "The user used to run, but since the user's knee surgery in April 2025 the user has switched to swimming.",
    ]);
  });

  test("a state until a month lies ahead; one told of the past lies behind", () => {
    const at = "2026-11-16T07:20:00.000Z";
    expect(contents(passage("gym membership paused till jan, shoulder still bad.", at))).toEqual([
      "The user's gym membership paused till January 2027, shoulder still bad.",
    ]);
    expect(contents(passage("I lived with my sister until March.", at))).toEqual([
      "The user lived with the user's sister until March 2026.",
    ]);
  });

  test("a deadline lies ahead though the sentence has a participle", () => {
    expect(
      contents(passage("I want my taxes filed by the 31st, way before the April 15 deadline.", "2026-03-02T18:00:00Z")),
    ).toEqual(["The user wants the user's taxes filed by 31 March 2026, way before 15 April 2026 deadline."]);
  });

  test("a span after a perfect counts how long; a number before 'today' is no date", () => {
    expect(
      contents(passage("I missed the report deadline, which I've never done before in six years at the council.", AT)),
    ).toEqual([
      "The user missed the report deadline, which the user has never done before in six years at the council.",
    ]);
    expect(contents(passage("quit sugar in coffee, day 12 today.", AT))).toEqual([
      "Quit sugar in coffee, day 12 today.",
    ]);
  });

  test("a story told in the past keeps its weekdays behind, though a clause after it looks ahead", () => {
    expect(
      contents(
        passage(
          "Then on Wednesday my car failed its MOT and the garage says the clutch needs replacing, which is going to cost about £900.",
          "2026-03-20T22:40:00Z",
        ),
      ),
    ).toEqual([
      "Then on Wednesday, 18 March 2026 the user's car failed its MOT and the garage says the clutch needs replacing, which is going to cost about £900.",
    ]);
  });

  test("an appointment a user has got is a chat's too", () => {
    expect(withAssistant(["got an interview on the 29th!!", "Good luck!"], "user", AT)).toEqual([
      "The user got an interview on 29 March 2026.",
    ]);
  });
});

describe("what an assistant's message asks, and a reply answering it part by part", () => {
  test("bulleted questions closing a message are asked in order; options under one question are not", () => {
    const asked =
      "## Jump Zone it is\n\n### To narrow it down\n\n- **How many kids** are you thinking of inviting?\n- **What's your budget?**\n- **Does Ollie have a favourite?** At 8, they usually do!";
    expect(withAssistant([asked, "12 kids. £250 max"], "assistant", AT)).toEqual([
      'Asked "How many kids is the user thinking of inviting?", the user answered "12 kids".',
      'Asked "What\'s the user\'s budget?", the user answered "£250 max".',
    ]);
    const options = "### What matters most to you?\n\n- **Boot space** with all seats up?\n- **Running costs**?";
    expect(questionsAsked(`${options}\n\nThat'll help decide.`, true)).not.toContain("Boot space with all seats up?");
  });

  test("the last section's one question is the one asked, though the message asked others above it", () => {
    const asked =
      "### When you call, ask:\n\n1. Is **Saturday 9 May** available?\n2. Are **grip socks** included?\n\n### One more question\n\n**Do any of the kids coming have allergies?** It affects the food.";
    expect(questionsAsked(asked, true)).toEqual(["Do any of the kids coming have allergies?"]);
  });

  test("a clause saying more of one answer leaves the next part to the next question", () => {
    const asked =
      "To work out a routine:\n\n1. **Are all three kids at the same school?**\n2. **Which days is your wife on early shifts?**\n3. **Is there anyone who could help?**";
    expect(
      withAssistant(
        [asked, "no. maya and ollie are at brookfield primary. tuesdays and thursdays. my mum can do thursdays"],
        "assistant",
        AT,
      ),
    ).toEqual([
      'Asked "Which days is the user\'s wife on early shifts?", the user answered "tuesdays and thursdays".',
      "According to the user, no. maya and ollie are at brookfield primary. The user's mum can do thursdays.",
    ]);
  });
});
