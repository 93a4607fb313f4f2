// The dashboard's defences, in-process on a real database: CSRF tokens, cookie flags, tenancy (another
// account's project or key in a URL is 404), the sign-in rate limit, roles, and the wall between
// sessions and API keys.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { fixedClock } from "../../src/shared/clock.ts";
import { createHarness, type Harness } from "../helpers.ts";

const PASSWORD = "a long enough password";
let h: Harness;
const clock = fixedClock("2026-03-10T12:00:00Z");

interface Browser {
  cookies: Map<string, string>;
  csrf: string;
}

async function request(
  b: Browser | null,
  method: string,
  path: string,
  form?: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const h2: Record<string, string> = { ...headers };
  if (b?.cookies.size) h2.cookie = [...b.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  if (form) h2["content-type"] = "application/x-www-form-urlencoded";
  const response = await h.engram.handle(
    new Request(`http://localhost${path}`, {
      method,
      headers: h2,
      body: form ? new URLSearchParams(form).toString() : undefined,
    }),
  );
  for (const c of response.headers.getSetCookie()) {
    const [pair] = c.split(";");
    const [k, v] = pair!.split("=") as [string, string];
    if (b) v ? b.cookies.set(k, v) : b.cookies.delete(k);
  }
  return response;
}

const csrfIn = (text: string) => /name="_csrf" value="([^"]+)"/.exec(text)?.[1] ?? "";

/** A user of the account, signed in through the sign-in form. */
async function signIn(accountId: string, email: string, role: "admin" | "member"): Promise<Browser> {
  const { link } = h.engram.users.create({ accountId, email, role });
  await h.engram.users.setPassword(link.token, PASSWORD);
  const b: Browser = { cookies: new Map(), csrf: "" };
  const form = await request(b, "GET", "/dashboard/sign-in");
  const r = await request(b, "POST", "/dashboard/sign-in", {
    _csrf: csrfIn(await form.text()),
    email,
    password: PASSWORD,
  });
  expect(r.status).toBe(303);
  b.csrf = csrfIn(await (await request(b, "GET", "/dashboard/projects")).text());
  return b;
}

let admin: Browser;
let member: Browser;
let other: { accountId: string; projectId: string; keyId: string };

beforeAll(async () => {
  h = await createHarness({ clock });
  admin = await signIn(h.demo.accountId, "admin@example.com", "admin");
  member = await signIn(h.demo.accountId, "member@example.com", "member");
  const a = h.newAccount();
  const made = h.engram.accounts.createKey({ projectId: a.projectId, name: "theirs" });
  other = { accountId: a.accountId, projectId: a.projectId, keyId: made.id };
});
afterAll(() => h.close());

