// How users write to an assistant, and what the embedded extractor makes of it: instructions asked as
// questions, plans dropped in a later message, chat spelling without apostrophes, "he" and "she" across
// the assistant's replies (issue 11).
import { describe, expect, test } from "bun:test";
import type { Fact } from "../../src/formation/extractor.ts";
import { createNlp } from "../../src/formation/embedded/nlp.ts";
import { withCapitalNames } from "../../src/formation/embedded/typed-names.ts";
import { CHAT_AT as AT, chat, contents, extractor, passage, withAssistant } from "./embedded-support.ts";

describe("a standing instruction to the assistant", () => {
  test("asked as a question ('can you ... pls') is what the user wants of the assistant", () => {
    // What the user tells of themselves after it, with a number or a doing, stays with it.
    expect(chat("also can you always give prices including VAT pls, I never remember to add the 20%")).toEqual([
      "The user wants the assistant to always give prices including VAT. The user never remembers to add the 20%.",
    ]);
    expect(
      chat("use typescript for everything pls, and no need to explain basics, I've been doing backend for ~8 years"),
    ).toEqual([
      "The user wants the assistant to use typescript for everything, and no need to explain basics. The user has been doing backend for ~8 years.",
    ]);
    expect(chat("no tables pls, I never read them")).toEqual([
      "The user wants no tables in the assistant's answers; the user never read them.",
    ]);
    expect(chat("can you keep answers shorter pls")).toEqual(["The user wants the assistant to keep answers shorter."]);
    expect(chat("In future can you reply in Spanish?")).toEqual(["The user wants the assistant to reply in Spanish."]);
    expect(chat("Going forward, please use metric units")).toEqual([
      "The user wants the assistant to use metric units.",
    ]);
  });

  test("a way of answering ('as plain lists', ', no tables') is an instruction, and keeps what it leaves out", () => {
    expect(chat("and give me plans as plain lists i can paste into my notes app, no tables")).toEqual([
      "The user wants the assistant to give the user plans as plain lists the user can paste into the user's notes app, no tables.",
    ]);
    expect(chat("keep it short & bullet pointed please, no essays")).toEqual([
      "The user wants the assistant to keep it short & bullet pointed, no essays.",
    ]);
    expect(chat("send me the invoice as a pdf")).toEqual([]);
  });

  test("'and just show me the changed bits, not the whole file every time' is an instruction; 'no build.rs pls' a want", () => {
    expect(chat("works. and just show me the changed bits, not the whole file every time")).toEqual([
      "The user wants the assistant to show the user the changed bits, not the whole file every time.",
    ]);
    expect(chat("no build.rs pls, use an env var from ci instead.")).toEqual([
      "The user wants no build.rs; use an env var from ci instead.",
    ]);
  });

  test("'also work stuff, im a tax adviser ...': a topic named before what the user tells", () => {
    expect(chat("also work stuff, im a tax adviser and i'll have my laptop w me")).toEqual([
      "The user is a tax adviser. The user will have the user's laptop with the user.",
    ]);
    expect(chat("money wise, we have about 2k left")).toEqual(["The user and others have about 2k left."]);
  });

  test("'the thursday' is the day of a plan talked about: dated only after a day the text names", () => {
    expect(chat("hi", "Anything to swap?", "louisiana yes!! day trip on the thursday")).toEqual([
      'Asked "Anything to swap?", the user answered "louisiana yes!, day trip on the thursday".',
    ]);
    expect(chat("the party is on june 19th, no, the 20th, the saturday")).toEqual([
      "The party is on 19 June 2026, no, the 20th, on Saturday, 20 June 2026.",
    ]);
    expect(chat("going back on monday 6th april, the monday after my fit note ends")).toEqual([
      "The user is going back on Monday, 6 April 2026, the monday after the user's fit note ends.",
    ]);
  });

  test("a weekday the assistant's message dated ('Fri 19') is that day in the reply, not the next Friday", () => {
    const plan =
      "| **Thu 18** | Royal Library |\n| **Fri 19** | **Louisiana** day trip |\n\nOr move Louisiana to Friday 19th?";
    expect(chat("hi", plan, "day trip on the thursday, ok")).toEqual([
      'Asked "Or move Louisiana to Friday, 19 June 2026?", the user answered "day trip on the Thursday, 18 June 2026, ok".',
    ]);
    // A schedule, or two weekdays, keep their names.
    expect(chat("hi", plan, "we're open wednesday to friday")).toEqual([
      "The user and others are open wednesday to friday.",
    ]);
  });

  test("'please dont ...' is what the user does not want; a state ('dont need a car') stays the user's", () => {
    expect(chat("please dont explain the basics of sheets to me")).toEqual([
      "The user does not want the assistant to explain the basics of sheets to the user.",
    ]);
    expect(chat("dont need a car in berlin")).toEqual(["The user does not need a car in berlin."]);
  });

  test("a one-off request, or a lasting word that asks nothing, is no instruction", () => {
    expect(chat("can you give me a list of the phrases I will need?")).toEqual([]);
    expect(chat("Never been to Paris though")).toEqual(["The user has never been to Paris though."]);
  });

  test("the shape of answers and the units wanted, typed without a verb, are instructions", () => {
    expect(chat("ok dynamo for locks. also pls: code first, then max 3 bullets of explanation")).toContain(
      "The user wants code first, then max 3 bullets of explanation from the assistant.",
    );
    expect(chat("yes bagged in advance. and grams not cups for any recipe stuff")).toContain(
      "The user wants grams not cups for any recipe stuff from the assistant.",
    );
    expect(chat("pls can you keep everything to uk rules tho")).toEqual([
      "The user wants the assistant to keep everything to uk rules.",
    ]);
    expect(chat("metric units please")).toEqual(["The user wants metric units from the assistant."]);
    // The reason after a comma stays with the units, though it has a verb of its own.
    expect(chat("the flat has no garden. also metric units, i cant think in feet")).toContain(
      "The user wants metric units from the assistant; the user cannot think in feet.",
    );
    expect(chat("measurements in cm and metres only pls")).toEqual([
      "The user wants measurements in cm and metres only from the assistant.",
    ]);
    // Not a way of answering: when the user is free, or how a dog is to be trained.
    expect(chat("weekends only")).toEqual([]);
    expect(chat("force free only pls").join(" ")).not.toContain("from the assistant");
  });
});

