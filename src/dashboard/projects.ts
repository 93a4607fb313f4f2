// Projects and their keys: the account's projects with their memory counts, create, rename, delete
// (after a confirmation page), and a project's keys: create (the full key shown once), list, revoke.
// Deleting a project and revoking a key are for the account's admins (the server checks, not only the page).
import { ApiError } from "../errors/api-error.ts";
import type { KeyView } from "../accounts/service.ts";
import { render, projectTabs, type Ctx, type Route } from "./context.ts";
import { csrfField, html, number, when } from "./html.ts";
import { redirect } from "./web.ts";

const NAME_MAX = 200;

function nameField(c: Ctx): string {
  const name = (c.form.get("name") ?? "").trim();
  if (!name || name.length > NAME_MAX)
    throw new ApiError("validation_error", { detail: `The name must be 1 to ${NAME_MAX} characters.` });
  return name;
}

function requireAdmin(c: Ctx, what: string): void {
  if (c.session.user.role !== "admin")
    throw new ApiError("forbidden", { detail: `Only the account's admins can ${what}.` });
}

const ownProject = (c: Ctx) => c.deps.admin.accounts.ownProject(c.session.user.account_id, c.params.project ?? "");

function projectsPage(c: Ctx, o: { status?: number; error?: string } = {}): Response {
  const accountId = c.session.user.account_id;
  const projects = c.deps.admin.accounts.listProjects(accountId);
  const counts = c.deps.memories.countByProject(accountId);
  const csrf = csrfField(c.session.csrf);
  const rows = projects.map(
    (p) => html`<tr>
      <td><a href="/dashboard/projects/${p.id}/keys">${p.name}</a> ${p.is_demo ? html`<span class="badge demo">Demo Project</span>` : ""}
        <div class="muted mono">${p.id}</div></td>
      <td class="num">${number(counts.get(p.id) ?? 0)}</td>
      <td>${when(p.created_at)}</td>
      <td><form method="post" action="/dashboard/projects/${p.id}/rename" class="inline">${csrf}
        <input name="name" value="${p.name}" aria-label="New name of ${p.name}" maxlength="${NAME_MAX}" required>
        <button class="secondary">Rename</button></form></td>
      <td><a href="/dashboard/projects/${p.id}/delete">Delete…</a></td></tr>`,
  );
  const body = html`<h1>Projects</h1>
    <table><thead><tr><th>Project</th><th class="num">Memories</th><th>Created</th><th>Rename</th><th></th></tr></thead>
    <tbody>${rows}</tbody></table>
    <h2>New project</h2>
    <form method="post" action="/dashboard/projects" class="row">${csrf}
      <label>Name <input name="name" required maxlength="${NAME_MAX}" placeholder="Support bot"></label>
      <button>Create project</button></form>`;
  return render(c, "Projects", body, { current: "projects", status: o.status, error: o.error });
}

function keyRow(c: Ctx, k: KeyView) {
  const admin = c.session.user.role === "admin";
  const revoke =
    k.status === "revoked"
      ? html`<span class="muted">revoked ${when(k.revoked_at)}</span>`
      : html`<form method="post" action="/dashboard/keys/${k.id}/revoke" class="inline"
          data-confirm="Revoke the key ${k.name}? It fails on its next request.">${csrfField(c.session.csrf)}
          <button class="danger" ${admin ? "" : html`disabled title="Only the account's admins revoke keys"`}>Revoke</button></form>`;
  return html`<tr><td>${k.name}<div class="muted mono">${k.id}</div></td><td class="mono">…${k.last4}</td>
    <td><span class="badge ${k.status}">${k.status}</span></td><td>${when(k.created_at)}</td>
    <td>${when(k.expires_at, "never")}</td><td>${when(k.last_used_at, "never")}</td><td>${revoke}</td></tr>`;
}

function keysPage(c: Ctx, o: { created?: { key: string; name: string }; error?: string; status?: number } = {}) {
  const project = ownProject(c);
  const keys = c.deps.admin.accounts.listKeys(project.id);
  const shown = o.created
    ? html`<div class="card"><h2>Key “${o.created.name}” created</h2>
        <p>Copy it now: it is shown only this once and cannot be shown again.</p>
        <div class="key-once"><input id="new-key" readonly value="${o.created.key}" aria-label="New API key">
        <button type="button" data-copy="new-key">Copy</button></div></div>`
    : "";
  const body = html`<h1>${project.name} ${project.is_demo ? html`<span class="badge demo">Demo Project</span>` : ""}</h1>
    ${projectTabs(project.id, "keys")}${shown}
    <table><thead><tr><th>Name</th><th>Key</th><th>Status</th><th>Created</th><th>Expires</th><th>Last used</th><th></th></tr></thead>
    <tbody>${keys.length ? keys.map((k) => keyRow(c, k)) : html`<tr><td colspan="7" class="muted">No keys yet.</td></tr>`}</tbody></table>
    <h2>New key</h2>
    <form method="post" action="/dashboard/projects/${project.id}/keys" class="row">${csrfField(c.session.csrf)}
      <label>Name <input name="name" required maxlength="${NAME_MAX}" placeholder="production"></label>
      <label>Expires (optional, UTC) <input type="datetime-local" name="expires"></label>
      <button>Create key</button></form>`;
  return render(c, `${project.name}: keys`, body, { current: "projects", status: o.status, error: o.error });
}

