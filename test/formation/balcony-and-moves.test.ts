// A rambling user's chat with an assistant about a first balcony garden (issue 11, held-out sets 84-87):
// a name given with "if you need a name for your notes", "were" typed for "we're", an ordinal of a floor
// that is no day, a wish list doubted at its end ("... and courgettes if theres room??"), "deffo", and a
// trip's days moved as "the 8th to the 22nd of august" with no word in common but the place, which
// versions the stored span. Also a span moved after "cant do the 18th" and a subjectless "quoted"; and
// a lodger's terms: a wish before "but is that even allowed?", a day mused on ("I was thinking 1st june"),
// and "im debbie btw, feel like we're friends now"; synth repairs noted tersely ("done 6 this year", a tax
// year as "apr 25 to apr 26", "alfies gone off it"); a dairy farmer's "going delaval then" and "Bramhall
// it is then" settle on a choice; build times noted as "ios 95 -> 41", and "can il2cpp be cached" asked
// without its mark.
import { describe, expect, test } from "bun:test";
import { withAssistant } from "./embedded-support.ts";
import { chatAt } from "./api-support.ts";

const AT = "2026-03-10T18:00:00.000Z";

/** A user–assistant chat through the API at `at` (turns alternate, user first): the active memories' texts. */
const chat = (at: string, ...turns: string[]) => chatAt(at, "balcony", ...turns);

