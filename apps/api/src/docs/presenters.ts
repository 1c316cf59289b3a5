import type { DocumentRecord, CollectionSummary } from '@docent/metadata-store';
import type { IngestionView } from '@docent/ingestion';
import type {
  Collection as CollectionWire,
  Document as DocumentWire,
  Ingestion as IngestionWire,
} from '@docent/contract';

/** Domain records → the contract's snake_case wire shapes. */
export function presentIngestion(view: IngestionView): IngestionWire {
  return {
    ingestion_id: view.id,
    namespace_name: view.namespaceName,
    collection_name: view.collectionName,
    type: view.type as IngestionWire['type'],
    spec: view.spec,
    status: view.status as IngestionWire['status'],
    created_at: view.createdAt,
    started_at: view.startedAt,
    finished_at: view.finishedAt,
    progress: {
      documents_discovered: view.progress.documentsDiscovered,
      documents_processed: view.progress.documentsProcessed,
      documents_skipped: view.progress.documentsSkipped,
      documents_failed: view.progress.documentsFailed,
      documents_unsupported: view.progress.documentsUnsupported,
      chunks_indexed: view.progress.chunksIndexed,
    },
    failures: view.failures.map(presentNote),
    unsupported: view.unsupported.map(presentNote),
    warnings: view.warnings.map(presentNote),
    error:
      view.errorCode && view.status === 'failed'
        ? {
            code: view.errorCode as NonNullable<IngestionWire['error']>['code'],
            message: view.errorMessage ?? '',
          }
        : null,
  };
}

/** A failed, unsupported or warned-about document of an ingestion: the lists share one shape. */
function presentNote(note: IngestionView['failures'][number]): IngestionWire['failures'][number] {
  return { doc_name: note.docName, source_id: note.sourceId, message: note.message };
}

export function presentDocument(document: DocumentRecord): DocumentWire {
  return {
    doc_name: document.name,
    source_type: document.sourceType as DocumentWire['source_type'],
    source_id: document.sourceId,
    source_url: document.sourceUrl,
    page_count: document.pageCount,
    chunk_count: document.chunkCount,
    updated_at: document.updatedAt,
  };
}

export function presentCollection(collection: CollectionSummary): CollectionWire {
  return {
    collection_name: collection.name,
    document_count: collection.documentCount,
    chunk_count: collection.chunkCount,
    created_at: collection.createdAt,
    updated_at: collection.updatedAt,
  };
}
