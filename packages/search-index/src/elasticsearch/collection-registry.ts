import { type Client, type estypes } from '@elastic/elasticsearch';
import { CollectionPlacement } from './collection-placement';
import { errorDetails, isIndexNotFound } from './elasticsearch-errors';
import {
  type CollectionIndexSettings,
  registryIndexDefinition,
  type RegistrySource,
} from './index-definition';
import { type CollectionIndex, registryDocumentId, registryIndex } from './index-layout';

/**
 * Where each collection lives: one small document per collection in `<prefix>-collections`, read
 * by `_id` with a realtime GET. Creating a collection is a document write, not a change of the
 * cluster state (an index, an alias), so a cluster holds as many collections as documents fit,
 * and a collection's place can change (a move between a shared and a dedicated index) by
 * rewriting one document.
 */
export class CollectionRegistry {
  private readonly index: CollectionIndex;
  private indexKnown = false;

  constructor(
    private readonly client: Client,
    prefix: string,
    private readonly settings: CollectionIndexSettings,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.index = registryIndex(prefix);
  }

  /** The collection's placement, or null when it is not registered. */
  async read(collectionId: string): Promise<CollectionPlacement | null> {
    try {
      const response = await this.client.get<RegistrySource>({
        index: this.index.alias,
        id: registryDocumentId(collectionId),
        realtime: true,
      });
      return response._source ? CollectionPlacement.fromRegistry(response._source) : null;
    } catch (error) {
      const details = errorDetails(error);
      if (details?.status === 404 && details.type === undefined) return null;
      if (isIndexNotFound(error)) {
        this.indexKnown = false;
        return null;
      }
      throw error;
    }
  }

  /**
   * Records a new collection unless another process recorded it first: returns what the
   * registry holds afterwards (this placement, or the one that won).
   */
  async create(placement: CollectionPlacement): Promise<CollectionPlacement> {
    await this.ensureIndex();
    try {
      await this.client.index({
        index: this.index.alias,
        id: registryDocumentId(placement.collectionId),
        op_type: 'create',
        require_alias: true,
        document: placement.toRegistry(this.now()),
      });
      return placement;
    } catch (error) {
      if (errorDetails(error)?.status !== 409) throw error;
      const winner = await this.read(placement.collectionId);
      if (winner === null) throw error;
      return winner;
    }
  }

  /** Overwrites the collection's record (a move's steps). */
  async write(placement: CollectionPlacement): Promise<void> {
    await this.ensureIndex();
    await this.client.index({
      index: this.index.alias,
      id: registryDocumentId(placement.collectionId),
      require_alias: true,
      document: placement.toRegistry(this.now()),
    });
  }

  async remove(collectionId: string): Promise<void> {
    try {
      await this.client.delete(
        { index: this.index.alias, id: registryDocumentId(collectionId) },
        { ignore: [404] },
      );
    } catch (error) {
      if (!isIndexNotFound(error)) throw error;
    }
  }

  /** Every registered collection (for maintenance: status, moves), in no particular order. */
  async list(): Promise<CollectionPlacement[]> {
    try {
      await this.client.indices.refresh({ index: this.index.alias });
    } catch (error) {
      if (isIndexNotFound(error)) return [];
      throw error;
    }
    const placements: CollectionPlacement[] = [];
    let after: estypes.SortResults | undefined;
    for (;;) {
      const page = await this.client.search<RegistrySource>({
        index: this.index.alias,
        size: 1000,
        track_total_hits: false,
        sort: [{ collection_id: 'asc' }],
        ...(after !== undefined && { search_after: after }),
      });
      for (const hit of page.hits.hits) {
        if (hit._source) placements.push(CollectionPlacement.fromRegistry(hit._source));
      }
      const last = page.hits.hits.at(-1);
      if (page.hits.hits.length < 1000 || last?.sort === undefined) return placements;
      after = last.sort;
    }
  }

  private async ensureIndex(): Promise<void> {
    if (this.indexKnown) return;
    try {
      await this.client.indices.create({
        index: this.index.concreteIndex,
        ...registryIndexDefinition(this.index.alias, this.settings),
      });
    } catch (error) {
      if (errorDetails(error)?.type !== 'resource_already_exists_exception') throw error;
    }
    this.indexKnown = true;
  }
}
