// Picks and typed plans in user–assistant chats, as the embedded extractor reads them (issue 11): "the
// second one" to the options an assistant listed, a schedule the user types one day a line under its
// month, a name given as "joel here", "remind me to …", a "Want …?" answered yes, a value set anew with
// no article, and days of the month listed before their month.
import { describe, expect, test } from "bun:test";
import { optionsOffered, picked } from "../../src/formation/embedded/choices.ts";
import { withListedMonth } from "../../src/formation/embedded/weekday-dates.ts";
import { statedName } from "../../src/formation/user-name.ts";
import { chat, withAssistant } from "./embedded-support.ts";

const LESSONS = `Great goal! Here are two ways to get to B1 by September:

1. **Group classes** at the [Lingua school](https://lingua.example) on Tuesday evenings (€90/month)
   - small groups of 6, a textbook included
2. **Private tutor** online, two 1-hour sessions a week (€160/month). Times are flexible.

## What I'd suggest
A tutor gets you speaking sooner.

Which would you prefer?`;

describe("the option a reply picks by its place", () => {
  test("the options are the last list's items at one indentation, without markdown, links or sub-items", () => {
    expect(optionsOffered(LESSONS)).toEqual([
      "Group classes at the Lingua school on Tuesday evenings (€90/month)",
      "Private tutor online, two 1-hour sessions a week (€160/month)",
    ]);
    expect(optionsOffered("## Option A: Lisbon\nWarm, pricier.\n\n## Option B: Porto\nCheaper.\n\nWhich one?")).toEqual(
      ["Lisbon", "Porto"],
    );
    // A numbered list of questions offers nothing to choose from.
    expect(optionsOffered("1. What is your budget?\n2. When do you move?")).toEqual([]);
  });

  test("a pick by word, number, letter or end; a sentence about an option picks nothing", () => {
    const options = optionsOffered(LESSONS);
    for (const reply of [
      "the second one",
      "2nd one pls",
      "option 2",
      "option 2 def",
      "ok the last one, its cheaper",
      "the latter",
    ])
      expect(picked(reply, options)).toBe(options[1]!);
    expect(picked("lets go with the first one.", options)).toBe(options[0]!);
    expect(picked("the first one was too pricey tbh", options)).toBeNull();
    expect(picked("the third one", options)).toBeNull();
  });

  test("fused with the question: the memory says what was chosen, not 'the second one'", () => {
    expect(chat("i want to reach b1 portuguese by sept", LESSONS, "the second one")).toContain(
      'Asked "Which would the user prefer?", the user chose "Private tutor online, two 1-hour sessions a week (€160 a month)".',
    );
  });

  test("options in a table's numbered cells, or listed after the question; a pick by the option's opening words", () => {
    const table =
      "## Card reader options\n\n| Option | Fee |\n|---|---|\n| **1. SumUp** | ~1.7% |\n| **2. Zettle (PayPal)** | ~1.75% |\n\n### Things to check\n- Readers connect via **Bluetooth**\n- Set up **item buttons**\n\nWhich provider would you like to go with?";
    expect(optionsOffered(table)).toEqual(["SumUp", "Zettle (PayPal)"]);
    const pay =
      "## Payment question\nHow do you want people to pay on the day?\n1. **Card readers** at the main stalls\n2. **Tokens/wristbands** pre-sold online\n3. **Cash only**";
    expect(optionsOffered(pay)).toEqual([
      "Card readers at the main stalls",
      "Tokens/wristbands pre-sold online",
      "Cash only",
    ]);
    expect(picked("card readers, people dont carry cash anymore", optionsOffered(pay))).toBe(
      "Card readers at the main stalls",
    );
    // One word opens too many things to pick by; advice after a question is no list of options.
    expect(picked("cash, sadly", optionsOffered(pay))).toBeNull();
    const advice =
      "Anything else before we order?\n- Tiles must be on site before Thursday 30 July so the fitter can start on the Monday after\n- Grout colour chosen in the showroom, not from the photos online";
    expect(optionsOffered(advice)).toEqual([]);
  });

  test("a pick among options listed without a question is still the choice", () => {
    const plans =
      "Here are three ways to get there:\n- Plan A: fly to Porto on Friday\n- Plan B: take the train via Madrid\n- Plan C: drive";
    expect(withAssistant([plans, "hmm lets go with plan b"], "assistant", "2026-05-04T10:00:00.000Z")).toEqual([
      'The user chose "take the train via Madrid".',
    ]);
  });
});

