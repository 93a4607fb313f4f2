// The weekdays of a standing rota are no dates (issue 11): "Saturday: one shift, 09:00–13:00", "Closed
// Sunday.", "Saturday needs 2 RVNs", "that week's Monday", "a week's rota"; "this sunday" still is one.
// And "put my name in the module header as author — Anika Desai" names the user.
import { describe, expect, test } from "bun:test";
import { resolveDates } from "../../src/formation/embedded/dates.ts";
import { withAssistant } from "./embedded-support.ts";
import { chatAt } from "./api-support.ts";

const AT = "2026-10-05T09:30:00.000Z";
const dated = (text: string) => resolveDates(text, AT, true).text;

describe("weekdays of a standing rota", () => {
  test("a rota's weekdays stay as typed", () => {
    expect(dated("Saturday: one shift, 09:00–13:00.")).toBe("Saturday: one shift, 09:00–13:00.");
    expect(dated("I told you Saturday needs 2 RVNs, but on Saturdays we only need 1 RVN.")).toBe(
      "I told you Saturday needs 2 RVNs, but on Saturdays we only need 1 RVN.",
    );
    expect(dated("Every shift needs at least 1 vet, Saturday included.")).toBe(
      "Every shift needs at least 1 vet, Saturday included.",
    );
    expect(dated("save it as a PDF using that week's Monday.")).toBe("save it as a PDF using that week's Monday.");
    expect(dated("I'd like a macro that fills in a week's rota automatically.")).toBe(
      "I'd like a macro that fills in a week's rota automatically.",
    );
  });

  test("'this sunday' and 'the party is saturday' are still days (guard)", () => {
    const ahead = (text: string) => resolveDates(text, AT, false).text;
    expect(ahead("we're closed this sunday")).toBe("we're closed on Sunday, 11 October 2026");
    expect(ahead("the party is saturday")).toBe("the party is on Saturday, 10 October 2026");
    expect(ahead("player of the year vote closes friday")).toBe(
      "player of the year vote closes on Friday, 9 October 2026",
    );
  });

  test("'Closed Sunday.' is no one closing anything", () => {
    const facts = withAssistant(["Which days?", "Saturday: one shift, 09:00–13:00. Closed Sunday."], "assistant", AT);
    expect(facts.join(" ")).not.toContain("user closed");
  });

  test("'put my name in the module header as author — Anika Desai' names the user", async () => {
    const formed = await chatAt(
      AT,
      "anika",
      "Deadline: this needs to be live by Monday 2 November. And put my name in the module header as author — Anika Desai.",
      "Will do.",
    );
    expect(formed).toContain("The user's name is Anika Desai.");
  });
});

describe("a day said twice", () => {
  test("'tomorrow, Thursday 20 Aug, 14:00' is written once", () => {
    expect(
      resolveDates("Hotfix is planned for tomorrow, Thursday 20 Aug, 14:00 UTC.", "2026-08-19T09:50:00.000Z", false)
        .text,
    ).toBe("Hotfix is planned for on Thursday, 20 August 2026 at 14:00.");
  });
});

describe("what happened to a thing, said of it alone", () => {
  test("'cover delivery delayed' is the delivery's, 'vet confirmed' the vet's doing, '£120.' the price of what was found", () => {
    expect(withAssistant(["Good plan.", "cover delivery delayed."], "assistant", AT)).toEqual([
      "The user's cover delivery is delayed.",
    ]);
    expect(withAssistant(["Good plan.", "vet confirmed."], "assistant", AT)).toEqual(["The user's vet confirmed."]);
    expect(
      withAssistant(
        ["Frames are cheap.", "found a secondhand 3x4 frame on fb marketplace. £120. no cover."],
        "assistant",
        AT,
      ),
    ).toContain("The user found a secondhand 3x4 frame on fb marketplace. £120.");
  });
});
