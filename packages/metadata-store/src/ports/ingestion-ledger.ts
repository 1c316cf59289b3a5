import type { DocumentRecord } from './catalog';
import type {
  IngestionErrorCode,
  IngestionProgress,
  IngestionRecord,
  IngestionStatus,
} from './ingestions';

/** A document as the listing shows it. */
export interface ListedDocument {
  ingestionId: string;
  collectionId: string;
  sourceKey: string;
  sourceId: string;
  version: string;
  /**
   * The document's links as this listing gives them. An indexed document whose version is
   * unchanged still takes them (a page moved or renamed without a new version, a link format
   * changed); absent fields leave the stored links alone.
   */
  links?: DocumentLinks;
}

/** Where a user opens a document (`DocumentRecord.sourceUrl`, `.pageUrlTemplate`). */
export interface DocumentLinks {
  sourceUrl: string | null;
  pageUrlTemplate: string | null;
}

/** What the runner does with a listed document. */
export type Admission =
  /** New, or changed since it was indexed: fetch, index and commit it. */
  | 'index'
  /** Indexed at this version already: now counted as skipped. */
  | 'unchanged'
  /** This ingestion settled it already (listed twice, or handled before a restart). */
  | 'settled';

/**
 * How a new document's name is made unique in its collection, as the connector declares:
 * `title` gives `Runbook (2)`; `file` keeps the extension last, `report (2).pdf`.
 */
export type DocumentNameStyle = 'title' | 'file';

/** A document that the pipeline indexed (new or changed) in one ingestion. */
export interface ProcessedDocument {
  ingestionId: string;
  documentId: string;
  collectionId: string;
  sourceType: string;
  sourceKey: string;
  sourceId: string;
  sourceUrl: string | null;
  pageUrlTemplate: string | null;
  /** Name wanted for a new document, de-duplicated by `nameStyle`. Ignored for existing ones. */
  desiredName: string;
  nameStyle: DocumentNameStyle;
  version: string;
  pageCount: number;
  chunkCount: number;
  /** A note about a document indexed anyway (e.g. pages without text); changes no counter. */
  warning?: string;
  at: Date;
}

export interface FailedItem {
  ingestionId: string;
  sourceId: string;
  docName: string | null;
  message: string;
}

/**
 * The ingestion ledger, taken by IngestionRunner: the run's status, checkpoint and the outcome
 * of every listed document, each counted exactly once however often a run is retried.
 */
export interface IngestionLedger {
  getIngestion(id: string): Promise<IngestionRecord | null>;
  /**
   * Moves a queued or running ingestion to `running` (a resumed one keeps its first start
   * time); false when it is in any other status.
   */
  startIngestion(id: string, at: Date): Promise<boolean>;
  /**
   * Moves the ingestion to `to` when its status is one of `from` (so a finish and a cancel
   * cannot both win), deleting its secrets. Whoever ended it, this call or an earlier one, its
   * per-document bookkeeping and checkpoint go too (the counters stay). Returns the final
   * progress when this call ended it, else null.
   */
  endIngestion(
    id: string,
    from: IngestionStatus[],
    to: 'succeeded' | 'failed' | 'canceled',
    patch: { at: Date; error: { code: IngestionErrorCode; message: string } | null },
  ): Promise<IngestionProgress | null>;
  saveCheckpoint(id: string, checkpoint: string): Promise<void>;
  /**
   * Atomically: records that the listing showed the document (counted as discovered once),
   * and, when it is unchanged since it was indexed, counts it as skipped.
   */
  admitDocument(listed: ListedDocument): Promise<Admission>;
  /**
   * Atomically: creates or updates the document row, records its outcome and warning, bumps
   * the counters (once per document and ingestion).
   */
  commitProcessed(input: ProcessedDocument): Promise<DocumentRecord>;
  /**
   * Atomically: records the failure and counts it, once per document; a failure straight from
   * the listing counts as discovered too.
   */
  recordFailure(input: FailedItem): Promise<void>;
  /** Documents of a source that the given ingestion did not list (candidates for removal). */
  listDocumentsNotSeen(
    collectionId: string,
    sourceKey: string,
    ingestionId: string,
  ): Promise<DocumentRecord[]>;
  deleteDocument(documentId: string): Promise<void>;
}