describe("what users type about their plans", () => {
  test("a schedule typed one day a line under its month: each day a memory with its date, answering no question", () => {
    const asked = "To plan this I need:\n1. Dates and venues, in order.\n2. Who's in the band?";
    const run =
      "ok here's the run, all october:\n- 12th leeds (the wardrobe)\n- 13th york (the crescent)\n- 14th newcastle (the globe)";
    const formed = withAssistant([asked, run], "assistant", "2026-08-20T10:00:00.000Z");
    expect(formed).toEqual([
      "On 12 October 2026 leeds (the wardrobe).",
      "On 13 October 2026 york (the crescent).",
      "On 14 October 2026 newcastle (the globe).",
    ]);
    expect(withListedMonth("dates in march and april:\n- 3rd a\n- 4th b")).toBe(
      "dates in march and april:\n- 3rd a\n- 4th b",
    );
  });

  test("'joel here' names the writer", () => {
    expect(statedName("yo. joel here, i play double bass, based in bristol.")).toBe("Joel");
    expect(statedName("Hi, Priya here. Quick question")).toBe("Priya");
    expect(statedName("ok here, the list")).toBeNull();
    expect(chat("joel here, i play double bass")).toEqual(["The user is Joel.", "The user plays double bass."]);
  });

  test("'remind me' says what the user has to do", () => {
    expect(chat("perfect. last thing, remind me i need to confirm all the venues by end of may")).toEqual([
      "The user needs to confirm all the venues by the end of May 2026.",
    ]);
    expect(chat("can u remind me to call mum on friday")).toEqual([
      "The user needs to call the user's mum on Friday, 8 May 2026.",
    ]);
    expect(chat("pls remind me that the deposit is due on the 20th")).toEqual(["The deposit is due on 20 May 2026."]);
    expect(chat("remind me what the van costs")).toEqual([]);
  });

  test("yes to 'Want …?' with 'do you' left unsaid is the user's wish", () => {
    expect(
      withAssistant(["Want a **day sheet template** for each show?", "yes"], "assistant", "2026-05-04T10:00:00.000Z"),
    ).toEqual(["The user wants a day sheet template for each show."]);
  });

  test("a value set anew without an article, and a plural one", () => {
    expect(chat("actually make per diems £30 not 25, 25 is grim when ur GF")).toEqual([
      "The user's per diems are £30, not 25.",
    ]);
    expect(chat("actually make it 30")).toEqual([]);
  });

  test("days of the month before their month, 'oct.' ending a sentence, and 'at mine'", () => {
    expect(chat("rehearsals at mine 6th and 8th oct. Sam already knows the tunes")).toEqual([
      "Rehearsals at the user's place on 6 October 2026 and on 8 October 2026. Sam already knows the tunes.",
    ]);
  });
});

