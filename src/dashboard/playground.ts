// The Playground: list, search, recall, context and create for a chosen project, from a form. Each call
// runs through the REST pipeline of /v1/memories itself (deps.restFor), so it is limited and charged
// exactly as an API call: token buckets, monthly allowances, Service-Usage and Server-Timing. It acts
// for the project through a grant that lives for that one call; no API key is made or needed, and the
// grant is known only to this pipeline (the server's /v1 never accepts it).
import { newSecret } from "../accounts/users.ts";
import type { Principal } from "../domain/principal.ts";
import { render, type Ctx, type DashboardDeps, type Route } from "./context.ts";
import { csrfField, html, type Html } from "./html.ts";
import { htmlResponse, isHtmx } from "./web.ts";

const OPERATIONS = ["search", "recall", "context", "list", "create"] as const;
type Operation = (typeof OPERATIONS)[number];
const SHOWN_HEADERS = ["Service-Usage", "Server-Timing", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"];

interface Call {
  method: "GET" | "POST";
  path: string;
  body?: Record<string, unknown>;
}

/** The REST call the form describes (the API validates it, as it would any client's). */
function callOf(form: URLSearchParams): Call {
  const op = (OPERATIONS as readonly string[]).includes(form.get("operation") ?? "")
    ? (form.get("operation") as Operation)
    : "search";
  const scope: Record<string, string> = {};
  for (const f of ["user_id", "agent_id"]) if (form.get(f)?.trim()) scope[f] = form.get(f)!.trim();
  const withScope = Object.keys(scope).length ? { scope } : {};
  const limit = /^\d{1,3}$/.test(form.get("limit") ?? "") ? Number(form.get("limit")) : undefined;
  if (op === "list") {
    const q = new URLSearchParams(scope);
    if (limit !== undefined) q.set("limit", String(limit));
    return { method: "GET", path: `/v1/memories${q.size ? `?${q}` : ""}` };
  }
  if (op === "create")
    return { method: "POST", path: "/v1/memories", body: { content: form.get("content") ?? "", ...withScope } };
  return {
    method: "POST",
    path: `/v1/memories/${op}`,
    body: {
      query: form.get("query") ?? "",
      ...(limit !== undefined && op === "search" ? { limit } : {}),
      ...withScope,
    },
  };
}

export function createPlayground(deps: DashboardDeps) {
  // Grants live for one call: a token the dashboard makes, mapped to the project it acts for.
  const grants = new Map<string, Principal>();
  const rest = deps.restFor((token) => grants.get(token) ?? null);

  async function run(principal: Principal, call: Call) {
    const token = newSecret();
    grants.set(token, principal);
    try {
      const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
      if (call.body) headers["Content-Type"] = "application/json";
      const body = call.body ? JSON.stringify(call.body) : undefined;
      const response = await rest.handle(
        new Request(`http://localhost${call.path}`, { method: call.method, headers, body }),
      );
      const text = await response.text();
      let pretty = text;
      try {
        pretty = text ? JSON.stringify(JSON.parse(text), null, 2) : "(no body)";
      } catch {}
      const shown = SHOWN_HEADERS.flatMap((h) => (response.headers.get(h) ? [[h, response.headers.get(h)!]] : []));
      return { status: response.status, headers: shown, body: pretty };
    } finally {
      grants.delete(token);
    }
  }

  function resultView(call: Call, r: Awaited<ReturnType<typeof run>>): Html {
    const usage = r.headers.find(([h]) => h === "Service-Usage")?.[1] ?? "none";
    return html`<div class="card" id="playground-result">
      <p><strong>${call.method} ${call.path}</strong> → <span class="badge" id="result-status">${r.status}</span>
        used <strong id="result-usage">${usage}</strong></p>
      ${call.body ? html`<details><summary>Request body</summary><pre class="json">${JSON.stringify(call.body, null, 2)}</pre></details>` : ""}
      <dl class="facts">${r.headers.map(([h, v]) => html`<dt>${h}</dt><dd class="mono">${v}</dd>`)}</dl>
      <pre class="json" id="result-json">${r.body}</pre></div>`;
  }

  function playgroundPage(c: Ctx, form: URLSearchParams, result: Html | null): Response {
    const projects = c.deps.admin.accounts.listProjects(c.session.user.account_id);
    const chosen = form.get("project") ?? c.url.searchParams.get("project") ?? projects[0]?.id;
    const op = form.get("operation") ?? "search";
    const field = (name: string) => form.get(name) ?? "";
    const body = html`<h1>Playground</h1>
      <p class="muted">Calls the API for a project. They count against the account's allowances and rate limits exactly as API calls do.</p>
      <form method="post" action="/dashboard/playground" hx-post="/dashboard/playground" hx-target="#result" class="stack">
        ${csrfField(c.session.csrf)}
        <label>Project <select name="project">${projects.map((p) => html`<option value="${p.id}" ${p.id === chosen ? "selected" : ""}>${p.name}${p.is_demo ? " (Demo Project)" : ""}</option>`)}</select></label>
        <label>Operation <select name="operation">${OPERATIONS.map((o) => html`<option ${o === op ? "selected" : ""}>${o}</option>`)}</select></label>
        <label>Query (search, recall, context) <input name="query" value="${field("query")}" placeholder="Where does Ada live?"></label>
        <label>Content (create) <textarea name="content" placeholder="Ada's favourite tea is Earl Grey.">${field("content")}</textarea></label>
        <div class="row"><label>user_id <input name="user_id" value="${field("user_id")}" size="12"></label>
          <label>agent_id <input name="agent_id" value="${field("agent_id")}" size="12"></label>
          <label>limit <input name="limit" value="${field("limit")}" size="4" inputmode="numeric"></label></div>
        <button>Run</button></form>
      <div id="result">${result ?? ""}</div>`;
    return render(c, "Playground", body, { current: "playground" });
  }

  const routes: Route[] = [
    { method: "GET", path: "/dashboard/playground", handler: (c) => playgroundPage(c, new URLSearchParams(), null) },
    {
      method: "POST",
      path: "/dashboard/playground",
      handler: async (c) => {
        const project = c.deps.admin.accounts.ownProject(c.session.user.account_id, c.form.get("project") ?? "");
        const principal = {
          keyId: `dashboard:${c.session.user.id}`,
          projectId: project.id,
          accountId: c.session.user.account_id,
        };
        const call = callOf(c.form);
        const result = resultView(call, await run(principal, call));
        return isHtmx(c.request) ? htmlResponse(result) : playgroundPage(c, c.form, result);
      },
    },
  ];
  return { routes };
}