/** `datetime-local` gives "2027-01-01T00:00" without a zone: the page says it is UTC. */
function expiry(value: string | null): string | null {
  if (!value) return null;
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00Z` : value;
}

/** A refusal shown on the page it came from, with its status. */
function onRefusal(page: (o: { error: string; status: number }) => Response, fn: () => Response): Response {
  try {
    return fn();
  } catch (err) {
    if (err instanceof ApiError && err.status < 500 && err.status !== 404)
      return page({ error: err.detail ?? err.message, status: err.status });
    throw err;
  }
}

export const projectRoutes: Route[] = [
  { method: "GET", path: "/dashboard/projects", handler: (c) => projectsPage(c) },
  {
    method: "POST",
    path: "/dashboard/projects",
    handler: (c) =>
      onRefusal(
        (o) => projectsPage(c, o),
        () => {
          const actor = c.session.user.email;
          c.deps.admin.accounts.createProject({ accountId: c.session.user.account_id, name: nameField(c), actor });
          return redirect("/dashboard/projects");
        },
      ),
  },
  {
    method: "GET",
    path: "/dashboard/projects/:project",
    handler: (c) => redirect(`/dashboard/projects/${ownProject(c).id}/keys`),
  },
  {
    method: "POST",
    path: "/dashboard/projects/:project/rename",
    handler: (c) =>
      onRefusal(
        (o) => projectsPage(c, o),
        () => {
          const project = ownProject(c);
          c.deps.admin.accounts.renameProject({
            projectId: project.id,
            name: nameField(c),
            actor: c.session.user.email,
          });
          return redirect("/dashboard/projects");
        },
      ),
  },
  {
    method: "GET",
    path: "/dashboard/projects/:project/delete",
    handler: (c) => {
      const p = ownProject(c);
      const admin = c.session.user.role === "admin";
      const keys = c.deps.admin.accounts.listKeys(p.id).filter((k) => k.status === "active").length;
      const body = html`<h1>Delete ${p.name}?</h1>
        <p>Its ${number(c.deps.memories.countByProject(c.session.user.account_id).get(p.id) ?? 0)} memories can no longer be reached,
        and its ${keys} active ${keys === 1 ? "key stops" : "keys stop"} working at once. This cannot be undone.</p>
        <form method="post" action="/dashboard/projects/${p.id}/delete" class="stack">${csrfField(c.session.csrf)}
        <label>Type the project's name to confirm <input name="confirm" required autocomplete="off"></label>
        <button class="danger" ${admin ? "" : html`disabled title="Only the account's admins delete projects"`}>Delete project</button></form>`;
      return render(c, `Delete ${p.name}`, body, { current: "projects" });
    },
  },
  {
    method: "POST",
    path: "/dashboard/projects/:project/delete",
    handler: (c) => {
      const p = ownProject(c);
      requireAdmin(c, "delete projects");
      if ((c.form.get("confirm") ?? "").trim() !== p.name)
        throw new ApiError("validation_error", { detail: "Type the project's name exactly to delete it." });
      c.deps.admin.accounts.deleteProject(p.id, { actor: c.session.user.email });
      return redirect("/dashboard/projects");
    },
  },
  { method: "GET", path: "/dashboard/projects/:project/keys", handler: (c) => keysPage(c) },
  {
    method: "POST",
    path: "/dashboard/projects/:project/keys",
    handler: (c) => {
      const project = ownProject(c);
      try {
        const name = nameField(c);
        const actor = c.session.user.email;
        const made = c.deps.admin.accounts.createKey({
          projectId: project.id,
          name,
          expiresAt: expiry(c.form.get("expires")),
          actor,
        });
        return keysPage(c, { created: { key: made.key, name } });
      } catch (err) {
        if (err instanceof ApiError && err.status === 400)
          return keysPage(c, { error: err.detail ?? err.message, status: 400 });
        throw err;
      }
    },
  },
  {
    method: "POST",
    path: "/dashboard/keys/:key/revoke",
    handler: (c) => {
      const key = c.deps.admin.accounts.ownKey(c.session.user.account_id, c.params.key ?? "");
      requireAdmin(c, "revoke keys");
      c.deps.admin.accounts.revokeKey(key.id, { actor: c.session.user.email });
      return redirect(`/dashboard/projects/${key.project_id}/keys`);
    },
  },
];