describe("what users paste and how they answer tersely", () => {
  const DRAFT = `yeah pretty much. I want to send the offer by friday. here's my draft, is it ok?

---
Hi Jalen,

Thanks again for coming in on Tuesday. I'd like to offer you the Bike Mechanic position at Northloop Cycle Works.

You'd also get 40% off parts and a shop bike. Let me know by the end of next week!

Cheers,
Dev
---`;

  test("a drafted letter: its 'you' is the addressee, its signature the user's name", () => {
    expect(statedName(DRAFT)).toBe("Dev");
    const formed = chat(DRAFT);
    expect(formed.join(" ")).toContain(
      "The user would like to offer Jalen the Bike Mechanic position at Northloop Cycle Works. Jalen would also get 40% off parts and a shop bike.",
    );
    expect(formed.join(" ")).not.toMatch(/\bassistant\b/);
  });

  test("rows of data typed up from a spreadsheet form nothing; the sentence introducing them ends there", () => {
    const rows = `here's a chunk of last spring from my paper book, typed it up:

date,service,bike,est_hrs
2025-04-15,tune-up std,Trek FX3,1.0
2025-04-16,brake bleed,Specialized Turbo Vado,1.0

peak weeks were ~45 jobs. I usually cap it at 9 a day`;
    const formed = chat(rows);
    expect(formed.some((m) => /2025-04|Trek|\bcap/.test(m) && /Trek|2025-04/.test(m))).toBe(false);
    expect(formed).toContain("Peak weeks were ~45 jobs. The user usually caps it at 9 a day.");
  });

  test("a few words before the reason answer the question; a remark or a topic does not", () => {
    const asked =
      "Both fit your budget. **Acuity** is more precise; **Square Appointments** keeps it in one place.\n\nWhich do you prefer?";
    const at = "2026-05-04T10:00:00.000Z";
    expect(withAssistant([asked, "square appointments, I don't want another login"], "assistant", at)).toContain(
      'Asked "Which does the user prefer?", the user answered "square appointments".',
    );
    expect(withAssistant([asked, "oh good catch, I forgot acuity"], "assistant", at).join(" ")).not.toContain(
      "good catch",
    );
  });

  test("an item of a numbered list of questions asks up to its question mark", () => {
    const asked =
      "## Two quick questions\n\n1. Do you use a **flashcard app** (e.g. Anki)?\n2. What do you **do** for work? I'll tailor the work vocabulary.";
    expect(
      withAssistant(
        [asked, "anki yes. data engineer. team in porto mostly portuguese, manager Rui"],
        "assistant",
        "2026-05-04T10:00:00.000Z",
      ),
    ).toEqual([
      'Asked "Does the user use a flashcard app (e.g. Anki)?", the user answered "anki yes".',
      'Asked "What does the user do for work?", the user answered "data engineer".',
      "The user's manager is Rui.",
    ]);
  });
});

describe("terse notes of a night-shift nurse, a retired gardener's letter, a hostname", () => {
  test("a modal with its subject left out tells; it does not ask the assistant", () => {
    expect(chat("cant do caffeine after 2am or i dont sleep at all")).toEqual([
      "The user cannot do caffeine after 2am or the user does not sleep at all.",
    ]);
  });

  test("a trait typed alone is the writer's, unless the sentence before tells of someone else", () => {
    expect(chat("meals r a mess. vegetarian. big meal at 3am = heartburn every time")).toEqual([
      "The user is vegetarian.",
    ]);
    expect(chat("also allergic to peanuts")).toEqual(["The user is allergic to peanuts."]);
    expect(chat("shes really into 80s music, loves gin. vegetarian.").join(" ")).not.toContain(
      "The user is vegetarian",
    );
  });

  test("'a week tomorrow' and 'a fortnight on Saturday' are dates", () => {
    // 4 May 2026 is a Monday.
    expect(chat("The society has a work party a week tomorrow.")).toEqual([
      "The society has a work party on Tuesday, 12 May 2026.",
    ]);
    expect(chat("my exam is a fortnight on saturday")).toEqual(["The user's exam is on Saturday, 23 May 2026."]);
  });

  test("a letter's closing signed with a full name names the user", () => {
    expect(statedName("That is very helpful indeed. Thank you kindly.\n\nRegards,\nDerek Pennington")).toBe(
      "Derek Pennington",
    );
  });

  test("a hostname's full stops end no sentence", () => {
    expect(
      withAssistant(
        ["What's the Pi's Tailscale hostname?", "pi5-nas.tail4b2e1.ts.net. should i use tailscale serve"],
        "assistant",
        "2026-05-04T10:00:00.000Z",
      ),
    ).toContain('Asked "What\'s the Pi\'s Tailscale hostname?", the user answered "pi5-nas.tail4b2e1.ts.net".');
  });
});

