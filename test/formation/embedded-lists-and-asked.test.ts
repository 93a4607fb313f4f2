// A user's notes typed as lists and labels, weekdays that recur by their place in the month, and
// questions between people typed as texts: without their mark, with "u", about someone named.
import { describe, expect, test } from "bun:test";
import { questionsAsked } from "../../src/formation/embedded/dialogue.ts";
import { statedName } from "../../src/formation/user-name.ts";
import { betweenPeople, contents, passage, withAssistant } from "./embedded-support.ts";

const AT = "2026-03-02T10:00:00.000Z";
const note = (text: string) => contents(passage(text, AT));
const friends = (...lines: string[]) => betweenPeople(AT, ...lines);

describe("a weekday by its place in the month is a habit, not a date", () => {
  test("'the first Thursday of every month', 'every second Saturday', 'the last Friday of the month'", () => {
    expect(note("Book club is the first Thursday of every month at Maggie's.")).toEqual([
      "The user's book club is the first Thursday of every month at Maggie's.",
    ]);
    expect(note("I volunteer at the food bank every second Saturday.")).toEqual([
      "The user volunteers at the food bank every second Saturday.",
    ]);
    expect(note("We meet on the last Friday of the month.")).toEqual([
      "The user and others meet on the last Friday of the month.",
    ]);
  });

  test("'last Friday' without 'the' is still the Friday before", () => {
    expect(note("We met last Friday.")).toEqual(["The user and others met on Friday, 27 February 2026."]);
  });
});

