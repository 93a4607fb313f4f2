// A project's memories and memory policy: browse (newest first, scope filters, a search box over the
// text), open one (its versions with their sources, its relationships), forget it; and set the policy.
// Browsing is the account's own view of its data: it charges no reads (the Playground's calls do).
import { ApiError } from "../errors/api-error.ts";
import { CATEGORIES } from "../domain/categories.ts";
import { SCOPE_FIELDS, type Scope } from "../domain/scope.ts";
import type { MemoryRow } from "../domain/memory.ts";
import { render, projectTabs, type Ctx, type Route } from "./context.ts";
import { csrfField, html, when } from "./html.ts";
import { redirect } from "./web.ts";

const PAGE = 25;
const INSTRUCTIONS_MAX = 4_000;

const ownProject = (c: Ctx) => c.deps.admin.accounts.ownProject(c.session.user.account_id, c.params.project ?? "");

const scopeOf = (r: MemoryRow) =>
  SCOPE_FIELDS.filter((f) => r[f]).map((f) => html`<span class="badge">${f.replace("_id", "")}: ${r[f]}</span> `);

function browse(c: Ctx): Response {
  const project = ownProject(c);
  const q = c.url.searchParams;
  const scope: Scope = {};
  for (const f of SCOPE_FIELDS) {
    const v = q.get(f)?.trim();
    if (v) scope[f] = v.slice(0, 200);
  }
  const contains = (q.get("q") ?? "").trim().slice(0, 200);
  const after = Number(q.get("after") ?? "");
  const { rows, hasMore } = c.deps.memories.list(project.id, {
    limit: PAGE,
    scope,
    contains: contains || undefined,
    startingAfterSeq: Number.isSafeInteger(after) && after > 0 ? after : undefined,
  });
  const next = new URLSearchParams(q);
  if (rows.length) next.set("after", String(rows[rows.length - 1]!.seq));
  const body = html`<h1>${project.name}</h1>${projectTabs(project.id, "memories")}
    <form method="get" class="row">
      <label>Text contains <input type="search" name="q" value="${contains}" placeholder="Lisbon"></label>
      <label>user_id <input name="user_id" value="${scope.user_id ?? ""}" size="12"></label>
      <label>agent_id <input name="agent_id" value="${scope.agent_id ?? ""}" size="12"></label>
      <label>team_id <input name="team_id" value="${scope.team_id ?? ""}" size="10"></label>
      <button class="secondary">Filter</button></form>
    <table><thead><tr><th>Memory</th><th>Scope</th><th>Updated</th></tr></thead><tbody>
    ${
      rows.length
        ? rows.map(
            (r) => html`<tr><td><a href="/dashboard/projects/${project.id}/memories/${r.id}">${r.content}</a>
        ${r.version > 1 ? html` <span class="muted">(v${r.version})</span>` : ""}</td>
      <td>${scopeOf(r)}</td><td>${when(r.updated_at)}</td></tr>`,
          )
        : html`<tr><td colspan="3" class="muted">No memories match.</td></tr>`
    }
    </tbody></table>
    ${hasMore ? html`<p><a href="?${next.toString()}">Older memories →</a></p>` : ""}`;
  return render(c, `${project.name}: memories`, body, { current: "projects" });
}