describe("picks among a question's alternatives, and whom an assistant's question asks of", () => {
  const at = "2026-05-04T10:00:00.000Z";

  test("'no, the other one' to '…, or at a local practice?' is the alternative after 'or'", () => {
    const asked =
      "Is that appointment at Battersea's own vet clinic (some rescues offer a check), or at a local practice?";
    expect(withAssistant([asked, "no, the other one. it's a 5 min walk"], "assistant", at)[0]).toBe(
      `Asked "${asked}", the user chose "a local practice".`,
    );
  });

  test("a list of advice before a question that offers no choice is no list of options", () => {
    const advice =
      "- Make sure your neighbour knows the routine\n- Keep her lead by the door\n\nDoes that plan work for you?";
    expect(withAssistant([advice, "the second one is a good idea"], "assistant", at).join(" ")).not.toContain("chose");
  });

  test("a number alone picks an option of a question of choice", () => {
    const offered =
      "1. **Crate** in the living room\n2. **Baby-gated kitchen** with her bed and water\n\nWhich would you prefer?";
    expect(withAssistant([offered, "2. kitchen's small though"], "assistant", at)).toContain(
      'Asked "Which would the user prefer?", the user chose "Baby-gated kitchen with her bed and water".',
    );
  });

  test("'she' in the assistant's question is whom the user was talking about", () => {
    expect(chat("adopting a rescue dog on saturday. she's a lurcher called Pickle", "How old is she?", "3")).toContain(
      'Asked "How old is the user\'s dog?", the user answered "3".',
    );
  });

  test("a label before the question ('Next important question:') is not asked", () => {
    expect(
      withAssistant(["Next important question: **which days are you home?**", "tuesdays and fridays"], "assistant", at),
    ).toEqual(['Asked "Which days is the user home?", the user answered "tuesdays and fridays".']);
  });

  test("'want racking put in' is the user's wish; 'on a Saturday' is no date", () => {
    expect(chat("want racking put in")).toEqual(["The user wants racking put in."]);
    expect(chat("the anniversary falls on a saturday this year")).toEqual([
      "The anniversary falls on a saturday in 2026.",
    ]);
  });
});

describe("a founder's terse numbers", () => {
  test("a rate per month or hour, and a word that is also a verb naming an amount", () => {
    expect(chat("burn ~58k/mo")).toEqual(["The user's burn is ~58,000 a month."]);
    expect(chat("thinking $23/hr")).toEqual(["The user is thinking $23 an hour."]);
    // How often is no amount of a thing.
    expect(chat("cook 3 times a week")).toEqual([]);
  });

  test("'for the last 6 months' is a span up to the chat, not a date", () => {
    expect(chat("growing ~9% mom for the last 6 months")).toEqual([
      "The user is growing ~9% mom for the last 6 months before May 2026.",
    ]);
  });

  test("a 'Q:' label before the assistant's question is not asked; 'end of may' is no modal", () => {
    const asked = "- **1.2% monthly logo churn** is strong\n- Rehearse the handoff\n- **Q:** target close date?";
    expect(withAssistant([asked, "end of may"], "assistant", "2026-03-10T10:00:00.000Z")).toEqual([
      'Asked "Target close date?", the user answered "end of may".',
    ]);
  });
});

describe("lines a user types", () => {
  test("each line is its own sentence, a labelled note with a number or a name is kept, and no words run together", () => {
    const flats =
      "flat A: clifton, 1 bed top floor, £1050 pcm, 3rd floor no lift\nflat B: bedminster, on north street, 1 bed ground floor with a little garden, £925 pcm\nviewing clifton tomorrow, bedminster thursday";
    expect(chat(flats)).toEqual([
      "Flat A: clifton, 1 bed top floor, £1050 pcm, 3rd floor no lift.",
      "Flat B: bedminster, on north street, 1 bed ground floor with a little garden, £925 pcm.",
      "The user is viewing clifton on 5 May 2026, bedminster on Thursday, 7 May 2026.",
    ]);
    expect(chat("update: nothing new")).toEqual([]);
  });
});

