import { describe, expect, test } from "bun:test";
import { createNlp, joinTokens, type Token } from "../../src/formation/embedded/nlp.ts";
import { expandContractions } from "../../src/formation/embedded/contractions.ts";
import { resolvePronouns, thirdPerson, type Speakers } from "../../src/formation/embedded/pronouns.ts";
import { isImperative, restoreSubject } from "../../src/formation/embedded/subjects.ts";
import { contents, passage, say } from "./embedded-support.ts";

const nlp = createNlp();
const tokensOf = (text: string): Token[] => nlp.sentences(expandContractions(text))[0]!.tokens;
const resolve = (text: string, who: Speakers) => {
  const tokens = tokensOf(text);
  const r = resolvePronouns(tokens, who);
  return joinTokens(tokens.map((t, i) => ({ ...t, text: r.tokens[i]! })));
};
const CAROLINE: Speakers = { speaker: "Caroline", other: "Melanie" };

describe("expandContractions", () => {
  test.each([
    ["I'm here", "I am here"],
    ["I've been there", "I have been there"],
    ["I'll go", "I will go"],
    ["It's been a journey", "It has been a journey"],
    ["It's great", "It is great"],
    ["it'd be fun", "it would be fun"],
    ["They're home", "They are home"],
    ["I can't", "I cannot"],
    ["I won't", "I will not"],
    ["I don't", "I do not"],
    ["I'm gonna go", "I am going to go"],
    ["I wanna see", "I want to see"],
    ["I gotta run", "I have to run"],
    ["I chose them 'cause they care", "I chose them because they care"],
    ["Pottery's so relaxing", "Pottery is so relaxing"],
    ["Painting's a fun way to unwind", "Painting is a fun way to unwind"],
    ["Jon's been busy", "Jon has been busy"],
    // A possessive stays one.
    ["Anna's pretty dress", "Anna's pretty dress"],
    ["Melanie's kids love it", "Melanie's kids love it"],
    ["Let's go", "Let's go"],
    ["Here's a pic", "Here's a pic"],
  ])("%p → %p", (text, expected) => {
    expect(expandContractions(text)).toBe(expected);
  });
});

describe("thirdPerson", () => {
  test.each([
    ["love", "loves"],
    ["watch", "watches"],
    ["study", "studies"],
    ["play", "plays"],
    ["go", "goes"],
    ["have", "has"],
    ["am", "is"],
  ])("%p → %p", (verb, expected) => {
    expect(thirdPerson(verb)).toBe(expected);
  });
});

describe("resolvePronouns", () => {
  test.each([
    ["I adopted a dog.", "Caroline adopted a dog."],
    ["I love hiking with my sister.", "Caroline loves hiking with Caroline's sister."],
    ["I am a teacher.", "Caroline is a teacher."],
    ["I was in Paris.", "Caroline was in Paris."],
    // After a modal or "do" the verb stays as it is.
    ["can i patch it or do i need a drywall guy", "can Caroline patch it or do Caroline need a drywall guy"],
    ["I really enjoy painting.", "Caroline really enjoys painting."],
    ["I put it on yesterday.", "Caroline put it on yesterday."],
    ["You inspire me.", "Melanie inspires Caroline."],
    ["I told you about my trip.", "Caroline told Melanie about Caroline's trip."],
    ["I wanted to let you know.", "Caroline wanted to let Melanie know."],
    ["Your painting is in my room.", "Melanie's painting is in Caroline's room."],
    ["We went camping.", "Caroline and others went camping."],
    ["We both love art.", "Caroline and Melanie both love art."],
    ["Since we last spoke, I moved.", "Since Caroline and Melanie last spoke, Caroline moved."],
    ["I need some me-time.", "Caroline needs some me-time."],
  ])("%p → %p", (text, expected) => {
    expect(resolve(text, CAROLINE)).toBe(expected);
  });

  test("reports whom the statement is about", () => {
    const r = resolvePronouns(tokensOf("I told you."), CAROLINE);
    expect([r.aboutSpeaker, r.aboutOther]).toEqual([true, true]);
  });

  test("without a second speaker 'you' stays as it is", () => {
    expect(resolve("I told you.", { speaker: "Caroline", other: null })).toBe("Caroline told you.");
  });
});

