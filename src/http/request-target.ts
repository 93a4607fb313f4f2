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
 * The same request at a well-formed URL. A request without a Host header (an in-process one) keeps
 * its URL's host as its Host, so host checks see what they would have seen.
 */
export function canonicalRequest(request: Request): Request {
  const copy = new Request(AUTHORITY + requestTarget(request.url), request);
  const host = URL.parse(request.url)?.host;
  if (!request.headers.has("host") && host) copy.headers.set("host", host);
  return copy;
}