describe("a liveaboard's and a family historian's terse notes", () => {
  test("a subjectless 'live aboard' or 'rebooked' is the user's; a past form the tagger does not know keeps its stem", () => {
    expect(chat("Live aboard a 57ft narrowboat.")).toEqual(["The user lives aboard a 57ft narrowboat."]);
    expect(chat("Examiner cancelled. Rebooked 1 July.")).toEqual([
      "The user's examiner cancelled.",
      "The user rebooked on 1 July 2026.",
    ]);
    expect(chat("work through this with me pls")).toEqual([]);
  });

  test("'this week' is the week of the chat, told of the past or not", () => {
    expect(
      withAssistant(
        ["My cousin has kindly promised to email them to me this week.", "Noted."],
        "user",
        "2026-09-21T14:30:00+01:00",
      ),
    ).toEqual(["The user's cousin has kindly promised to email them to the user in the week of 21 September 2026."]);
  });
});

describe("a runner's week and numbers", () => {
  test("a week typed one day a line is what is done each week, not dates, and answers no question by its order", () => {
    const asked = "1. What does a typical week look like?\n2. Any recent race times?\n3. Any injuries?";
    const week = "this is a normal week atm\nmon rest\ntue 8k easy\nwed intervals 6x800\nthu 6k easy\nsun long 18k";
    const formed = withAssistant([asked, week], "assistant", "2026-04-18T10:00:00.000Z");
    expect(formed).toContain("Tuesdays: 8k easy.");
    expect(formed).toContain("Sundays: long 18k.");
    expect(formed.join(" ")).not.toMatch(/2026|race times|injuries/);
  });

  test("'cheers, gareth' closing a message names the user; 'Thanks Gareth' does not", () => {
    expect(statedName("can you help me build a plan. cheers, gareth")).toBe("Gareth");
    expect(statedName("Thanks Gareth")).toBeNull();
  });

  test("two digits after a month and a comma are no year of it", () => {
    expect(chat("my talk is on 8 april, 15 minutes plus questions")).toEqual([
      "The user's talk is on 8 April 2027, 15 minutes plus questions.",
    ]);
    expect(chat("the interview is now monday 2 march, 10:30 in the morning")).toEqual([
      "The interview is now on Monday, 2 March 2026 at 10:30.",
    ]);
  });
});

describe("a teenager's revision plan", () => {
  const at = "2026-02-07T10:00:00.000Z";

  test("'actually change of plan,' before the new plan is no request to change", () => {
    expect(chat("actually change of plan, amara and i are gonna revise together at the library on thursdays")).toEqual([
      "Amara and the user are going to revise together at the library on thursdays.",
    ]);
  });

  test("'3 i think' to what the user leans towards picks the third option, told of the user", () => {
    const offered =
      "1. **Say no** for now\n2. **Say yes** to every other week\n3. **Say yes, but only after your GCSEs** finish\n\nWhat are you leaning towards?";
    expect(withAssistant([offered, "3 i think"], "assistant", at)).toContain(
      'Asked "What is the user leaning towards?", the user chose "Say yes, but only after the user\'s GCSEs finish".',
    );
  });
});

describe("a pharmacist's statements checked with 'right?'", () => {
  test("a tag question closing a statement leaves it a statement", () => {
    // Each name with its age is a fact of its own.
    expect(chat("We have two kids, Youssef is 9 and Salma is 5, right?")).toEqual([
      "The user and others have two kids.",
      "Youssef is 9.",
      "Salma is 5.",
    ]);
  });

  test("'since January' is the January before the chat, whatever the tense", () => {
    expect(chat("I am registered with the Ontario College of Pharmacists since January")).toEqual([
      "The user is registered with the Ontario College of Pharmacists since January 2026.",
    ]);
  });
});

describe("names and titles", () => {
  test("a title is no part of a stated or signed name; 'name is …' with no owner is not the user's name", () => {
    expect(statedName("Sign it from Dr Tomasz Wieczorek, Module Convenor")).toBe("Tomasz Wieczorek");
    expect(statedName("Many thanks.\n\nKind regards,\nDr Eleanor Marsh")).toBe("Eleanor Marsh");
    expect(chat("launching sat 14th march. name is humo tacos").join(" ")).not.toContain("The user's name");
  });
});

