/**
 * The per-collection ingestion lock, a lease: one ingestion writes a collection at a time
 * (IngestionRunner), and a collection delete waits for it (CatalogService).
 */
export interface CollectionLock {
  /** Takes the lease, or renews it for its holder, or takes over an expired one. */
  tryLock(collectionId: string, holder: string, ttlMs: number, now: Date): Promise<boolean>;
  /** Extends the lease; false when the holder lost it. */
  renew(collectionId: string, holder: string, ttlMs: number, now: Date): Promise<boolean>;
  unlock(collectionId: string, holder: string): Promise<void>;
}

/**
 * The lease's holder for an ingestion: the ingestion itself, whichever worker runs its jobs.
 * The ledger's fence reads it: a write of an ingestion whose collection another holder took is
 * refused.
 */
export function ingestionLeaseHolder(ingestionId: string): string {
  return `ingestion:${ingestionId}`;
}
