// Terse notes users type to an assistant (issue 11): a thing and its day without a verb ("so last day
// dec 22"), a plan told by a weekday ("ok we start saturday"), a time written "2am", a refusal without
// its subject ("not negotiating"), chat spelling ("ill", "id", "im") and the verb that agrees with it.
import { describe, expect, test } from "bun:test";
import { chat } from "./embedded-support.ts";

const NEW_JOB = "i got a new job, need help with resigning";

describe("a thing of the user's and its day, typed without a verb", () => {
  test("'so last day dec 22' after the answer to a question is the user's last day, not dropped", () => {
    expect(chat(NEW_JOB, "When will you hand in your notice?", "i'll hand it in tomorrow. so last day dec 22")).toEqual(
      [
        "The user got a new job, need help with resigning.",
        'Asked "When will the user hand in the user\'s notice?", the user answered "The user will hand it in 5 May 2026".',
        "The user's last day is on 22 December 2026.",
      ],
    );
  });

  test("a quoted answer's date is not read as past by the 'answered' before it", () => {
    // Was "last day on 22 December 2025": 'the user answered' made the clause a past one.
    expect(chat(NEW_JOB, "When will you hand in your notice?", "last day dec 22")).toEqual([
      "The user got a new job, need help with resigning.",
      'Asked "When will the user hand in the user\'s notice?", the user answered "last day on 22 December 2026".',
    ]);
  });

  test("'first shift jan 4th', 'surgery 14th march', 'move date end of jan' are the user's", () => {
    expect(chat("first shift jan 4th")).toEqual(["The user's first shift is on 4 January 2027."]);
    expect(chat("surgery 14th march")).toEqual(["The user's surgery is on 14 March 2027."]);
    expect(chat("move date end of jan")).toEqual(["The user's move date is end of jan."]);
  });

  test("a reminder of a thing to do is no thing of the user's ('call mum dec 22')", () => {
    expect(chat("call mum dec 22")).toEqual(["Call mum on 22 December 2026."]);
  });
});

describe("what a terse message tells", () => {
  const SON = "my son wakes up 4 times a night";

  test("'ok we start saturday': a plan told by its day", () => {
    expect(chat(SON, "When do you want to start?", "ok we start saturday")).toEqual([
      "The user's son wakes up 4 times a night.",
      "The user and others start on Saturday, 9 May 2026.",
    ]);
    // A day alone does not make "it" say what it stands for.
    expect(chat("ill do it tomorrow")).toEqual([]);
  });

  test("'the night feed is at 2am': a time is a number (the tagger reads '2am' as a symbol)", () => {
    expect(chat("the night feed is at 2am")).toEqual(["The night feed is at 2am."]);
  });

  test("'nah not negotiating': a refusal is the user's", () => {
    expect(chat("nah not negotiating, 78k is already more than i asked for")).toEqual([
      "The user is not negotiating, 78k is already more than the user asked for.",
    ]);
  });

  test("'ill' and 'id' before a verb are 'I'll' and 'I'd'; 'my id' is not", () => {
    expect(chat("nah ill just move it to 7.15 in one go")).toEqual(["The user will just move it to 7.15 in one go."]);
    expect(chat("no separate. id put 40ish on the light")).toEqual(["The user would put 40ish on the light."]);
    expect(chat("my id is in the drawer")).toEqual(["The user's id is in the drawer."]);
  });

  test("'... and im losing my mind': the verb agrees though the tagger read the first verb as a noun", () => {
    expect(chat("my son wakes up like 4 times a night and im losing my mind")).toEqual([
      "The user's son wakes up like 4 times a night and the user is losing the user's mind.",
    ]);
  });
});

