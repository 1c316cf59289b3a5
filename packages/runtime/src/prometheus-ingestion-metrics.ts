import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Embedder } from '@docent/embedder';
import type { IngestionMetrics, IngestionStage } from '@docent/ingestion';

/**
 * The ingestion pipeline's metrics in Prometheus form. `docent_ingestion_stage_seconds` has
 * one series per stage: its `_sum` is where the time went, its `_count` how many units of
 * work (listing pages, documents, embedding calls, index writes, commits) it took.
 */
export function prometheusIngestionMetrics(registry: Registry): IngestionMetrics {
  const stages = new Histogram({
    name: 'docent_ingestion_stage_seconds',
    help: 'Time spent per ingestion stage (list, admit, fetch, parse, chunk, embed, index, commit)',
    labelNames: ['stage'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const embeddingBatch = new Histogram({
    name: 'docent_ingestion_embedding_batch_texts',
    help: 'Texts per embedding call during ingestion (full batches are the goal)',
    buckets: [1, 2, 4, 8, 16, 24, 31, 32, 48, 64],
    registers: [registry],
  });
  const stageCpu = new Counter({
    name: 'docent_ingestion_stage_cpu_seconds_total',
    help: 'CPU time of the ingestion stages that run on the event loop without waiting (chunk)',
    labelNames: ['stage'] as const,
    registers: [registry],
  });
  const batches = new Counter({
    name: 'docent_ingestion_batches_total',
    help: 'Ingestion batch jobs committed by this process',
    registers: [registry],
  });
  const batchDocuments = new Counter({
    name: 'docent_ingestion_batch_documents_total',
    help: 'Documents of the batch jobs committed by this process',
    registers: [registry],
  });
  const fenced = new Counter({
    name: 'docent_ingestion_fenced_writes_total',
    help: 'Batch writes refused by the ledger because their ingestion had ended or lost its collection',
    registers: [registry],
  });
  return {
    observeFencedWrite() {
      fenced.inc();
    },
    observeStage(stage: IngestionStage, seconds: number) {
      stages.observe({ stage }, seconds);
    },
    observeStageCpu(stage: IngestionStage, cpuSeconds: number) {
      stageCpu.inc({ stage }, Math.max(0, cpuSeconds));
    },
    observeEmbeddingBatch(texts: number) {
      embeddingBatch.observe(texts);
    },
    observeBatch(documents: number) {
      batches.inc();
      batchDocuments.inc(documents);
    },
  };
}

/**
 * The embedder's CPU time by part (`EmbedderCpuSeconds`: model, tokenize, pool, spans), read when
 * scraped; an embedder without the figures (OpenAI-compatible) exports none.
 */
export function registerEmbedderCpuMetrics(registry: Registry, embedder: Embedder): void {
  const read = embedder.cpuSeconds?.bind(embedder);
  if (!read) return;
  new Gauge({
    name: 'docent_embedder_cpu_seconds',
    help: 'CPU time the embedder used since start, by part (model threads; tokenize, pool, spans on the event loop)',
    labelNames: ['part'] as const,
    registers: [registry],
    collect() {
      for (const [part, seconds] of Object.entries(read())) this.set({ part }, seconds);
    },
  });
}