describe("a plan dropped in a later message", () => {
  test("'actually make the new rate 500 not 520' sets the user's value anew", () => {
    expect(chat("actually make the new rate 500 not 520")).toEqual(["The user's new rate is 500, not 520."]);
    expect(chat("change my budget to £250 a month")).toEqual(["The user's budget is £250 a month."]);
    expect(chat("make it way less apologetic")).toEqual([]);
  });

  test("'scrap the quartz', 'forget the 2:30 goal' say what the user dropped, and what instead", () => {
    expect(chat("actually scrap the quartz, we're going with laminate")).toEqual([
      "The user dropped the quartz, the user and others are going with laminate.",
    ]);
    expect(chat("actually forget the 2:30 goal")).toEqual(["The user dropped the 2:30 goal."]);
    expect(chat("Update — scrap the italki idea.")).toEqual(["The user dropped the italki idea."]);
  });

  test("'forget it' names nothing dropped", () => {
    expect(chat("forget it")).toEqual([]);
  });

  test("a plan told with a question mark is kept; an offer to the listener is not", () => {
    expect(chat("Also I want to do the DELE B1 exam at some point, maybe November? Is that crazy?")).toEqual([
      "The user wants to do the DELE B1 exam at some point, maybe November.",
    ]);
    expect(chat("I finished the report - want to see it?")).toEqual(["The user finished the report."]);
  });
});

describe("a detail with a number and no verb", () => {
  test("goes with the statement before it, not after an instruction, and not twice when it answers a question", () => {
    expect(
      chat(
        "yes the discharge coordinator mentioned reablement. 2 visits a day, morning and evening, for up to 6 weeks, free",
      ),
    ).toEqual([
      "According to the user, the discharge coordinator mentioned reablement. 2 visits a day, morning and evening, for up to 6 weeks, free.",
    ]);
    expect(chat("ok went w fold/reduce. 48s on 16 cores!!")).toEqual([
      "The user went with fold/reduce. 48s on 16 cores.",
    ]);
    expect(chat("shorter answers pls for the small stuff. just the code + 1-2 lines")).toEqual([
      "The user wants shorter answers from the assistant for the small stuff.",
    ]);
    // Alone, it says nothing of anyone.
    expect(chat("2 visits a day")).toEqual([]);
  });
});

describe("a plan moved", () => {
  test("'move X to <day> (then)' after a plan is the user's plan moved, not a request to the assistant", () => {
    const plan = "| **Thu 18** | Royal Library |\n| **Fri 19** | **Louisiana** day trip |";
    expect(chat("hi", plan, "good spot, move louisiana to friday then")).toEqual([
      "The user moved louisiana to Friday, 19 June 2026.",
    ]);
    expect(chat("lets push the dentist to the 14th")).toEqual(["The user moved the dentist to 14 May 2026."]);
    expect(chat("ok move my flight to the 9th")).toEqual(["The user moved the user's flight to 9 May 2026."]);
    // A condition, or "it", moves nothing of the user's for sure.
    expect(chat("can you move it to the top")).toEqual([]);
    expect(chat("if it rains move the picnic to sunday").join(" ")).not.toContain("moved");
  });
});

