// The approximate vector index for large projects: in memory, derived from SQLite, never a source of
// truth. A vector x is split into its part along the project's mean direction u (a = x·u) and the
// rest r; r is hashed to sign bits of a seeded randomised Hadamard rotation (SimHash). A search
// estimates every cosine as a_x·a_q + |r_x||r_q|·cos(π·hamming/bits) — scope filters applied in the
// same scan — and rescores the best `max(k·oversample, minCandidates)` exactly from int16 copies.
// 100k vectors of 256 dims take 3.2 MB of codes and 51.2 MB of int16; a search takes a few ms where
// sqlite-vec's exact scan takes ~50 ms. Small projects keep the exact path (sqlite-vec).
//
// Consistency: a project's index is built from `memory_vectors` on its first large search (or by
// rebuildAll at start); every vector written in this process reaches it through VectorStore.onPut.
// Vectors removed by SQL triggers (forget, a changed text) may linger here: callers keep only hits
// that are active rows, as they do for the exact path.
import { SCOPE_FIELDS, type Scope } from "../domain/scope.ts";
import type { VectorHit, VectorStore } from "./vector-store.ts";
import type { VectorBookkeeping, VectorTarget } from "./ports.ts";
import { hadamard, POPCOUNT16, signVectors } from "./simhash.ts";

export interface AnnOptions {
  /** Projects with at least this many vectors are searched through the index. */
  minVectors: number;
  /** Candidates rescored per result wanted, and at least this many. */
  oversample: number;
  minCandidates: number;
}

export const DEFAULT_ANN: AnnOptions = { minVectors: 5_000, oversample: 20, minCandidates: 2_000 };

const HIST = 4096;
const SAMPLE = 10_000; // vectors the mean direction is estimated from

interface ProjectIndex {
  dims: number;
  padded: number; // dims rounded up to a power of two (the Hadamard size)
  words: number; // 32-bit words per code
  u: Float32Array;
  size: number;
  seqs: Int32Array;
  codes: Uint32Array;
  along: Float32Array; // a = x·u
  rest: Float32Array; // |x - a·u|
  int16: Int16Array;
  scales: Float32Array;
  scopes: Int32Array[]; // per scope field, per slot: the value's number in `names`
  names: Map<string, number>;
  slotOf: Map<number, number>;
}

