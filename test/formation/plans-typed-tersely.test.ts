// Plans and replies typed tersely to an assistant (issue 11, held-out sets 80-83): a span of days with
// their weekdays ("thu 18 - fri 19 june"), a plan mused on in the past progressive ("i was thinking the
// nc500"), a day moved by "it" or "moves to", a weekday of every month ("last friday of the month"),
// a question typed without its mark ("how bad are the midges", "... when could i actually be ready"),
// an announcing opening ("also should say i had ..."), a request before the answer to an alternative,
// a count of weeks that is not the pregnancy's, a name that is also a word ("im jade btw") and an
// adverb between "I" and its verb ("i literally have no clue"); "he" after "his class teacher, Mr Bell"
// or "Reading is at the expected level" stands for neither; a name said twice over is one sentence.
import { describe, expect, test } from "bun:test";
import { withAssistant } from "./embedded-support.ts";
import { chatAt } from "./api-support.ts";

/** A user–assistant chat through the API at `at` (turns alternate, user first): the active memories' texts. */
const chat = (at: string, ...turns: string[]) => chatAt(at, "terse", ...turns);

describe("days and plans typed tersely", () => {
  const AT = "2026-03-12T10:25:00.000Z";

  test("'thu 18 - fri 19 june' answers 'Which dates in June?' as a dated span, weekdays kept", () => {
    const formed = withAssistant(
      [
        "need to organise a company offsite. 40 ppl, 2 days 1 night, june.",
        "Great! A few questions:\n1. Which dates in June?\n2. How far are people willing to travel?",
        "thu 18 - fri 19 june. max 2hrs from leeds",
      ],
      "user",
      AT,
    );
    expect(formed).toContain(
      'Asked "Which dates in June 2026?", the user answered "from Thursday, 18 June 2026 to Friday, 19 June 2026".',
    );
    expect(formed.join("\n")).not.toMatch(/12 March/);
  });

  test("'first weekend of sept, ..., and i was thinking the nc500' is this year's September", () => {
    const formed = withAssistant(["first weekend of sept, 10 nights, and i was thinking the nc500"], "user", AT);
    expect(formed).toEqual(["First weekend of September 2026, 10 nights, and the user was thinking the nc500."]);
  });

  test("'go-live moves to fri 3 july' is dated and versions the day it was wanted live by", async () => {
    const texts = await chat(
      "2026-06-16T14:20:00.000Z",
      "ok plan: incremental merge + sla 3h on merge_orders + slack callback. want it live by fri 26 june",
      "Noted.",
      "change of plan, im on call all next week so go-live moves to fri 3 july",
      "Noted.",
    );
    expect(texts.join("\n")).toMatch(/live by Friday, 3 July 2026 \(was 26 June 2026\)/);
  });

  test("'last friday of the month' is each month's, not one Friday", () => {
    const formed = withAssistant(
      ["i get paid monthly", "When exactly?", "last friday of the month. monzo account"],
      "user",
      AT,
    );
    expect(formed.join("\n")).toMatch(/last friday of the month/);
    expect(formed.join("\n")).not.toMatch(/Friday, \d+ \w+ 2026/);
  });

  test("a reply's request before it does not answer 'Coach from the office, or making their own way?'", () => {
    const formed = withAssistant(
      [
        "need to organise a company offsite",
        "Noted.\n\nHow are people getting there? Coach from the office, or making their own way?",
        "keep it short pls. bullet points. yes coach from the office",
      ],
      "user",
      AT,
    );
    expect(formed).toContain(
      'Asked "Coach from the office, or making their own way?", the user chose "Coach from the office".',
    );
    expect(formed.join("\n")).not.toMatch(/answered "bullet points"/);
  });

  test("'no minis. i'd rather do theatre of the mind' still answers with its first sentence", () => {
    const formed = withAssistant(
      [
        "im running my first dnd campaign",
        "Would you rather use **miniatures and a grid** for fights, or **theatre of the mind**?",
        "no minis. i'd rather do theatre of the mind mostly",
      ],
      "user",
      AT,
    );
    expect(formed.join("\n")).toMatch(/the user answered "no minis"/);
  });
});

