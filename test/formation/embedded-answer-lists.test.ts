// A user's reply to an assistant's numbered questions, typed as a run of fragments (issue 11): a part
// that shares no word with any question says more of the answer before it when a later part answers the
// next question in its own words; the parts of one answer are one memory; a wish typed without its
// subject ("want it on the water 25 july") is the user's, not a request to the assistant.
import { describe, expect, test } from "bun:test";
import { CHAT_AT as AT, withAssistant } from "./embedded-support.ts";
import { active, harness, importMessages } from "./api-support.ts";

const SURVEY =
  "Nice project. A few questions:\n\n1. What did the survey (or your first look) turn up — any soft spots or rot?\n2. Where are you working — indoors or outside?\n3. Do you have a **budget** and a **target date** for getting it on the water?";
const DAMAGE =
  "rot in the aft transom, port corner. soft bit in the bottom panel next to the centreboard case. working in the garage. budget £600";

describe("a reply to a numbered list of questions", () => {
  test("a fragment sharing no word goes with the answer before it when a later part answers the next question", () => {
    const formed = withAssistant(["restoring an old wooden mirror dinghy", SURVEY, DAMAGE], "user", AT);
    expect(formed).toContain(
      'Asked "What did the survey (or the user\'s first look) turn up — any soft spots or rot?", the user answered "rot in the aft transom, port corner; soft bit in the bottom panel next to the centreboard case".',
    );
    expect(formed.join("\n")).not.toContain("Where is the user working");
    expect(formed).toContain("The user is working in the garage. The user's budget is £600.");
  });

  test("a fragment with no later part for the next question still answers it by order", () => {
    const formed = withAssistant(
      [
        "planning a party for my daughter",
        "Happy to help!\n\n1. When is her birthday?\n2. Roughly how many guests?",
        "14 june. about 40 people",
      ],
      "user",
      AT,
    );
    expect(formed).toContain('Asked "Roughly how many guests?", the user answered "about 40 people".');
  });

  test("a name the question writes with a capital is a shared word ('ECS' and 'ecs fargate')", () => {
    const formed = withAssistant(
      [
        "node service leaking memory",
        "To tailor this:\n\n1. Which Node version?\n2. Where does it run (k8s, ECS, VM…) and what's the memory limit?\n3. Are you setting `--max-old-space-size` already?",
        "node 20. ecs fargate, 1gb task. no max old space set",
      ],
      "user",
      AT,
    );
    expect(formed).toContain(
      'Asked "Where does it run (k8s, ECS, VM…) and what\'s the memory limit?", the user answered "ecs fargate, 1gb task".',
    );
    expect(formed.join("\n")).not.toContain('Asked "Which Node version?"');
  });

  test("the parts of one answer are one memory, in the order typed", () => {
    const formed = withAssistant(
      [
        "training for a 100 mile sportive",
        "Great goal.\n\n1. How many hours a week can you train, and on which days?\n2. What bike do you ride?",
        "tuesday and thursday 6-7am on the turbo. saturday long ride, up to 5 hours. a 2019 giant tcr",
      ],
      "user",
      AT,
    );
    const answers = formed.filter((f) => f.startsWith('Asked "How many hours'));
    expect(answers).toHaveLength(1);
    expect(answers[0]).toContain("saturday long ride, up to 5 hours");
    expect(answers[0]!.indexOf("tuesday")).toBeLessThan(answers[0]!.indexOf("saturday"));
  });
});

