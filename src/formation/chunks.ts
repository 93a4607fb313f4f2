// A chunk of a conversation (docs/api.md: Endpoints, import): at most 20 consecutive messages and at most 8,000
// characters, whichever comes first. Chunks are both the unit of write accounting on import and
// the unit of formation (one transaction each), so a crash resumes at a chunk boundary.
export const CHUNK_MAX_MESSAGES = 20;
export const CHUNK_MAX_CHARS = 8_000;

export interface Chunk {
  start: number; // first message index
  end: number; // one past the last
}

export function chunkMessages(lengths: readonly number[]): Chunk[] {
  const chunks: Chunk[] = [];
  let start = 0;
  let chars = 0;
  for (let i = 0; i < lengths.length; i++) {
    const count = i - start;
    if (count > 0 && (count >= CHUNK_MAX_MESSAGES || chars + lengths[i]! > CHUNK_MAX_CHARS)) {
      chunks.push({ start, end: i });
      start = i;
      chars = 0;
    }
    chars += lengths[i]!;
  }
  if (lengths.length > start) chunks.push({ start, end: lengths.length });
  return chunks;
}
