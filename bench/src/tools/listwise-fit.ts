/** One list of candidates: their features, which are right, and what the list counts for. */
export interface CandidateList {
  x: number[][];
  /** Whether each candidate is right (at least one is). */
  y: boolean[];
  weight: number;
}

/**
 * Listwise logistic regression: maximise the softmax probability of each list's right
 * candidates, each list's log-likelihood counted by its `weight`. Deterministic (fixed start,
 * fixed steps). `fixed` features keep their starting weight.
 */
export function fitListwise(
  data: CandidateList[],
  options: { steps?: number; rate?: number; l2?: number; start?: number[]; fixed?: number[] } = {},
): number[] {
  const { steps = 400, rate = 0.5, l2 = 1e-3 } = options;
  const fixed = new Set(options.fixed ?? []);
  const total = data.reduce((sum, d) => sum + d.weight, 0);
  const w = options.start ? [...options.start] : data[0]!.x[0]!.map(() => 0);
  for (let step = 0; step < steps; step++) {
    const grad = w.map(() => 0);
    for (const { x, y, weight } of data) {
      const s = x.map((f) => f.reduce((sum, v, j) => sum + v * w[j]!, 0));
      const max = Math.max(...s);
      const e = s.map((v) => Math.exp(v - max));
      const z = e.reduce((a, b) => a + b, 0);
      const zPos = e.reduce((a, v, i) => a + (y[i] ? v : 0), 0);
      for (let i = 0; i < x.length; i++) {
        const p = e[i]! / z;
        const q = y[i] ? e[i]! / zPos : 0;
        for (let j = 0; j < w.length; j++) grad[j]! += weight * (p - q) * x[i]![j]!;
      }
    }
    for (let j = 0; j < w.length; j++) {
      if (!fixed.has(j)) w[j] = w[j]! - rate * (grad[j]! / total + l2 * w[j]!);
    }
  }
  return w.map((v) => Math.round(v * 1000) / 1000);
}
