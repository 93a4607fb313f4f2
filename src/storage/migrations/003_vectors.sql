-- Memory vectors. `memory_vectors` (sqlite-vec, exact cosine KNN, partitioned by project, with the
-- scope fields as filter columns: '' stands for unset) holds one vector per active memory, made by
-- the model that `vector_index` names. The server recreates it with another size when the configured
-- model changes (src/retrieval/vector-store.ts); `memory_embeddings` records, per memory, the model
-- and the memory version that were embedded, so a stale or missing vector is found and re-made.
CREATE VIRTUAL TABLE memory_vectors USING vec0(
  memory_seq INTEGER PRIMARY KEY,
  project_id TEXT PARTITION KEY,
  organization_id TEXT,
  user_id TEXT,
  application_id TEXT,
  agent_id TEXT,
  team_id TEXT,
  embedding float[256] distance_metric=cosine
);

CREATE TABLE memory_embeddings (
  memory_seq INTEGER PRIMARY KEY,
  model      TEXT NOT NULL,
  version    INTEGER NOT NULL,
  created_at TEXT NOT NULL
);

-- The model whose vectors memory_vectors holds ('' = none yet).
CREATE TABLE vector_index (
  id         INTEGER PRIMARY KEY CHECK (id = 1),
  model      TEXT NOT NULL,
  dims       INTEGER NOT NULL,
  updated_at TEXT NOT NULL
);
INSERT INTO vector_index (id, model, dims, updated_at) VALUES (1, '', 256, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));

-- Whoever changes a memory (formation, forget, deletion), its vector never outlives the text it was
-- made from: a forgotten or deleted memory loses it, a changed text is re-embedded.
CREATE TRIGGER memory_vectors_retire AFTER UPDATE OF status ON memories WHEN new.status <> 'active' BEGIN
  DELETE FROM memory_vectors WHERE memory_seq = old.seq;
  DELETE FROM memory_embeddings WHERE memory_seq = old.seq;
END;
CREATE TRIGGER memory_vectors_stale AFTER UPDATE OF content ON memories BEGIN
  DELETE FROM memory_vectors WHERE memory_seq = old.seq;
  DELETE FROM memory_embeddings WHERE memory_seq = old.seq;
END;
CREATE TRIGGER memory_vectors_delete AFTER DELETE ON memories BEGIN
  DELETE FROM memory_vectors WHERE memory_seq = old.seq;
  DELETE FROM memory_embeddings WHERE memory_seq = old.seq;
END;