describe("a wish typed without its subject", () => {
  test("'want it on the water 25 july' is the user's, with its date", () => {
    const formed = withAssistant(
      [
        "restoring an old wooden mirror dinghy",
        SURVEY,
        `${DAMAGE}. want it on the water 25 july, start of school hols`,
      ],
      "user",
      AT,
    );
    expect(formed.join("\n")).toContain("The user wants it on the water on 25 July 2026, start of school hols.");
  });

  test("through the API: one answer, the garage and the launch date kept", async () => {
    const h = await harness();
    await importMessages(
      h,
      [
        { role: "user", content: "restoring an old wooden mirror dinghy" },
        { role: "assistant", content: SURVEY },
        { role: "user", content: `${DAMAGE}. want it on the water 25 july` },
      ],
      { scope: { user_id: "ines" } },
    );
    const texts = active(h).map((m) => m.content);
    expect(texts.filter((t) => t.startsWith("Asked"))).toHaveLength(1);
    expect(texts.join("\n")).toMatch(/The user wants it on the water on 25 July/);
    expect(texts.join("\n")).toMatch(/soft bit in the bottom panel/);
  });
});

/** A user's messages to an assistant, each answered. */
const toAssistant = (...said: string[]) => withAssistant(["hi", ...said.flatMap((s) => ["Sure.", s])], "user", AT);

describe("what a user types around an instruction, a leave-taking or an unmarked question", () => {
  test("'No. Please don't suggest anything like that, ever' goes with what it points at", () => {
    expect(
      toAssistant(
        "Someone in the group chat suggested a willy-themed scavenger hunt for the Friday night. No. Please don't suggest anything like that, ever.",
      ),
    ).toEqual([
      "Someone in the group chat suggested a willy-themed scavenger hunt for the Friday night. The user does not want the assistant to suggest anything like that, ever.",
    ]);
    // Its own list ends in "anything like that": no joining.
    const own = toAssistant("i get my bonus in august. never suggest credit cards or 0% deals or anything like that");
    expect(own).toHaveLength(2);
    expect(own[1]).toMatch(/^The user wants the assistant to never suggest credit cards/);
  });

  test("'No. Please don't suggest a boatyard': the refusal before it does not hide the instruction", () => {
    // "No." is one token to the tagger (the abbreviation of "number").
    expect(toAssistant("No. Please don't suggest a boatyard, ever.")).toEqual([
      "The user does not want the assistant to suggest a boatyard, ever.",
    ]);
  });

  test("'noor's awake again gotta go lol' forms nothing; 'i have to go to the dentist on friday' does", () => {
    expect(toAssistant("yes pls. ok noor's awake again gotta go lol")).toEqual([]);
    expect(toAssistant("ok the baby is up, have to run")).toEqual([]);
    expect(toAssistant("i have to go to the dentist on friday")).toEqual([
      "The user has to go to the dentist on Friday, 8 May 2026.",
    ]);
  });

  test("'any superstition stuff i should know' asks; the statement before it stays", () => {
    expect(toAssistant("renaming her puffin. any superstition stuff i should know")).toEqual([
      "The user is renaming her puffin.",
    ]);
    expect(toAssistant("any tips for the first coat")).toEqual([]);
    expect(toAssistant("Lou says we can stretch to 58. Any way to shave 2k off")).toEqual([
      "Lou says the user and others can stretch to 58.",
    ]);
  });

  test("a weekday that is the subject takes no 'On': 'Friday is going to be a tapas evening'", () => {
    expect(toAssistant("Friday is going to be a relaxed tapas evening near the apartment.")).toEqual([
      "Friday, 8 May 2026 is going to be a relaxed tapas evening near the apartment.",
    ]);
  });
});

describe("British and Irish ways of writing", () => {
  test("'grandad', 'mam' and 'nan' carry a gender, so 'he' and 'she' after them name them", () => {
    expect(toAssistant("my grandad drove the buses in coventry. he used to sing to the passengers")).toEqual([
      "The user's grandad drove the buses in coventry. The user's grandad used to sing to the passengers.",
    ]);
    expect(toAssistant("my mam is 64. she still swims every morning")).toEqual([
      "The user's mam is 64. The user's mam still swims every morning.",
    ]);
  });

  test("a verb spelled '-ise' is a bare verb: 'Please summarise ...' asks, 'i realise ...' agrees", () => {
    expect(toAssistant("Please summarise everything we changed as a checklist.")).toEqual([
      "The user wants the assistant to summarise everything the user and others changed as a checklist.",
    ]);
    expect(toAssistant("i realise now the cache was the problem")).toEqual([
      "The user realises now the cache was the problem.",
    ]);
  });
});

