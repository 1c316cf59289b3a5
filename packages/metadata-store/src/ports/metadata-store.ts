import type { ApiKeyStore, SessionStore, ThrottleStore, UserStore } from './accounts';
import type { CatalogStore, CollectionDirectory, DocumentLookup } from './catalog';
import type { CollectionLock } from './collection-lock';
import type { IngestionLedger } from './ingestion-ledger';
import type { IngestionReconciliation } from './ingestion-reconciliation';
import type { IngestionStore } from './ingestions';
import type { OAuthConnectionStore } from './oauth-connections';
import type { ScheduleStore } from './schedules';

/**
 * An open metadata database: one adapter per group of tables, each serving the role ports of
 * its consumers, all sharing one connection pool. Only the composition root holds this; every
 * consumer is handed the roles it uses.
 */
export interface MetadataStore {
  readonly accounts: ApiKeyStore & UserStore & SessionStore & ThrottleStore;
  readonly oauth: OAuthConnectionStore;
  readonly catalog: CollectionDirectory & CatalogStore & DocumentLookup;
  readonly ingestions: IngestionStore;
  readonly ledger: IngestionLedger;
  readonly reconciliation: IngestionReconciliation;
  readonly collectionLock: CollectionLock;
  readonly schedules: ScheduleStore;
  health(): Promise<void>;
  close(): Promise<void>;
}
