// What users type to an assistant and formation lost: a statement before a question's comma, a verb
// whose past is its bare form with a past time after it, a choice or a target said as what to do in
// reply to a question, and a currency asked for in every answer.
import { describe, expect, test } from "bun:test";
import { withAssistant } from "./embedded-support.ts";

const AT = "2026-11-20T09:00:00Z";
/** The user's reply to the assistant's message, as memories. */
const reply = (assistant: string, user: string) => withAssistant([assistant, user], "assistant", AT);

describe("a statement before a question's comma is told", () => {
  test("'my brother lives 10 min away, could i put something at his place?'", () => {
    expect(
      reply(
        "That covers the setup.",
        "nice. last thing, backups. my brother lives 10 min away, could i put something at his place?",
      ),
    ).toEqual(["The user's brother lives 10 minutes away."]);
  });

  test("'we use celery with redis for background jobs btw, anything there?'", () => {
    expect(
      reply(
        "Anything else in the stack?",
        "yeah that works. we use celery with redis for background jobs btw, anything there?",
      ),
    ).toEqual(["The user and others use celery with redis for background jobs."]);
  });

  test("a question before the comma, or a statement cut off, asks as a whole", () => {
    expect(reply("Here is the plan.", "what if it rains, should we move it?")).toEqual([]);
    expect(reply("Here is the plan.", "I think it's fine, is that right?")).toEqual([]);
  });
});

describe("a past said with the bare verb", () => {
  test("'nope, quit drinking last month' is the user's, in October", () => {
    expect(
      reply("Do you drink alcohol? It's worth knowing for the calorie budget.", "nope, quit drinking last month"),
    ).toEqual(["The user quit drinking in October 2026."]);
  });

  test("without a past time it is a request ('quit smoking')", () => {
    expect(reply("Any other goals?", "quit smoking")).toEqual([]);
  });
});

describe("a choice or a target said as what to do, in reply to a question", () => {
  const asked = "Option A is 1,800 kcal, option B is 1,900 kcal. Which target do you want to go with?";
  test("'ok lets do 1900 instead' answers with the option", () => {
    expect(reply(asked, "ok lets do 1900 instead")).toEqual([
      'Asked "Which target does the user want to go with?", the user answered "1900".',
    ]);
    expect(reply(asked, "go with 1900")).toEqual([
      'Asked "Which target does the user want to go with?", the user answered "1900".',
    ]);
  });

  test("'yes aim for 120g protein a day' keeps the target with its verb", () => {
    expect(reply("That's slightly under your range. Want to bump it a bit?", "yes aim for 120g protein a day")).toEqual(
      ['Asked "Want to bump it a bit?", the user answered "aim for 120g protein a day".'],
    );
  });

  test("'lets do it' and 'make it Saturday May 30' choose no value", () => {
    expect(reply(asked, "lets do it")).toEqual([]);
    expect(reply("Which weekend works for the switchover?", "Make it Saturday May 30.")).not.toContainEqual(
      expect.stringContaining('answered "Make it'),
    );
  });
});

describe("a currency asked for in answers", () => {
  test("'can you give prices in usd please, the euro numbers confuse me' is a standing instruction", () => {
    expect(reply("Here are the hotels.", "can you give prices in usd please, the euro numbers confuse me")).toEqual([
      "The user wants the assistant to give prices in usd.",
    ]);
  });
});

describe("a subject-less '-ing' clause before a comma", () => {
  test("'ok switching to onesignal, firebase was a pain' is the user's doing", () => {
    expect(reply("Both work for push.", "ok switching to onesignal, firebase was a pain")).toEqual([
      "The user is switching to onesignal, firebase was a pain.",
    ]);
  });

  test("'going back to the budget thing, ...' turns the talk: nobody is going", () => {
    expect(reply("Noted.", "going back to the budget thing, we have 20k")).toEqual([
      "Going back to the budget thing, the user and others have 20,000.",
    ]);
  });
});

describe("an instruction whose opening verb the tagger reads as a noun", () => {
  test("'use typescript for everything pls' is what the user wants of the assistant", () => {
    expect(reply("Sure, happy to help.", "use typescript for everything pls")).toEqual([
      "The user wants the assistant to use typescript for everything.",
    ]);
    expect(reply("Here is the setup.", "also use km not miles")).toEqual([
      "The user wants the assistant to use km not miles.",
    ]);
  });
});
