// The embedder contract. An embedder turns texts into unit-length vectors of a fixed size; `model`
// names the model and is recorded with every stored vector, so that a change of model is noticed
// and its vectors are never compared with another model's.
export interface Embedder {
  /** Stable id of the model, recorded with each vector (e.g. "engram-static-use-lite-256-v1"). */
  readonly model: string;
  /** Vector size; 0 until a remote provider has answered once (then fixed for the process). */
  readonly dims: number;
  /** Embeds texts in order; every vector has `dims` components and unit length (or is all zero). */
  embed(texts: string[]): Promise<Float32Array[]>;
  /**
   * Present when embedding is local and synchronous: vectors can then be written in the same
   * transaction as their memory, and queries embedded without leaving the request's thread.
   */
  embedSync?(texts: string[]): Float32Array[];
  /**
   * The direction every text's vector shares (a bag-of-words model's "common component"), unit
   * length. Raw cosines rank well but all sit near 0.8; removing this direction gives a similarity
   * that says how related two texts are, used for thresholds (src/retrieval/hybrid.ts).
   */
  readonly commonDirection?: Float32Array;
}

/** A model provider failed or timed out (maps to 502 / 504 upstream_failure at request time). */
export class EmbeddingError extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
    this.name = "EmbeddingError";
  }
}

/** Scales a vector to unit length in place; an all-zero vector stays zero. */
export function normalise(v: Float32Array): Float32Array {
  let n = 0;
  for (let i = 0; i < v.length; i++) n += v[i]! * v[i]!;
  if (n === 0) return v;
  const s = 1 / Math.sqrt(n);
  for (let i = 0; i < v.length; i++) v[i]! *= s;
  return v;
}

export function isZero(v: Float32Array): boolean {
  for (let i = 0; i < v.length; i++) if (v[i] !== 0) return false;
  return true;
}