function openMemory(c: Ctx): Response {
  const project = ownProject(c);
  const m = c.deps.memories.getActive(project.id, c.params.memory ?? "");
  if (!m) throw new ApiError("not_found", { detail: "No such memory in this project." });
  const versions = c.deps.memories.versions(m.id);
  const related = c.deps.memories.relationships(m.id);
  const body = html`<h1>${project.name}</h1>${projectTabs(project.id, "memories")}
    <div class="card"><p class="figure">${m.content}</p>
    <dl class="facts"><dt>id</dt><dd class="mono">${m.id}</dd><dt>scope</dt><dd>${scopeOf(m)}</dd>
      <dt>occurred</dt><dd>${when(m.occurred_at)}</dd><dt>created</dt><dd>${when(m.created_at)}</dd>
      <dt>updated</dt><dd>${when(m.updated_at)}</dd></dl>
    <form method="post" action="/dashboard/projects/${project.id}/memories/${m.id}/forget" class="inline"
      data-confirm="Forget this memory? Reads will no longer return it.">${csrfField(c.session.csrf)}
      <button class="danger">Forget</button></form></div>
    <h2>Versions</h2>
    <table><thead><tr><th>#</th><th>Text</th><th>Change</th><th>Source</th><th>When</th></tr></thead><tbody>
    ${versions.map(
      (v) => html`<tr><td>${v.version}</td><td>${v.content}</td><td>${v.change}</td>
      <td><pre class="mono">${JSON.stringify(JSON.parse(v.source), null, 1)}</pre></td><td>${when(v.created_at)}</td></tr>`,
    )}
    </tbody></table>
    <h2>Relationships</h2>
    ${
      related.length
        ? html`<table><thead><tr><th>Type</th><th>Memory</th><th class="num">Strength</th></tr></thead><tbody>
      ${related.map(
        (
          r,
        ) => html`<tr><td>${r.type}</td><td><a href="/dashboard/projects/${project.id}/memories/${r.memory_id}">${r.content}</a></td>
        <td class="num">${r.strength.toFixed(2)}</td></tr>`,
      )}</tbody></table>`
        : html`<p class="muted">None.</p>`
    }`;
  return render(c, "Memory", body, { current: "projects" });
}

function policyPage(c: Ctx, o: { error?: string; status?: number; notice?: string } = {}): Response {
  const project = ownProject(c);
  const p = c.deps.admin.accounts.policy(project.id);
  const body = html`<h1>${project.name}</h1>${projectTabs(project.id, "policy")}
    <p class="muted">Applies to every write of the project, whichever key makes it. ${p.updated_at ? `Last changed ${when(p.updated_at)}.` : "Never changed: the defaults apply."}</p>
    <form method="post" action="/dashboard/projects/${project.id}/policy" class="stack">${csrfField(c.session.csrf)}
      <fieldset><legend>Categories never stored</legend>
      ${CATEGORIES.map((cat) => html`<label class="inline"><span><input type="checkbox" name="exclude" value="${cat}" ${p.exclude_categories.includes(cat) ? "checked" : ""}> ${cat}</span></label>`)}
      </fieldset>
      <label class="inline"><span><input type="checkbox" name="redact_secrets" value="on" ${p.redact_secrets ? "checked" : ""}>
        Redact secrets (API keys, passwords, card numbers) before anything is stored</span></label>
      <label class="inline"><span><input type="checkbox" name="assistant_commitments" value="on" ${p.assistant_commitments ? "checked" : ""}>
        Keep what an assistant commits to doing</span></label>
      <label>Extraction instructions (for the LLM extractor)
        <textarea name="instructions" maxlength="${INSTRUCTIONS_MAX}">${p.instructions ?? ""}</textarea></label>
      <button>Save policy</button></form>`;
  return render(c, `${project.name}: policy`, body, { current: "projects", ...o });
}

export const memoryRoutes: Route[] = [
  { method: "GET", path: "/dashboard/projects/:project/memories", handler: browse },
  { method: "GET", path: "/dashboard/projects/:project/memories/:memory", handler: openMemory },
  {
    method: "POST",
    path: "/dashboard/projects/:project/memories/:memory/forget",
    handler: (c) => {
      const project = ownProject(c);
      const now = c.deps.clock.now().toISOString();
      if (!c.deps.memories.forget(project.id, c.params.memory ?? "", now))
        throw new ApiError("not_found", { detail: "No such memory in this project." });
      return redirect(`/dashboard/projects/${project.id}/memories`);
    },
  },
  { method: "GET", path: "/dashboard/projects/:project/policy", handler: (c) => policyPage(c) },
  {
    method: "POST",
    path: "/dashboard/projects/:project/policy",
    handler: (c) => {
      const project = ownProject(c);
      const instructions = (c.form.get("instructions") ?? "").trim();
      try {
        c.deps.admin.accounts.setPolicy(
          project.id,
          {
            excludeCategories: c.form.getAll("exclude"),
            redactSecrets: c.form.get("redact_secrets") === "on",
            assistantCommitments: c.form.get("assistant_commitments") === "on",
            instructions: instructions || null,
          },
          { actor: c.session.user.email },
        );
      } catch (err) {
        if (err instanceof ApiError && err.status === 400) return policyPage(c, { error: err.detail, status: 400 });
        throw err;
      }
      return policyPage(c, { notice: "Policy saved." });
    },
  },
];
