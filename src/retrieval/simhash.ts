// The bit tricks of the approximate index (ann-index.ts): a popcount table, the Walsh-Hadamard
// transform, and the seeded sign flips that make a randomised rotation of it.

const ROUNDS = 3; // sign flip + Walsh-Hadamard rounds: enough mixing for independent-looking bits

/** Set bits of every 16-bit value: two lookups count a 32-bit word. */
export const POPCOUNT16 = Uint8Array.from({ length: 65_536 }, (_, i) => {
  let n = 0;
  for (let x = i; x; x &= x - 1) n++;
  return n;
});

export function hadamard(a: Float32Array): void {
  for (let h = 1; h < a.length; h *= 2) {
    for (let i = 0; i < a.length; i += 2 * h) {
      for (let j = i; j < i + h; j++) {
        const x = a[j]!;
        const y = a[j + h]!;
        a[j] = x + y;
        a[j + h] = x - y;
      }
    }
  }
}

/** Seeded ±1 vectors: the same rotation in every process, so a rebuilt index answers the same. */
export function signVectors(padded: number): Float32Array[] {
  let seed = 0x9e3779b9;
  const next = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return (seed >>> 16) & 1;
  };
  return Array.from({ length: ROUNDS }, () => Float32Array.from({ length: padded }, () => (next() ? 1 : -1)));
}
