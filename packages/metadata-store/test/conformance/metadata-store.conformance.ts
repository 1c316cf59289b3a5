import { describeAccountStoreConformance } from './account-store.conformance';
import { describeCatalogStoreConformance } from './catalog-store.conformance';
import { describeCollectionLockConformance } from './collection-lock.conformance';
import { freshStore, type OpenMetadataStore } from './fixture';
import { describeIngestionLedgerConformance } from './ingestion-ledger.conformance';
import { describeIngestionStoreConformance } from './ingestion-store.conformance';
import { describeOAuthConnectionStoreConformance } from './oauth-connection-store.conformance';
import { describeScheduleStoreConformance } from './schedule-store.conformance';

export type { MetadataStoreFixture } from './fixture';

/** Every role's suite, then the store's own lifecycle, against one adapter. */
export function describeMetadataStoreConformance(adapterName: string, open: OpenMetadataStore) {
  describeAccountStoreConformance(adapterName, open);
  describeOAuthConnectionStoreConformance(adapterName, open);
  describeCatalogStoreConformance(adapterName, open);
  describeIngestionStoreConformance(adapterName, open);
  describeIngestionLedgerConformance(adapterName, open);
  describeCollectionLockConformance(adapterName, open);
  describeScheduleStoreConformance(adapterName, open);

  describe(`MetadataStore lifecycle: ${adapterName}`, () => {
    const store = freshStore(open);

    it('answers health checks', async () => {
      await expect(store().health()).resolves.toBeUndefined();
    });
  });
}
