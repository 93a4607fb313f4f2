// What users type for speed and what they paste, as the embedded extractor reads it (issue 11): shorthand
// written out ("tues", "abt", "45 min"), a schedule of weekdays, the time of a plan, the day of something,
// a modal with no subject, "wait" before news, version numbers, and code or logs pasted into a message.
import { describe, expect, test } from "bun:test";
import { writtenOut } from "../../src/formation/embedded/shorthand.ts";
import { statedName } from "../../src/formation/user-name.ts";
import type { Fact } from "../../src/formation/extractor.ts";
import { knownNames } from "../../src/formation/embedded/typed-names.ts";
import { CHAT_AT as AT, chat, contents, extractor, withAssistant } from "./embedded-support.ts";

describe("shorthand written out", () => {
  test("weekdays cut short, where they name a day", () => {
    expect(writtenOut("i can do tues and thurs evenings, not fri")).toBe(
      "i can do Tuesday and Thursday evenings, not Friday",
    );
    expect(writtenOut("i work sat mornings, on sun we rest, mon-wed is busy")).toBe(
      "i work Saturday mornings, on Sunday we rest, Monday-Wednesday is busy",
    );
    expect(writtenOut("first shift is wed 18th")).toBe("first shift is Wednesday 18th");
  });

  test("a word that is also a weekday's short form stays a word", () => {
    for (const said of ["the sun was out", "we lay on sun loungers", "i sat down", "we wed in june", "this sun is hot"])
      expect(writtenOut(said)).toBe(said);
  });

  test("units and words typed short", () => {
    expect(writtenOut("a 45 min video call, then 20 min of questions")).toBe(
      "a 45-minute video call, then 20 minutes of questions",
    );
    expect(writtenOut("12.5hr shifts, 12 hrs a week, had physio last yr")).toBe(
      "12.5-hour shifts, 12 hours a week, had physio last year",
    );
    expect(writtenOut("see u tmrw abt the appt w/ ppl b4 noon")).toBe(
      "see u tomorrow about the appointment with people before noon",
    );
    expect(writtenOut("saturdays r out")).toBe("saturdays are out");
    expect(writtenOut("£12.60 an hr, normal tax yr, w the kids rn, paid thru monzo, self catering defo")).toBe(
      "£12.60 an hour, normal tax year, with the kids right now, paid through monzo, self catering definitely",
    );
    expect(writtenOut("id rather wait, kev said hell review it")).toBe(
      "I would rather wait, kev said he will review it",
    );
    expect(writtenOut("ok went w fold/reduce, press w to jump")).toBe("ok went with fold/reduce, press w to jump");
    expect(writtenOut("go to hell, my id is 4411, a w b, hr just emailed")).toBe(
      "go to hell, my id is 4411, a w b, hr just emailed",
    );
  });

  test("money in thousands typed with a 'k' is written out; a distance is not", () => {
    expect(writtenOut("turnover was abt 48k last yr, budget 1.2k, £9k for a saturday")).toBe(
      "turnover was about 48,000 last year, budget 1,200, £9,000 for a saturday",
    );
    expect(writtenOut("longest run is 8k. i run 5k in about 31 min. physio gave me exercises")).toBe(
      "longest run is 8k. i run 5k in about 31 minutes. physio gave me exercises",
    );
    expect(writtenOut("1.5k followers, im on 36k now")).toBe("1.5k followers, im on 36k now");
  });

  test("what the user types short is stored in words an agent searches for", () => {
    expect(chat("i can do tues and thurs evenings after work")).toEqual([
      "The user can do Tuesday and Thursday evenings after work.",
    ]);
    expect(chat("first round is a 45 min video call, then a take home test")).toEqual([
      "First round is a 45-minute video call, then a take home test.",
    ]);
  });
});

