// occurred_at rules (spec: Create request, Import request, Errors rules 3; decisions: Wire formats).
// Create: bad format is a validation_error, future / pre-1970 are invalid_argument with a reason.
// Import: every one of them is a validation_error on its own path.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHarness, type Harness } from "../helpers.ts";
import { fixedClock } from "../../src/shared/clock.ts";
import { expectFieldErrors, expectProblem } from "./support.ts";

const NOW = "2026-03-15T12:00:00.000Z";
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ clock: fixedClock(NOW) });
});
afterAll(() => h.close());

let n = 0;
/** Creates one memory with infer false and returns what was stored as its occurred_at. */
async function storedOccurredAt(occurred_at: string): Promise<string | null> {
  const content = `Timestamped fact number ${++n}.`;
  const r = await h.call("POST", "/v1/memories", { body: { content, infer: false, occurred_at } });
  expect(r.status).toBe(202);
  await h.form();
  const hits = await (
    await h.call("POST", "/v1/memories/search", { body: { query: `number ${n}`, limit: 50 } })
  ).json();
  return hits.data.find((m: { content: string }) => m.content === content).occurred_at;
}

describe("occurred_at on create", () => {
  test.each([
    ["a plain date means 00:00 UTC", "2023-05-07", "2023-05-07T00:00:00.000Z"],
    ["a UTC timestamp", "2023-05-07T13:56:00Z", "2023-05-07T13:56:00.000Z"],
    ["a positive offset", "2023-05-07T13:56:00+02:00", "2023-05-07T11:56:00.000Z"],
    ["a negative offset", "2023-05-07T13:56:00-05:30", "2023-05-07T19:26:00.000Z"],
    ["fractional seconds", "2023-05-07T13:56:00.123456Z", "2023-05-07T13:56:00.123Z"],
    ["the first instant of 1970", "1970-01-01T00:00:00Z", "1970-01-01T00:00:00.000Z"],
    ["exactly now", NOW, NOW],
  ])("%s is accepted and stored in UTC with milliseconds", async (_, input, stored) => {
    expect(await storedOccurredAt(input)).toBe(stored);
  });

  test.each([
    ["free text", "last Tuesday"],
    ["a timestamp without an offset", "2023-05-07T13:56:00"],
    ["an impossible date", "2023-02-30"],
    ["an impossible hour", "2023-05-07T25:00:00Z"],
    ["a Unix time as a string", "1683467760"],
    ["an empty string", ""],
    ["a slash date", "05/07/2023"],
  ])("%s is a validation_error on occurred_at", async (_, occurred_at) => {
    await expectFieldErrors(
      await h.call("POST", "/v1/memories", { body: { content: "x", occurred_at } }),
      "occurred_at",
    );
  });

  test.each([
    ["one millisecond from now", "2026-03-15T12:00:00.001Z"],
    ["tomorrow as a plain date", "2026-03-16"],
    ["a far-future year", "9999-12-31T23:59:59Z"],
    ["now in a timezone that makes it later", "2026-03-15T12:00:01+00:00"],
  ])("%s is a 400 invalid_argument with reason occurred_at_in_future", async (_, occurred_at) => {
    await expectProblem(
      await h.call("POST", "/v1/memories", { body: { content: "x", occurred_at } }),
      400,
      "invalid_argument",
      "occurred_at_in_future",
    );
  });

  test.each([
    ["the last instant of 1969", "1969-12-31T23:59:59.999Z"],
    ["a plain date in 1969", "1969-12-31"],
    ["1970-01-01 in a timezone east of UTC", "1970-01-01T00:30:00+01:00"],
    ["year 75 (never read as 1975)", "0075-06-01"],
    ["year 1", "0001-01-01T00:00:00Z"],
  ])("%s is a 400 invalid_argument with reason occurred_at_too_old", async (_, occurred_at) => {
    await expectProblem(
      await h.call("POST", "/v1/memories", { body: { content: "x", occurred_at } }),
      400,
      "invalid_argument",
      "occurred_at_too_old",
    );
  });
});

describe("occurred_at on import", () => {
  const messages = [{ role: "user", content: "We met in Porto." }];
  const imp = (body: unknown) => h.call("POST", "/v1/memories/import", { body });

  test.each([
    ["in the future", "2026-03-16"],
    ["before 1970", "1969-12-31T23:59:59Z"],
    ["in a bad format", "yesterday"],
  ])("a request occurred_at %s is a validation_error on occurred_at", async (_, occurred_at) => {
    await expectFieldErrors(await imp({ messages, occurred_at }), "occurred_at");
  });

  test.each([
    ["in the future", "2027-01-01T00:00:00Z"],
    ["before 1970", "1960-01-01"],
    ["in a bad format", "2023-13-01"],
  ])("a message's own occurred_at %s is a validation_error on messages[n].occurred_at", async (_, occurred_at) => {
    const body = { messages: [...messages, { role: "assistant", content: "Lovely.", occurred_at }] };
    await expectFieldErrors(await imp(body), "messages[1].occurred_at");
  });

  test("bad values on the request and on two messages are all reported together", async () => {
    const body = {
      occurred_at: "2030-01-01",
      messages: [
        { role: "user", content: "a", occurred_at: "1900-01-01" },
        { role: "user", content: "b" },
        { role: "user", content: "c", occurred_at: "nope" },
      ],
    };
    await expectFieldErrors(await imp(body), "occurred_at", "messages[0].occurred_at", "messages[2].occurred_at");
  });

  test("a message's own occurred_at overrides the request's", async () => {
    const body = {
      occurred_at: "2023-01-01",
      messages: [
        { role: "user", speaker: "Ana", content: "I adopted a quokka named Pip." },
        {
          role: "user",
          speaker: "Ana",
          content: "I took my quokka to the vet.",
          occurred_at: "2024-02-02T10:00:00+01:00",
        },
      ],
    };
    expect((await imp(body)).status).toBe(202);
    await h.form();
    const hits = (await (await h.call("POST", "/v1/memories/search", { body: { query: "quokka" } })).json())
      .data as Array<{ content: string; occurred_at: string }>;
    const byContent = Object.fromEntries(hits.map((m) => [m.content, m.occurred_at]));
    expect(byContent).toEqual({
      "Ana adopted a quokka named Pip.": "2023-01-01T00:00:00.000Z",
      "Ana took Ana's quokka to the vet.": "2024-02-02T09:00:00.000Z",
    });
  });
});
