// Formation on user–assistant chats, judged by the dev data's rule (../shared/eval-data/README.md,
// bench/judge.ts): every chat of the given directories (JSON with title, scope, occurred_at, user_name,
// messages, must_form, must_not_form) is imported through the public import API under its own
// scope.user_id and formed; a must_form fact is found when one memory of that chat holds 60% of its
// content words (the user's name and "user" aside: "the user" names them as the name does, and gold and
// memories say one or the other), and a memory leaks when it is on target (50%) for a
// must_not_form item. Prints found, leaks and memories per user message, per chat and in all.
// `show` also prints each miss, each leak and the memories; `mems` the memories only. Runs in-process
// on a temp data directory; nothing leaves the machine.
//
//   bun bench/chat-formation.ts [show|mems] DIR ...     (e.g. test/fixtures/assistant-chats)
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEngram } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { fixedClock } from "../src/shared/clock.ts";
import { silentLogger } from "../src/shared/logger.ts";
import { apiCaller, lastJobId, memorySources } from "./api.ts";
import { contentWords, found, onTarget } from "./judge.ts";

const args = process.argv.slice(2);
const mode = ["show", "mems"].includes(args[0]!) ? args.shift() : "";
interface Chat {
  file: string;
  title: string;
  scope: { user_id: string };
  occurred_at: string;
  user_name?: string | null;
  messages: Array<{ role: string; content: string }>;
  must_form: string[];
  must_not_form: string[];
}
const chats: Chat[] = args.flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => ({ ...JSON.parse(readFileSync(join(dir, f), "utf8")), file: `${dir.split("/").pop()}/${f}` })),
);
const latest = Math.max(...chats.map((c) => Date.parse(c.occurred_at)));
const engram = await createEngram(
  loadConfig({ dataDir: mkdtempSync(join(tmpdir(), "fx-")), formationWorker: false, enforceLimits: false }, {}),
  { logger: silentLogger, startWorker: false, clock: fixedClock(new Date(latest + 86_400_000)) },
);
const call = apiCaller(engram);
const account = engram.accounts.createAccount({ name: "c", plan: "scale" });
const project = engram.accounts.createProject({ accountId: account.id, name: "c" });
const key = engram.accounts.createKey({ projectId: project.id, name: "b" }).key;
const chatOfJob = new Map<string, string>();
for (const [n, chat] of chats.entries()) {
  await call(key, "POST", "/v1/memories/import", {
    messages: chat.messages.map((m) => ({ role: m.role, content: m.content, occurred_at: chat.occurred_at })),
    scope: { user_id: `${chat.scope.user_id}-${n}` },
  });
  chatOfJob.set(lastJobId(engram, project.id), chat.file);
}
await engram.formation.runUntilIdle();
const byChat = new Map<string, Array<{ id: string; content: string; src: number[] }>>();
const content = new Map(
  engram.db
    .query<{ id: string; content: string }, []>(
      "SELECT id, content FROM memories WHERE status = 'active' AND is_sample = 0",
    )
    .all()
    .map((r) => [r.id, r.content]),
);
for (const [id, pairs] of await memorySources(call, key)) {
  if (!content.has(id)) continue;
  const file = chatOfJob.get(pairs[0]!.split(":")[0]!)!;
  byChat.set(file, [
    ...(byChat.get(file) ?? []),
    { id, content: content.get(id)!, src: pairs.map((p) => Number(p.split(":")[1])) },
  ]);
}
let F = 0,
  G = 0,
  L = 0,
  NL = 0,
  M = 0,
  U = 0;
for (const chat of chats) {
  const names = ["user", ...(chat.user_name ? [chat.user_name] : [])]; // "the user" names the user as the name does
  const mems = (byChat.get(chat.file) ?? []).sort((a, b) => Math.min(...a.src) - Math.min(...b.src));
  const held = mems.map((m) => contentWords(m.content, names));
  const missed = chat.must_form.filter((f) => !found(contentWords(f, names), held));
  const banned = chat.must_not_form.map((s) => contentWords(s, names));
  const leaks = mems.filter((m) => onTarget(contentWords(m.content, names), banned));
  const users = chat.messages.filter((m) => m.role === "user").length;
  F += chat.must_form.length - missed.length;
  G += chat.must_form.length;
  L += leaks.length;
  NL += chat.must_not_form.length;
  M += mems.length;
  U += users;
  console.log(
    `${chat.file}: found ${chat.must_form.length - missed.length}/${chat.must_form.length}, leaks ${leaks.length}, memories ${mems.length} (${(mems.length / users).toFixed(2)}/user msg)`,
  );
  if (mode === "show") {
    for (const f of missed) console.log(`   MISS ${f}`);
    for (const m of leaks) console.log(`   LEAK ${m.content}`);
  }
  if (mode === "show" || mode === "mems") for (const m of mems) console.log(`      [${m.src.join(",")}] ${m.content}`);
}
console.log(
  `ALL found ${F}/${G}, leaks ${L} (of ${NL} must_not), memories ${M}, ${(M / U).toFixed(2)} per user message`,
);