describe("days and times", () => {
  test("weekdays listed are a schedule: kept, and never dated", () => {
    expect(chat("my days off are sun mon tue")).toEqual(["The user's days off are Sunday Monday Tuesday."]);
    expect(chat("my library shifts changed last week, its wed and thurs now not tues")).toEqual([
      "The user's library shifts changed in the week of 27 April 2026, it is Wednesday and Thursday now not Tuesday.",
    ]);
  });

  test("a holiday is its date: 'good friday', 'easter monday', 'boxing day'", () => {
    // Said in May 2026: Good Friday 2026 (3 April) is past, the next one is 26 March 2027.
    expect(chat("potatoes go in on good friday")).toEqual(["Potatoes go in on Good Friday, 26 March 2027."]);
    expect(chat("plan was good friday")).toEqual(["The user's plan was Good Friday, 3 April 2026."]);
    expect(chat("we're at my mums on boxing day")).toEqual([
      "The user and others are at the user's mums on Boxing Day, 26 December 2026.",
    ]);
  });

  test("the time of a plan stays with its date", () => {
    expect(chat("my interview is on friday at 2pm")).toEqual(["The user's interview is on Friday, 8 May 2026 at 2pm."]);
    expect(chat("the call is friday 14:00")).toEqual(["The call is on Friday, 8 May 2026 at 14:00."]);
    expect(chat("we are meeting tomorrow at noon")).toEqual(["The user and others are meeting on 5 May 2026 at noon."]);
    // A part of the day is kept for what lies ahead, not for a story.
    expect(chat("i fly out sunday night")).toEqual(["The user flies out on Sunday, 10 May 2026 at night."]);
    expect(chat("last night i went to a concert")).toEqual(["On 3 May 2026 the user went to a concert."]);
  });

  test("a weekday naming a thing or a habit is no date: 'the friday night drive', 'tuesday training'", () => {
    expect(chat("actually scrap the friday night drive")).toEqual(["The user dropped the friday night drive."]);
    expect(chat("tuesday training is at the rec")).toEqual(["Tuesday training is at the rec."]);
  });

  test("a weekday with a day of the month and no month is in the month where they meet", () => {
    expect(chat("the deadline is sunday 17th")).toEqual(["The deadline is Sunday, 17 May 2026."]);
    expect(chat("kev said hell review it on sat 16th")).toEqual([
      "Kev said he will review it on Saturday, 16 May 2026.",
    ]);
  });

  test("a day of the month after a preposition is the next one, unless it comes back each month", () => {
    expect(chat("big news, camera ready is pushed to the 29th")).toEqual(["Camera ready is pushed to 29 May 2026."]);
    expect(chat("yeah rent is due on the 1st")).toEqual(["The user's rent is due on the 1st."]);
  });

  test("a month something is wanted done by lies ahead, and its end stays said", () => {
    expect(chat("my accountant wants the books tidied by end of june")).toEqual([
      "The user's accountant wants the books tidied by the end of June 2026.",
    ]);
  });

  test("the day of something is a fact of its own", () => {
    expect(chat("the interview is friday at 2pm")).toEqual(["The interview is on Friday, 8 May 2026 at 2pm."]);
    expect(chat("sunday is best")).toEqual([]);
  });
});

