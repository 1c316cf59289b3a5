/** A model of `BENCH_MODELS`: `model@dtype`, e.g. `local/all-MiniLM-L6-v2@q8`. */
export interface BenchModel {
  model: string;
  dtype?: string;
  /** How tables name it, e.g. "all-MiniLM-L6-v2 q8". */
  label: string;
}

/** The comma-separated `BENCH_MODELS` list. */
export function benchModels(list: string): BenchModel[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [model = '', dtype] = entry.split('@');
      const name = model.split('/').at(-1) ?? model;
      return { model, ...(dtype ? { dtype } : {}), label: dtype ? `${name} ${dtype}` : name };
    });
}
