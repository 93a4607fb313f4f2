// What every dashboard handler receives and returns; the routes of each page module are declared with it.
import type { Administration } from "../administration.ts";
import type { Session } from "../accounts/sessions.ts";
import type { MemoryRepository } from "../memories/repository.ts";
import type { Limits } from "../limits/index.ts";
import type { Principal } from "../domain/principal.ts";
import type { Clock } from "../shared/clock.ts";
import type { Logger } from "../shared/logger.ts";
import { html, page, type Frame, type Html } from "./html.ts";
import { htmlResponse } from "./web.ts";

export interface DashboardDeps {
  admin: Pick<Administration, "accounts" | "users" | "sessions" | "audit" | "daily">;
  memories: Pick<
    MemoryRepository,
    "list" | "getActive" | "versions" | "relationships" | "forget" | "countByProject" | "countActive"
  >;
  limits: Pick<Limits, "planOf">;
  /**
   * The REST pipeline of /v1/memories with another authenticator: the Playground's calls run through
   * it, so they are charged and limited exactly as API calls are.
   */
  restFor(authenticate: (token: string) => Principal | null): {
    handle(request: Request): Response | Promise<Response>;
  };
  clock: Clock;
  logger: Logger;
  /** Cookies are marked Secure (served over TLS). */
  secureCookies: boolean;
}

export interface Ctx {
  request: Request;
  url: URL;
  params: Record<string, string>;
  /** The signed-in user's session (null on the sign-in and password pages only). */
  session: Session;
  /** The form body of a POST (empty on GET). */
  form: URLSearchParams;
  deps: DashboardDeps;
  assets: { js: string; css: string };
}

export type Handler = (c: Ctx) => Response | Promise<Response>;

export interface Route {
  method: "GET" | "POST";
  path: string; // "/dashboard/projects/:project"
  handler: Handler;
  /** Reached without a session (sign-in, the password link, the assets). */
  open?: boolean;
}

export interface RenderOptions {
  status?: number;
  error?: string | null;
  notice?: string | null;
  current?: Frame["current"];
}

/** A whole page in the dashboard's frame. */
export function render(c: Ctx, title: string, body: Html, o: RenderOptions = {}): Response {
  const frame: Frame = { title, session: c.session, assets: c.assets, ...o };
  return htmlResponse(page(frame, body), o.status ?? 200);
}

/** The tabs of a project's pages. */
export function projectTabs(projectId: string, current: "keys" | "memories" | "policy"): Html {
  const tab = (key: typeof current, label: string) =>
    html`<a href="/dashboard/projects/${projectId}/${key}" ${key === current ? html`aria-current="page"` : ""}>${label}</a>`;
  return html`<nav class="sub">${tab("keys", "Keys")}${tab("memories", "Memories")}${tab("policy", "Memory policy")}
    <a href="/dashboard/playground?project=${projectId}">Playground</a></nav>`;
}
