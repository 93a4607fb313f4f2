// A "no" that names one of the alternatives asked about (issue 11): "no hostels" to "Do you want
// hostels or hotels?" refuses the hostels, not both; a "no" naming the only thing asked refuses it.
import { describe, expect, test } from "bun:test";
import { withAssistant } from "./embedded-support.ts";

const AT = "2026-06-10T10:00:00.000Z";

describe("a no that names one alternative", () => {
  test("'no hostels' to 'hostels or hotels?' refuses the hostels alone", () => {
    expect(withAssistant(["Do you want hostels or hotels?", "no hostels."], "assistant", AT)).toEqual([
      "The user does not want hostels.",
    ]);
  });

  test("'no car' to 'a car or a bike for the days?' keeps the days and refuses the car", () => {
    expect(
      withAssistant(["Nice route! Do you want a car or a bike for the days off?", "no car"], "assistant", AT),
    ).toEqual(["The user does not want a car for the days off."]);
  });

  test("'no car' to a question of one thing still refuses that thing (guard)", () => {
    expect(withAssistant(["Do you want a car for any of the days?", "no car"], "assistant", AT)).toEqual([
      "The user does not want a car for any of the days.",
    ]);
  });
});
