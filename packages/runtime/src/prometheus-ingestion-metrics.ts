import { Counter, Histogram, type Registry } from 'prom-client';
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
    observeEmbeddingBatch(texts: number) {
      embeddingBatch.observe(texts);
    },
    observeBatch(documents: number) {
      batches.inc();
      batchDocuments.inc(documents);
    },
  };
}
