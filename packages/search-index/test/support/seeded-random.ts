/** Deterministic pseudo-random numbers in [0, 1) (mulberry32), so generated data is reproducible. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random unit vector. */
export function randomUnitVector(random: () => number, dimensions: number): Float32Array {
  const vector = new Float32Array(dimensions);
  let sumOfSquares = 0;
  for (let i = 0; i < dimensions; i++) {
    vector[i] = random() * 2 - 1;
    sumOfSquares += vector[i]! * vector[i]!;
  }
  const scale = 1 / Math.sqrt(sumOfSquares);
  for (let i = 0; i < dimensions; i++) vector[i] = vector[i]! * scale;
  return vector;
}
