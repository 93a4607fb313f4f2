// The formation thread: a Bun Worker with its own SQLite connection that runs the durable formation
// queue, so extraction never holds up a request. Started by formation-host.ts with the server's
// configuration; the main thread's approximate vector index learns of each vector written here.
import type { Config } from "../config.ts";
import { systemClock } from "../shared/clock.ts";
import { createLogger } from "../shared/logger.ts";
import { openDatabase } from "../storage/db.ts";
import { createMemoryRepository } from "../memories/repository.ts";
import type { FormationRunner } from "../formation/runner.ts";
import { createEmbedder } from "../models/index.ts";
import { createVectorStore } from "../retrieval/vector-store.ts";
import { createVectorWriter } from "../retrieval/vector-hook.ts";
import type { VectorTarget } from "../retrieval/ports.ts";
import { createOutbox } from "../webhooks/outbox.ts";
import { createFormation } from "./formation-deps.ts";
import type { FromWorker, ToWorker } from "./formation-host.ts";

declare const self: Worker;
const send = (m: FromWorker) => self.postMessage(m);

async function start(config: Config): Promise<{ runner: FormationRunner; close(): void }> {
  const clock = systemClock;
  const logger = createLogger(config.logLevel).child({ thread: "formation" });
  const db = await openDatabase(config.dataDir);
  const embedder = await createEmbedder(config.embeddings);
  const store = createVectorStore(db);
  // Vectors written here reach the main thread's approximate index once their unit has committed
  // (a transaction never spans a timer turn); a vector left to the indexer is made there.
  let pending: Array<{ target: VectorTarget; vector: Float32Array }> = [];
  store.onPut((m, vector) => {
    const { seq, project_id, version, organization_id, user_id, application_id, agent_id, team_id } = m;
    const target = { seq, project_id, version, organization_id, user_id, application_id, agent_id, team_id };
    if (pending.push({ target, vector }) === 1)
      setTimeout(() => {
        send({ type: "vectors", items: pending });
        pending = [];
      }, 0);
  });
  const onWrite = createVectorWriter({ store, embedder, onMissing: () => send({ type: "missing" }) });
  // Webhook events are recorded in each unit's transaction; the request thread delivers them.
  const outbox = createOutbox(db, () => send({ type: "webhooks" }));
  const memories = createMemoryRepository(db, { onWrite, onChange: outbox.memoryChanged });
  const runner = createFormation({ db, clock, logger, config, memories, outbox });
  runner.start();
  return { runner, close: () => db.close() };
}

let running: Promise<{ runner: FormationRunner; close(): void }> | null = null;
self.onmessage = async (event: MessageEvent<ToWorker>) => {
  const m = event.data;
  try {
    if (m.type === "start") {
      running ??= start(m.config);
      await running;
      send({ type: "started" });
    } else if (m.type === "notify") {
      (await running)?.runner.notify();
    } else if (m.type === "close") {
      const r = await running;
      await r?.runner.close();
      r?.close();
      send({ type: "closed" });
    }
  } catch (err) {
    send({ type: "failed", message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
};
