// The web dashboard at /dashboard: server-rendered pages (htmx for answers in place), signed in with a
// dashboard user's session. The whole map of its routes is here; each page module holds its handlers.
// A project API key never opens it, and its session cookie (Path=/dashboard) never reaches /v1.
import { ApiError } from "../errors/api-error.ts";
import { createAssets } from "./assets.ts";
import { createAuth } from "./auth.ts";
import type { Ctx, DashboardDeps, Route } from "./context.ts";
import { render } from "./context.ts";
import { html } from "./html.ts";
import { memoryRoutes } from "./memories.ts";
import { createPlayground } from "./playground.ts";
import { projectRoutes } from "./projects.ts";
import { usageRoutes } from "./usage.ts";
import { cookies, FormTooLarge, htmlResponse, readForm, redirect, sameSecret, SESSION_COOKIE } from "./web.ts";

export type { DashboardDeps } from "./context.ts";

export interface Dashboard {
  handle(request: Request): Promise<Response>;
}

function matcher(path: string): (pathname: string) => Record<string, string> | null {
  const parts = path.split("/");
  return (pathname) => {
    const given = pathname.replace(/\/$/, "").split("/");
    if (given.length !== parts.length) return null;
    const params: Record<string, string> = {};
    for (let i = 0; i < parts.length; i++) {
      const want = parts[i]!;
      if (want.startsWith(":")) params[want.slice(1)] = decodeURIComponent(given[i]!);
      else if (want !== given[i]) return null;
    }
    return params;
  };
}

const STATUS_TITLES: Record<number, string> = {
  403: "Not allowed",
  404: "Not found",
  409: "Refused",
  429: "Slow down",
};

export function createDashboard(deps: DashboardDeps): Dashboard {
  const assets = createAssets();
  const auth = createAuth(deps, assets.urls);
  const routes: Route[] = [
    { method: "GET", path: "/dashboard", handler: () => redirect("/dashboard/projects") },
    ...auth.routes,
    ...projectRoutes,
    ...memoryRoutes,
    ...usageRoutes,
    ...createPlayground(deps).routes,
  ];
  const table = routes.map((r) => ({ ...r, match: matcher(r.path) }));

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (request.method === "GET") {
      const asset = assets.serve(url.pathname);
      if (asset) return asset;
    }
    let found: { route: (typeof table)[number]; params: Record<string, string> } | null = null;
    let pathKnown = false;
    for (const route of table) {
      const params = route.match(url.pathname);
      if (!params) continue;
      pathKnown = true;
      if (route.method === request.method || (request.method === "HEAD" && route.method === "GET")) {
        found = { route, params };
        break;
      }
    }
    // Only a session opens the dashboard: an Authorization header (an API key) is never looked at.
    const session = deps.admin.sessions.resolve(cookies(request).get(SESSION_COOKIE) ?? "");
    const base = { request, url, session: session!, deps, assets: assets.urls, form: new URLSearchParams() };
    if (!found) {
      const status = pathKnown ? 405 : 404;
      return htmlResponse(
        html`<!doctype html><title>${status}</title><p>${status === 404 ? "Not found" : "Method not allowed"}.</p>`,
        status,
      );
    }
    const { route, params } = found;
    if (!route.open && !session) {
      if (request.method === "GET") return redirect("/dashboard/sign-in");
      return htmlResponse(
        html`<!doctype html><title>Signed out</title><p>Your session has ended: <a href="/dashboard/sign-in">sign in</a> again.</p>`,
        401,
      );
    }
    const c: Ctx = { ...base, params };
    try {
      if (request.method === "POST") {
        c.form = await readForm(request);
        // Every change carries the session's CSRF token (a form field, or htmx's X-CSRF-Token header).
        const token = c.form.get("_csrf") ?? request.headers.get("x-csrf-token");
        if (!route.open && !sameSecret(token, session!.csrf))
          return htmlResponse(
            html`<!doctype html><title>Refused</title><p>The form's security token is missing or stale: reload the page and try again.</p>`,
            403,
          );
      }
      return await route.handler(c);
    } catch (err) {
      if (err instanceof FormTooLarge) return htmlResponse(html`<p>The form is too large.</p>`, 413);
      if (!(err instanceof ApiError) || err.status >= 500) {
        deps.logger.error({ err, path: url.pathname }, "dashboard request failed");
        return htmlResponse(html`<!doctype html><title>Error</title><p>The request could not be completed.</p>`, 500);
      }
      if (!session) throw err;
      const title = STATUS_TITLES[err.status] ?? "Refused";
      return render(c, title, html`<h1>${title}</h1><p><a href="/dashboard/projects">Back to the projects</a></p>`, {
        status: err.status,
        error: err.detail ?? err.message,
      });
    }
  }

  return { handle };
}