describe("a street trader's terse week and suppliers", () => {
  test("a sentence telling the week day by day dates none of its days; a day with its date keeps it", () => {
    expect(
      chat("pitches: tue kirkstall brewery yard eve, wed uni precinct lunch, thu headingley eve").join(" "),
    ).not.toMatch(/2026/);
    expect(chat("open days: Exeter is on saturday 20th june, Bath on sunday 21st june")[0]).toContain("20 June 2026");
  });

  test("notes typed as 'thing - what it is' are labelled notes, two or more of them; one dash with a clause after it is not", () => {
    expect(chat("tortillas - tortilleria ixta sheffield (min order 600). meat - haighs butchers pudsey")).toEqual([
      "Tortillas: tortilleria ixta sheffield (min order 600).",
      "According to the user, meat: haighs butchers pudsey.",
    ]);
    expect(chat("One thing - please always give me Spanish from Spain")).toEqual([
      "One thing, please always give the user Spanish from Spain.",
    ]);
  });
});

describe("a 70-year-old's first smartphone", () => {
  test("'im Tom im 70' names the user and is read as two sentences", () => {
    expect(statedName("ok thats better thank you. im Tom im 70 and not good with these things.")).toBe("Tom");
    expect(chat("im Tom im 70 and not good with these things")).toEqual([
      "The user is Tom.",
      "The user is 70 years old and not good with these things.",
    ]);
  });

  test("a question typed without its mark forms nothing ('will the airport thing be a problem')", () => {
    expect(chat("will the airport thing be a problem")).toEqual([]);
  });
});

describe("a family holiday chosen from a table", () => {
  const at = "2026-01-14T10:00:00.000Z";
  const table = `## Summer holiday ideas from Bristol

| # | Area | Drive | Typical cottage |
|---|---|---|---|
| **1** | **North Devon** (Woolacombe) | ~2h | £1,300 |
| **2** | **Pembrokeshire** (Tenby / Saundersfoot) | ~2h45 | £1,100 |

### For Maeve's carsickness
- Plan a break halfway
- Travel early in the morning

Which of these appeals most? And do you already have dates in mind?`;

  test("the options are the rows of a table that numbers them, and a pick is fused only with a question of choice", () => {
    expect(optionsOffered(table)).toEqual(["North Devon (Woolacombe)", "Pembrokeshire (Tenby / Saundersfoot)"]);
    expect(withAssistant([table, "Ooh the second one! Gareth went to Tenby as a kid"], "assistant", at)).toContain(
      'Asked "Which of these appeals most?", the user chose "Pembrokeshire (Tenby / Saundersfoot)".',
    );
  });

  test("a weekday said in the plural is no one 'he' stands for", () => {
    expect(chat("His friend Alfie goes to a club on Mondays at the church hall. He absolutely loved it")).toContain(
      "Alfie absolutely loved it.",
    );
  });
});

describe("what is said only to acknowledge", () => {
  test("'Understood,' and 'i made a mistake.' say nothing; 'stays as it is' is no choice", () => {
    expect(chat("Understood, I'll ask Helen about the course.")).toEqual(["The user will ask Helen about the course."]);
    expect(chat("oh i made a mistake. coming home is 9th july not the 7th")).toEqual([
      "Coming home is on 9 July 2026 not the 7th.",
    ]);
    expect(chat("Everything else stays as it is.")).toEqual([]);
  });

  test("a word of another kind closing a message is no name, even when the assistant capitalises it", () => {
    expect(statedName("works. makes sense now. nice", "Nice work, glad it helped")).toBeNull();
  });
});

describe("a past told after a present", () => {
  test("a month in a clause telling what happened is the last one, though the sentence opens in the present", () => {
    expect(
      withAssistant(
        ["the rent is £545, the landlord increased it in September.", "Noted."],
        "user",
        "2026-10-18T17:05:00+01:00",
      ),
    ).toEqual(["The rent is £545, the landlord increased it in September 2026."]);
  });
});

