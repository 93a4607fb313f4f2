// Replies to an assistant's questions as people type them (issue 11): pasted output under the answer
// answers nothing, a filler ("hm") or a topic typed back ("ok tournament") is no answer, and the
// answer that follows it is found.
import { describe, expect, test } from "bun:test";
import { chat } from "./embedded-support.ts";

describe("what answers an assistant's questions", () => {
  test("lines of a pasted query plan answer none of the numbered questions", () => {
    const facts = chat(
      "perf question, our endpoint is slow",
      "## Questions\n1. **Which Postgres version** is the RDS instance on?\n2. Roughly **how many rows** in invoices?\n3. How many invoices does the biggest org have?",
      "ok heres explain analyze for org 4182. indexes are just the default fk ones + pk\n\n```\nLimit  (actual time=9103.218..9103.226 rows=25 loops=1)\n  ->  Sort  (actual time=9103.216..9103.221 rows=25 loops=1)\n        Group Key: invoices_invoice.id, customers_customer.id\nExecution Time: 9104.882 ms\n```",
    );
    expect(facts.filter((f) => /actual time|Group Key|Execution Time/.test(f))).toEqual([]);
  });

  test("'hm.' before the answer is no answer to 'When do you need it by?'", () => {
    const facts = chat(
      "need a laptop",
      "## Budget\n\n| T14s | ~€1,450 |\n\nWould you stretch the budget for the X1 Carbon? And when do you need it by?",
      "hm. ok yes id go to 1800 if the x1 is that much better. and actually i need it before my big project starts in 2 weeks",
    );
    expect(facts.filter((f) => /"hm"/.test(f))).toEqual([]);
    expect(facts).toEqual([
      "The user needs a laptop.",
      "The user would go to 1800 if the x1 is that much better. Actually the user needs it before the user's big project starts in the week of 18 May 2026.",
    ]);
  });

  test("'ok tournament.' takes up the topic: no answer to the question about the entry fee", () => {
    const facts = chat(
      "we have a tournament in october",
      "Right, the kit's nearly sorted. Shall we look at the **Scarborough tournament** next? Do you know the entry fee yet?",
      "ok tournament. so update, the organisers emailed. entry is £120 per team",
    );
    expect(facts.filter((f) => /ok tournament/.test(f))).toEqual([]);
  });
});

describe("days as people type them", () => {
  test("'the day before the block' counts from the block, not from today", () => {
    expect(chat("i always call my mum the day before her birthday")).toEqual([
      "The user always calls the user's mum the day before her birthday.",
    ]);
  });

  test("'sunday afternoon is my prep day usually' is a habit, not next Sunday", () => {
    expect(chat("sunday afternoon is my prep day usually, the day before the block")).toEqual([
      "Sunday afternoon is the user's prep day usually, the day before the block.",
    ]);
  });

  test("'october is home v Redcar Road on the 10th': the day is in the month the sentence opened with", () => {
    expect(chat("october is home v Redcar Road on the 10th")).toEqual([
      "October is home v Redcar Road on 10 October 2026.",
    ]);
    expect(chat("i may see her on the 10th")).toEqual(["The user may see her on 10 May 2026."]);
  });
});

describe("what a reply says of the user", () => {
  test("'no im keeping the gestor' to an either-or question: no 'No' before the user", () => {
    expect(
      chat(
        "need accounting software",
        "Are you planning to keep the gestor, or considering doing the quarterlies yourself?",
        "no im keeping the gestor, not touching taxes myself lol",
      ),
    ).toEqual(["The user needs accounting software.", "The user is keeping the gestor, not touching taxes."]);
    // "no" that says what there is none of stays.
    expect(chat("no kids at home, we are both retired")).toEqual([
      "No kids at home, the user and others are both retired.",
    ]);
  });

  test("an instruction keeps a reason of the user's own world ('my gp said no'), not one about the chat", () => {
    expect(chat("oh and please dont suggest melatonin, my gp said no because of one of my meds.")).toEqual([
      "The user does not want the assistant to suggest melatonin. The user's gp said no because of one of the user's meds.",
    ]);
    expect(chat("always format code with syntax highlighting, the blocks above have no language tag")).toEqual([
      "The user wants the assistant to always format code with syntax highlighting.",
    ]);
  });
});

