// The request and response plumbing of the dashboard: cookies, form bodies, CSRF comparison, and
// responses with the security headers every page carries.
import { timingSafeEqual } from "node:crypto";
import type { Html } from "./html.ts";

export const SESSION_COOKIE = "engram_session";
/** Before sign-in there is no session: forms then carry this cookie's value (double submit). */
export const PRESESSION_COOKIE = "engram_csrf";
const FORM_MAX_BYTES = 64 * 1024;

// Pages are never framed, never cached, and run only the dashboard's own script (no inline script).
const SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "no-store",
};

export function cookies(request: Request): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0) out.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return out;
}

/** A cookie only this site's pages send back: HttpOnly, SameSite=Strict, scoped to /dashboard, Secure under TLS. */
export function cookie(name: string, value: string, opts: { secure: boolean; maxAgeSeconds: number }): string {
  const secure = opts.secure ? "; Secure" : "";
  return `${name}=${value}; Path=/dashboard; Max-Age=${opts.maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`;
}

export class FormTooLarge extends Error {}

/** An application/x-www-form-urlencoded body (what forms and htmx send), at most 64 KiB. */
export async function readForm(request: Request): Promise<URLSearchParams> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > FORM_MAX_BYTES) throw new FormTooLarge();
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) return new URLSearchParams();
  const text = await request.text();
  if (text.length > FORM_MAX_BYTES) throw new FormTooLarge();
  return new URLSearchParams(text);
}

export function sameSecret(a: string | null | undefined, b: string): boolean {
  if (!a) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function htmlResponse(body: Html, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body.text, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", ...SECURITY_HEADERS, ...headers },
  });
}

/** After a change, the page to show (303: the browser fetches it with GET). htmx follows HX-Redirect. */
export function redirect(location: string, headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 303, headers: { Location: location, ...SECURITY_HEADERS, ...headers } });
}

/** htmx requests carry HX-Request: they are answered with a fragment, not a whole page. */
export const isHtmx = (request: Request) => request.headers.get("hx-request") === "true";
