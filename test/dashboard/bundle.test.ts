// The dashboard's committed asset bundle is what build.ts makes from its sources (htmx, uPlot, the
// client code): a change to the client without `bun run build` (or the bundle step) fails here.
import { describe, expect, test } from "bun:test";
import { BUNDLE_FILES, bundleDashboard } from "../../src/dashboard/bundle.ts";
import { createAssets } from "../../src/dashboard/assets.ts";

describe("the dashboard's assets", () => {
  test("the committed bundle is current with its sources", async () => {
    const made = await bundleDashboard();
    expect(await Bun.file(BUNDLE_FILES.js).text()).toBe(made.js);
    expect(await Bun.file(BUNDLE_FILES.css).text()).toBe(made.css);
    expect(made.js).toContain("htmx");
    expect(made.css).toContain(".uplot");
  });

  test("assets are served under their content hash with their type, cached for good", async () => {
    const assets = createAssets();
    const js = assets.serve(assets.urls.js)!;
    expect(js.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(js.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(assets.serve(assets.urls.css)!.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(assets.serve("/dashboard/assets/app.000000000000.js")).toBeNull();
  });
});
