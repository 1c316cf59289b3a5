import type { Ingestion, IngestionStatus } from '../api/wire-types';

export interface ProgressView {
  /** null: indeterminate (queued, or the source is still being listed). */
  value: number | null;
  max: number;
  summary: string;
}

export function isActive(status: IngestionStatus): boolean {
  return status === 'queued' || status === 'running';
}

/**
 * The bar of an ingestion, from the counts of its status record: documents dealt with
 * (indexed, unchanged, skipped as unsupported or failed) out of those the source listed so far.
 * An unsupported file (an image) is named apart from the failures, only when there is one.
 */
export function progressOf(ingestion: Ingestion): ProgressView {
  const p = ingestion.progress;
  const done =
    p.documents_processed + p.documents_skipped + p.documents_unsupported + p.documents_failed;
  const max = Math.max(p.documents_discovered, done, 1);
  const listed = p.documents_discovered > 0;
  const counts = [
    `${done} of ${p.documents_discovered} ${p.documents_discovered === 1 ? 'document' : 'documents'}`,
    `${p.documents_processed} indexed`,
    `${p.documents_skipped} unchanged`,
    ...(p.documents_unsupported > 0 ? [`${p.documents_unsupported} unsupported`] : []),
    `${p.documents_failed} failed`,
    `${p.chunks_indexed} ${p.chunks_indexed === 1 ? 'chunk' : 'chunks'}`,
  ].join(' · ');
  switch (ingestion.status) {
    case 'queued':
      return { value: null, max, summary: 'Queued' };
    case 'running':
      return p.documents_discovered === 0
        ? { value: null, max, summary: 'Listing the source…' }
        : { value: done, max, summary: `Running: ${counts}` };
    case 'succeeded':
      // A finished run is complete whatever the counts say (e.g. an empty source).
      return { value: max, max, summary: `Succeeded: ${counts}` };
    // Stopped before the source listed anything: a row of zeros says nothing (the error does).
    case 'failed':
      return { value: done, max, summary: listed ? `Failed: ${counts}` : 'Failed' };
    case 'canceled':
      return { value: done, max, summary: listed ? `Canceled: ${counts}` : 'Canceled' };
  }
}
