// Server-rendered HTML: a tagged template that escapes every interpolated value unless it is already
// markup made by this template, and the page frame every dashboard page shares.
import type { Session } from "../accounts/sessions.ts";

export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

function part(v: unknown): string {
  if (v instanceof Html) return v.text;
  if (v === null || v === undefined || v === false) return "";
  if (Array.isArray(v)) return v.map(part).join("");
  return escapeHtml(String(v));
}

/** `html\`<p>${text}</p>\``: strings are escaped, nested `html` results and arrays of them are kept. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += part(values[i]) + strings[i + 1]!;
  return new Html(out);
}

/** Dates as people read them, in UTC (to the minute). */
export function when(iso: string | null | undefined, none = "—"): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : none;
}

export const number = (n: number) => n.toLocaleString("en-US");

export interface Frame {
  title: string;
  session: Session | null;
  /** The navigation entry to mark as current. */
  current?: "projects" | "usage" | "playground" | "audit";
  assets: { js: string; css: string };
  error?: string | null;
  notice?: string | null;
}

const NAV: Array<[Frame["current"], string, string]> = [
  ["projects", "/dashboard/projects", "Projects"],
  ["usage", "/dashboard/usage", "Usage"],
  ["playground", "/dashboard/playground", "Playground"],
  ["audit", "/dashboard/audit", "Audit"],
];

/** The whole document: head with the one stylesheet and script, navigation, messages, then `body`. */
export function page(f: Frame, body: Html): Html {
  const s = f.session;
  const nav = s
    ? html`<nav class="top">
        <a class="brand" href="/dashboard/projects">Engram</a>
        ${NAV.map(([key, href, label]) => html`<a href="${href}" ${key === f.current ? html`aria-current="page"` : ""}>${label}</a>`)}
        <span class="who">${s.user.email} <span class="badge">${s.user.role}</span></span>
        <form method="post" action="/dashboard/sign-out">${csrfField(s.csrf)}<button class="link">Sign out</button></form>
      </nav>`
    : html`<nav class="top"><span class="brand">Engram</span></nav>`;
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="htmx-config" content='{"includeIndicatorStyles":false,"allowEval":false,"allowScriptTags":false}'>
<title>${f.title} · Engram</title><link rel="stylesheet" href="${f.assets.css}"><script defer src="${f.assets.js}"></script></head>
<body ${s ? html`hx-headers='${JSON.stringify({ "X-CSRF-Token": s.csrf })}'` : ""}>
${nav}
<main>
${f.error ? html`<p class="message error" role="alert">${f.error}</p>` : ""}
${f.notice ? html`<p class="message notice" role="status">${f.notice}</p>` : ""}
${body}
</main></body></html>`;
}

export function csrfField(token: string): Html {
  return html`<input type="hidden" name="_csrf" value="${token}">`;
}
