// The dashboard in a real browser: headless Chromium (playwright-core) against one real server on
// 127.0.0.1, through the flows: the first-start link and sign-in, a key created and revoked
// (the revoked key then gets 401 from the API), a policy change, a Playground search that moves the
// usage figures, the audit log, and a member whose revoke is refused. ENGRAM_SCREENSHOTS=1 also
// writes a screenshot of each page into docs/dashboard/.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startServer, type RunningServer } from "../../src/cli/serve.ts";
import { tempDir } from "../helpers.ts";
import { launchChromium } from "./chromium.ts";

const SHOTS = process.env.ENGRAM_SCREENSHOTS === "1" ? join(import.meta.dir, "../../docs/dashboard") : null;
const PASSWORD = "correct horse battery staple";

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let dataDir: string;
const printed: string[] = [];

async function shot(p: Page, name: string): Promise<void> {
  if (SHOTS) await p.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

const api = (path: string, key: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, { ...init, headers: { authorization: `Bearer ${key}`, ...init.headers } });

beforeAll(async () => {
  dataDir = tempDir("engram-dashboard-");
  server = await startServer(
    { dataDir, host: "127.0.0.1", port: 0, metricsPort: 0, formationWorker: false, logLevel: "silent" },
    (line) => printed.push(line),
  );
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  page = await context.newPage();
  page.on("dialog", (d) => d.accept()); // the confirmations of revoke and forget
}, 600_000); // on a fresh machine Chromium is installed first (apt-get, a minute or more): a hook's own limit is 5 s

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the dashboard in Chromium", () => {
  test("the first start's one-time link sets the admin's password and signs in", async () => {
    const link = printed.map((l) => l.trim()).find((l) => l.includes("/dashboard/set-password?token="));
    expect(link).toStartWith(`${server.url}/dashboard/set-password?token=`);
    await page.goto(link!);
    await shot(page, "set-password");
    await page.fill('input[name="password"]', PASSWORD);
    await page.fill('input[name="confirm"]', PASSWORD);
    await page.click("text=Set password and sign in");
    await page.waitForURL("**/dashboard/projects");
    expect(await page.textContent("h1")).toBe("Projects");
    expect(await page.textContent("table")).toContain("Demo Project");
    await shot(page, "projects");

    const session = (await context.cookies()).find((c) => c.name === "engram_session")!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe("Strict");
    expect(session.path).toBe("/dashboard");
    // The link worked once.
    await page.goto(link!);
    expect(await page.textContent("h1")).toBe("This link cannot be used");
  });

  test("a key is created, shown once, works, and fails with 401 once revoked", async () => {
    await page.goto(`${server.url}/dashboard/projects`);
    await page.click("text=Demo Project >> xpath=ancestor::td//a");
    await page.fill('input[name="name"]', "browser key");
    await page.click("text=Create key");
    const key = await page.inputValue("#new-key");
    expect(key).toMatch(/^engram_sk_[A-Za-z0-9_-]{43}$/);
    await shot(page, "keys");
    expect((await api("/v1/memories", key)).status).toBe(200);

    await page.goto(page.url()); // the page again (GET): the key is never shown again
    expect(await page.locator("#new-key").count()).toBe(0);
    expect(await page.content()).not.toContain(key);
    const row = page.locator("tr", { hasText: "browser key" });
    expect(await row.textContent()).toContain(`…${key.slice(-4)}`);
    await row.locator("text=Revoke").click();
    await page.waitForLoadState();
    expect(await page.locator("tr", { hasText: "browser key" }).textContent()).toContain("revoked");
    expect((await api("/v1/memories", key)).status).toBe(401);
  });

  test("a policy change is saved for the project", async () => {
    await page.click("text=Memory policy");
    await page.check('input[name="exclude"][value="health"]');
    await page.fill('textarea[name="instructions"]', "Only remember facts about the user's work.");
    await page.click("text=Save policy");
    await page.waitForSelector("text=Policy saved.");
    await shot(page, "policy");
    const demo = server.engram.accounts.listAccounts()[0]!;
    const project = server.engram.accounts.listProjects(demo.id).find((p) => p.is_demo)!;
    const policy = server.engram.accounts.policy(project.id);
    expect(policy.exclude_categories).toEqual(["health"]);
    expect(policy.instructions).toBe("Only remember facts about the user's work.");
  });

  test("a Playground search counts against the reads of the usage page", async () => {
    const readsNow = async () => {
      await page.goto(`${server.url}/dashboard/usage`);
      return Number((await page.textContent("#usage-reads"))!.replace(/,/g, ""));
    };
    const before = await readsNow();
    await page.goto(`${server.url}/dashboard/playground`);
    await page.selectOption('select[name="operation"]', "search");
    await page.fill('input[name="query"]', "Where does Ada live?");
    await page.click("text=Run");
    await page.waitForSelector("#result-json"); // answered in place by htmx
    expect(await page.textContent("#result-status")).toBe("200");
    expect(await page.textContent("#result-usage")).toBe("reads=1");
    expect(await page.textContent("#result-json")).toContain("Lisbon");
    expect(await page.textContent("#playground-result")).toContain("Server-Timing");
    await shot(page, "playground");
    expect(await readsNow()).toBe(before + 1);
    await page.waitForSelector(".uplot"); // the chart is drawn
    await shot(page, "usage");
  });

  test("memories can be browsed, searched, opened and forgotten", async () => {
    await page.goto(`${server.url}/dashboard/projects`);
    await page.click("text=Demo Project >> xpath=ancestor::td//a");
    await page.click("nav.sub >> text=Memories");
    await page.fill('input[name="q"]', "peanuts");
    await page.click("text=Filter");
    await shot(page, "memories");
    await page.click("text=Ada is allergic to peanuts.");
    expect(await page.textContent("h2")).toBe("Versions");
    await shot(page, "memory");
    await page.click("text=Forget");
    await page.waitForURL("**/memories");
    expect(await page.content()).not.toContain("Ada is allergic to peanuts.");
  });

  test("the audit log lists the key's creation and revocation and the policy change, with who did them", async () => {
    await page.goto(`${server.url}/dashboard/audit`);
    const text = (await page.textContent("table"))!;
    for (const what of ["created key", "revoked key", "changed the memory policy of"]) expect(text).toContain(what);
    expect(text).toContain("admin@localhost");
    await shot(page, "audit");
  });

  test("a member sees revoke disabled, and the server refuses it too", async () => {
    const accountId = server.engram.accounts.listAccounts()[0]!.id;
    const { link } = server.engram.users.create({ accountId, email: "member@example.com", role: "member" });
    await server.engram.users.setPassword(link.token, PASSWORD);
    const member = await browser.newContext();
    const p = await member.newPage();
    await p.goto(`${server.url}/dashboard`);
    await p.waitForURL("**/dashboard/sign-in");
    await shot(p, "sign-in");
    await p.fill('input[name="email"]', "member@example.com");
    await p.fill('input[name="password"]', PASSWORD);
    await p.click("button:has-text('Sign in')");
    await p.waitForURL("**/dashboard/projects");
    await p.click("text=Demo Project >> xpath=ancestor::td//a");
    const revoke = p.locator("tr", { hasText: "Default key" }).locator("button:has-text('Revoke')");
    expect(await revoke.isDisabled()).toBe(true);
    // The same form sent anyway (its CSRF token included) is refused by the server.
    const csrf = await p.getAttribute('input[name="_csrf"]', "value");
    const action = await p.locator("tr", { hasText: "Default key" }).locator("form").getAttribute("action");
    const refused = await p.request.post(`${server.url}${action}`, { form: { _csrf: csrf! }, maxRedirects: 0 });
    expect(refused.status()).toBe(403);
    const keys = server.engram.accounts.listKeys(server.engram.accounts.listProjects(accountId)[0]!.id);
    expect(keys.find((k) => k.name === "Default key")!.status).toBe("active");
    await member.close();
  });
});