describe("how the user wants to be helped", () => {
  test("'Please can you just tell me one step at a time … Wait til I say done' are standing instructions", () => {
    expect(
      chat(
        "Please can you just tell me one step at a time. Too much at once and I get muddled. Wait til I say done before the next one",
      ),
    ).toEqual([
      "The user wants the assistant to tell the user one step at a time.",
      "Too much at once and the user get muddled.",
      "The user wants the assistant to wait til the user says done before the next one.",
    ]);
    // A one-off request stays out.
    expect(chat("please can you book the 9am train")).toEqual([]);
  });

  test("a time said with a day stays: 'sunday at 4 oclock', 'friday at 7'", () => {
    expect(chat("the call is sunday at 4 oclock")).toEqual(["The call is on Sunday, 10 May 2026 at 4 oclock."]);
    expect(chat("the party is friday at 7")).toEqual(["The party is on Friday, 8 May 2026 at 7."]);
  });
});

describe("a pick among a question's alternatives, and bulleted questions answered in turn", () => {
  test("'red' and 'just red' pick the first of 'Which colour do you want, red or blue?'", () => {
    for (const reply of ["red", "just red"])
      expect(chat("need kit for the team", "Which colour do you want, red or blue?", reply)).toEqual([
        "The user needs kit for the team.",
        'Asked "Which colour does the user want, red or blue?", the user chose "red".',
      ]);
  });

  test("bullets that ask under a heading are answered one by one, a shared noun going to the next unanswered", () => {
    expect(
      chat(
        "need kit for the team",
        "## Things to decide before ordering\n\n- Home kit only, or home **and** away?\n- Colours (presumably club colours)?\n- Goalkeeper kit: how many?\n\nLet me know and I'll put together an order checklist.",
        "just home kit. red shirts black shorts. and 2 gk kits",
      ),
    ).toEqual([
      "The user needs kit for the team.",
      'Asked "Home kit only, or home and away?", the user chose "Home kit only".',
      'Asked "Colours (presumably club colours)?", the user answered "red shirts black shorts".',
      'Asked "Goalkeeper kit: how many?", the user answered "and 2 gk kits".',
    ]);
    // Options under a question are no questions of their own.
    expect(
      chat("need a car", "What matters most to you?\n\n- Boot space?\n- Running costs?", "running costs tbh"),
    ).not.toContainEqual(expect.stringContaining('Asked "Boot space?"'));
  });
});

describe("a count said with a clause", () => {
  test("'400 a month feels doable', '2 portions usually, callum eats the dinner too' answer 'How much/many …?'", () => {
    expect(
      chat("paying off cards", "How much could you put towards the cards each month?", "400 a month feels doable"),
    ).toEqual([
      "The user is paying off cards.",
      'Asked "How much could the user put towards the cards each month?", the user answered "400 a month feels doable".',
    ]);
    expect(
      chat(
        "need meal prep help",
        "1. How many portions do you want dinners to make: just you, or is Callum eating too?\n2. Do you want recipes in grams or cups?",
        "2 portions usually, callum eats the dinner too.",
      ),
    ).toEqual([
      "The user needs meal prep help.",
      'Asked "How many portions does the user want dinners to make: just the user, or is Callum eating too?", the user answered "2 portions usually, Callum eats the dinner too".',
    ]);
  });
});

describe("a thing doing something, typed without 'is'", () => {
  test("'training moving to thursdays', 'party starting at 8' say what the thing does, not the user", () => {
    expect(chat("training moving to thursdays 6-7")).toEqual(["Training is moving to thursdays 6-7."]);
    expect(chat("running going well, did 10k")).toEqual(["Running is going well, did 10k."]);
  });
});

describe("a reply said with the question's verb", () => {
  test("'get home about 8.45' to 'What time do you usually get home …?' is the user's", () => {
    expect(
      chat(
        "my sleep is a mess",
        "- What time do you usually get home after a shift?\n- Do you live with anyone?",
        "get home about 8.45, bus is 35 mins",
      ),
    ).toEqual(["The user's sleep is a mess.", "The user gets home about 8.45, bus is 35 minutes."]);
    // Not a word the question does not ask with, nor one that is no verb.
    expect(chat("need a hand", "How many do you want to order?", "order 30, skip the paper bags")).not.toContainEqual(
      expect.stringContaining("The user orders"),
    );
  });
});

