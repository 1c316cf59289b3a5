/** Nearest-rank percentile of a sample (p in 0..100). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Peak resident set size of this process so far, in MiB. */
export function peakRssMiB(): number {
  return round(process.resourceUsage().maxRSS / 1024, 0);
}
