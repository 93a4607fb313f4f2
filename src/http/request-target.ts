// Routing reads the request's own path, never a URL re-parsed from its Host header. Bun builds
// `request.url` as "http://<host><path>" from a Host it accepts, and as the bare path for a Host it
// refuses and for HTTP/1.0 without one. Re-parsing that fails on a Host such as "[" (the error then
// escapes every handler), and Elysia cuts the path at a fixed offset, so a Host of 1-3 characters
// routed "/xx/v1/memories" to the list endpoint. Every request is therefore re-addressed to a fixed,
// well-formed authority before it is routed; its headers (Host included) and body are kept.

/** Where requests are re-addressed (a reserved name: never resolved, never shown to clients). */
const AUTHORITY = "http://engram.invalid";

/** The request's path and query as the client sent them ("/" when there is none). */
export function requestTarget(url: string): string {
  if (url.startsWith("/")) return url;
  const scheme = url.indexOf("://");
  const slash = scheme < 0 ? -1 : url.indexOf("/", scheme + 3);
  return slash < 0 ? "/" : url.slice(slash);
}

/** The path alone, without the query. */
export function requestPath(url: string): string {
  return requestTarget(url).split("?")[0]!;
}

/**
 * A URL every later step reads right: a host name of 4+ characters or an IP literal (Elysia cuts the
 * path at the first "/" from index 11), an optional port, then the path.
 */
const WELL_FORMED = /^https?:\/\/(?:[A-Za-z0-9.-]{4,}|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?\//;

/**
 * The request itself when its URL is well-formed (nearly always: no copy on the hot path), else the
 * same request at a well-formed URL. A request without a Host header (an in-process one) keeps its
 * URL's host as its Host, so host checks see what they would have seen.
 */
export function canonicalRequest(request: Request): Request {
  if (WELL_FORMED.test(request.url)) return request;
  const copy = new Request(AUTHORITY + requestTarget(request.url), request);
  const host = URL.parse(request.url)?.host;
  if (!request.headers.has("host") && host) copy.headers.set("host", host);
  return copy;
}
