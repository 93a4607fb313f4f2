-- The LanceDB table version that holds exactly the changes up to `applied` (0: not known, a table
-- made before this migration). LanceDB keeps every write as a new version of the table; at start
-- the sync winds a table that is ahead of its mark back to this version (a backup whose vector files
-- were copied after its database, a crash after a LanceDB write but before the mark moved), so the
-- table never holds a row the database does not, nor misses one it does (src/retrieval/lance-sync.ts).
ALTER TABLE vector_table ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
