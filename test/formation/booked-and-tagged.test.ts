// A career-changer's notes to an assistant (issue 11): "booked the medical!! a place in rotherham on the
// 23rd, £65" is one memory, which "medical got moved to the 28th" moves; "… last year does that matter"
// tells before it asks; "changed my mind on the artic, …, lorraine wont want me on trunking" is the user's.
import { describe, expect, test } from "bun:test";
import { withAssistant } from "./embedded-support.ts";
import { chatAt } from "./api-support.ts";

const AT = "2026-04-14T20:40:00.000Z";

describe("notes told in passing", () => {
  test("'booked the medical!! a place in rotherham on the 23rd, £65' is one memory, moved by 'medical got moved to the 28th'", async () => {
    const formed = await chatAt(
      AT,
      "hgv",
      "booked the medical!! a place in rotherham on the 23rd, £65.",
      "Good stuff. Next, the theory tests.",
      "bit of a change. medical got moved to the 28th, the doctor is off sick apparently.",
    );
    expect(formed).toContain(
      "The user booked the medical, a place in rotherham on 28 April 2026 (was 23 April 2026), £65.",
    );
  });

  test("'i wear glasses and had a bit of keyhole on my knee last year does that matter' tells, then asks", () => {
    expect(
      withAssistant(
        [
          "The medical checks eyesight and general health.",
          "i wear glasses and had a bit of keyhole on my knee last year does that matter",
        ],
        "assistant",
        AT,
      ),
    ).toEqual(["The user wears glasses and had a bit of keyhole on the user's knee in 2025."]);
  });

  test("'changed my mind on the artic, …, lorraine wont want me on trunking anyway' is the user's change of mind", () => {
    const facts = withAssistant(
      [
        "HIAB work suits you.",
        "and changed my mind on the artic, not bothering with c+e at all now, lorraine wont want me on trunking anyway",
      ],
      "assistant",
      AT,
    );
    expect(facts[0]).toStartWith("The user changed the user's mind on the artic");
  });
});
