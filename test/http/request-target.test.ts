// Routing reads the request's own path: the host part of `request.url` (built by Bun from the Host
// header) is never trusted, and a well-formed URL is passed through without a copy.
import { describe, expect, test } from "bun:test";
import { canonicalRequest, requestPath, requestTarget } from "../../src/http/request-target.ts";

describe("the request target", () => {
  test.each([
    ["http://a/xx/v1/memories?x=1", "/xx/v1/memories?x=1"],
    ["http://[/health", "/health"],
    ["/health", "/health"],
    ["https://localhost:8420/v1/memories", "/v1/memories"],
    ["http://localhost", "/"],
  ])("of %p is %p", (url, target) => {
    expect(requestTarget(url)).toBe(target);
  });

  test("the path leaves the query out", () => {
    expect(requestPath("http://x/v1/memories?user_id=a")).toBe("/v1/memories");
  });

  test("a well-formed URL is the request itself; a short or malformed host is re-addressed, headers kept", () => {
    const plain = new Request("http://localhost/v1/memories");
    expect(canonicalRequest(plain)).toBe(plain);
    const v6 = new Request("http://[::1]:8420/v1/memories");
    expect(canonicalRequest(v6)).toBe(v6);
    const short = canonicalRequest(
      new Request("http://abc/xx/v1/memories", { headers: { authorization: "Bearer k" } }),
    );
    expect(new URL(short.url).pathname).toBe("/xx/v1/memories");
    expect(short.headers.get("authorization")).toBe("Bearer k");
    expect(short.headers.get("host")).toBe("abc"); // an in-process request keeps its URL's host as its Host
  });
});
