-- The LanceDB vector table (<data>/vectors/, src/retrieval/lance-sync.ts) is derived from
-- memory_vectors. Every change of a memory's vector (written, re-made, dropped by forget or a changed
-- text) and every deleted project appends a row to `vector_changes` in the transaction that makes it;
-- `vector_table` records up to which change the LanceDB table holds (`applied`, the high-water mark).
-- After a crash between the SQLite commit and the LanceDB write, the sync resumes from the mark.
-- Nothing is logged while no LanceDB table exists (a data directory of small projects only): a
-- table is filled from memory_vectors itself when it is made.
CREATE TABLE vector_changes (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  memory_seq INTEGER,   -- a memory whose vector changed (its current state is read back from SQLite)
  project_id TEXT       -- or a project deleted: all its rows go
);

-- The one LanceDB table in use (a row once one exists). `name` is its directory under <data>/vectors/
-- (one per embedding model, a new generation per rebuild); `filled` is 0 while it is first filled;
-- `rebuild` asks the server to fill a fresh table (`engram admin reindex`).
CREATE TABLE vector_table (
  id         INTEGER PRIMARY KEY CHECK (id = 1),
  model      TEXT NOT NULL,
  dims       INTEGER NOT NULL,
  name       TEXT NOT NULL,
  applied    INTEGER NOT NULL,
  filled     INTEGER NOT NULL,
  rebuild    INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL
);

-- memory_vectors is a virtual table (no triggers): its bookkeeping row changes with it, in the same
-- statement sequence (vector-store.ts put, and the triggers of 003 on forget, changed text, delete).
CREATE TRIGGER vector_changes_made AFTER INSERT ON memory_embeddings WHEN EXISTS (SELECT 1 FROM vector_table) BEGIN
  INSERT INTO vector_changes (memory_seq) VALUES (new.memory_seq);
END;
CREATE TRIGGER vector_changes_dropped AFTER DELETE ON memory_embeddings WHEN EXISTS (SELECT 1 FROM vector_table) BEGIN
  INSERT INTO vector_changes (memory_seq) VALUES (old.memory_seq);
END;
CREATE TRIGGER vector_changes_project AFTER UPDATE OF deleted_at ON projects
  WHEN new.deleted_at IS NOT NULL AND old.deleted_at IS NULL AND EXISTS (SELECT 1 FROM vector_table) BEGIN
  INSERT INTO vector_changes (project_id) VALUES (new.id);
END;
