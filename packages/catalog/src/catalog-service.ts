import { NotFoundError } from '@docent/domain-errors';
import type {
  CatalogStore,
  CollectionLock,
  CollectionSummary,
  DocumentRecord,
} from '@docent/metadata-store';
import type { SearchIndex } from '@docent/search-index';
import type { CollectionResolver } from './collection-resolver';
import { decodeCursor, encodeCursor, pageSize } from './paging';

/** Stops the ingestions of a collection that is about to be deleted. */
export interface CollectionIngestionsCanceler {
  cancelAllForCollection(collectionId: string): Promise<void>;
}

export interface CatalogServiceOptions {
  /** How long a collection delete waits for its running ingestions to stop. */
  deleteWaitMs?: number;
  pollMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
}

export interface Paged<T> {
  items: T[];
  nextCursor: string | null;
}

export class CatalogService {
  private readonly deleteWaitMs: number;
  private readonly pollMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => Date;

  constructor(
    private readonly store: CatalogStore,
    private readonly lock: CollectionLock,
    private readonly index: SearchIndex,
    private readonly resolver: CollectionResolver,
    private readonly ingestions: CollectionIngestionsCanceler,
    options: CatalogServiceOptions = {},
  ) {
    this.deleteWaitMs = options.deleteWaitMs ?? 15_000;
    this.pollMs = options.pollMs ?? 200;
    this.sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.now = options.now ?? (() => new Date());
  }

  async listCollections(
    accountId: string,
    namespaceName: string,
    page: { limit?: number | null; cursor?: string | null },
  ): Promise<Paged<CollectionSummary>> {
    const namespace = await this.resolver.namespace(accountId, namespaceName);
    const result = await this.store.listCollections(namespace.id, {
      after: decodeCursor(page.cursor),
      limit: pageSize(page.limit),
    });
    return { items: result.items, nextCursor: encodeCursor(result.nextAfter) };
  }

  async listDocuments(
    accountId: string,
    namespaceName: string,
    collectionName: string,
    page: { limit?: number | null; cursor?: string | null },
  ): Promise<Paged<DocumentRecord>> {
    const { collection } = await this.resolver.collection(accountId, namespaceName, collectionName);
    const result = await this.store.listDocuments(collection.id, {
      after: decodeCursor(page.cursor),
      limit: pageSize(page.limit),
    });
    return { items: result.items, nextCursor: encodeCursor(result.nextAfter) };
  }

  async deleteDocument(
    accountId: string,
    namespaceName: string,
    collectionName: string,
    docName: string,
  ): Promise<void> {
    const { collection } = await this.resolver.collection(accountId, namespaceName, collectionName);
    const document = await this.store.findDocumentByName(collection.id, docName);
    if (!document) {
      throw new NotFoundError(
        `Document ${docName} does not exist in ${namespaceName}/${collectionName}.`,
      );
    }
    // Index first: a crash in between leaves a row without chunks, never answerable orphans.
    await this.index.deleteDocument(collection.id, document.id);
    await this.store.deleteDocument(document.id);
  }

  async deleteCollection(
    accountId: string,
    namespaceName: string,
    collectionName: string,
  ): Promise<void> {
    const { collection } = await this.resolver.collection(accountId, namespaceName, collectionName);
    await this.ingestions.cancelAllForCollection(collection.id);
    // Wait for a running ingestion to let go of the collection, so it does not write into it
    // while it is being removed; if it does not within the wait, deleting the lock row makes
    // its next lease renewal fail and it stops.
    const holder = `delete-collection:${collection.id}`;
    const deadline = Date.now() + this.deleteWaitMs;
    while (!(await this.lock.tryLock(collection.id, holder, this.deleteWaitMs, this.now()))) {
      if (Date.now() >= deadline) break;
      await this.sleep(this.pollMs);
    }
    await this.index.deleteCollection(collection.id);
    await this.store.deleteCollection(collection.id);
  }
}
