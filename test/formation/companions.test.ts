// Who a speaker's "we" is: the people the message names ("my kids", "my wife and I", "me and Jamal"),
// the speaker alone when the clause says whom they were with, "<speaker> and others" otherwise.
import { describe, expect, test } from "bun:test";
import type { Fact } from "../../src/formation/extractor.ts";
import { companionsIn } from "../../src/formation/embedded/companions.ts";
import { contents, extractor, passage, say, withAssistant } from "./embedded-support.ts";

const PAIR = { participants: ["Melanie", "Caroline"] };
const melanie = (text: string) => contents(say("Melanie", text, PAIR));

describe("companionsIn", () => {
  test("the speaker's people by the word the speaker uses, or a name joined to the speaker", () => {
    expect(companionsIn("My kids had such a blast", "Melanie")).toBe("Melanie's kids");
    expect(companionsIn("camping with my fam, the kids loved it", "Melanie")).toBe("Melanie's family");
    expect(companionsIn("Jamal and I split the rent", "the user")).toBe("Jamal");
    expect(companionsIn("me and Jamal split the rent", "the user")).toBe("Jamal");
    expect(companionsIn("my gf and I", "the user")).toBe("the user's girlfriend");
  });

  test("nobody when the text names no one, or people of two kinds", () => {
    expect(companionsIn("We all have different paths", "Maria")).toBeNull();
    expect(companionsIn("I love the friends I have. We play games at my family's place", "Maria")).toBeNull();
    expect(companionsIn("Me and my friends", "Maria")).toBe("Maria's friends");
  });

  test("the speaker introducing herself is no companion of her own", () => {
    expect(companionsIn("My name is Margaret and I am 76.", "the user")).toBeNull();
    expect(companionsIn("Margaret and I will drive", "Margaret")).toBeNull();
  });
});

describe("'we' in a memory", () => {
  test("a chat between people: the speaker with the people the message names", () => {
    expect(melanie("We went to the beach recently. My kids had such a blast.")).toEqual([
      "Melanie and Melanie's kids went to the beach recently.",
      "Melanie's kids had such a blast.",
    ]);
  });

  test("'we ... with my fam': the speaker, with the people the clause names", () => {
    expect(melanie("I had a quiet weekend after we went camping with my fam two weekends ago.")).toEqual([
      "Melanie had a quiet weekend after Melanie went camping with Melanie's fam two weekends ago.",
    ]);
  });

  test("a user's partner named once is the 'we' of the user's next sentence, told with it, and the verb stays plural", () => {
    expect(
      withAssistant(
        ["Me and Jamal split the rent. We are saving for a flat.", "Noted."],
        "user",
        "2026-05-04T10:00:00.000Z",
      ),
    ).toEqual(["Jamal and the user split the rent. The user and Jamal are saving for a flat."]);
    expect(
      contents(passage("My wife and I are moving to Munich. We fly out in December.", "2026-05-04T10:00:00.000Z")),
    ).toEqual([
      "The user's wife and the user are moving to Munich. The user and the user's wife fly out in December 2026.",
    ]);
  });

  test("a user's household named in an earlier message is the 'we' of a later one; 'between us' is them", () => {
    expect(
      withAssistant(
        ["rent is 1,400 but i split it with my boyfriend", "Noted.", "we want a 30k deposit between us", "Good goal."],
        "user",
        "2026-05-04T10:00:00.000Z",
      ),
    ).toContain("The user and the user's boyfriend want a 30,000 deposit between them.");
  });

  test("to an assistant, people only spoken of are not the user's later 'we', nor a child the 'we' beside it", () => {
    const said = withAssistant(
      [
        "im chair of the PTA. my husband dev said hell do the bbq again",
        "Great.",
        "we used sumup at the xmas fair",
        "Good.",
        "my son arjun is in yr4. we'll do allergen cards on every bake",
        "Good idea.",
      ],
      "user",
      "2026-05-04T10:00:00.000Z",
    ).join(" ");
    expect(said).toContain("The user and others used sumup at the xmas fair.");
    expect(said).toContain("The user and others will do allergen cards on every bake.");
    // A partner named is the couple's "we" (not the PTA chair's); so is anyone said to be with the user.
    expect(
      withAssistant(
        ["oh im niamh btw, my fiance is callum", "Lovely.", "we need to cut the guest list", "Ok."],
        "user",
        "2026-05-04T10:00:00.000Z",
      ),
    ).toContain("The user and the user's fiancé need to cut the guest list.");
    expect(
      withAssistant(
        [
          "its me, my husband marco, ella and her little brother leo",
          "Lovely.",
          "we found a villa near lagos",
          "Nice.",
        ],
        "user",
        "2026-05-04T10:00:00.000Z",
      ),
    ).toContain("The user and the user's husband found a villa near lagos.");
  });

  test("between people, a 'we' of a later message is not carried from an earlier one", () => {
    const said = contents(
      extractor.extract({
        kind: "messages",
        participants: ["Melanie", "Caroline"],
        messages: [
          { index: 0, role: "user", speaker: "Melanie", content: "My kids loved the museum.", occurredAt: null },
          { index: 1, role: "user", speaker: "Caroline", content: "That's great!", occurredAt: null },
          {
            index: 2,
            role: "user",
            speaker: "Melanie",
            content: "We have come so far as a community.",
            occurredAt: null,
          },
        ],
      }) as Fact[],
    );
    expect(said).toContain("Melanie and others have come so far as a community.");
  });

  test("'and I' joining a clause of its own agrees as 'I' always did", () => {
    expect(
      withAssistant(
        ["im switching to nights in june and im dreading it", "Noted."],
        "user",
        "2026-05-04T10:00:00.000Z",
      ),
    ).toEqual(["The user is switching to nights in June 2026. The user is dreading it."]);
  });

  test("without a word for whom, 'we' stays the speaker and others", () => {
    expect(melanie("We went camping.")).toEqual(["Melanie and others went camping."]);
  });
});