describe("restoreSubject", () => {
  const restored = (text: string) => joinTokens(restoreSubject(tokensOf(text)));
  test.each([
    ["Lost my job yesterday.", "I lost my job yesterday."],
    ["Just got back from a road trip.", "I just got back from a road trip."],
    ["Been busy volunteering.", "I have been busy volunteering."],
    ["Researching adoption agencies.", "I am researching adoption agencies."],
    ["Still following my passion.", "I am still following my passion."],
    ["Going to the gym tomorrow.", "I am going to the gym tomorrow."],
    ["Thrilled to announce it.", "I am thrilled to announce it."],
    ["Never had a chance to visit.", "I never had a chance to visit."],
  ])("puts the speaker back: %p → %p", (text, expected) => {
    expect(restored(text)).toBe(expected);
  });

  test.each([
    "Starting my own store is scary.", // the gerund is the subject
    "Really made me think.", // the speaker is the object: "it" made me think
    "Been a few days since we spoke.", // it has been
    "Gonna be awesome!", // it is going to be
    "Wishing you a happy birthday!", // about the listener
    "I went there.", // has a subject
  ])("leaves a clause that has, or needs, another subject: %p", (text) => {
    expect(restored(text)).toBe(joinTokens(tokensOf(text)));
  });

  test("imperatives are recognised, statements are not", () => {
    expect(isImperative(tokensOf("Check out my studio!"))).toBe(true);
    expect(isImperative(tokensOf("Believe in yourself."))).toBe(true);
    expect(isImperative(tokensOf("I believe in myself."))).toBe(false);
    expect(isImperative(tokensOf("Doing research makes sense."))).toBe(false);
  });
});

describe("coreference", () => {
  test("an opening she/he/her refers to the named subject of the statement before", () => {
    expect(contents(passage("Ana Costa teaches piano. She lives in Braga. Her students love her."))).toEqual([
      "Ana Costa teaches piano.",
      "Ana Costa lives in Braga.",
      "Ana Costa's students love her.",
    ]);
  });

  test("a relative of the speaker is the antecedent, and gender must agree", () => {
    expect(
      contents(
        say("Caroline", "My grandma gave me this necklace. She lived in Sweden.", {
          participants: ["Caroline", "Melanie"],
        }),
      ),
    ).toEqual(["Caroline's grandma gave Caroline this necklace.", "Caroline's grandma lived in Sweden."]);
    const grandpa = contents(
      say("Caroline", "My grandpa gave me this necklace. She lived in Sweden.", {
        participants: ["Caroline", "Melanie"],
      }),
    );
    expect(grandpa.join(" ")).toContain("Caroline's grandpa gave Caroline this necklace.");
    expect(grandpa.join(" ")).not.toContain("grandpa lived");
  });

  test("a pet the speaker speaks of is 'he' or 'she' too", () => {
    expect(contents(say("Sara", "We adopted a puppy. His name is Max.", { participants: ["Sara", "Tom"] }))).toContain(
      "Sara's puppy's name is Max.",
    );
  });

  test("a capitalised common noun opening a sentence is nobody 'she' can stand for", () => {
    const said = contents(
      say("Maria", "Things have been tough for her lately. She had to leave and find a new place in a hurry.", {
        participants: ["Maria", "John"],
      }),
    );
    expect(said.join(" ")).not.toMatch(/Things (?:had|is)\b/);
    expect(nlp.sentences("Family is the most important thing for me.")[0]!.tokens[0]!.pos).toBe("NOUN");
    // A name the lexicon lists as a name stays one.
    expect(contents(passage("Gina opened a store. She sells dresses."))).toContain("Gina sells dresses.");
  });

  test("a pronoun after another possible antecedent in the same statement is left alone", () => {
    expect(contents(passage("Ana Costa teaches piano. Her brother said she moved."))).toContain(
      "Ana Costa's brother said she moved.",
    );
  });
});