describe("a choice said in passing", () => {
  test("'sqlite it is', 'let's aim for November then' are what the user settled on; 'it is what it is' is not", () => {
    expect(chat("ok", "SQLite or a JSON file?", "sqlite it is")).toEqual(["The user settled on sqlite."]);
    expect(chat("Let's aim for November then, I like having a deadline.")).toEqual([
      "The user settled on November 2026.",
    ]);
    expect(chat("it is what it is")).toEqual([]);
    expect(chat("Let's catch up soon!")).toEqual([]);
  });

  test("a request after a comma is a clause of its own: what comes before it is kept", () => {
    expect(
      chat("i also have a python script at work that does the same for confluence, can you convert the cleanup part?"),
    ).toEqual(["The user also has a python script at work that does the same for confluence."]);
  });

  test("an instruction's reason in a clause of its own is left out", () => {
    expect(chat("always format code with syntax highlighting pls, the blocks above have no language tag")).toEqual([
      "The user wants the assistant to always format code with syntax highlighting.",
    ]);
  });
});

describe("a user's own plan without its subject", () => {
  test("'start jan 4' is when the user starts; 'start with the pricing' asks the assistant", () => {
    expect(chat("start jan 4. notice is 4 weeks")).toEqual([
      "The user starts on 4 January 2027. The user's notice is 4 weeks.",
    ]);
    expect(chat("start with the pricing")).toEqual([]);
    // A word that only begins like a day or a month ("friends", "marketing") says no time.
    expect(chat("leave friends out of it")).toEqual([]);
  });

  test("'planning a trip ...' is the user's plan, also where the tagger reads 'planning' as a noun", () => {
    expect(chat("planning a trip to munich in december with my gf lena")).toEqual([
      "The user is planning a trip to munich in December 2026 with the user's gf Lena.",
    ]);
  });
});

describe("chat spelling", () => {
  test("words paired with a slash are read whole, whatever the process read before ('Tuesday/Thursday')", () => {
    // wink-nlp splits "Hugo/Bruno" into "H u go / Br u no" until it has seen each word alone.
    const words = (text: string) =>
      createNlp()
        .sentences(text)[0]!
        .tokens.map((t) => t.text);
    expect(words("Quokkaruth/Grundfos lessons")).toEqual(["Quokkaruth", "/", "Grundfos", "lessons"]);
    expect(words("tuesday/thursday lessons")).toEqual(["tuesday", "/", "thursday", "lessons"]);
    expect(words("Hugo/Bruno")).toEqual(["Hugo", "/", "Bruno"]);
  });

  test("'its', 'shes', 'hes', 'thats' without the apostrophe are 'it is', 'she has', 'he is', 'that is'", () => {
    expect(chat("signed up for my first half marathon, its on sept 13")).toEqual([
      "The user signed up for the user's first half marathon, it is on 13 September 2026.",
    ]);
    expect(chat("my sister jo is running it too, shes done 3 halfs already")).toEqual([
      "The user's sister Jo is running it too. Jo has done 3 halfs already.",
    ]);
    expect(chat("our baker Jake starts at 5am, hes on salary")).toEqual([
      "The user's baker Jake starts at 5am. Jake is on salary.",
    ]);
    // A possessive "its" stays: "The dog wagged its tail".
    expect(chat("our dog Rex wagged its tail all day")).toEqual(["The user's dog Rex wagged its tail all day."]);
  });

  test("a given name typed in lower case after 'my gf', 'my physio' is a name there and later", () => {
    const said = chat("going to the christmas markets in munich with my gf lena", "Lovely!", "and lena is vegan");
    expect(said).toContain("Lena is vegan.");
    expect(said.join(" ")).not.toContain("lena");
    // A name that is also a word ("my wife may come") is not taken for one.
    expect(chat("my wife may come to the market with me")).toEqual([
      "The user's wife may come to the market with the user.",
    ]);
  });

  test("'ill' opening a clause before a verb is 'I will'; 'I was ill' is not", () => {
    expect(chat("appointments are 6pm so ill run in the morning")).toEqual([
      "Appointments are 6pm so the user will run in the morning.",
    ]);
    expect(chat("so ill run in the morning. I was ill all last week with the flu")).not.toContain(
      "The user was the user will all last week with the flu.",
    );
  });

  test("lol, tbh and btw go; a sentence typed in lower case starts with a capital", () => {
    expect(chat("im 41 btw and only started running in 2025")).toEqual([
      "The user is 41 and only started running in 2025.",
    ]);
    expect(chat("longest run is 8k. i run 5k in about 31 min")).toEqual([
      "Longest run is 8k. The user runs 5k in about 31 minutes.",
    ]);
  });

  test("'both of us' to an assistant is the user and their people, never the assistant", () => {
    expect(chat("Lucía will teach me and Tom on Saturdays, €40 per class for both of us.")).toEqual([
      "Lucía will teach the user and Tom on Saturdays, €40 per class for both of them.",
    ]);
  });

  test("'myself' stressing the subject goes; as the verb's object it is 'themselves'", () => {
    expect(chat("I have two dogs myself")).toEqual(["The user has two dogs."]);
    expect(chat("I push myself hard at the gym")).toEqual(["The user pushes themselves hard at the gym."]);
    expect(chat("Painting is like therapy for me, letting me express myself.")).toEqual([
      "Painting is like therapy for the user, letting the user express themselves.",
    ]);
  });
});

