import { threadCpuSeconds } from '@docent/embedder';

/**
 * Where an ingestion's time goes. `list`: waiting for the connector's listing; `admit`: the
 * ledger's bookkeeping of listed documents and batches; `fetch`: content requests of documents
 * the listing did not carry; `parse`: files to text; `chunk`: text to chunks and embedding
 * windows; `embed`: the model; `index`: writing chunks to the search index; `commit`: the
 * ledger's per-document and per-batch transactions. Fetch and parse of later documents run
 * while earlier ones are embedded, so the stages add up to more than the wall time.
 */
export const INGESTION_STAGES = [
  'list',
  'admit',
  'fetch',
  'parse',
  'chunk',
  'embed',
  'index',
  'commit',
] as const;

export type IngestionStage = (typeof INGESTION_STAGES)[number];

/** What the runner reports; the runtime exports it as Prometheus metrics. */
export interface IngestionMetrics {
  /** Time one unit of work (a listing page, a document, an embedding call…) spent in a stage. */
  observeStage(stage: IngestionStage, seconds: number): void;
  /**
   * CPU time of a stage that runs on the calling thread without waiting (`chunk`): with the
   * embedder's own CPU figures, where the CPU per word goes.
   */
  observeStageCpu?(stage: IngestionStage, cpuSeconds: number): void;
  /** Texts in one call to the embedder: full batches are the goal. */
  observeEmbeddingBatch(texts: number): void;
  /** A batch job ended, with how many documents it held. */
  observeBatch(documents: number): void;
  /**
   * A batch's write was refused by the ledger's fence (its ingestion ended or lost its
   * collection meanwhile), with how many documents it had written to the index.
   */
  observeFencedWrite(documents: number): void;
}

export const NO_INGESTION_METRICS: IngestionMetrics = {
  observeStage: () => undefined,
  observeEmbeddingBatch: () => undefined,
  observeBatch: () => undefined,
  observeFencedWrite: () => undefined,
};

/** Runs `work`, reporting its time under `stage` whether it succeeds or throws. */
export async function timed<T>(
  metrics: IngestionMetrics,
  stage: IngestionStage,
  work: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    metrics.observeStage(stage, (performance.now() - started) / 1000);
  }
}

/** The synchronous twin of `timed`; it also reports the thread's CPU time for the stage. */
export function timedSync<T>(metrics: IngestionMetrics, stage: IngestionStage, work: () => T): T {
  const started = performance.now();
  const cpuStarted = threadCpuSeconds();
  try {
    return work();
  } finally {
    metrics.observeStage(stage, (performance.now() - started) / 1000);
    metrics.observeStageCpu?.(stage, threadCpuSeconds() - cpuStarted);
  }
}