describe("how a message opens and what it holds", () => {
  test("a modal opening the message is the user's: 'cant do ...'", () => {
    expect(chat("cant do the teacher meeting on tuesday, im on shift")).toEqual([
      "The user cannot do the teacher meeting on Tuesday, 5 May 2026. The user is on shift.",
    ]);
    expect(chat("could be worse")).toEqual([]);
  });

  test("'wait' before news only catches the listener's attention", () => {
    expect(chat("wait the rota just came out and its different, theyve put me on wed thu fri not mon tue wed")).toEqual(
      [
        "The rota just came out and its different, they have put the user on Wednesday Thursday Friday not Monday Tuesday Wednesday.",
      ],
    );
  });

  test("'2pm.' ends its sentence; words joined by a hyphen are one word ('take-home'); 'due fri' lies ahead", () => {
    expect(
      withAssistant(
        ["Orbital offers Thursday 11 June at 10am or 2pm. Which works?", "2pm. also the offer landed"],
        "assistant",
        AT,
      ),
    ).toContain(
      'Asked "Orbital offers on Thursday, 11 June 2026 at 10am or 2pm. Which works?", the user answered "2pm".',
    );
    expect(chat("orbital labs: recruiter call done, take-home due fri, then sys design")).toEqual([
      "Orbital labs: recruiter call done, take-home due on Friday, 8 May 2026, then sys design.",
    ]);
  });

  test("a terse note naming a role or a thing gets its verb: 'landlord mrs okonkwo', 'vet = riverside vets'", () => {
    expect(chat("landlord mrs okonkwo.")).toEqual(["The user's landlord is Mrs Okonkwo."]);
    expect(chat("vet = riverside vets, staying.")).toEqual(["The user's vet is riverside vets, staying."]);
    expect(chat("new landlord Gary Moss")).toEqual(["The user's new landlord is Gary Moss."]);
  });

  test("what was booked or moved to lies ahead; 'sat.' ends its sentence", () => {
    expect(withAssistant(["van booked sat 25th", "Noted."], "user", "2026-07-08T10:00:00.000Z")).toEqual([
      "The user's van booked Saturday, 25 July 2026.",
    ]);
    expect(
      withAssistant(["actually scrap sat. van moved to fri 24th", "Noted."], "user", "2026-07-08T10:00:00.000Z"),
    ).toEqual(["The user's van moved to Friday, 24 July 2026."]);
  });

  test("a terse note of a thing and its day is kept without a verb; what was booked for a weekday lies ahead", () => {
    const at = "2026-07-02T10:00:00.000Z"; // a Thursday
    expect(withAssistant(["gav ok w new date. first fix wed 29th.", "Noted."], "user", at)).toEqual([
      "The user's first fix is on Wednesday, 29 July 2026.",
    ]);
    expect(withAssistant(["booked tues for survey. now mon 27th.", "Noted."], "user", at)).toEqual([
      "The user booked on Tuesday, 7 July 2026 for survey.",
    ]);
  });

  test("a verbless answer in a numbered reply answers its question unless the statements make it the user's", () => {
    const list =
      "A few questions:\n1. How much downtime can you tolerate at cutover, and when?\n2. What's the total budget?";
    expect(
      withAssistant([list, "1. <5 min, ideally sun night. 2. total budget 800 quid max"], "assistant", AT),
    ).toEqual([
      'Asked "How much downtime can the user tolerate at cutover, and when?", the user answered "<5 minutes, ideally on Sunday, 10 May 2026 at night".',
      "The user's total budget is 800 quid max.",
    ]);
  });

  test("a line break opens a sentence; an instruction to the assistant is continued by nothing", () => {
    expect(chat("hello there.\n\ntotal budget 800 quid max")).toEqual(["The user's total budget is 800 quid max."]);
    expect(chat("pls always answer in typescript. our payments team owns the ledger service")).toEqual([
      "The user wants the assistant to always answer in typescript.",
      "The user's payments team owns the ledger service.",
    ]);
  });

  test("a version number is no sentence break", () => {
    expect(chat("the deploy for v2.14 is failing on ECS")).toEqual(["The deploy for v2.14 is failing on ECS."]);
  });

  test("code and logs pasted into a message form nothing; what the user says around them does", () => {
    const pasted = [
      "ok this is the one that fails the most. pls always answer in typescript",
      "",
      "```ts",
      'const bal = await getBalance("acc_1");',
      "expect(bal).toBe(500);",
      "```",
      "",
      "```",
      "  Expected: 500",
      "  Received: 1250",
      "```",
      "",
      "our payments team owns the ledger service",
    ].join("\n");
    expect(chat(pasted)).toEqual([
      "This is the one that fails the most.",
      "The user wants the assistant to always answer in typescript.",
      "The user's payments team owns the ledger service.",
    ]);
    // A fence left open runs to the end of the message.
    expect(chat("we are on postgres 15\n```\nERROR: relation entries does not exist\n  at main (index.ts:3)")).toEqual([
      "The user and others are on postgres 15.",
    ]);
  });
});