describe("a day of the month after a date with its month", () => {
  test("'on the 11th' after '14th may' in one sentence is in May; 'may' the modal names no month", () => {
    expect(
      withAssistant(
        ["maths paper 1 is 14th may and my first one is bio paper 1 on the 11th", "Noted."],
        "user",
        "2026-02-07T10:00:00.000Z",
      ),
    ).toEqual(["Maths paper 1 is on 14 May 2026 and the user's first one is bio paper 1 on 11 May 2026."]);
    expect(withAssistant(["I may go on the 11th", "Noted."], "user", "2026-02-07T10:00:00.000Z")).toEqual([
      "The user may go on 11 February 2026.",
    ]);
  });
});

describe("a retired gardener's politeness", () => {
  test("'I ought to' keeps its form; 'that's all for today thx' and 'ok good to know,' say nothing", () => {
    expect(chat("I ought to mention that I have a bad left knee.")).toEqual([
      "The user ought to mention that the user has a bad left knee.",
    ]);
    expect(chat("that's all for today thx")).toEqual([]);
    expect(chat("ok good to know, I'll ask Sam about it.")).toEqual(["The user will ask Sam about it."]);
  });
});

describe("a teacher's and a bride's first messages", () => {
  test("'secondary maths teacher here,' says what the writer is", () => {
    expect(chat("hi. secondary maths teacher here, need help planning after half term")).toEqual([
      "The user is a secondary maths teacher. The user needs help planning after half term.",
    ]);
    expect(chat("same here, lol")).toEqual([]);
  });

  test("bulleted questions after a numbered list ask too, and a place of a few more words answers 'where'", () => {
    const asked =
      "## The basics\n1. **Where** in Portugal is the venue?\n2. **What's the date?**\n\n## Who's involved\n- Do you have a **wedding planner**?\n\nOnce I know these, I'll build a timeline!";
    expect(
      withAssistant(
        [asked, "Quinta dos Amantes, just outside Tavira in the Algarve!! Saturday 12th September!!"],
        "assistant",
        "2026-01-18T10:00:00.000Z",
      ),
    ).toEqual([
      'Asked "Where in Portugal is the venue?", the user answered "Quinta dos Amantes, just outside Tavira in the Algarve".',
      'Asked "What\'s the date?", the user answered "on Saturday, 12 September 2026".',
    ]);
  });

  test("'he's given' is 'he has given'", () => {
    expect(chat("my boss Dev just messaged, he's given us an extra week").join(" ")).toContain(
      "Dev has given the user and others an extra week.",
    );
  });
});

describe("a beekeeper's weeks", () => {
  test("'the last week of May' is that week, not last week; 'that's enough for today, thx' is small talk", () => {
    expect(
      withAssistant(["I'll take the honey off the last week of May", "Noted."], "user", "2026-03-10T10:00:00.000Z"),
    ).toEqual(["The user will take the honey off the week of 25 May 2026."]);
    expect(chat("That's enough for today, thx")).toEqual([]);
  });
});

describe("a cyclist's stages", () => {
  test("'day 1 - lands end to bodmin 95km' lines to an assistant are notes of their own, not a numbered list", () => {
    expect(
      chat("heres my stages so far:\n\nday 1 - lands end to bodmin 95km\nday 2 - bodmin to okehampton 75km"),
    ).toEqual(["Day 1: lands end to bodmin 95km.", "Day 2: bodmin to okehampton 75km."]);
  });

  test("'also use km not miles pls' is a standing instruction", () => {
    expect(chat("also use km not miles pls, i think in km")).toEqual([
      "The user wants the assistant to use km not miles.",
    ]);
  });
});

describe("a heat pump's quotes", () => {
  test("pasted quote lines are labelled notes though their label reads as a verb", () => {
    expect(chat("Quote B: Vaillant aroTHERM plus 7kW £12,850 – Mersey Heat Pumps – 5 rads, 210L cylinder")).toEqual([
      "Quote B: Vaillant aroTHERM plus 7kW £12,850, Mersey Heat Pumps, 5 rads, 210L cylinder.",
    ]);
  });

  test("'living room, …' and 'airing cupboard on the landing' name things; nobody is doing them", () => {
    expect(chat("living room, kitchen diner, back bedroom, hall, and the bathroom towel rail")).toEqual([]);
    expect(chat("running errands all day")).toEqual(["The user is running errands all day."]);
  });
});

