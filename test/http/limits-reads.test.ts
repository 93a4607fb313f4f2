// Size limits on reads (spec: Limits, Size limits; List query parameters): query length, the
// clamped search limit, and the list limit that accepts digit strings but nothing else.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHarness, type Harness } from "../helpers.ts";
import { expectFieldErrors, remember } from "./support.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  // 60 memories that all match "harbour", so the clamp on search is visible.
  for (let i = 0; i < 60; i++) {
    await h.call("POST", "/v1/memories", { body: { content: `Boat ${i} is moored in the harbour.`, infer: false } });
  }
  await h.form();
});
afterAll(() => h.close());

const EMOJI = "😀";

describe("query on search, recall and context", () => {
  for (const path of ["/v1/memories/search", "/v1/memories/recall", "/v1/memories/context"]) {
    test.each([
      ["1 character", "h", true],
      ["1,000 characters", `harbour ${"q".repeat(992)}`, true],
      ["1,001 characters", `harbour ${"q".repeat(993)}`, false],
      ["500 emoji (1,000 code units)", EMOJI.repeat(500), true],
      ["500 emoji and one more character", `${EMOJI.repeat(500)}q`, false],
      ["an empty query", "", false],
    ])(`${path.split("/").at(-1)}: %s`, async (_, query, ok) => {
      const r = await h.call("POST", path, { body: { query } });
      if (ok)
        expect([200, 404]).toContain(r.status); // context is 404 when nothing matches
      else await expectFieldErrors(r, "query");
    });
  }
});

describe("limit on search is clamped to 1..50, default 25", () => {
  test.each([
    [0, 1],
    [-5, 1],
    [1, 1],
    [7, 7],
    [50, 50],
    [51, 50],
    [100, 50],
    [1e300, 50],
    [undefined, 25],
  ])("limit %p returns %p results", async (limit, expected) => {
    const r = await h.call("POST", "/v1/memories/search", {
      body: { query: "harbour", ...(limit === undefined ? {} : { limit }) },
    });
    expect(r.status).toBe(200);
    const page = await r.json();
    expect(page.object).toBe("list");
    expect(page.data).toHaveLength(expected);
  });

  test.each([
    ["2.5", 2.5],
    ["a string", "10"],
    ["a boolean", true],
    ["an array", [5]],
  ])("a limit that is %s is a validation_error", async (_, limit) => {
    await expectFieldErrors(
      await h.call("POST", "/v1/memories/search", { body: { query: "harbour", limit } }),
      "limit",
    );
  });

  test("recall and context accept a limit and ignore it", async () => {
    expect((await h.call("POST", "/v1/memories/recall", { body: { query: "harbour", limit: 3 } })).status).toBe(200);
    expect((await h.call("POST", "/v1/memories/context", { body: { query: "harbour", limit: 3 } })).status).toBe(200);
  });
});

describe("limit on list is 1..20, default 10, and a digit string is accepted", () => {
  test.each([
    ["1", 1],
    ["5", 5],
    ["20", 20],
    ["05", 5],
  ])("limit=%s lists %p memories", async (limit, n) => {
    const page = await (await h.call("GET", `/v1/memories?limit=${limit}`)).json();
    expect(page.data).toHaveLength(n);
    expect(page.has_more).toBe(true);
  });

  test("no limit lists 10", async () => {
    expect((await (await h.call("GET", "/v1/memories")).json()).data).toHaveLength(10);
  });

  test.each([["0"], ["21"], ["abc"], ["-1"], ["5.5"], [""], ["1e1"], [" 5"], ["99999999999999999999"]])(
    "limit=%p is a validation_error on limit",
    async (limit) => {
      await expectFieldErrors(await h.call("GET", `/v1/memories?limit=${encodeURIComponent(limit)}`), "limit");
    },
  );

  test("a repeated limit is a validation_error on limit", async () => {
    await expectFieldErrors(await h.call("GET", "/v1/memories?limit=5&limit=6"), "limit");
  });
});

describe("list query parameters of 0 to 128 characters", () => {
  for (const field of [
    "organization_id",
    "user_id",
    "application_id",
    "agent_id",
    "team_id",
    "starting_after",
    "ending_before",
  ]) {
    test(`${field} of 129 characters is a validation_error on ${field}`, async () => {
      await expectFieldErrors(await h.call("GET", `/v1/memories?${field}=${"f".repeat(129)}`), field);
    });
  }
  for (const field of ["organization_id", "user_id", "application_id", "agent_id", "team_id"]) {
    test(`${field} of 128 characters filters (and finds nothing here); an empty ${field} does not filter`, async () => {
      const none = await (await h.call("GET", `/v1/memories?${field}=${"f".repeat(128)}`)).json();
      expect(none.data).toEqual([]);
      const all = await (await h.call("GET", `/v1/memories?${field}=`)).json();
      expect(all.data).toHaveLength(10);
    });
  }

  test("a scope field of 128 characters is stored and matched exactly", async () => {
    const long = "u".repeat(128);
    const [id] = await remember(h, ["Long scoped fact."], { scope: { user_id: long } });
    const page = await (await h.call("GET", `/v1/memories?user_id=${long}`)).json();
    expect(page.data.map((m: { id: string }) => m.id)).toEqual([id]);
  });
});