describe("a first balcony garden, typed as it comes", () => {
  test("'btw im becca if you need a name for your notes lol' names the user in every memory", async () => {
    const formed = await chat(
      AT,
      "hiya so i just moved into a flat in salford in feb and it has an actual balcony!!",
      "How exciting! Which direction does the balcony face?",
      "btw im becca if you need a name for your notes lol. we have a cat, pickle",
      "Thanks, that's useful.",
    );
    expect(formed.join("\n")).toMatch(/The user's name is Becca\./);
    expect(formed.join("\n")).toMatch(/Becca just moved into a flat in salford in February 2026/);
    expect(formed.join("\n")).not.toMatch(/\bthe user\b(?!'s name)/i);
  });

  test("'were on the 4th floor' is where we are, not a day: no '4 March 2026 floor'", () => {
    const formed = withAssistant(
      ["were on the 4th floor so its pretty windy tbh, my washing basically takes off"],
      "user",
      AT,
    ).join("\n");
    expect(formed).toMatch(/The user and others are on the 4th floor so it is pretty windy/);
    expect(formed).not.toMatch(/March|April|2026/);
  });

  test("a wish list doubted at its end ('... if theres room??') answers what the assistant asked", () => {
    const formed = withAssistant(
      [
        "Tell me your wish list. What would you actually like to eat?",
        "cherry tomatoes deffo, chillies, salad, strawberries and courgettes if theres room??",
      ],
      "assistant",
      AT,
    );
    expect(formed).toContain(
      'Asked "What would the user actually like to eat?", the user answered "cherry tomatoes definitely, chillies, salad, strawberries and courgettes if there is room".',
    );
  });

  test("a question with a list and an 'if' still asks", () => {
    const formed = withAssistant(["could you do tuesday, wednesday, or thursday if needed?"], "user", AT);
    expect(formed).toEqual([]);
  });

  test("'flights got moved so its the 8th to the 22nd of august now' versions the trip's stored span", async () => {
    const formed = await chat(
      AT,
      "were going to crete 1st-15th august so who waters everything??",
      "A gravity drip kit would do it.",
      "ugh update on crete, flights got moved so its the 8th to the 22nd of august now",
      "Noted.",
    );
    const all = formed.join("\n");
    expect(all).toMatch(/going to crete from 8 August 2026 to 22 August 2026 \(was 1 August 2026 to 15 August 2026\)/);
  });

  test("'so we moved them to thursday 6 august' moves no other fact that only names the user", async () => {
    const formed = await chat(
      AT,
      "I'm Rafael. flights booked for 20 july, gru to lhr. scratch the 20 july flight for my mum, she's not coming",
      "Noted.",
      "camila's last day at her job is 31 july, so we moved them to thursday 6 august",
      "Noted.",
    );
    expect(formed.join("\n")).not.toMatch(/mum[^\n]*\(was/);
  });
});

describe("terse notes of an offsite", () => {
  test("a subjectless 'quoted 14,200 for 43 ppl' was done to the user, not said by them", () => {
    const formed = withAssistant(
      ["switching to the harrogate one, Oakridge Hall. quoted 14,200 for 43 ppl DBB + meeting rooms both days"],
      "user",
      "2026-03-12T10:25:00.000Z",
    ).join("\n");
    expect(formed).toMatch(/The user was quoted 14,200 for 43 people/);
    expect(formed).not.toMatch(/The user quoted/);
  });

  test("'cant do the 18th, moved to thu 25 - fri 26 june' versions the dates answered before", async () => {
    const formed = await chat(
      "2026-03-12T10:25:00.000Z",
      "need to organise a company offsite. 40 ppl, 2 days 1 night, june.",
      "Great! A few questions:\n1. Which dates in June?\n2. How far are people willing to travel?",
      "thu 18 - fri 19 june. max 2hrs from leeds",
      "Noted.",
      "update: priya (ceo) cant do the 18th, moved to thu 25 - fri 26 june",
      "Noted.",
    );
    expect(formed.join("\n")).toMatch(
      /the user answered "from Thursday, 25 June 2026 to Friday, 26 June 2026 \(was 18 June 2026 to 19 June 2026\)"/,
    );
  });
});

describe("a spare room for a lodger", () => {
  test("a wish before 'but is that even allowed?' is kept; the question forms nothing", () => {
    const formed = withAssistant(
      ["id prefer someone working not a student, and tbh id feel safer with a woman but is that even allowed?"],
      "user",
      AT,
    );
    expect(formed).toEqual([
      "The user would prefer someone working not a student, and the user would feel safer with a woman.",
    ]);
  });

  test("'I was thinking 1st june' is a plan mused on: the June ahead", () => {
    const formed = withAssistant(["I was thinking 1st june for the move in"], "user", AT).join("\n");
    expect(formed).toMatch(/1 June 2026/);
    expect(formed).not.toMatch(/2025/);
  });

  test("'im debbie btw, feel like we're friends now lol' names the user and forms nothing else", async () => {
    const formed = await chat(
      AT,
      "brilliant ta. booked gas man for the 4th june. im debbie btw, feel like we're friends now lol",
      "Ha, nice to meet you Debbie!",
    );
    expect(formed.sort()).toEqual(["Debbie booked gas man for 4 June 2026.", "The user's name is Debbie."]);
  });
});

describe("synth repairs noted tersely", () => {
  const MAY = "2026-05-10T10:00:00.000Z";

  test("'done 6 this year sold 4' is what the user has done, not 'The user done'", () => {
    const formed = withAssistant(["150 a month on parts max. done 6 this year sold 4."], "user", MAY).join("\n");
    expect(formed).toMatch(/The user has done 6 in 2026/);
  });

  test("'apr 25 to apr 26' is a year of sales, from April 2025 to April 2026", () => {
    const formed = withAssistant(
      ["Do you make money from selling them?", "roughly 2600 in sales apr 25 to apr 26. do i need to tell hmrc"],
      "assistant",
      MAY,
    ).join("\n");
    expect(formed).toMatch(/2600 in sales from April 2025 to April 2026/);
    expect(formed).not.toMatch(/2027/);
  });

  test("'alfies gone off it' is Alfie's, not 'The user's alfies'", () => {
    const formed = withAssistant(["alfies gone off it, wants a guitar now lol. so poly800 goes too"], "user", MAY);
    expect(formed.join("\n")).toMatch(/alfie has gone off it/i);
    expect(formed.join("\n")).not.toMatch(/user's alfies/);
  });
});

describe("a choice settled on tersely", () => {
  test("'going delaval then' and 'Bramhall it is then' settle on it; 'going running then' and a tail do not", () => {
    const one = (text: string) => withAssistant(["Lely or DeLaval?", text], "assistant", AT);
    expect(one("going delaval then")).toEqual(["The user settled on delaval."]);
    expect(one("Bramhall it is then")).toEqual(["The user settled on Bramhall."]);
    expect(one("going running then").join("\n")).not.toMatch(/settled/);
    expect(one("going with cantrill then, toms lending me his notes too").join("\n")).toMatch(/notes/);
  });
});

describe("build times noted tersely", () => {
  test("'ios 95 -> 41, android 72 -> 24' are figures changed, from one to the other", () => {
    const formed = withAssistant(["ok tried persistent library on 1 mac. ios 95 -> 41, android 72 -> 24"], "user", AT);
    expect(formed.join("\n")).toMatch(/Ios from 95 to 41, android from 72 to 24\./);
  });

  test("'can il2cpp be cached' asks; it is no fact", () => {
    expect(withAssistant(["can il2cpp be cached"], "user", AT)).toEqual([]);
  });
});