describe("a pick said with more", () => {
  test("'x1 carbon then, whichever config ships fastest with uk keyboard' picks the X1 Carbon and keeps the rest", () => {
    expect(
      chat(
        "need a laptop",
        "## Pick\n\nBoth are good. Do you want the X1 Carbon, or keep the T14s as your main pick?",
        "x1 carbon then, whichever config ships fastest with uk keyboard",
      ),
    ).toEqual([
      "The user needs a laptop.",
      'Asked "Does the user want the X1 Carbon, or keep the T14s as the user\'s main pick?", the user chose "the X1 Carbon", saying "x1 carbon then, whichever config ships fastest with uk keyboard".',
    ]);
  });
});

describe("from set 50", () => {
  test("'way too long lol' answers no 'When do you want the slips back by?'", () => {
    expect(
      chat(
        "need slips",
        "Here is a draft letter.\n\n**When do you want the slips back by?**",
        "way too long lol. parents dont read that",
      ),
    ).not.toContainEqual(expect.stringContaining("way too long"));
    expect(chat("planning", "When is the wedding?", "august, the 22nd")).toEqual([
      'Asked "When is the wedding?", the user answered "august, the 22nd".',
    ]);
  });

  test("'M's mum … she said' is M's mum (was \"'s mum\"); 'long runs have to be saturday now' is the coming Saturday", () => {
    expect(chat("M's mum is fine with that, she said asking everyone just makes M feel singled out.")).toEqual([
      "M's mum is fine with that.",
      "M's mum said asking everyone just makes M feel singled out.",
    ]);
    // Written on Monday 4 May 2026; "now" is no day of its own (it was read as today, in the year whose date fell on a Saturday).
    expect(chat("long runs have to be saturday now")).toEqual(["Long runs have to be on Saturday, 9 May 2026 now."]);
  });
});

describe("a plan given up in reply", () => {
  test("'scratch the 10p thing' gives up the plan; it answers no question about an email template", () => {
    expect(
      chat(
        "im thinking i just eat it and put the bloomer up 10p",
        "## Decision\n\nWould you like a short email template to request quotes and samples?",
        "scratch the 10p thing. not putting bread prices up for now",
      ),
    ).toEqual([
      "The user is thinking the user just eats it and put the bloomer up 10p.",
      "The user dropped the 10p thing. The user is not putting bread prices up for now.",
    ]);
    expect(chat("scratch the pasta thing")).toEqual(["The user dropped the pasta thing."]);
  });
});

describe("an amount typed after a plural thing", () => {
  test("'finger portions 1x1 inch' are, 'budget 300' is", () => {
    expect(chat("finger portions 1x1 inch")).toEqual(["The user's finger portions are 1x1 inch."]);
    expect(chat("budget 300")).toEqual(["The user's budget is 300."]);
  });
});

describe("'ill' typed for 'I'll'", () => {
  test("after 'thinking' and 'reckon'", () => {
    expect(chat("im thinking ill just eat it and put the bloomer up 10p")).toEqual([
      "The user is thinking the user will just eat it and put the bloomer up 10p.",
    ]);
    expect(chat("i reckon ill go with the blue one")).toEqual(["The user reckons the user will go with the blue one."]);
  });
});

describe("what matters to the user", () => {
  test("'yes' / 'no' to 'Is bank sync important to you?' says whether it matters", () => {
    expect(chat("need accounting software", "Is **bank sync** (automatic import) important to you?", "yes")).toEqual([
      "The user needs accounting software.",
      "Bank sync is important to the user.",
    ]);
    expect(
      chat(
        "need accounting software",
        "Is bank sync a must for you, or are you fine matching payments manually?",
        "no",
      ),
    ).toEqual(["The user needs accounting software.", "Bank sync is not a must for the user."]);
  });
});