describe("a user's note of labelled lines", () => {
  test("labels at the lines' start are the user's own ('Coffee order:', 'Dentist:', 'Goal for this year:')", () => {
    expect(
      note(
        "- Coffee order: oat flat white, no sugar\n- Dentist: Dr. Okafor on Elm Road\n- Goal for this year: read 30 books",
      ),
    ).toEqual([
      "The user's coffee order: oat flat white, no sugar.",
      "The user's dentist: Dr. Okafor on Elm Road.",
      "The user's goal for 2026: read 30 books.",
    ]);
  });

  test("one labelled line alone, a note about the note, a day and a transcript's speaker are not", () => {
    expect(note("Dentist: Dr. Okafor on Elm Road.")).toEqual(["Dentist: Dr. Okafor on Elm Road."]);
    expect(note("Update: I got the job.\nMonday: gym at 7\nDay 1: Leeds to York")).not.toContainEqual(
      expect.stringMatching(/user's (?:update|monday|day)/i),
    );
    expect(note("Tom: hi, are you coming tonight?\nPriya: yes, see you at 8")).not.toContainEqual(
      expect.stringMatching(/user's (?:tom|priya)/i),
    );
  });
});

describe("a line ending in ':' over a list", () => {
  test("short items complete the writer's lead ('I'm allergic to:', 'My meds:', 'Things I love:')", () => {
    expect(
      note(
        "Health stuff:\n- I'm allergic to:\n  - penicillin\n  - shellfish\n- My meds:\n  - metformin 500mg twice a day",
      ),
    ).toEqual(["The user is allergic to penicillin and shellfish.", "The user's meds: metformin 500mg twice a day."]);
    expect(note("Things I love:\n- hiking\n- jazz")).toEqual(["Things the user loves: hiking and jazz."]);
  });

  test("a heading that only names a list of sentences goes; the items stay", () => {
    const formed = note(
      "Stuff I keep forgetting to write down:\n- My bike is a green Trek FX 3\n- I don't drive, I never got my licence",
    );
    expect(formed).toContain("The user's bike is a green Trek FX 3.");
    expect(formed).not.toContainEqual(expect.stringMatching(/forgetting/));
  });

  test("a heading over items that are not the writer's lead is left to each item ('About me:')", () => {
    const formed = withAssistant(["About me:\n- 34\n- nurse\n- live in Leeds", "Thanks! Noted."], "user", AT);
    expect(formed).toContain("The user lives in Leeds.");
    expect(formed).not.toContainEqual(expect.stringMatching(/^About/));
  });
});

describe("a question between people typed as a text", () => {
  test("without its mark, it is still asked: 'which physio are u seeing' is answered by 'Aisha at the clinic'", () => {
    expect(questionsAsked("ha good for her. which physio are u seeing", false)).toEqual(["which physio are u seeing?"]);
    expect(questionsAsked("haha love that. is he still doing the pottery thing", false)).toEqual([
      "is he still doing the pottery thing?",
    ]);
    expect(questionsAsked("ok gotta go. what a day", false)).toEqual([]);
    expect(
      friends(
        "Ben: ha good for her. which physio are u seeing",
        "Gloria: Aisha at the clinic on Harbour St. twice a week, tuesdays and fridays",
      ),
    ).toEqual([
      'Asked "Which physio is Gloria seeing?", Gloria answered "Aisha at the clinic on Harbour St. twice a week, tuesdays and fridays".',
    ]);
  });

  test("the one a question names is whom the reply's 'she' or 'he' stands for", () => {
    expect(friends("Mei: facts. how's Pixel?", "Jonah: she's ok, the vet put her on diet cat food")).toEqual([
      "Pixel is ok, the vet put her on diet cat food.",
    ]);
    expect(friends("Gloria: how is Priya? is the new job going ok", "Ben: she loves it")).toEqual(["Priya loves it."]);
  });
});

describe("what a user says of themselves in passing", () => {
  test("a person's number alone is their age ('I'm 34, finished ...', 'she's 7 and', 'our son is 4.')", () => {
    const told = (text: string) => withAssistant([text, "Got it."], "user", AT);
    expect(told("I'm 34, finished the Google UX certificate in november")).toEqual([
      "The user is 34 years old, finished the Google UX certificate in November 2025.",
    ]);
    expect(told("my daughter Maya, she's 7 and loves dinosaurs")).toEqual([
      "The user's daughter Maya is 7 years old and loves dinosaurs.",
    ]);
    expect(told("our son is 4.")).toEqual(["The user's son is 4 years old."]);
    expect(told("I'm 5 minutes away")).toEqual(["The user is 5 minutes away."]);
  });

  test("'anyway name's Greg' and 'sign it Marcus Webb' give the user's name; a thing's name does not", () => {
    expect(statedName("i want to build a routine. anyway name's Greg")).toBe("Greg");
    expect(statedName("sign it Marcus Webb. and add that I'll train my replacement")).toBe("Marcus Webb");
    expect(statedName("I have small bakery in Chicago, name is Słodki Kącik")).toBeNull();
    expect(statedName("We got a puppy. name is Biscuit")).toBeNull();
    expect(statedName("sign it Monday")).toBeNull();
  });

  test("a code written with capitals is no one 'she' stands for ('my A1C was 7.9. she put me on ...')", () => {
    const formed = withAssistant(["my A1C was 7.9. she put me on metformin 500mg twice a day.", "OK."], "user", AT);
    expect(formed.join(" ")).not.toMatch(/A1C put/);
  });
});

describe("two people texting: greetings, leave-taking and shared things", () => {
  test("'morning!' greets, it does not answer 'how's the knee doing?'", () => {
    expect(
      friends(
        "Ben: morning Gloria! how's the knee doing?",
        "Gloria: morning! 5 weeks since the op now and I can walk round the block with the cane",
      ),
    ).toEqual(["5 weeks since the op now and Gloria can walk round the block with the cane."]);
  });

  test("'sad news on my end tho,' and 'ok gotta go,' lead the news without being part of it", () => {
    expect(
      friends(
        "Ben: nice",
        "Gloria: sad news on my end tho, I've decided not to enter the dahlias in the county show this year.",
        "Ben: oh no",
        "Gloria: ok gotta go, Aisha's given me homework exercises",
      ),
    ).toEqual([
      "Gloria has decided not to enter the dahlias in the county show in 2026.",
      "Aisha's given Gloria homework exercises.",
    ]);
  });

  test("'[sends a link]' says nothing; 'thurs + fri' is two days of a plan; 'that weekend' is one said before", () => {
    expect(friends("Jonah: send it", "Mei: [sends a link] it's 2 bedrooms so Theo can come too")).toEqual([
      "It is 2 bedrooms so Theo can come too.",
    ]);
    expect(friends("Jonah: omg", "Mei: I think thurs + fri is plenty, my budget is cooked")).toEqual([
      "Mei thinks Thursday + Friday is plenty, Mei's budget is cooked.",
    ]);
    expect(friends("Jonah: is Dani coming?", "Mei: nah she's got her sister's wedding in Porto that weekend")).toEqual([
      "Dani has got her sister's wedding in Porto that weekend.",
    ]);
  });
});

describe("whom 'she' stands for after a name the lexicon does not know", () => {
  test("a name taken up by 'he' in its own sentence is a he: the next 'She' is the mother said before", () => {
    expect(
      note(
        "Mom has moderate dementia now. I visit Tuesdays and Saturdays; Diego lives in Phoenix, so he calls her on Thursdays. She gets agitated if the TV is too loud.",
      ),
    ).toContain("The user's mom gets agitated if the TV is too loud.");
  });
});