describe("answers and instructions as users type them", () => {
  const asked = (question: string, reply: string) => withAssistant([question, reply], "assistant", AT);

  test("fragments after a short answer answer with it, to 8 words", () => {
    expect(
      asked(
        "Got it. Which kind of specialist is it, and does the letter give a date and time?",
        "Cardiology. September 9th at 10:30. Karen is going to drive me.",
      ),
    ).toEqual([
      'Asked "Which kind of specialist is it, and does the letter give a date and time?", the user answered "Cardiology, on 9 September 2026 at 10:30".',
      "Karen is going to drive the user.",
    ]);
  });

  test("an enquiry for a date lies ahead, though it came in the past", () => {
    expect(chat("got an enquiry for may 16th but thats mei and callums wedding already")).toEqual([
      "The user got an enquiry for 16 May 2026 but that is mei and callums wedding already.",
    ]);
  });

  test("a question in a table's cell is asked of no one; 'ok diff thing' answers nothing", () => {
    expect(
      asked("| Step | Done? |\n|---|---|\n| Renew | no |\n\nAll set for now.", "ok diff thing. we have a new puppy"),
    ).toEqual(["The user and others have a new puppy."]);
  });

  test("thanks alone answer nothing; 'ok 2 is 15 min' answers the second question", () => {
    expect(asked("Could you have a quick look at the budget before I submit it?", "perfect thx")).toEqual([]);
    expect(
      asked("Questions:\n1. When is the deadline?\n2. How long is your talk slot?", "ok 2 is 15 min + 5 q&a. 1 fri"),
    ).toContain('Asked "How long is the user\'s talk slot?", the user answered "15 minutes + 5 q&a".');
  });

  test("news announced, or words not understood, answer nothing", () => {
    expect(asked("Which evenings are the live sessions on?", "ok big news. my mate kev just sent me a job ad")).toEqual(
      ["The user's mate Kev just sent the user a job ad."],
    );
    expect(asked("When do you have breakfast?", "That is a lot of words I do not understand.")).toEqual([
      "That is a lot of words the user does not understand.",
    ]);
  });

  test("numbered answers marked with a dash, in any order", () => {
    expect(
      asked(
        "A few questions:\n\n1. Which area appeals most?\n2. How many hours a week can you give it?\n3. Where are you based?\n4. Anything in a portfolio yet?",
        "4 - nothing really, just the exercises. 1 - data stuff. 3 - manchester, hybrid is fine",
      ),
    ).toEqual([
      'Asked "Anything in a portfolio yet?", the user answered "nothing really, just the exercises".',
      'Asked "Which area appeals most?", the user answered "data stuff".',
      'Asked "Where is the user based?", the user answered "manchester, hybrid is fine".',
    ]);
  });

  test("numbers closed by ')' mark items anywhere once one did, after an opening 'ok so'", () => {
    expect(
      asked(
        "Happy to help.\n\n1. How many weddings are booked this year?\n2. What does your second shooter earn now?\n3. When does the insurance renew?",
        "ok so 3) renews on the 28th 1) 18 booked for this year 2) tom, on £250 a wedding",
      ),
    ).toEqual([
      'Asked "When does the insurance renew?", the user answered "renews on 28 May 2026".',
      'Asked "What does the user\'s second shooter earn now?", the user answered "tom, on £250 a wedding".',
      "18 booked for 2026.",
    ]);
  });

  test("once an item was marked, a number opening a sentence marks one in any order; 'not yet' is a no", () => {
    expect(
      asked(
        "### Questions\n1. What's the gross annual salary?\n2. Have you checked your degree in anabin?\n3. Have you booked a visa appointment yet?",
        "1. 62k gross. 3 not yet, looking now. 2 yes uni is H+ and degree is listed",
      ),
    ).toEqual([
      'Asked "What\'s the gross annual salary?", the user answered "62,000 gross".',
      "The user has not booked a visa appointment yet.",
      "The user's uni is H+ and degree is listed.",
    ]);
  });

  test("a terse reply to a numbered list marks its items with bare numbers; an item's later sentence stays a statement", () => {
    const list =
      "Quick questions:\n1. What matters most: base, equity or working pattern?\n2. Is 3 days in the office ok?";
    expect(asked(list, "2 no, 3 days is a dealbreaker. 1 base.")).toEqual([
      'Asked "What matters most: base, equity or working pattern?", the user answered "base".',
      "3 days is a dealbreaker.",
    ]);
    expect(
      asked(
        "Quick questions:\n1. Are you a sole trader or a limited company?\n2. Roughly what was your turnover last year?",
        "1. sole trader. turnover was abt 48k last yr",
      ),
    ).toEqual([
      'Asked "Is the user a sole trader or a limited company?", the user answered "sole trader".',
      "The user's turnover was about 48,000 in 2025.",
    ]);
  });

  test("what the answers should leave out keeps the reason given with it", () => {
    expect(chat("And no charts please, I would like to print this out and put it on the fridge.")).toEqual([
      "The user wants no charts in the assistant's answers; the user would like to print this out and put it on the fridge.",
    ]);
    expect(chat("pls no giant tables, im reading this on my phone")).toEqual([
      "The user wants no giant tables in the assistant's answers; the user is reading this on the user's phone.",
    ]);
  });

  test("asking for plain words or units is a way of answering the user wants", () => {
    expect(chat("Could you please explain things in plain words, I am not a doctor.")).toEqual([
      "The user wants the assistant to explain things in plain words.",
      "The user is not a doctor.",
    ]);
  });

  test("the name to sign with is the user's name", () => {
    expect(statedName("yes pls, sign it off as Priya at Muddy Paws. dont make it cringe")).toBe("Priya");
    expect(statedName("name at the bottom is Tomasz Nowak. mention the restaurant")).toBe("Tomasz Nowak");
    expect(statedName("sign it as the team")).toBeNull();
    // Typed in lower case: a given name the lexicon knows, or one the assistant writes as a name.
    expect(statedName("can u draft a short email to hr. sign it rohan")).toBe("Rohan");
    expect(statedName("sign it priya, thats fine")).toBeNull();
    expect(statedName("sign it priya, thats fine", "Here is the draft, Priya.")).toBe("Priya");
    expect(statedName("sign it and send it")).toBeNull();
    // A given name closing the message signs it.
    expect(statedName("amazing thank u!! printing it now. marta x")).toBe("Marta");
    expect(statedName("see you at the park. it was fun")).toBeNull();
    expect(statedName("Could you draft a short email? Please sign it from Margaret Hale")).toBe("Margaret Hale");
    // A word the lexicon knows as another kind is never the name, however the assistant writes it.
    expect(statedName("1 indeed + a sign in the window", "Great, In the meantime")).toBeNull();
    // The assistant's quoted draft signed with it says it is a name.
    expect(statedName("sign it priya, thats fine", "> Cheers,\n> Priya")).toBe("Priya");
  });

  test("a user known by a full name is their given name in their memories", () => {
    const facts = extractor.extract({
      kind: "passage",
      text: "I live in Berlin and I walk with a stick.",
      user: { name: "Margaret Hale" },
      occurredAt: AT,
      receivedAt: AT,
    }) as Fact[];
    expect(contents(facts)).toEqual(["Margaret lives in Berlin.", "Margaret walks with a stick."]);
    const said = (text: string) =>
      contents(
        extractor.extract({ kind: "passage", text, user: { name: "Dana Whitfield" }, occurredAt: AT }) as Fact[],
      );
    // Introducing themselves with the whole name is the memory of it, and what follows it.
    expect(said("Hi! I am Dana Whitfield, a backend engineer at Stripe.")).toEqual([
      "The user's name is Dana Whitfield.",
      "Dana is a backend engineer at Stripe.",
    ]);
    expect(said("My name is Dana Whitfield.")).toEqual(["The user's name is Dana Whitfield."]);
  });

  test("asking the assistant to sign with a name is the memory of the user's name", () => {
    const facts = extractor.extract({
      kind: "messages",
      user: { name: "Margaret Hale" },
      messages: [
        {
          index: 0,
          role: "user",
          speaker: null,
          content: "Could you draft the email? Please sign it from Margaret Hale.",
          occurredAt: AT,
        },
        { index: 1, role: "assistant", speaker: null, content: "Of course.", occurredAt: AT },
      ],
      receivedAt: AT,
    }) as Fact[];
    expect(contents(facts)).toEqual(["The user's name is Margaret Hale."]);
  });

  test("a name said as 'its nora btw' is the user's", () => {
    expect(statedName("this is so helpful omg. its nora btw lol i realize i never said")).toBe("Nora");
    expect(statedName("its monday.")).toBeNull();
  });
});