describe("he and she across the assistant's replies", () => {
  const long = "Good question! Here is what most people do:\n\n- **Check** the quote\n- **Ask** for references";

  test("what 'she' was is no 'he' later: a puppy called she is never the ER nurse", () => {
    const said = chat(
      "just got a puppy. she keeps crying in her crate",
      "Who else lives with you?",
      "sam works nights, hes an ER nurse",
    );
    expect(said).toContain("The user's puppy keeps crying in her crate.");
    expect(said.join(" ")).not.toContain("puppy is an ER nurse");
  });

  test("the contractor the user named two messages before is 'he'", () => {
    const said = chat(
      "We have one quote from a local contractor called Gary, £11,400 for labour.",
      long,
      "it includes strip out, skip and plastering. not flooring",
      long,
      "he wants 30% up front. is that normal?",
    );
    expect(said).toContain("Gary wants 30% up front.");
  });

  test("'she' is the last woman named when the man after her is surely a he", () => {
    const said = chat(
      "My partner Tom is a total beginner and our daughter Maya is 7.",
      long,
      "I work remotely, but Tom is hoping to find work locally, he's a chef.",
      long,
      "She's starting at a public school in Benimaclet in September.",
    );
    expect(said).toContain("Maya is starting at a public school in Benimaclet in September 2026.");
  });

  test("a name after a comma is the person a noun just named; 'a Spanish teacher' is no one", () => {
    expect(chat("A friend put us in touch with a Spanish teacher here in Dublin, Lucía, she's from Valencia!")).toEqual(
      [
        "A friend put the user and others in touch with a Spanish teacher here in Dublin, Lucía.",
        "Lucía is from Valencia.",
      ],
    );
  });

  test("'dad' with no one's before it is the user's dad, and 'he' is him, not the dog the user minds for him", () => {
    const said = chat(
      "also his dog biscuit (border terrier) is staying with me till dad can walk him again",
      long,
      "dad's already on about driving to the pub lol. he drives a little automatic",
    );
    expect(said.join(" ")).toContain("till the user's dad can walk him again");
    expect(said.join(" ")).toContain("The user's dad drives a little automatic.");
    expect(said.join(" ")).not.toContain("dog drives");
    // "9% mom" is month on month, "dad jokes" a kind of joke: no one's parent.
    expect(chat("growing ~9% mom for the last 6 months").join(" ")).not.toContain("'s mom");
  });

  test("a team called by its letters is no 'he'; a person's verb with no subject goes on about the one in focus", () => {
    const said = chat(
      "my dad had a stroke and hes home on friday",
      long,
      "food. SLT has him on soft and bite sized. he HATES fish, always has. loves shepherds pie and rice pudding",
    );
    expect(said.join(" ")).toContain("The user's dad HATES fish, always has.");
    expect(said.join(" ")).toContain("The user's dad loves shepherds pie and rice pudding.");
    expect(said.join(" ")).not.toContain("SLT HATES");
  });

  test("'left side weakness' is a side of the body, not something the user left", () => {
    const said = chat("my dad had a stroke", long, "hes 78. left side weakness, arm worse than leg").join(" ");
    expect(said).toContain("The user's dad is 78.");
    expect(said).not.toContain("The user left");
  });
});

describe("the conversation's own business", () => {
  test("'yes' to 'shall we move on to the rota?' forms nothing; 'no thanks' to an offer is the user's answer", () => {
    expect(chat("ok", "Once the pricing is settled, shall we move on to the rota?", "yes rota next")).toEqual([]);
    expect(chat("ok", "Do you want a template for the feedback form too?", "no thats fine")).toEqual([
      "The user does not want a template for the feedback form too.",
    ]);
  });
});

describe("found in held-out chats", () => {
  test("'pls keep your answers shorter' is an instruction; 'ill lead with ...' is the user's plan", () => {
    expect(chat("also pls keep your answers shorter and in bullet points, im on my phone")).toEqual([
      "The user wants the assistant to keep the assistant's answers shorter and in bullet points.",
    ]);
    expect(chat("ill lead with the citi bike one")).toEqual(["The user will lead with the citi bike one."]);
  });

  test("'what questions should i ask' is a question; 'my last day is end of august' is no date of today", () => {
    expect(chat("what questions should i ask karen at the end")).toEqual([]);
    expect(chat("handed in my notice, my last day is end of august")).toEqual([
      "The user handed in the user's notice, the user's last day is end of august.",
    ]);
  });

  test("'im Nadia, taught maths for 7 years' is what Nadia did, not what she is", () => {
    const facts = extractor.extract({
      kind: "messages",
      user: { name: "Nadia" },
      messages: [
        { index: 0, role: "user", speaker: null, content: "im Nadia, taught maths for 7 years", occurredAt: AT },
        { index: 1, role: "assistant", speaker: null, content: "Nice to meet you!", occurredAt: AT },
        { index: 2, role: "user", speaker: null, content: "im Nadia, took over as chair of the PTA", occurredAt: AT },
        { index: 3, role: "user", speaker: null, content: "im Nadia, married with 2 kids", occurredAt: AT },
      ],
    }) as Fact[];
    // The name is a memory of its own (each time: the same again forms nothing when stored).
    expect(contents(facts).filter((c) => c !== "The user's name is Nadia.")).toEqual([
      "Nadia taught maths for 7 years.",
      "Nadia took over as chair of the PTA.",
      "Nadia is married with 2 kids.",
    ]);
    expect(contents(facts)).toContain("The user's name is Nadia.");
  });
});

