// Builds dist/engram: one self-contained executable (Bun runtime, code, migrations, sqlite-vec).
// Run with `bun run build`.
import { $ } from "bun";
import { writeDashboardBundle } from "./src/dashboard/bundle.ts";

const outfile = process.argv[2] ?? "dist/engram";
const started = performance.now();
// The dashboard's one script and stylesheet (htmx, uPlot, its own client code), embedded as text below.
await writeDashboardBundle();
const result = await Bun.build({
  // The worker threads' entries are built in too (new Worker finds each by its source path): formation,
  // and the copy of the database that `engram admin backup` makes.
  entrypoints: ["src/main.ts", "src/workers/formation-worker.ts", "src/storage/snapshot-worker.ts"],
  compile: { outfile },
  minify: true,
  sourcemap: "linked",
  bytecode: true,
  format: "esm",
  target: "bun",
  // LanceDB's addon is embedded as a file asset (src/retrieval/lance-addon.ts) and loaded from the data
  // directory; bundled through the package's own require, it would be extracted into $TMPDIR instead.
  external: ["@lancedb/lancedb-linux-x64-gnu"],
});
if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}
const size = (await $`stat -c %s ${outfile}`.text()).trim();
console.log(
  `built ${outfile} (${(Number(size) / 1024 / 1024).toFixed(1)} MiB) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
