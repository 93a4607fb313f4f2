// Makes the dashboard's asset bundle: the client code with htmx and uPlot as one script, and one
// stylesheet. build.ts writes it into src/dashboard/assets/ (committed, so a plain `bun run start` and
// the tests serve the same files) before compiling; a test checks that the committed files are current.
import { join } from "node:path";

export const BUNDLE_DIR = join(import.meta.dir, "assets");
export const BUNDLE_FILES = { js: join(BUNDLE_DIR, "app.bundle.js"), css: join(BUNDLE_DIR, "app.bundle.css") };

export async function bundleDashboard(): Promise<{ js: string; css: string }> {
  const result = await Bun.build({
    entrypoints: [join(import.meta.dir, "client", "main.js")],
    target: "browser",
    minify: true,
  });
  if (!result.success) throw new AggregateError(result.logs, "the dashboard's assets did not bundle");
  const js = result.outputs.find((o) => o.kind === "entry-point");
  const css = result.outputs.find((o) => o.path.endsWith(".css"));
  if (!js || !css) throw new Error("the dashboard's bundle lacks its script or its stylesheet");
  return { js: await js.text(), css: await css.text() };
}

/** Writes the bundle into src/dashboard/assets/ (build.ts). */
export async function writeDashboardBundle(): Promise<void> {
  const { js, css } = await bundleDashboard();
  await Bun.write(BUNDLE_FILES.js, js);
  await Bun.write(BUNDLE_FILES.css, css);
}