describe("corrections, names and dates as users type them", () => {
  test("'scratch that', 'wait no sorry', 'nvm' open a correction, and are not part of the memory", () => {
    expect(
      chat(
        "my sister niamh is going to plant sit when im away",
        "Noted.",
        "actually scratch that, niamh cant do it shes got exams. my neighbour tom said he'll pop in",
      ),
    ).toEqual([
      "The user's sister Niamh is going to plant sit when the user is away.",
      "Niamh cannot do it she has got exams. The user's neighbour Tom said he will pop in.",
    ]);
    expect(chat("wait no sorry its east facing, the sun comes in in the mornings")).toEqual([
      "According to the user, it is east facing, the sun comes in in the mornings.",
    ]);
    expect(chat("nvm jess just texted, shes staying till at least christmas")).toEqual([
      "According to the user, jess just texted, she is staying till at least christmas.",
    ]);
  });

  test("'simones parents': a known name's 's typed without its apostrophe ('exam marks' is no name)", () => {
    expect(chat("weekend of the 14th we're going to simones parents in birmingham")).toEqual([
      "Weekend of the 14th the user and others are going to simone's parents in birmingham.",
    ]);
    expect(chat("exam marks are out next week")).toEqual([]);
  });

  test("'ill' before any verb the lexicon knows is 'I'll'", () => {
    expect(chat("nah i want to start on the cards now. ill build savings up later")).toEqual([
      "The user wants to start on the cards now. The user will build savings up later.",
    ]);
  });

  test("'avalanche makes more sense' weighs an option: no thing of the user's", () => {
    expect(
      chat("what should i pay off first", "Avalanche or snowball? Which appeals more?", "avalanche makes more sense"),
    ).toEqual(["According to the user, avalanche makes more sense."]);
  });

  test("a date alone after a statement ('october next year') says when, in the same memory", () => {
    expect(chat("goal is to be debt free by my 30th. october next year")).toEqual([
      "The user's goal is to be debt free by the user's 30th. October 2027.",
    ]);
    expect(chat("my sister is getting married. june next year")).toEqual([
      "The user's sister is getting married. June 2027.",
    ]);
  });
});

describe("a home-gym chat's shorthand", () => {
  test("'the weekend of the 21st' is not this weekend", () => {
    expect(chat("leo's clearing the junk out this weekend then we set everything up the weekend of the 21st")).toEqual([
      "Leo's clearing the junk out on the weekend of 9 May 2026 then the user and others set everything up the weekend of the 21st.",
    ]);
  });

  test("'sat i can do later' is the Saturdays of a schedule, not 'the user sat'", () => {
    expect(chat("ok", "Which days suit you?", "mon wed sat. sat i can do later like 9")).toEqual([
      'Asked "Which days suit the user?", the user answered "Monday Wednesday Saturday".',
      "Saturdays the user can do later like 9.",
    ]);
  });

  test("questions typed without their mark: 'barbell does it matter which', 'programme wise what should i run'", () => {
    expect(chat("barbell does it matter which")).toEqual([]);
    expect(chat("programme wise what should i run")).toEqual([]);
  });

  test("'i kinda want' agrees: 'kinda wants'", () => {
    expect(chat("oh and i kinda want to do a novice powerlifting comp in the autumn")).toEqual([
      "The user kinda wants to do a novice powerlifting comp in the autumn.",
    ]);
  });
});

describe("a backyard-chickens chat's shorthand", () => {
  test("'coop budget is like 350': a noun before the noun the verb agrees with is the user's too", () => {
    expect(chat("coop budget is like 350")).toEqual(["The user's coop budget is like 350."]);
    expect(chat("car lease ends march 2027 so thats 210 freed up")).toEqual([
      "The user's car lease ends march 2027 so that is 210 freed up.",
    ]);
  });

  test("'treadle feeder then', 'hemp then': the thing the advice led to is chosen; 'ok then' chooses nothing", () => {
    expect(chat("rats are a worry", "A treadle feeder keeps rats out.", "treadle feeder then")).toEqual([
      "The user settled on treadle feeder.",
    ]);
    expect(chat("ok then")).toEqual([]);
    expect(chat("gerald will survive then")).toEqual([]);
    expect(chat("not now then")).toEqual([]);
  });

  test("'what do they eat, ...' asks; its mark left out", () => {
    expect(chat("what do they eat, the kids were gonna give them leftovers")).toEqual([]);
  });
});
