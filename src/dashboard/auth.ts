// Signing in and out, and setting a password through a one-time link. Before sign-in the forms are
// protected by a double-submit token (a cookie and the same value in the form); sign-in attempts are
// limited per email (a burst of 5, then one a minute) and overall (a burst of 100, then one a second).
import { ApiError } from "../errors/api-error.ts";
import { createTokenBuckets } from "../limits/buckets.ts";
import { newSecret, PASSWORD_MIN } from "../accounts/users.ts";
import { SESSION_TTL_MS } from "../accounts/sessions.ts";
import type { Ctx, DashboardDeps, Route } from "./context.ts";
import { csrfField, html, page, type Html } from "./html.ts";
import { cookie, cookies, htmlResponse, PRESESSION_COOKIE, redirect, sameSecret, SESSION_COOKIE } from "./web.ts";

const PER_EMAIL = { burst: 5, perSecond: 1 / 60 };
const OVERALL = { burst: 100, perSecond: 1 };

export function createAuth(deps: DashboardDeps, assets: { js: string; css: string }) {
  const buckets = createTokenBuckets(deps.clock);
  const secure = deps.secureCookies;

  /** A page before sign-in, with the double-submit token in its form and its cookie. */
  function openPage(c: Ctx, title: string, body: (csrf: Html) => Html, status = 200, error: string | null = null) {
    const existing = cookies(c.request).get(PRESESSION_COOKIE);
    const token = existing && /^[A-Za-z0-9_-]{43}$/.test(existing) ? existing : newSecret();
    const headers: Record<string, string> = {};
    if (token !== existing) headers["Set-Cookie"] = cookie(PRESESSION_COOKIE, token, { secure, maxAgeSeconds: 3600 });
    const frame = { title, session: null, assets, error };
    return htmlResponse(page(frame, html`<div class="signin card">${body(csrfField(token))}</div>`), status, headers);
  }

  const presessionOk = (c: Ctx) => sameSecret(c.form.get("_csrf"), cookies(c.request).get(PRESESSION_COOKIE) ?? "");
  const refused = (c: Ctx) =>
    openPage(c, "Sign in", signInForm(""), 403, "The form's security token is missing or stale: try again.");

  const signInForm = (email: string) => (csrf: Html) =>
    html`<h1>Sign in</h1><form method="post" action="/dashboard/sign-in" class="stack">${csrf}
      <label>Email <input type="email" name="email" value="${email}" required autocomplete="username" autofocus></label>
      <label>Password <input type="password" name="password" required autocomplete="current-password"></label>
      <button>Sign in</button></form>
      <p class="muted">No password yet? Use the one-time link the first start (or <code>engram admin user create</code>) printed.</p>`;

  /** Signs the user in: a new session, its cookie, and the pre-session token dropped. */
  function signedIn(user: Parameters<DashboardDeps["admin"]["sessions"]["start"]>[0]): Response {
    const { token } = deps.admin.sessions.start(user);
    const headers = new Headers({ Location: "/dashboard/projects", "Cache-Control": "no-store" });
    headers.append("Set-Cookie", cookie(SESSION_COOKIE, token, { secure, maxAgeSeconds: SESSION_TTL_MS / 1000 }));
    headers.append("Set-Cookie", cookie(PRESESSION_COOKIE, "", { secure, maxAgeSeconds: 0 }));
    return new Response(null, { status: 303, headers });
  }

  const passwordForm = (token: string, email: string) => (csrf: Html) =>
    html`<h1>Set your password</h1><p>For <strong>${email}</strong>.</p>
      <form method="post" action="/dashboard/set-password" class="stack">${csrf}
      <input type="hidden" name="token" value="${token}">
      <input type="hidden" name="email" value="${email}" autocomplete="username">
      <label>New password (at least ${PASSWORD_MIN} characters)
        <input type="password" name="password" required minlength="${PASSWORD_MIN}" autocomplete="new-password" autofocus></label>
      <label>The same again <input type="password" name="confirm" required autocomplete="new-password"></label>
      <button>Set password and sign in</button></form>`;

  const linkGone = (c: Ctx) =>
    openPage(
      c,
      "Link expired",
      () =>
        html`<h1>This link cannot be used</h1><p>It was used already or has expired. Ask an admin for a new one
        (<code>engram admin user link --email EMAIL</code>).</p>`,
      404,
    );

  const routes: Route[] = [
    {
      method: "GET",
      path: "/dashboard/sign-in",
      open: true,
      handler: (c) => (c.session ? redirect("/dashboard/projects") : openPage(c, "Sign in", signInForm(""))),
    },
    {
      method: "POST",
      path: "/dashboard/sign-in",
      open: true,
      handler: async (c) => {
        if (!presessionOk(c)) return refused(c);
        const email = (c.form.get("email") ?? "").trim().toLowerCase().slice(0, 254);
        const perEmail = buckets.take(`sign-in:${email}`, "reads", PER_EMAIL.burst, PER_EMAIL.perSecond);
        const overall = perEmail.allowed ? buckets.take("sign-in", "reads", OVERALL.burst, OVERALL.perSecond) : null;
        if (!perEmail.allowed || !overall?.allowed) {
          const wait = perEmail.allowed ? overall!.reset : perEmail.reset;
          return openPage(c, "Sign in", signInForm(email), 429, `Too many sign-in attempts: try again in ${wait} s.`);
        }
        const user = await deps.admin.users.verify(email, c.form.get("password") ?? "");
        if (!user) return openPage(c, "Sign in", signInForm(email), 401, "Wrong email or password.");
        return signedIn(user);
      },
    },
    {
      method: "POST",
      path: "/dashboard/sign-out",
      handler: (c) => {
        deps.admin.sessions.end(cookies(c.request).get(SESSION_COOKIE) ?? "");
        return redirect("/dashboard/sign-in", {
          "Set-Cookie": cookie(SESSION_COOKIE, "", { secure, maxAgeSeconds: 0 }),
        });
      },
    },
    {
      method: "GET",
      path: "/dashboard/set-password",
      open: true,
      handler: (c) => {
        const token = c.url.searchParams.get("token") ?? "";
        const user = deps.admin.users.linkUser(token);
        return user ? openPage(c, "Set your password", passwordForm(token, user.email)) : linkGone(c);
      },
    },
    {
      method: "POST",
      path: "/dashboard/set-password",
      open: true,
      handler: async (c) => {
        if (!presessionOk(c)) return refused(c);
        const token = c.form.get("token") ?? "";
        const user = deps.admin.users.linkUser(token);
        if (!user) return linkGone(c);
        const password = c.form.get("password") ?? "";
        const again = (error: string) => openPage(c, "Set your password", passwordForm(token, user.email), 400, error);
        if (password !== c.form.get("confirm")) return again("The two passwords differ.");
        try {
          return signedIn(await deps.admin.users.setPassword(token, password));
        } catch (err) {
          if (err instanceof ApiError && err.status === 400)
            return again(
              err.errors?.password?.[0]
                ? `The password ${err.errors.password[0]}.`
                : (err.detail ?? "Invalid password."),
            );
          if (err instanceof ApiError && err.status === 404) return linkGone(c);
          throw err;
        }
      },
    },
  ];
  return { routes };
}