describe("the dashboard's security", () => {
  test("a change without the session's CSRF token is refused, and nothing changes", async () => {
    const before = h.engram.accounts.listProjects(h.demo.accountId).length;
    const missing = await request(admin, "POST", "/dashboard/projects", { name: "no token" });
    const wrong = await request(admin, "POST", "/dashboard/projects", { name: "bad token", _csrf: "x".repeat(43) });
    const otherUsers = await request(admin, "POST", "/dashboard/projects", {
      name: "member's token",
      _csrf: member.csrf,
    });
    expect([missing.status, wrong.status, otherUsers.status]).toEqual([403, 403, 403]);
    expect(h.engram.accounts.listProjects(h.demo.accountId).length).toBe(before);
    const ok = await request(admin, "POST", "/dashboard/projects", { name: "with token", _csrf: admin.csrf });
    expect(ok.status).toBe(303);
    const viaHeader = await request(
      admin,
      "POST",
      "/dashboard/projects",
      { name: "htmx" },
      { "x-csrf-token": admin.csrf },
    );
    expect(viaHeader.status).toBe(303);
    expect(h.engram.accounts.listProjects(h.demo.accountId).length).toBe(before + 2);
  });

  test("sign-in without the form's token is refused", async () => {
    const r = await request({ cookies: new Map(), csrf: "" }, "POST", "/dashboard/sign-in", {
      email: "admin@example.com",
      password: PASSWORD,
    });
    expect(r.status).toBe(403);
    expect(r.headers.getSetCookie().some((c) => c.startsWith("engram_session="))).toBe(false);
  });

  test("the session cookie is HttpOnly, SameSite=Strict, scoped to /dashboard, expiring, and Secure only under TLS", async () => {
    const b: Browser = { cookies: new Map(), csrf: "" };
    const form = await request(b, "GET", "/dashboard/sign-in");
    const r = await request(b, "POST", "/dashboard/sign-in", {
      _csrf: csrfIn(await form.text()),
      email: "admin@example.com",
      password: PASSWORD,
    });
    const cookie = r.headers.getSetCookie().find((c) => c.startsWith("engram_session="))!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).toContain("Path=/dashboard");
    expect(cookie).toMatch(/Max-Age=43200/);
    expect(cookie).not.toContain("Secure");

    const tls = await (await import("../helpers.ts")).createHarness({
      config: { publicUrl: "https://engram.example.com" },
    });
    try {
      const page = await tls.engram.handle(new Request("http://localhost/dashboard/sign-in"));
      expect(page.headers.getSetCookie()[0]).toContain("; Secure");
    } finally {
      await tls.close();
    }
  });

  test("a session expires after 12 hours, and signing out ends it", async () => {
    const b = await signIn(h.demo.accountId, "short@example.com", "member");
    expect((await request(b, "GET", "/dashboard/usage")).status).toBe(200);
    clock.advance(12 * 3600 * 1000 + 1);
    const after = await request(b, "GET", "/dashboard/usage");
    expect(after.status).toBe(303);
    expect(after.headers.get("location")).toBe("/dashboard/sign-in");
    clock.advance(-(12 * 3600 * 1000 + 1));
    expect((await request(admin, "GET", "/dashboard/usage")).status).toBe(200);
    const copy: Browser = { cookies: new Map(admin.cookies), csrf: admin.csrf };
    const b2 = await signIn(h.demo.accountId, "leaving@example.com", "member");
    expect((await request(b2, "POST", "/dashboard/sign-out", { _csrf: b2.csrf })).status).toBe(303);
    expect((await request(b2, "GET", "/dashboard/usage")).status).toBe(303);
    expect((await request(copy, "GET", "/dashboard/usage")).status).toBe(200);
  });

  test("another account's project or key in a URL is 404, as a missing one is", async () => {
    const paths = [
      `/dashboard/projects/${other.projectId}/keys`,
      `/dashboard/projects/${other.projectId}/memories`,
      `/dashboard/projects/${other.projectId}/policy`,
      `/dashboard/projects/${other.projectId}/delete`,
      "/dashboard/projects/prj_01m8527gatferb7qwag0x75baa/keys",
    ];
    for (const p of paths) expect([p, (await request(admin, "GET", p)).status]).toEqual([p, 404]);
    const posts: Array<[string, Record<string, string>]> = [
      [`/dashboard/keys/${other.keyId}/revoke`, {}],
      [`/dashboard/projects/${other.projectId}/delete`, { confirm: "Demo Project" }],
      [`/dashboard/projects/${other.projectId}/keys`, { name: "mine now" }],
      [`/dashboard/projects/${other.projectId}/policy`, { exclude: "health" }],
      ["/dashboard/playground", { project: other.projectId, operation: "list" }],
    ];
    for (const [p, form] of posts)
      expect([p, (await request(admin, "POST", p, { ...form, _csrf: admin.csrf })).status]).toEqual([p, 404]);
    expect(h.engram.accounts.listKeys(other.projectId).every((k) => k.status === "active")).toBe(true);
    expect(h.engram.accounts.listKeys(other.projectId).length).toBe(2);
    expect(h.engram.accounts.policy(other.projectId).updated_at).toBeNull();
  });

  test("sign-in attempts are limited per email: the sixth in a minute is refused even with the right password", async () => {
    const { link } = h.engram.users.create({
      accountId: h.demo.accountId,
      email: "guessed@example.com",
      role: "admin",
    });
    await h.engram.users.setPassword(link.token, PASSWORD);
    const b: Browser = { cookies: new Map(), csrf: "" };
    const csrf = csrfIn(await (await request(b, "GET", "/dashboard/sign-in")).text());
    const attempt = (password: string) =>
      request(b, "POST", "/dashboard/sign-in", { _csrf: csrf, email: "guessed@example.com", password });
    for (let i = 0; i < 5; i++) expect((await attempt("wrong password!")).status).toBe(401);
    const limited = await attempt(PASSWORD);
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("Too many sign-in attempts");
    clock.advance(60_000); // one attempt comes back a minute later
    expect((await attempt(PASSWORD)).status).toBe(303);
  });

  test("a member cannot revoke keys or delete projects: the server refuses with 403", async () => {
    const keyId = h.engram.accounts.listKeys(h.demo.projectId)[0]!.id;
    const revoke = await request(member, "POST", `/dashboard/keys/${keyId}/revoke`, { _csrf: member.csrf });
    expect(revoke.status).toBe(403);
    const del = await request(member, "POST", `/dashboard/projects/${h.project.projectId}/delete`, {
      _csrf: member.csrf,
      confirm: "Empty project",
    });
    expect(del.status).toBe(403);
    expect(h.engram.accounts.listKeys(h.demo.projectId)[0]!.status).toBe("active");
    expect(h.engram.accounts.listProjects(h.demo.accountId).some((p) => p.id === h.project.projectId)).toBe(true);
  });

  test("an API key never opens the dashboard, and a session never reaches /v1", async () => {
    const withKey = await h.engram.handle(
      new Request("http://localhost/dashboard/projects", { headers: { authorization: `Bearer ${h.demo.key}` } }),
    );
    expect(withKey.status).toBe(303);
    expect(withKey.headers.get("location")).toBe("/dashboard/sign-in");
    const withSession = await request(admin, "GET", "/v1/memories");
    expect(withSession.status).toBe(401);
  });

  test("pages carry a strict Content-Security-Policy, are never cached or framed, and escape what they show", async () => {
    h.engram.accounts.renameProject({ projectId: h.project.projectId, name: "<script>alert(1)</script>" });
    const r = await request(admin, "GET", "/dashboard/projects");
    expect(r.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(r.headers.get("x-frame-options")).toBe("DENY");
    expect(r.headers.get("cache-control")).toBe("no-store");
    const text = await r.text();
    expect(text).not.toContain("<script>alert(1)</script>");
    expect(text).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});
