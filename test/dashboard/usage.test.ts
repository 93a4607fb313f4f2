// Usage per day (the dashboard's chart) is charged with the monthly counters, exactly: a read refunded
// is taken off its day too. The Playground's calls are charged as REST calls are.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { fixedClock } from "../../src/shared/clock.ts";
import { createHarness, type Harness } from "../helpers.ts";

let h: Harness;
const clock = fixedClock("2026-05-03T20:00:00Z");
const cookies = new Map<string, string>();
let csrf = "";

async function dashboard(method: string, path: string, form?: Record<string, string>) {
  const headers: Record<string, string> = { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") };
  if (form) headers["content-type"] = "application/x-www-form-urlencoded";
  const body = form ? new URLSearchParams(form).toString() : undefined;
  const r = await h.engram.handle(new Request(`http://localhost${path}`, { method, headers, body }));
  for (const c of r.headers.getSetCookie()) {
    const [k, v] = c.split(";")[0]!.split("=") as [string, string];
    cookies.set(k, v);
  }
  return r;
}
const csrfIn = (text: string) => /name="_csrf" value="([^"]+)"/.exec(text)?.[1] ?? "";
const usage = () => h.engram.accounts.usage(h.demo.accountId);
const days = () => h.engram.daily.series(h.demo.accountId, "2026-05-01", "2026-05-04");

beforeAll(async () => {
  h = await createHarness({ clock });
  const { link } = h.engram.users.create({ accountId: h.demo.accountId, email: "ops@example.com", role: "admin" });
  await h.engram.users.setPassword(link.token, "a long enough password");
  const form = csrfIn(await (await dashboard("GET", "/dashboard/sign-in")).text());
  await dashboard("POST", "/dashboard/sign-in", {
    _csrf: form,
    email: "ops@example.com",
    password: "a long enough password",
  });
  csrf = csrfIn(await (await dashboard("GET", "/dashboard/usage")).text());
});
afterAll(() => h.close());

describe("usage per day", () => {
  test("reads and writes are counted on their UTC day, and their sum is the month's counter", async () => {
    const search = { query: "Where does Ada live?" };
    expect((await h.call("GET", "/v1/memories", { key: h.demo.key })).status).toBe(200);
    expect((await h.call("POST", "/v1/memories/context", { key: h.demo.key, body: search })).status).toBe(200);
    clock.set("2026-05-04T00:30:00Z");
    expect((await h.call("POST", "/v1/memories/search", { key: h.demo.key, body: search })).status).toBe(200);
    expect(
      (await h.call("POST", "/v1/memories", { key: h.demo.key, body: { content: "Ada likes tea." } })).status,
    ).toBe(202);
    // Refused with 400: charged nowhere.
    expect((await h.call("POST", "/v1/memories/search", { key: h.demo.key, body: { query: "" } })).status).toBe(400);
    expect(days()).toEqual([
      { day: "2026-05-01", reads: 0, writes: 0 },
      { day: "2026-05-02", reads: 0, writes: 0 },
      { day: "2026-05-03", reads: 6, writes: 0 },
      { day: "2026-05-04", reads: 1, writes: 1 },
    ]);
    expect(usage().reads).toBe(7);
    expect(usage().writes).toBe(1);
  });

  test("a Playground search and create are charged exactly as the REST calls, with their headers shown", async () => {
    const before = usage();
    const r = await dashboard("POST", "/dashboard/playground", {
      _csrf: csrf,
      project: h.demo.projectId,
      operation: "search",
      query: "Where does Ada live?",
    });
    expect(r.status).toBe(200);
    const text = await r.text();
    expect(text).toContain("reads=1");
    expect(text).toContain("Server-Timing");
    expect(text).toContain("Lisbon");
    const created = await dashboard("POST", "/dashboard/playground", {
      _csrf: csrf,
      project: h.demo.projectId,
      operation: "create",
      content: "Ada's favourite tea is Earl Grey.",
    });
    expect(await created.text()).toContain("writes=1");
    expect(usage().reads).toBe(before.reads + 1);
    expect(usage().writes).toBe(before.writes + 1);
    expect(days().at(-1)).toEqual({ day: "2026-05-04", reads: 2, writes: 2 });
  });

  test("the Playground is refused by the account's monthly allowance like any API call", async () => {
    h.engram.accounts.setPlan(h.demo.accountId, null, { reads: usage().reads });
    const r = await dashboard("POST", "/dashboard/playground", {
      _csrf: csrf,
      project: h.demo.projectId,
      operation: "recall",
      query: "Ada",
    });
    const text = await r.text();
    expect(text).toContain("429");
    expect(text).toContain("monthly_read_quota_reached");
    expect((await h.call("GET", "/v1/memories", { key: h.demo.key })).status).toBe(429);
  });

  test("the usage page shows the month's figures, the reset time and the rate limits", async () => {
    const text = await (await dashboard("GET", "/dashboard/usage")).text();
    expect(text).toContain(`id="usage-reads">${usage().reads}<`);
    expect(text).toContain("2026-06-01 00:00 UTC");
    expect(text).toContain("bursts of 2,000, 1,000 a second");
    expect(text).toContain("&quot;day&quot;:&quot;2026-05-04&quot;");
  });
});