describe("what is typed around a fact", () => {
  const AT = "2026-05-20T19:40:00.000Z";

  test("'also how bad are the midges in sept really' asks; the reaction after it is kept", () => {
    const formed = withAssistant(
      ["also how bad are the midges in sept really, i react really badly to bites, like golf ball swelling"],
      "user",
      AT,
    );
    expect(formed).toEqual(["The user reacts really badly to bites, like golf ball swelling."]);
  });

  test("'ok so realistically if i pass theory ... when could i actually be ready' asks", () => {
    const formed = withAssistant(
      ["ok so realistically if i pass theory on the 28th and do 1.5 hrs a wk with mel when could i actually be ready"],
      "user",
      AT,
    );
    expect(formed).toEqual([]);
    expect(withAssistant(["i will tell you when we can go"], "user", AT)).toHaveLength(1);
  });

  test("'also should say i had acl surgery' keeps the surgery, not the saying", () => {
    const formed = withAssistant(["also should say i had acl surgery on my knee last year so no munros"], "user", AT);
    expect(formed).toEqual(["The user had acl surgery on the user's knee in 2025 so no munros."]);
  });

  test("'hiya sorry this is gonna be long' is no fact; 'i literally have no clue' agrees", () => {
    const formed = withAssistant(
      ["hiya sorry this is gonna be long. so im pregnant!! and i literally have no clue about classes"],
      "user",
      AT,
    );
    expect(formed.join("\n")).not.toMatch(/gonna|going to be long/);
    expect(formed.join("\n")).toMatch(/The user literally has no clue about classes/);
  });

  test("'used to take ~90 min' is what the job took, not the user", () => {
    const formed = withAssistant(["used to take ~90 min now its 4h+"], "user", AT);
    expect(formed.join("\n")).not.toMatch(/The user is used to/);
  });

  test("'3 weeks starting tuesday 1st september' does not change 'nearly 13 weeks' pregnant", async () => {
    const texts = await chat(
      "2026-04-22T19:40:00.000Z",
      "so im pregnant!! nearly 13 weeks, first baby, me and my partner callum are over the moon",
      "Congratulations!",
      "we'll do the free NHS classes at st james's instead, theyre tuesday evenings, 3 weeks starting tuesday 1st september",
      "Noted.",
    );
    expect(texts.join("\n")).toMatch(/[Nn]early 13 weeks/);
    expect(texts.join("\n")).not.toMatch(/\(was 13\)/);
  });

  test("'im jade btw' names the user when the assistant writes Jade as a name", async () => {
    const texts = await chat(
      "2026-04-23T21:45:00.000Z",
      "i got a job at the garden centre cafe",
      "Congrats!",
      "ok thats actually fine. im jade btw. thanks for not making me feel stupid about money stuff",
      "You're welcome, Jade! You did well.",
    );
    expect(texts).toContain("The user's name is Jade.");
  });

  test("'He' after 'his class teacher, Mr Bell' and 'Reading is ...' is neither of them", () => {
    const formed = withAssistant(
      [
        "his class teacher, Mr Bell, raised it with us in January. He loses things constantly. Reading is at the expected level. He takes a very long time to fall asleep.",
      ],
      "user",
      AT,
    ).join("\n");
    expect(formed).not.toMatch(/Mr Bell loses|Reading takes/);
  });

  test("'i'm renata btw, sorry, i never introduced myself' forms the name once", async () => {
    const texts = await chat(
      AT,
      "need help with my novel",
      "Sure!",
      "its now The Drowned Throne. oh and i'm renata btw, sorry, i never introduced myself",
      "Thanks, Renata!",
    );
    expect(texts).toContain("The user's name is Renata.");
    expect(texts.join("\n")).not.toMatch(/sorry|Renata\. The user's name is Renata/);
  });
});