describe("terse messages to an assistant", () => {
  test("'her names lena, shes ...' names the wife the user spoke of, and she is Lena from then on", () => {
    expect(
      chat(
        "need help planning my wifes surprise party",
        "Happy to help! Tell me about her.",
        "her names lena, shes turning 35 in june. loves jazz",
      ),
    ).toEqual([
      "The user needs help planning the user's wife's surprise party.",
      "The user's wife's name is Lena.",
      "Lena is turning 35 in June 2026. Lena loves jazz.",
    ]);
  });

  test("a question typed without its mark forms nothing, nor does it answer the assistant's question", () => {
    expect(chat("whats the difference between a roth and a traditional ira")).toEqual([]);
    expect(chat("hi", "Do you have a speaker, or would you hire one?", "what about music")).toEqual([]);
    expect(chat("hi", "Which day suits you?", "how about friday")).toEqual([]);
  });

  test("a measure without its verb is the user's: 'total budget 800 quid max'", () => {
    expect(chat("total budget 800 quid max", "Got it.", "hotel max 150 a night")).toEqual([
      "The user's total budget is 800 quid max.",
      "The user's hotel is max 150 a night.",
    ]);
    expect(chat("about 40 people, friends and family")).toEqual([]);
  });

  test("'want a gin bar', 'need help planning ...' without 'I' are the user's", () => {
    expect(chat("definitely want a gin bar at the party")).toEqual(["The user wants a gin bar at the party."]);
    expect(chat("Have a great day!")).toEqual([]);
  });

  test("code the user types is no statement; 'def' and 'tho' are chat spelling; 'window functions are' is a plural", () => {
    expect(chat("q1: SELECT depot, COUNT(*) FROM shipments WHERE status = 'delivered' GROUP BY depot")).toEqual([]);
    expect(chat("window functions are def my weak spot tho")).toEqual([
      "Window functions are definitely the user's weak spot.",
    ]);
    expect(chat("I select from the menu at random")).toEqual(["The user selects from the menu at random."]);
  });

  test("'but only dogs under 20kg' is a condition on the statement before it, kept with it", () => {
    expect(chat("landlord said yes!! in writing. but only dogs under 20kg")).toEqual([
      "The user's landlord said yes. Only dogs under 20kg.",
    ]);
  });

  test("what was booked lies ahead: 'ive booked a cottage ... in october' in May is this October", () => {
    expect(chat("ive booked a cottage in cornwall for the two of us in october")).toEqual([
      "The user has booked a cottage in cornwall for the two of them in October 2026.",
    ]);
    expect(chat("I went to Lisbon in october")).toEqual(["The user went to Lisbon in October 2025."]);
  });
});

