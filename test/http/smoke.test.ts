import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHarness, type Harness } from "../helpers.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe("a write and a read through the REST API", () => {
  test("a created memory is listed after formation and not before", async () => {
    const r = await h.call("POST", "/v1/memories", {
      body: { content: "Caroline adopted a golden retriever.", infer: false },
    });
    expect(r.status).toBe(202);
    expect(r.headers.get("service-usage")).toBe("writes=1");
    const before = await (await h.call("GET", "/v1/memories")).json();
    expect(before.data).toHaveLength(0);
    expect(await h.form()).toBe(1);
    const after = await (await h.call("GET", "/v1/memories")).json();
    expect(after.data.map((m: { content: string }) => m.content)).toEqual(["Caroline adopted a golden retriever."]);
  });
});