export function createAnnIndex(deps: {
  store: VectorStore;
  counts: Pick<VectorBookkeeping, "vectorCount" | "vectorCounts">;
  options?: Partial<AnnOptions>;
}) {
  const { store, counts } = deps;
  const o: AnnOptions = { ...DEFAULT_ANN, ...deps.options };
  const indexes = new Map<string, ProjectIndex>();
  const sizeCache = new Map<string, { n: number; at: number }>();
  const signsBySize = new Map<number, Float32Array[]>();

  /** Writes the code of v into `codes` at `at`; returns [a, |r|]. */
  function encode(ix: ProjectIndex, v: Float32Array, codes: Uint32Array, at: number): [number, number] {
    let a = 0;
    for (let d = 0; d < ix.dims; d++) a += v[d]! * ix.u[d]!;
    const t = new Float32Array(ix.padded);
    let n = 0;
    for (let d = 0; d < ix.dims; d++) {
      t[d] = v[d]! - a * ix.u[d]!;
      n += t[d]! * t[d]!;
    }
    for (const signs of signsBySize.get(ix.padded)!) {
      for (let d = 0; d < ix.padded; d++) t[d]! *= signs[d]!;
      hadamard(t);
    }
    codes.fill(0, at, at + ix.words);
    for (let b = 0; b < ix.words * 32; b++) if (t[b]! > 0) codes[at + (b >>> 5)]! |= 1 << (b & 31);
    return [a, Math.sqrt(n)];
  }

  function grow(ix: ProjectIndex, capacity: number): void {
    if (capacity <= ix.seqs.length) return;
    const cap = Math.max(capacity, Math.ceil(ix.seqs.length * 1.5), 1024);
    const grown = <T extends Int32Array | Uint32Array | Float32Array | Int16Array>(
      old: T,
      make: (n: number) => T,
      per: number,
    ): T => {
      const next = make(cap * per);
      next.set(old as never);
      return next;
    };
    ix.seqs = grown(ix.seqs, (n) => new Int32Array(n), 1);
    ix.codes = grown(ix.codes, (n) => new Uint32Array(n), ix.words);
    ix.along = grown(ix.along, (n) => new Float32Array(n), 1);
    ix.rest = grown(ix.rest, (n) => new Float32Array(n), 1);
    ix.int16 = grown(ix.int16, (n) => new Int16Array(n), ix.dims);
    ix.scales = grown(ix.scales, (n) => new Float32Array(n), 1);
    ix.scopes = ix.scopes.map((old) => grown(old, (n) => new Int32Array(n), 1));
  }

  function nameOf(ix: ProjectIndex, value: string): number {
    let n = ix.names.get(value);
    if (n === undefined) {
      n = ix.names.size;
      ix.names.set(value, n);
    }
    return n;
  }

  function place(ix: ProjectIndex, seq: number, scope: Scope, v: Float32Array): void {
    let slot = ix.slotOf.get(seq);
    if (slot === undefined) {
      grow(ix, ix.size + 1);
      slot = ix.size++;
      ix.slotOf.set(seq, slot);
    }
    ix.seqs[slot] = seq;
    [ix.along[slot], ix.rest[slot]] = encode(ix, v, ix.codes, slot * ix.words);
    let max = 0;
    for (let d = 0; d < ix.dims; d++) max = Math.max(max, Math.abs(v[d]!));
    const s = max / 32767 || 1;
    const at = slot * ix.dims;
    for (let d = 0; d < ix.dims; d++) ix.int16[at + d] = Math.round(v[d]! / s);
    ix.scales[slot] = s;
    SCOPE_FIELDS.forEach((f, i) => {
      ix.scopes[i]![slot!] = nameOf(ix, scope[f] ?? "");
    });
  }

  /**
   * Streams the project's vectors from SQLite (never all in memory at once): the mean direction is
   * taken from the first SAMPLE vectors, which are then placed with the rest.
   */
  function build(projectId: string): ProjectIndex {
    const dims = store.dims();
    const total = counts.vectorCount(projectId);
    const rows = store.iterate(projectId);
    const toVector = (b: Uint8Array) => new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
    const head: Array<{ seq: number; scope: Scope; v: Float32Array }> = [];
    let next = rows.next();
    for (; !next.done && head.length < SAMPLE; next = rows.next())
      head.push({
        seq: next.value.memory_seq,
        scope: next.value as unknown as Scope,
        v: toVector(next.value.embedding),
      });
    const u = new Float32Array(dims);
    for (const { v } of head) for (let d = 0; d < dims; d++) u[d]! += v[d]!;
    const norm = Math.hypot(...u) || 1;
    for (let d = 0; d < dims; d++) u[d]! /= norm;
    let padded = 1;
    while (padded < dims) padded *= 2;
    if (!signsBySize.has(padded)) signsBySize.set(padded, signVectors(padded));
    const ix: ProjectIndex = {
      dims,
      padded,
      words: Math.min(padded, 512) / 32,
      u,
      size: 0,
      seqs: new Int32Array(0),
      codes: new Uint32Array(0),
      along: new Float32Array(0),
      rest: new Float32Array(0),
      int16: new Int16Array(0),
      scales: new Float32Array(0),
      scopes: SCOPE_FIELDS.map(() => new Int32Array(0)),
      names: new Map(),
      slotOf: new Map(),
    };
    grow(ix, total + 1024);
    for (const r of head) place(ix, r.seq, r.scope, r.v);
    for (; !next.done; next = rows.next())
      place(ix, next.value.memory_seq, next.value as unknown as Scope, toVector(next.value.embedding));
    indexes.set(projectId, ix);
    return ix;
  }

  function large(projectId: string): boolean {
    const now = Date.now();
    const cached = sizeCache.get(projectId);
    if (cached && now - cached.at < 60_000) return cached.n >= o.minVectors;
    const n = counts.vectorCount(projectId);
    sizeCache.set(projectId, { n, at: now });
    return n >= o.minVectors;
  }

  store.onPut((m: VectorTarget, vector: Float32Array) => {
    const ix = indexes.get(m.project_id);
    if (ix && vector.length === ix.dims) place(ix, m.seq, m as unknown as Scope, vector);
  });
  store.onReset(() => {
    indexes.clear();
    sizeCache.clear();
  });

  function covers(projectId: string): boolean {
    if (indexes.has(projectId)) return true;
    if (!large(projectId)) return false;
    build(projectId);
    return true;
  }

  return {
    options: o,
    covers,

    /** The k nearest by approximate search, or null when the project is small (use the exact path). */
    nearest(projectId: string, vector: Float32Array, k: number, scope: Scope): VectorHit[] | null {
      if (!covers(projectId)) return null;
      const ix = indexes.get(projectId)!;
      if (vector.length !== ix.dims) return [];
      const q = new Uint32Array(ix.words);
      const [qa, qr] = encode(ix, vector, q, 0);
      const bits = ix.words * 32;
      const cosOf = Float32Array.from({ length: bits + 1 }, (_, h) => qr * Math.cos((Math.PI * h) / bits));
      const given = SCOPE_FIELDS.map((f, i) => [ix.scopes[i]!, scope[f]] as const).filter(
        ([, v]) => v !== undefined && v !== "",
      );
      if (given.some(([, v]) => !ix.names.has(v!))) return []; // a scope value no memory has
      const filters = given.map(([values, v]) => [values, ix.names.get(v!)!] as const);
      // Pass 1: estimate every cosine, keep its histogram bin (NONE: filtered out by scope).
      const NONE = 0xffff;
      const bins = new Uint16Array(ix.size);
      const hist = new Uint32Array(HIST);
      const { codes, along, rest, words } = ix;
      for (let s = 0; s < ix.size; s++) {
        if (filters.length > 0) {
          let ok = true;
          for (const [values, v] of filters)
            if (values[s] !== v) {
              ok = false;
              break;
            }
          if (!ok) {
            bins[s] = NONE;
            continue;
          }
        }
        let h = 0;
        const at = s * words;
        for (let w = 0; w < words; w++) {
          const x = codes[at + w]! ^ q[w]!;
          h += POPCOUNT16[x & 0xffff]! + POPCOUNT16[x >>> 16]!;
        }
        const e = along[s]! * qa + rest[s]! * cosOf[h]!;
        const b = e <= -1 ? 0 : e >= 1 ? HIST - 1 : ((e + 1) * (HIST / 2)) | 0;
        bins[s] = b;
        hist[b]!++;
      }
      // Pass 2: the bins above `cut` are taken whole, the cut bin only up to `want` (ties there are
      // many); those are rescored exactly.
      const want = Math.max(k * o.oversample, o.minCandidates);
      let cut = HIST - 1;
      let above = 0;
      while (cut > 0 && above + hist[cut]! < want) above += hist[cut--]!;
      let fromCut = want - above;
      const scored: VectorHit[] = [];
      for (let s = 0; s < ix.size; s++) {
        const b = bins[s]!;
        if (b === NONE || b < cut || (b === cut && fromCut-- <= 0)) continue;
        let dot = 0;
        const at = s * ix.dims;
        for (let d = 0; d < ix.dims; d++) dot += ix.int16[at + d]! * vector[d]!;
        scored.push({ seq: ix.seqs[s]!, similarity: dot * ix.scales[s]! });
      }
      scored.sort((a, b) => b.similarity - a.similarity);
      return scored.slice(0, k);
    },

    /** Vectors of the given memories from the index (int16, dequantised), when the project is indexed. */
    vectorsOf(projectId: string, seqs: number[]): Map<number, Float32Array> | null {
      const ix = indexes.get(projectId);
      if (!ix) return null;
      const out = new Map<number, Float32Array>();
      for (const seq of seqs) {
        const slot = ix.slotOf.get(seq);
        if (slot === undefined) continue;
        const v = new Float32Array(ix.dims);
        const at = slot * ix.dims;
        for (let d = 0; d < ix.dims; d++) v[d] = ix.int16[at + d]! * ix.scales[slot]!;
        out.set(seq, v);
      }
      return out;
    },

    /** Rebuilds the index of every project large enough (at start, and on demand). Returns their number. */
    rebuildAll(): number {
      indexes.clear();
      sizeCache.clear();
      const projects = counts.vectorCounts().filter((p) => p.n >= o.minVectors);
      for (const p of projects) build(p.project_id);
      return projects.length;
    },
  };
}

export type AnnIndex = ReturnType<typeof createAnnIndex>;