describe("short answers and plans typed to an assistant", () => {
  test("a meeting moved to a weekday is moved ahead: said on a Monday, 'to monday' is the next one, at its time", () => {
    expect(chat("cant do the teacher meeting on tuesday, im on shift. moved it to monday 4pm")).toEqual([
      "The user cannot do the teacher meeting on Tuesday, 5 May 2026. The user is on shift. The user moved it to Monday, 11 May 2026 at 4pm.",
    ]);
  });

  test("a weekday naming a habit ('friday takeaway') is no date", () => {
    expect(chat("friday takeaway with jamal is our thing, i dont want to cut it")).toEqual([
      "Friday takeaway with jamal is the user's thing. The user does not want to cut it.",
    ]);
  });

  test("a question after a word of discourse ('now how do i ...') forms nothing", () => {
    expect(chat("now how do i actually do the budget month to month, i always lose track by the 15th")).toEqual([]);
    expect(chat("also should i tell his teacher")).toEqual([]);
  });

  test("from a fourth held-out set: a state denied with an adverb, an owner after 'oh yeah', a conditional instruction", () => {
    expect(chat("dont really want a monthly payment hanging over me tbh")).toEqual([
      "The user does not really want a monthly payment hanging over the user.",
    ]);
    expect(chat("oh yeah budget is 9k now")).toEqual(["The user's budget is 9,000 now."]);
    expect(chat("swimming is fun")).toEqual([]);
    expect(chat("wedding is in june")).toEqual(["The user's wedding is in June 2026."]);
    expect(chat("when u compare cars for me pls always include the insurance group")).toEqual([
      "The user wants the assistant to always include the insurance group when the assistant compares cars for the user.",
    ]);
    expect(chat("ok update - forget the corolla, were looking at a civic now")).toEqual([
      "The user dropped the corolla, the user and others are looking at a civic now.",
    ]);
    // "wait no" only turns the talk: what follows is read as said (the day of something is a fact of its own).
    expect(chat("wait no the test drive is sunday not saturday, they just called and moved it").join(" ")).toMatch(
      /^The test drive is on Sunday, 3 May 2026 not on Saturday, 2 May 2026, /,
    );
  });

  test("from a fifth held-out set: a date settled on, 'wait sorry', someone the lexicon lacks saying something, an address", () => {
    expect(chat("yeah rent is due on the 1st. ok 1st sept then")).toEqual([
      "The user's rent is due on the 1st.",
      "The user settled on 1 September 2026.",
    ]);
    expect(chat("ok bye then")).toEqual([]);
    expect(chat("wait sorry kev said 340 not 380, thats inc vat")).toEqual(["Kev said 340 not 380, that is inc vat."]);
    expect(chat("landlord said yes")).toEqual(["The user's landlord said yes."]);
    // A name typed in lower case is written with its capital, but not inside an address.
    expect(withCapitalNames("im priya, use priya.shah@outlook.com", new Set(["priya"]))).toBe(
      "im Priya, use priya.shah@outlook.com",
    );
  });

  test("'me and my mate jess', 'my friend Sam and I' are one subject; 'weve', 'shud'; 'is coffee ... ok' asks", () => {
    expect(chat("me and my mate jess are doing a charity hike in june")).toEqual([
      "The user's mate Jess and the user are doing a charity hike in June 2026.",
    ]);
    expect(chat("my friend Sam and I went hiking")).toEqual(["The user's friend Sam and the user went hiking."]);
    expect(chat("weve got 620 so far")).toEqual(["The user and others have got 620 so far."]);
    expect(chat("what shud i actually eat")).toEqual([]);
    expect(chat("is coffee before a shift ok or will it wreck my sleep")).toEqual([]);
  });

  test("a month and day typed without a year gets the year it falls in; a yearly day keeps none", () => {
    expect(chat("launch is march 3")).toEqual(["The user's launch is on 3 March 2027."]);
    // Said in May 2026: moved to a March is moved ahead, to next year's.
    expect(chat("they moved the launch to march 17")).toEqual(["They moved the launch to 17 March 2027."]);
    expect(chat("my birthday is on the 1st of october")).toEqual(["The user's birthday is on the 1st of october."]);
  });

  test("a lead that only asks or announces ('last q,', 'which store tho,', 'sent. other thing,') is no part of what the user tells", () => {
    expect(chat("last q, can i still have coffee. i drink like 3 cups a night at work")).toEqual([
      "The user drinks like 3 cups a night at work.",
    ]);
    expect(chat("which store tho, i have an aldi and a walmart both like 10 min away")).toEqual([
      "The user has an aldi and a walmart both like 10 minutes away.",
    ]);
    expect(chat("sent. ok other thing, im raising my day rate")).toEqual(["The user is raising the user's day rate."]);
    expect(chat("so the real reason im here tbh, i have a client whos late paying")).toEqual([
      "The user has a client who is late paying.",
    ]);
    expect(chat("thx. last thing can u give me a one line late fee clause")).toEqual([]);
    expect(chat("yes pls what should the next 3 weeks look like, up to the ch3 deadline")).toEqual([]);
    expect(chat("this is great but can u keep it shorter pls, im reading on my phone")).toEqual([
      "The user wants the assistant to keep it shorter.",
      "The user is reading on the user's phone.",
    ]);
  });

  test("what comes next lies ahead, though the sentence tells the past", () => {
    expect(chat("my a1c was 7.8 btw, doc wants it under 7 by my next appt in september")).toEqual([
      "The user's a1c was 7.8, doc wants it under 7 by the user's next appointment in September 2026.",
    ]);
  });

  test("'just give me the commands, no explanation' and 'no emojis pls' say what the answers should be", () => {
    expect(chat("just give me the commands, no explanation. i know what they do")).toEqual([
      "The user wants just the commands from the assistant, no explanation.",
    ]);
    expect(chat("and no emojis pls")).toEqual(["The user wants no emojis in the assistant's answers."]);
    // Anything else asked to be without, with a "please", is a preference of the user's, not of the answers.
    expect(chat("no meat pls")).toEqual(["The user wants no meat."]);
    expect(chat("hi", "Anything else you'd like to avoid?", "good. also no burpees ever please lol")).toEqual([
      "The user wants no burpees ever.",
    ]);
    expect(chat("no treadmill please, i hate it")).toEqual(["The user wants no treadmill; the user hates it."]);
    expect(chat("no worries please")).toEqual([]);
    // The "please" before it asks as well.
    expect(chat("pls also no stats about second strokes or recovery odds. i see enough of that at work")).toEqual([
      "The user wants no stats about second strokes or recovery odds. The user sees enough of that at work.",
    ]);
    expect(chat("please no mushrooms, i hate them")).toEqual(["The user wants no mushrooms; the user hates them."]);
    expect(chat("please no worries about it")).toEqual([]);
  });

  test("'totals first pls', 'British spelling throughout, please' are how to answer; 'resignation letter draft pls' asks once", () => {
    expect(chat("hi", "What's your budget for tiles?", "tiles 1.2k max. totals first pls. no essays.")).toEqual([
      'Asked "What\'s the user\'s budget for tiles?", the user answered "tiles 1.2k max".',
      "The user wants totals first from the assistant.",
      "The user wants no essays in the assistant's answers.",
    ]);
    expect(chat("British spelling throughout, please")).toEqual([
      "The user wants British spelling throughout from the assistant.",
    ]);
    expect(chat("resignation letter draft pls")).toEqual([]);
    expect(chat("the 9:00 one pls")).toEqual([]);
  });

  test("a plan typed without its subject ('aiming to ship the demo build on the 18th') is the user's", () => {
    // The tagger reads "build" after "demo" as a verb; a gerund's own verb is never a bare form after a noun.
    expect(chat("polling it is. aiming to ship the demo build on the 18th")).toEqual([
      "The user settled on polling.",
      "The user is aiming to ship the demo build on 18 May 2026.",
    ]);
    expect(chat("hoping to finish the test suite by friday")).toEqual([
      "The user is hoping to finish the test suite by Friday, 8 May 2026.",
    ]);
  });

  test("a labelled note ('logging: pino ...') is kept as the user's; an -ing label is nobody doing it", () => {
    expect(chat("logging: pino (fastify default), shipping to better stack.")).toEqual([
      "According to the user, logging: pino (fastify default), shipping to better stack.",
    ]);
    expect(chat("hosting: fly.io for now, neon for the db")).toEqual([]);
  });

  test("'shorter answers pls for the small stuff' and 'keep the long breakdowns for design questions' are how to answer from now on", () => {
    expect(
      chat(
        "also shorter answers pls for the small stuff. just the code + 1-2 lines. keep the long breakdowns for design questions",
      ),
    ).toEqual([
      "The user wants shorter answers from the assistant for the small stuff.",
      "The user wants the assistant to keep the long breakdowns for design questions.",
    ]);
    expect(chat("less detail please, just the commands")).toEqual([
      "The user wants less detail from the assistant; just the commands.",
    ]);
    // Without a "pls" it asks nothing of the answers.
    expect(chat("more money would be nice")).toEqual(["According to the user, more money would be nice."]);
  });

  test("chat shorthand: 'bc' is because (not a year BC), 'ur' is your, '5 of us' is them; 'oct 11' is a date, not an amount", () => {
    expect(chat("deadline got pulled in to oct 16 bc of the aws billing thing")).toEqual([
      "The user's deadline got pulled in to 16 October 2026 because of the aws billing thing.",
    ]);
    expect(chat("im on the platform team at parcelwise, 5 of us")).toEqual([
      "The user is on the platform team at parcelwise, 5 of them.",
    ]);
    expect(chat("oct 11")).toEqual([]);
  });

  test("'28th' and '22.9% i think' answer the assistant's question, once", () => {
    expect(
      chat(
        "hi",
        "What day of the month are you paid?",
        "28th",
        "What's the interest rate on the card?",
        "22.9% i think",
      ),
    ).toEqual([
      'Asked "What day of the month is the user paid?", the user answered "28th".',
      'Asked "What\'s the interest rate on the card?", the user answered "22.9% the user thinks".',
    ]);
  });
});

