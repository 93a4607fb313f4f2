// Usage (this month's reads, writes and stored memories against the plan, the reset time, a chart of
// reads and writes per day, the rate limits) and the audit log of the account.
import { dayOf } from "../limits/daily.ts";
import { render, type Ctx, type Route } from "./context.ts";
import { html, number, when } from "./html.ts";

function figure(label: string, used: number, limit: number, id: string) {
  return html`<div class="card"><div class="muted">${label}</div>
    <div class="figure" id="${id}">${number(used)}</div><div class="muted">of ${number(limit)}</div>
    <progress max="${limit}" value="${Math.min(used, limit)}" aria-label="${label} used"></progress></div>`;
}

function usagePage(c: Ctx): Response {
  const accountId = c.session.user.account_id;
  const u = c.deps.admin.accounts.usage(accountId);
  const plan = c.deps.limits.planOf(accountId);
  const now = c.deps.clock.now();
  const days = c.deps.admin.daily.series(accountId, `${dayOf(now).slice(0, 8)}01`, dayOf(now));
  const planName = c.deps.admin.accounts.listAccounts().find((a) => a.id === accountId)?.plan ?? "";
  const body = html`<h1>Usage this month</h1>
    <p class="muted">Plan <strong>${planName}</strong>. Counted across every project and key of the account; resets at ${when(u.resets_at)}.</p>
    <div class="grid">
      ${figure("Reads", u.reads, plan.reads, "usage-reads")}
      ${figure("Writes", u.writes, plan.writes, "usage-writes")}
      ${figure("Stored memories", u.memories, plan.memories, "usage-memories")}
    </div>
    <div class="card"><h2>Reads and writes per day</h2>
      <div class="chart" data-chart="${JSON.stringify(days)}" role="img" aria-label="Reads and writes per day"></div></div>
    <div class="card"><h2>Rate limits</h2>
      <dl class="facts"><dt>Reads</dt><dd>bursts of ${number(plan.read_burst)}, ${number(plan.read_rate)} a second</dd>
      <dt>Writes</dt><dd>bursts of ${number(plan.write_burst)}, ${number(plan.write_rate)} a second</dd>
      <dt>Projects</dt><dd>${plan.projects === null ? "unlimited" : number(plan.projects)} (the Demo Project does not count)</dd></dl></div>`;
  return render(c, "Usage", body, { current: "usage" });
}

const ACTIONS: Record<string, string> = {
  "key.created": "created key",
  "key.revoked": "revoked key",
  "project.created": "created project",
  "project.renamed": "renamed project",
  "project.deleted": "deleted project",
  "policy.changed": "changed the memory policy of",
  "user.created": "added user",
};

function auditPage(c: Ctx): Response {
  const events = c.deps.admin.audit.list(c.session.user.account_id);
  const body = html`<h1>Audit log</h1>
    <p class="muted">Keys created and revoked, projects created, renamed and deleted, memory policies changed: by whom, when.</p>
    <table><thead><tr><th>When</th><th>Who</th><th>What</th><th>On</th><th>Detail</th></tr></thead><tbody>
    ${
      events.length
        ? events.map(
            (e) => html`<tr><td>${when(e.at)}</td><td>${e.actor}</td><td>${ACTIONS[e.action] ?? e.action}</td>
      <td class="mono">${e.target}</td><td>${e.detail ?? ""}</td></tr>`,
          )
        : html`<tr><td colspan="5" class="muted">Nothing yet.</td></tr>`
    }
    </tbody></table>`;
  return render(c, "Audit log", body, { current: "audit" });
}

export const usageRoutes: Route[] = [
  { method: "GET", path: "/dashboard/usage", handler: usagePage },
  { method: "GET", path: "/dashboard/audit", handler: auditPage },
];
