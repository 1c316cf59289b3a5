import type { DocumentRecord } from './catalog';
import type {
  IngestionErrorCode,
  IngestionProgress,
  IngestionRecord,
  IngestionStatus,
  PendingBatch,
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
  /**
   * Skipped by rule (a type Docent does not parse, a file over the size limit) rather than
   * failed: counted as unsupported and listed apart.
   */
  unsupported?: boolean;
}

/** How a listing ended: `complete` saw everything (it may delete what it did not list). */
export type ListingEnd = 'complete' | 'incomplete';

/** Documents the listing hands to the workers as one job. */
export interface NewBatch {
  /** The documents' source ids: their items leave `discovered`, so a re-listing skips them. */
  sourceIds: string[];
  /** What a worker needs to process the batch (refs, content riding along); opaque here. */
  payload: string;
}

/** What the listing records in one transaction. */
export interface ListingStep {
  ingestionId: string;
  /** Numbered in order after the batches recorded before. */
  batches: NewBatch[];
  /** Saved with the batches: a resumed listing starts after them, neither repeating nor losing one. */
  checkpoint?: string;
  /** The listing ended: set once, with its last batches. */
  end?: ListingEnd;
}

/** Where an ingestion's batches stand. */
export interface BatchProgress {
  listingEnd: ListingEnd | null;
  batchesRecorded: number;
  batchesCommitted: number;
  /** The listing ended and every batch it recorded is committed: time to finalize. */
  finalizeDue: boolean;
  /** Generation of the finalize job (its id), bumped when the reconciler enqueues it anew. */
  finalizeGeneration: number;
}

/**
 * A write refused because the ingestion may no longer write: it was canceled, failed or ended,
 * or another holder took its collection (a newer ingestion after its lease lapsed, a collection
 * delete). Checked in the same transaction as the write, so nothing of it is recorded. For a
 * document the fenced batch had already written to the index, `adopted` says whether the catalog
 * took the new version anyway (the document was listed already: the index cannot be rolled back
 * to its old chunks) — when false and the ingestion ended, the batch must remove what it wrote
 * from the index; when superseded, the collection's new holder writes the document itself.
 */
export class IngestionFencedError extends Error {
  constructor(
    readonly ingestionId: string,
    readonly why: 'ended' | 'superseded',
    readonly adopted = false,
  ) {
    super(
      why === 'ended'
        ? `ingestion ${ingestionId} has ended: nothing more is written for it`
        : `another holder took the collection of ingestion ${ingestionId}: nothing more is written for it`,
    );
    this.name = 'IngestionFencedError';
  }
}

export interface StoredBatch {
  seq: number;
  committed: boolean;
  /** Null once committed. */
  payload: string | null;
  /** The batch's documents not settled yet (a crashed attempt may have settled some). */
  unsettled: string[];
}

/** The error monitor's count of document fetches, kept per ingestion for every worker. */
export interface FetchTally {
  /** Fetches failed in a row, the last one included. */
  streak: number;
  /** Failed fetches among the last `window`. */
  failures: number;
  window: number;
}

/*
 * The ingestion ledger, split by role: the run's status, checkpoint and the outcome of every
 * listed document, each counted exactly once however often a run is retried. Each consumer takes
 * the role it uses; one adapter implements them all (`IngestionLedger`).
 */

/** An ingestion's status as its jobs see it, and its end: every job, its lease, the reconciler. */
export interface IngestionRunLedger {
  getIngestion(id: string): Promise<IngestionRecord | null>;
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
}

/** Where an ingestion's batches stand: read by the listing, each batch and the finalize step. */
export interface BatchProgressLedger {
  batchProgress(ingestionId: string): Promise<BatchProgress>;
}

/** Documents that failed or were skipped: from the listing's failure items and from batches. */
export interface FailureLedger {
  /**
   * Atomically: records the failure (or the unsupported document) and counts it, once per
   * document; one straight from the listing counts as discovered too. Fenced like every write
   * of a running ingestion.
   */
  recordFailure(input: FailedItem): Promise<void>;
}

/** What the listing job records: its start, each listed document, its batches and checkpoint. */
export interface ListingLedger extends BatchProgressLedger, FailureLedger {
  /**
   * Moves a queued or running ingestion to `running` (a resumed one keeps its first start
   * time); false when it is in any other status.
   */
  startIngestion(id: string, at: Date): Promise<boolean>;
  /**
   * Atomically: records that the listing showed the document (counted as discovered once),
   * and, when it is unchanged since it was indexed, counts it as skipped.
   */
  admitDocument(listed: ListedDocument): Promise<Admission>;
  /**
   * Atomically: records the batches (their documents move to `batched`), saves the checkpoint
   * and the listing's end when given. Returns the new batches' seqs and the batch progress.
   * Fenced: an ingestion that ended or lost its collection records nothing.
   */
  recordListing(step: ListingStep): Promise<{ seqs: number[]; progress: BatchProgress }>;
  /** The batches not committed yet, in order. */
  listPendingBatches(ingestionId: string): Promise<PendingBatch[]>;
}

/** What a batch job reads and commits. */
export interface BatchLedger extends BatchProgressLedger, FailureLedger {
  /** A batch as recorded, or null when unknown (its ingestion ended and forgot it). */
  getBatch(ingestionId: string, seq: number): Promise<StoredBatch | null>;
  /**
   * Atomically: creates or updates the document row, records its outcome and warning, bumps
   * the counters (once per document and ingestion). Fenced (`IngestionFencedError`): an
   * ingestion that ended or lost its collection records nothing; a document the catalog lists
   * already takes the version the batch indexed (`adopted`), so catalog and index agree.
   */
  commitProcessed(input: ProcessedDocument): Promise<DocumentRecord>;
  /**
   * Atomically: marks the batch committed by `worker` (once; its payload is dropped) and
   * returns the batch progress, which says whether this commit made the finalize step due.
   * Fenced.
   */
  commitBatch(
    ingestionId: string,
    seq: number,
    worker: string,
    at: Date,
  ): Promise<{ committedNow: boolean; progress: BatchProgress }>;
}

/** The source-outage rule's count of an ingestion's fetches, kept for every worker. */
export interface FetchTallyLedger {
  /**
   * Atomically: notes whether the source served a document's fetch, and returns the tally over
   * the ingestion's last `windowSize` fetches, whichever worker made them.
   */
  noteDocumentFetch(ingestionId: string, failed: boolean, windowSize: number): Promise<FetchTally>;
}

/** What the finalize step removes after a complete listing. */
export interface FinalizeLedger extends BatchProgressLedger {
  /**
   * Documents of a source that the given ingestion did not list (candidates for removal), at
   * most `limit` (default: all), oldest first.
   */
  listDocumentsNotSeen(
    collectionId: string,
    sourceKey: string,
    ingestionId: string,
    limit?: number,
  ): Promise<DocumentRecord[]>;
  deleteDocument(documentId: string): Promise<void>;
}

/** What a connector's session asks for conditional requests. */
export interface IndexedVersions {
  /** The version a source's document was indexed at in the collection; null when it is not. */
  indexedVersion(collectionId: string, sourceKey: string, sourceId: string): Promise<string | null>;
}

/** Every role, as the adapter implements them and IngestionRunner composes them for its jobs. */
export interface IngestionLedger
  extends
    IngestionRunLedger,
    ListingLedger,
    BatchLedger,
    FetchTallyLedger,
    FinalizeLedger,
    IndexedVersions {}