describe("a carer's, a buyer's and an organiser's shorthand", () => {
  const on = (at: string, said: string) => withAssistant(["hi", "Sure.", said, "Noted."], "user", at);

  test("'£1,180 incl. VAT' is one sentence, and 'costs in GBP incl. VAT' a standing instruction", () => {
    expect(on(AT, "please give all costs in GBP incl. VAT. shortlist is the mg4 and the ev3")).toEqual([
      "The user wants the assistant to give all costs in GBP incl. VAT.",
      "The user's shortlist is the mg4 and the ev3.",
    ]);
    expect(on(AT, "Quote accepted: £1,180 incl. VAT from a local approved installer")).toEqual([
      "Quote accepted: £1,180 incl. VAT from a local approved installer.",
    ]);
  });

  test("'shes got her follow up ... on the 28th' lies ahead; 'usually sunday afternoon' is a habit", () => {
    const may12 = "2026-05-12T21:40:00Z";
    expect(on(may12, "my mum has got her follow up at the memory clinic on the 28th")).toEqual([
      "The user's mum has got her follow up at the memory clinic on 28 May 2026.",
    ]);
    expect(on(may12, "i go over tuesday and friday and usually sunday afternoon")).toEqual([
      "The user goes over tuesday and friday and usually sunday afternoon.",
    ]);
  });

  test("'bullet points pls, no essays' is how the user wants answers, not an answer to a question", () => {
    const formed = withAssistant(
      [
        "hi",
        "Two things:\n\n1. Are you selling in advance?\n2. What happens if it's too windy — do you still pay?",
        "bullet points pls, no essays. also someone said we need a licence for the raffle?? do we",
      ],
      "user",
      AT,
    );
    expect(formed).toEqual(["The user wants bullet points from the assistant, no essays."]);
  });

  test("'Markdown, no emojis.' after a request is a standing wish, kept", () => {
    const formed = withAssistant(
      [
        "can you help me write a cover letter for a data analyst job. Markdown, no emojis.",
        "Sure! Paste the job ad.",
        "ok",
      ],
      "user",
      AT,
    );
    expect(formed).toContain("The user wants markdown from the assistant, no emojis.");
  });

  test("a form of answer with no part left out and no please is not a wish ('Markdown.')", () => {
    const formed = withAssistant(["which format is the readme in", "Markdown.", "Markdown, no."], "user", AT);
    expect(formed.join("\n")).not.toContain("wants markdown");
  });

  test("'dont suggest any' goes with what it points at", () => {
    expect(on(AT, "also no alcohol prizes, head wont have it. dont suggest any. what else can we ask for")).toEqual([
      "According to the user, no alcohol prizes, head will not have it. The user does not want the assistant to suggest any.",
    ]);
  });
});

describe("a short answer naming things", () => {
  test("'tension block + plates. no hangboard' answers what equipment the user has ('block' is no verb there)", () => {
    const formed = withAssistant(
      [
        "finger pulley injury from bouldering",
        "## Question\n\nWhat equipment do you have at home — hangboard, lifting block, weights?",
        "tension block + plates. no hangboard",
      ],
      "user",
      AT,
    );
    expect(formed).toContain(
      'Asked "What equipment does the user have at home — hangboard, lifting block, weights?", the user answered "tension block + plates, no hangboard".',
    );
  });

  test("'a tension block' answers too, and a plural's verb stays a verb ('lates finish 8:30pm')", () => {
    const formed = withAssistant(["hi", "What kit do you have at home?", "a tension block"], "user", AT);
    expect(formed).toContain('Asked "What kit does the user have at home?", the user answered "a tension block".');
    expect(withAssistant(["hi", "Sure.", "earlies start at 7. lates finish 8:30pm"], "user", AT).join(" ")).toMatch(
      /Lates finish 8:30pm/i,
    );
  });
});