describe("a reply to an assistant's numbered list of questions", () => {
  const asks = (list: string, reply: string) => withAssistant([list, reply], "assistant", AT);

  test("answered in order, each part with its own question", () => {
    expect(
      asks(
        "Good plan.\n\n## Quick questions\n\n1. What's the **interest rate** on the card?\n2. How long is **left on the car finance**?",
        "22.9% i think. car finance 2 years left",
      ),
    ).toContain('Asked "What\'s the interest rate on the card?", the user answered "22.9% the user thinks".');
    // A prompt without a question mark is asked too.
    expect(
      asks(
        "I need a few details.\n\n1. **Current weight and height**\n2. **Goal**: how much would you like to lose?\n3. Any **allergies**?",
        "78 kg, 172 cm. want to lose 6 kg by end of march",
      ),
    ).toEqual([
      'Asked "Current weight and height", the user answered "78 kg, 172 cm".',
      "The user wants to lose 6 kg by the end of March 2027.",
    ]);
  });

  test("a part that says something on its own stays a statement and takes its place in the order", () => {
    const said = asks(
      "Happy to help!\n\n1. When is her birthday, and when would you like the party?\n2. Roughly how many guests?\n3. What's the total budget?\n4. Surprise, or will she know about it?",
      "her names emma, shes 40 on the 1st of october. thinking the saturday after. about 40 people, friends and family. total budget 800 quid max. and i want it to be a surprise",
    );
    expect(said).toContain(
      'Asked "Roughly how many guests?", the user answered "about 40 people, friends and family".',
    );
    expect(said).toContain("The user's total budget is 800 quid max. The user wants it to be a surprise.");
    // "thinking the saturday after" answers when the party is: the value thought of.
    expect(said.filter((f) => f.startsWith("Asked"))).toEqual([
      'Asked "When is her birthday, and when would the user like the party?", the user answered "the saturday after".',
      'Asked "Roughly how many guests?", the user answered "about 40 people, friends and family".',
    ]);
  });

  test("numbered answers go with the question of their number", () => {
    expect(
      asks(
        "A few questions:\n\n1. How old are you?\n2. Do you have a car?\n3. Which city do you live in?",
        "1. 34\n2. yes\n3. Leeds",
      ),
    ).toEqual([
      'Asked "How old is the user?", the user answered "34".',
      "The user has a car.",
      'Asked "Which city does the user live in?", the user answered "Leeds".',
    ]);
  });

  test("a list typed inline ('1. ... 2. ...') is read item by item, by statements and answers alike", () => {
    const said = asks(
      "Quick questions:\n\n1. What is he allergic to?\n2. Have you got a date yet?\n3. Roughly how many children are you inviting?\n4. What's your budget?",
      "1. peanuts and egg 2. yes the party is on sat 16th may 3. prob around 15 4. about £300 all in",
    );
    expect(said).toContain(
      'Asked "Roughly how many children is the user inviting?", the user answered "probably around 15".',
    );
    expect(said).toContain('Asked "What\'s the user\'s budget?", the user answered "about £300 all in".');
    // A weekday with the date picks the year in which that date is that weekday (said in May 2026).
    expect(said.join(" ")).toContain("Saturday, 16 May 2026");
    expect(said.join(" ")).not.toMatch(/\b[1-4]\.(?:\s|$)/);
  });

  test("answers on lines of their own, numbers skipped, each read apart ('4. yes roommate sam\nher name is ...')", () => {
    const said = asks(
      "Quick questions:\n\n1. How old is she?\n2. How long have you had her?\n3. Any other pets?\n4. Do you live with anyone?",
      "2. 5 days\n4. yes my roommate sam\nwe got her from a rescue",
    );
    expect(said).toContain('Asked "How long has the user had her?", the user answered "5 days".');
    expect(said.join(" ")).not.toMatch(/Sam we got/i);
  });

  test("numbered answers in any order, one without its period, a long one: each with its question, no number alone", () => {
    const said = asks(
      "A few questions:\n\n1. Where is the property?\n2. What's the tenant's name?\n3. What's the current rent?\n4. Any pets?",
      "2. marek nowak, since 1st sept 2024. 1. leeds, its flat 2, 14 ashgrove rd LS6. 3. 875 a month, want to go to 950. 4 no pets",
    );
    expect(said).toContain(
      'Asked "Where is the property?", the user answered "leeds, its flat 2, 14 ashgrove rd LS6".',
    );
    expect(said).toContain('Asked "What\'s the current rent?", the user answered "875 a month, want to go to 950".');
    expect(said.join(" ")).not.toMatch(/answered "\d"/);
  });

  test("a list closed by a question after it asks only that question", () => {
    expect(
      asks(
        "## What to ask testers\n\n1. Does onboarding make sense?\n2. Do notifications arrive?\n\nHow many do you want to invite?",
        "50",
      ),
    ).toEqual(['Asked "How many does the user want to invite?", the user answered "50".']);
  });
});

describe("a passage given to remember", () => {
  const at = "2026-11-20T09:00:00.000Z";

  test("an instruction in it is what the user wants of the assistant, asked or told", () => {
    expect(contents(passage("Please always give me recipes without meat. Can you keep answers short?", at))).toEqual([
      "The user wants the assistant to always give the user recipes without meat.",
      "The user wants the assistant to keep answers short.",
    ]);
  });

  test("', scrap that, it's Munich now' inside a sentence corrects it", () => {
    expect(contents(passage("We're moving to Berlin next month, scrap that, it's Munich now.", at))).toEqual([
      "The user and others are moving to Munich in December 2026.",
    ]);
  });

  test("'she' is never a city named before it", () => {
    expect(contents(passage("My sister Ana lives in Porto. Next year it's Munich. She is a dentist.", at))).toContain(
      "Ana is a dentist.",
    );
  });
});
