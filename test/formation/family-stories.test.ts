// A user telling an assistant about their family (issue 11): "he" and "she" in a story about a
// grandparent go to the person the statement is about, not to a relative met a sentence earlier when
// the statement's last relative is of the other gender ("nana ... married to my grandad tom ..., and she
// grew roses": the nana, not the aunt named before).
import { describe, expect, test } from "bun:test";
import { withAssistant } from "./embedded-support.ts";
import { active, harness, importMessages } from "./api-support.ts";

const AT = "2026-06-10T09:00:00.000Z";
const NANA =
  "my nana passed away on monday, she was 88. my aunt claire was going to speak but she cant get through it so she's doing a reading instead. nana was rose byrne, grew up in cork, worked as a nurse for 40 years, married to my grandad tom for 55 years until he died in 2015, and she grew roses in every garden she ever had. where do i start";
const MORE = "she only went to church at christmas really. she taught me to knit on the ward on night shifts";

describe("he and she across a family story", () => {
  test("a pronoun after a statement naming two relatives goes to the one of its gender there", () => {
    const formed = withAssistant([NANA, "I'm so sorry. Tell me more about her.", MORE], "user", AT).join("\n");
    expect(formed).toContain("The user's nana grew roses in every garden she ever had.");
    expect(formed).not.toContain("Claire grew roses");
  });

  test("the next message goes on about the same relative", () => {
    const formed = withAssistant([NANA, "I'm so sorry. Tell me more about her.", MORE], "user", AT);
    expect(formed).toContain(
      "The user's nana only went to church at christmas really. The user's nana taught the user to knit on the ward on night shifts.",
    );
  });

  test("the relative named last still takes a pronoun of their own gender", () => {
    const formed = withAssistant(
      [
        "my grandad was a docker, married to my nan for 60 years. she kept the house spotless",
        "That sounds like a lovely marriage.",
        "ok",
      ],
      "user",
      AT,
    ).join("\n");
    expect(formed).toContain("The user's nan kept the house spotless.");
  });

  test("through the API, on a named user's import", async () => {
    const h = await harness();
    await importMessages(
      h,
      [
        { role: "user", content: `hi im Niamh. ${NANA}` },
        { role: "assistant", content: "I'm so sorry. Tell me more about her." },
        { role: "user", content: MORE },
      ],
      { scope: { user_id: "niamh" }, occurred_at: "2024-03-14T09:00:00.000Z" },
    );
    const texts = active(h)
      .map((m) => m.content)
      .join("\n");
    expect(texts).toContain("Niamh's nana grew roses");
    expect(texts).toContain("Niamh's nana taught Niamh to knit");
    expect(texts).not.toMatch(/Claire (?:grew|only went|taught)/);
  });
});