describe("a yes that names what matters", () => {
  test("'yes bank sync would be nice' to 'Is bank sync important to you, or …?' says it matters", () => {
    expect(
      chat(
        "need accounting software",
        "Is **bank sync** important to you, or are you fine matching payments manually?",
        "yes bank sync would be nice. im with sabadell",
      ),
    ).toEqual([
      "The user needs accounting software.",
      "Bank sync is important to the user.",
      "The user is with sabadell.",
    ]);
  });
});

describe("from set 51", () => {
  test("a clause inside brackets stays in its sentence ('coeliac (properly, not a fad, he gets really ill)')", () => {
    expect(
      chat(
        "food wise my brother gareth is coeliac (properly, not a fad, he gets really ill) and my niece ellie is vegan",
      ),
    ).toEqual([
      "Food wise the user's brother Gareth is coeliac (properly, not a fad, he gets really ill) and the user's niece Ellie is vegan.",
    ]);
  });

  test("'oh one more q, do you think we should do a speech' is a question; 'its fine ill just ask' is 'I'll'", () => {
    expect(chat("oh one more q, do you think we should do a speech or is that cringe")).toEqual([]);
    expect(chat("fine ill get the audio technica ones")).toEqual(["Fine the user will get the audio technica ones."]);
  });
});

describe("a question back is no answer", () => {
  test("'which one' to 'What are you thinking for the walls?'", () => {
    expect(chat("redoing the bathroom", "What are you thinking for the walls?", "which one")).toEqual([
      "The user is redoing the bathroom.",
    ]);
  });
});

describe("an option named with the thing it qualifies", () => {
  test("'fixed screen' to 'Fixed or hinged screen?' picks Fixed (was 'The user fixed screen')", () => {
    expect(chat("redoing the bathroom", "Fixed or hinged screen?", "fixed screen")).toEqual([
      "The user is redoing the bathroom.",
      'Asked "Fixed or hinged screen?", the user chose "Fixed".',
    ]);
    // "sqlite it is" settles on it, as before.
    expect(chat("need storage", "SQLite or a JSON file?", "sqlite it is")).toEqual([
      "The user needs storage.",
      "The user settled on sqlite.",
    ]);
  });
});

describe("a question with 'e.g.' in it", () => {
  test("'(e.g. the quarter)' ends no sentence of the question the reply answers", () => {
    const asked = "Which **months** does the board pack cover — just February, or a run of months (e.g. the quarter)?";
    const fused =
      'Asked "Which months does the board pack cover — just February, or a run of months (e.g. the quarter)?", the user answered "dec jan and feb".';
    expect(
      chat("need help with the board pack", `## Question\n\n${asked} That decides the loop.`, "dec jan and feb"),
    ).toEqual(["The user needs help with the board pack.", fused]);
    expect(chat("need help with the board pack", `## Question\n\nOk. ${asked}`, "dec jan and feb")).toEqual([
      "The user needs help with the board pack.",
      fused,
    ]);
  });
});

describe("what is due", () => {
  test("'baby due mid jan (14th)', 'tax return is due in january' lie ahead; 'was due in january' does not", () => {
    // Written on Monday 4 May 2026.
    expect(chat("my tax return is due in january")).toEqual(["The user's tax return is due in January 2027."]);
    expect(chat("wife is pregnant, baby due mid jan (14th) so we need it done well before that")).toEqual([
      "The user's wife is pregnant, baby due on 14 January 2027 so the user and others need it done well before that.",
    ]);
    expect(chat("the baby was due in january but came early")).toEqual([
      "According to the user, the baby was due in January 2026 but came early.",
    ]);
  });
});

describe("what the user asks to be said of them", () => {
  test("'and mention im wfh tuesdays and thursdays' (for a draft) is the user's fact", () => {
    expect(
      chat(
        "need an email to kev",
        "Want me to draft it?",
        "yes pls. and mention im wfh tuesdays and thursdays so those are the days i can be around",
      ),
    ).toContainEqual(
      "The user is working from home tuesdays and thursdays so those are the days the user can be around.",
    );
    // A request naming no fact of the user's stays a request.
    expect(chat("mention the budget in the email")).toEqual([]);
  });
});
