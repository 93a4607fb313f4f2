// Questions users type to an assistant without a question mark, and what they tell beside them (issue
// 11): a question after a comma goes and the statement before it stays ("budget can go up to 220 a
// month, what does that get me"); a question however it opens forms nothing ("like is that a thing
// ...", "last q - should jess walk her ..."); "can you use uk names for meds" is a standing instruction.
import { describe, expect, test } from "bun:test";
import { CHAT_AT as AT, withAssistant } from "./embedded-support.ts";
import { active, harness, importMessages } from "./api-support.ts";

/** A user's messages to an assistant, each answered. */
const toAssistant = (...said: string[]) => withAssistant(["hi", ...said.flatMap((s) => ["Sure.", s])], "user", AT);

describe("a question typed after a comma goes; the statement before it stays", () => {
  test("'..., does that cover it' and '..., what does that get me'", () => {
    const formed = toAssistant(
      "costs: pitch is £50 an hour each. i was thinking £40 per team per week, does that cover it",
      "ugh. ok budget can go up to 220 a month, what does that get me",
      "my brother lives nearby, can he help",
    );
    expect(formed).toContain("The user was thinking £40 per team per week.");
    expect(formed).toContain("The user's budget can go up to 220 a month.");
    expect(formed).toContain("The user's brother lives nearby.");
    expect(formed.join(" | ")).not.toMatch(/does that|what does|can he/);
  });
});

describe("a question however it opens forms nothing", () => {
  test("after 'like', 'last q -'; 'what actually counts as ...'; not 'what happens next is ...'", () => {
    expect(
      toAssistant("is it tacky to have day guests and evening guests? like is that a thing people get offended by"),
    ).toEqual([]);
    expect(
      toAssistant("last q - should jess walk her straight away or should she meet her at ours a few times first"),
    ).toEqual([]);
    expect(toAssistant("what actually counts as a headache day if its just a bit of a niggle in the morning")).toEqual(
      [],
    );
    // A statement that opens like one: "what happens next is up to ...".
    expect(toAssistant("what happens next is up to my manager").join(" ")).toMatch(/up to the user's manager/);
  });
});

describe("'use uk names' is how the user wants answers", () => {
  test("'can you use uk names for meds, i was reading ...' is a standing instruction (through the API)", async () => {
    const h = await harness();
    await importMessages(
      h,
      [
        { content: "i get migraines, about 16 days a month" },
        { role: "assistant", content: "I'm sorry to hear that. How can I help?" },
        {
          content:
            "also can you use uk names for meds, i was reading some american site and it kept saying acetaminophen",
        },
      ],
      { scope: { user_id: "shona" } },
    );
    const formed = active(h).map((m) => m.content);
    await h.close();
    expect(formed).toContain("The user wants the assistant to use uk names for meds.");
  });

  test("'please use uk names for medicines'; not 'we use metric units at work'", () => {
    expect(toAssistant("please use uk names for medicines")).toEqual([
      "The user wants the assistant to use uk names for medicines.",
    ]);
    expect(toAssistant("we use metric units at work").join(" ")).not.toMatch(/wants the assistant/);
  });
});

describe("a question after a measure or a want", () => {
  test("'£12/m. how much do i need.' ends the sentence at 'm.'; '..., how hard' is a question", () => {
    const formed = toAssistant(
      "ugh fine. found a navy cotton chambray £12/m. how much do i need. budget max £40 for fabric",
      "got 2.5m, its 150 wide. want inseam pockets too, how hard",
    ).join(" | ");
    expect(formed).toMatch(/found a navy cotton chambray £12\/m\./);
    expect(formed).toMatch(/The user wants inseam pockets too\./);
    expect(formed).not.toMatch(/how much|how hard/i);
  });
});