describe("a reply that asks for something before it picks", () => {
  const CLEARING = `## Options for clearing

| Option | Effort | Notes |
|---|---|---|
| **1. Dig over and remove roots** | Very high | Every bit of couch root left can regrow |
| **2. No-dig sheet mulch** (cardboard + compost) | Medium | Smothers weeds, builds soil |
| **3. Weedkiller** | Low | Not organic |

Which approach suits you?`;

  test("'no chemicals at all pls. no glyphosate, ..., nothing. the second one sounds good': the request and the pick", () => {
    expect(
      withAssistant(
        [CLEARING, "no chemicals at all pls. no glyphosate, no slug pellets, nothing. the second one sounds good"],
        "assistant",
        "2026-02-12T08:30:00.000Z",
      ),
    ).toEqual([
      'Asked "Which approach suits the user?", the user chose "No-dig sheet mulch (cardboard + compost)".',
      "The user wants no chemicals at all. No glyphosate, no slug pellets, nothing.",
    ]);
  });

  test("a request is not quoted as the answer to the question before it", () => {
    const formed = withAssistant(
      [
        "Mondays rest, Tuesdays run 3 miles, Sundays long walk.\n\nHow does that look?",
        "pls no running, i hate running",
      ],
      "assistant",
      "2026-04-21T08:10:00.000Z",
    );
    expect(formed.some((f) => f.startsWith("Asked"))).toBe(false);
    expect(formed[0]).toStartWith("The user wants no running");
  });

  test("a later 'second, ...' or a number is no pick: the user's own points and amounts", () => {
    const ranked = `If you can't win everything, I'd rank them:\n1. **Payment terms** — protects your cash flow\n2. **Revisions cap** — protects your time\n3. **Non-compete** — protects your future income`;
    const formed = withAssistant(
      [ranked, "ok first thing: no tables please. second, yeah $55 is too low for this. bump it to $70/hr."],
      "assistant",
      "2026-02-09T15:20:00.000Z",
    );
    expect(formed.join(" ")).not.toContain("Revisions cap");
    const notes = "Notes:\n- Book Gav's **second fix** now.\n- Tiles must be **on site before Thu 30 July**.";
    const tiles = withAssistant(
      [notes, "tiles: white zellige walls. ordered. 1,050."],
      "assistant",
      "2026-07-02T13:05:00.000Z",
    );
    expect(tiles.join(" ")).not.toContain("chose");
  });
});

describe("options as numbered bold lines", () => {
  test("'3' picks the option numbered 3 though the second was dropped; the lines under each are no options", () => {
    const offered = `Powerline is off the list. That leaves three realistic options:

**1. Mesh wifi**
- Cost: ~£150–£300 for a 2–3 unit kit

**3. Buried ethernet cable**
- Cost: ~£100–£250 in materials
- Needs: trench (~450 mm deep), duct, drilling through two walls

**4. Point-to-point bridge**
- Cost: ~£100–£180 for a pair
- Needs: clear line of sight house-to-garage, mounting points, PoE power at both ends

For a video editor I'd rank them **3 > 4 > 1**. Which would you like to go with?`;
    expect(optionsOffered(offered)).toEqual(["Mesh wifi", "", "Buried ethernet cable", "Point-to-point bridge"]);
    expect(
      withAssistant([offered, "3. my dad can help dig the trench"], "assistant", "2026-01-19T20:00:00.000Z"),
    ).toContain('Asked "Which would the user like to go with?", the user chose "Buried ethernet cable".');
    // Sections of advice headed "### 1. ..." before a table of options: the table's rows are the options.
    const sections =
      "### 1. Equipment\n- a lead\n\n| # | Harness |\n|---|---|\n| 1 | Ruffwear |\n| 2 | Perfect Fit |\n\n### 2. His threshold\nMore than 20 m.\n\nWhich harness appeals most?";
    expect(optionsOffered(sections)).toEqual(["Ruffwear", "Perfect Fit"]);
  });
});