describe("how a clause is read", () => {
  test("a month after a clause told in the present lies ahead, though the sentence tells the past", () => {
    expect(chat("hr just emailed, start date pushed to july 1 bc the team lead is on leave most of june")).toEqual([
      "Hr just emailed, start date pushed to 1 July 2026 because the team lead is on leave most of June 2026.",
    ]);
    expect(chat("need a carpool sorted w the other parents and theres an away tournament in sept")).toEqual([
      "The user needs a carpool sorted with the other parents and there is an away tournament in September 2026.",
    ]);
  });

  test("a plan in its own clause lies ahead though the sentence tells the past; 'mon-fri' is a schedule", () => {
    const at = "2026-08-04T10:00:00.000Z";
    expect(
      withAssistant(["market lady emailed, someone cancelled so i can start on the 15th", "Noted."], "user", at),
    ).toEqual(["Market lady emailed, someone cancelled so the user can start on 15 August 2026."]);
    expect(withAssistant(["i work mon-fri as a dental receptionist", "Noted."], "user", at)).toEqual([
      "The user works Monday-Friday as a dental receptionist.",
    ]);
  });

  test("an appointment one has 'got' lies ahead; what one got on a day lies behind", () => {
    const at = "2026-03-10T10:00:00.000Z";
    expect(withAssistant(["got an mri on the 29th", "Noted."], "user", at)).toEqual([
      "The user got an mri on 29 March 2026.",
    ]);
    expect(withAssistant(["got my scan results on the 3rd", "Noted."], "user", at)).toEqual([
      "The user got the user's scan results on 3 March 2026.",
    ]);
  });

  test("what someone wants to do on a date lies ahead, though the sentence tells the past", () => {
    expect(
      withAssistant(
        ["The GP has suggested a medication review and wants to see her on the 2nd of June.", "Noted."],
        "user",
        "2026-05-19T10:00:00.000Z",
      ),
    ).toEqual(["The GP has suggested a medication review and wants to see her on 2 June 2026."]);
  });

  test("'he' after 'Dr Okafor at the Ilkley Moor surgery' is the doctor, not a name after 'the'", () => {
    expect(
      withAssistant(
        ["Her GP is Dr Okafor at the Ilkley Moor surgery. He has suggested a medication review.", "Noted."],
        "user",
        AT,
      ),
    ).toEqual(["Her GP is Dr Okafor at the Ilkley Moor surgery. Dr Okafor has suggested a medication review."]);
  });

  test("an aside about the talk ('like we said') tells no past of a plan", () => {
    expect(withAssistant(["start mon 16th like we said", "Noted."], "user", "2026-03-10T10:00:00.000Z")).toEqual([
      "The user starts Monday, 16 March 2026 like the user and others said.",
    ]);
  });

  test("a participle after its noun, once a present verb told the tense, is no story of the past", () => {
    expect(chat("they only have 2 saturdays left this fall: sept 26 or oct 17")).toEqual([
      "They only have 2 saturdays left in autumn 2026: on 26 September 2026 or on 17 October 2026.",
    ]);
    expect(chat("i went to rome in october")).toEqual(["The user went to rome in October 2025."]);
  });

  test("'its' before a number is 'it is'; 'were' opening a clause is 'we are'; a known name's 's' is its possessive", () => {
    expect(chat("called them!! its 2400 for the whole day, holds 100")).toEqual([
      "It is 2400 for the whole day, holds 100.",
    ]);
    expect(chat("were 5 ppl and the other 4 dont start til 10")).toEqual([
      "The user and others are 5 people and the other 4 do not start til 10.",
    ]);
    expect(chat("my fiance jake is great. jakes mom linda is giving 3k")).toEqual([
      "The user's fiance Jake is great. Jake's mom linda is giving 3,000.",
    ]);
  });

  test("a name the user types in lower case is the one the assistant writes with its capital", () => {
    const messages = [
      {
        role: "user",
        content: "ella is obsessed w dolphins rn. we have a corolla and a monzo account. marco is my husband",
      },
      {
        role: "assistant",
        content:
          "## Dolphin Trips for Kids\n\nI think Ella will love the catamaran. Your Corolla is fine for the drive, and Monzo works abroad, so ask Marco to book it.",
      },
    ];
    // Not "corolla" (after "Your": a thing), nor "dolphin" and "trips" (a heading's Title Case).
    expect([...knownNames(null, messages)].sort()).toEqual(["ella", "marco", "monzo"]);
    const [first] = withAssistant(
      messages.map((m) => m.content),
      "user",
      AT,
    );
    expect(first).toMatch(/^Ella is obsessed with dolphins right now\./);
  });
});
