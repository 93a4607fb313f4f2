// Principal axes of the word vectors (subspace iteration on the covariance), for reducing dims.
export function principalAxes(raw: Float32Array, D: number, rows: number, k: number, iters = 30): Float32Array[] {
  const mean = new Float64Array(D);
  for (let i = 0; i < rows; i++) for (let d = 0; d < D; d++) mean[d] += raw[i * D + d] / rows;
  const C = new Float64Array(D * D);
  const x = new Float64Array(D);
  for (let i = 0; i < rows; i++) {
    for (let d = 0; d < D; d++) x[d] = raw[i * D + d] - mean[d];
    for (let a = 0; a < D; a++) {
      const xa = x[a];
      if (xa === 0) continue;
      const off = a * D;
      for (let b = a; b < D; b++) C[off + b] += xa * x[b];
    }
  }
  for (let a = 0; a < D; a++) for (let b = 0; b < a; b++) C[a * D + b] = C[b * D + a];
  let Q: Float64Array[] = Array.from({ length: k }, (_, j) => {
    const v = new Float64Array(D);
    for (let d = 0; d < D; d++) v[d] = Math.sin(1 + j * 7.31 + d * 0.77);
    return v;
  });
  for (let it = 0; it < iters; it++) {
    Q = Q.map((q) => {
      const r = new Float64Array(D);
      for (let a = 0; a < D; a++) {
        let s = 0;
        const off = a * D;
        for (let b = 0; b < D; b++) s += C[off + b] * q[b];
        r[a] = s;
      }
      return r;
    });
    for (let j = 0; j < k; j++) {
      const q = Q[j]!;
      for (let i = 0; i < j; i++) {
        const p = Q[i]!;
        let s = 0;
        for (let d = 0; d < D; d++) s += q[d] * p[d];
        for (let d = 0; d < D; d++) q[d] -= s * p[d];
      }
      let n = 0;
      for (let d = 0; d < D; d++) n += q[d] * q[d];
      n = Math.sqrt(n);
      for (let d = 0; d < D; d++) q[d] /= n;
    }
  }
  return Q.map((q) => Float32Array.from(q));
}
