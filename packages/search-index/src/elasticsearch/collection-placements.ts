import { type Client, type estypes } from '@elastic/elasticsearch';
import { assertSameDimensions } from '../argument-checks';
import { type CollectionLayout, CollectionPlacement } from './collection-placement';
import { type CollectionRegistry } from './collection-registry';
import { errorDetails, isIndexNotFound } from './elasticsearch-errors';
import {
  type CollectionIndexSettings,
  collectionIndexDefinition,
  lacksStoredOnlyFields,
  STORED_ONLY_MAPPING,
  sharedIndexDefinition,
  storedDimensions,
} from './index-definition';
import { collectionIndex, newCollectionKey, sharedIndex, sharedIndexSlot } from './index-layout';

export interface PlacementOptions {
  prefix: string;
  /** Where new collections go. */
  layout: CollectionLayout;
  /** Shared indices per dimension count; a new collection goes to one by a hash of its id. */
  sharedIndices: number;
  settings: CollectionIndexSettings;
  /** How long a search trusts the placement it read (another process may move or delete it). */
  cacheMs: number;
  clock: () => number;
}

/**
 * Finds and creates collections' places: the registry first, then (for a collection made before
 * the registry existed) its dedicated index, which is then registered as it is. Searches use a
 * placement for up to `cacheMs`; writes read it afresh, so they never write into a place a
 * collection has left.
 */
export class CollectionPlacements {
  private readonly cache = new Map<string, { placement: CollectionPlacement; until: number }>();
  private readonly sharedIndicesKnown = new Set<string>();
  /** Indices this process brought up to the current stored-only fields (`withStoredOnlyFields`). */
  private readonly upToDate = new Set<string>();
  /** Registry reads under way for searches: an ask's counts and search read the record once. */
  private readonly reading = new Map<string, Promise<CollectionPlacement | null>>();

  constructor(
    private readonly client: Client,
    private readonly registry: CollectionRegistry,
    private readonly options: PlacementOptions,
  ) {}

  /** For reads: the cached placement while it is fresh enough, else `fresh`. */
  async cached(collectionId: string): Promise<CollectionPlacement | null> {
    const entry = this.cache.get(collectionId);
    if (entry !== undefined && this.options.clock() < entry.until) return entry.placement;
    const underWay = this.reading.get(collectionId);
    if (underWay !== undefined) return underWay;
    const read = this.fresh(collectionId).finally(() => {
      if (this.reading.get(collectionId) === read) this.reading.delete(collectionId);
    });
    this.reading.set(collectionId, read);
    return read;
  }

  /** The placement as the registry (or a dedicated index made before it) says now. */
  async fresh(collectionId: string): Promise<CollectionPlacement | null> {
    const registered = await this.registry.read(collectionId);
    if (registered !== null) return this.remember(registered);
    const dedicated = await this.dedicatedIndexOf(collectionId);
    if (dedicated === null) {
      this.forget(collectionId);
      return null;
    }
    return this.remember(await this.registry.create(dedicated));
  }

  /** The collection's placement, created where the layout says when it has none. */
  async ensure(collectionId: string, dimensions: number): Promise<CollectionPlacement> {
    const existing = await this.fresh(collectionId);
    if (existing !== null) {
      assertSameDimensions(collectionId, existing.dimensions, dimensions);
      await this.withStoredOnlyFields(existing.index);
      return existing;
    }
    const created =
      this.options.layout === 'dedicated'
        ? await this.createDedicated(collectionId, dimensions)
        : await this.createShared(collectionId, dimensions);
    const winner = await this.registry.create(created);
    assertSameDimensions(collectionId, winner.dimensions, dimensions);
    return this.remember(winner);
  }

  forget(collectionId: string): void {
    this.cache.delete(collectionId);
    // A read already under way may predate what made us forget it.
    this.reading.delete(collectionId);
  }

  clear(): void {
    this.cache.clear();
    this.reading.clear();
  }

  /** Creates (if needed) the shared index a collection goes to. */
  async ensureSharedIndex(dimensions: number, slot: number): Promise<string> {
    const shared = sharedIndex(this.options.prefix, dimensions, slot);
    if (this.sharedIndicesKnown.has(shared.alias)) return shared.alias;
    try {
      await this.client.indices.create({
        index: shared.concreteIndex,
        ...sharedIndexDefinition(shared.alias, dimensions, this.options.settings),
      });
      this.upToDate.add(shared.alias);
    } catch (error) {
      if (errorDetails(error)?.type !== 'resource_already_exists_exception') throw error;
      // Made by another process, perhaps by an earlier version.
      await this.withStoredOnlyFields(shared.alias);
    }
    this.sharedIndicesKnown.add(shared.alias);
    return shared.alias;
  }

  /**
   * Adds the stored-only fields an index made by an earlier version lacks (`extras`), once per
   * index and process: an ingestion ensures its collection before it writes, and the index's
   * `dynamic: strict` mapping would refuse them. Adding a field leaves every chunk as it is.
   */
  private async withStoredOnlyFields(index: string): Promise<void> {
    if (this.upToDate.has(index)) return;
    await this.client.indices.putMapping({ index, properties: STORED_ONLY_MAPPING });
    this.upToDate.add(index);
  }

  /** A new dedicated index for the collection (or the one another process just made). */
  async createDedicated(collectionId: string, dimensions: number): Promise<CollectionPlacement> {
    const target = collectionIndex(this.options.prefix, collectionId);
    try {
      await this.client.indices.create({
        index: target.concreteIndex,
        ...collectionIndexDefinition(target.alias, collectionId, dimensions, this.options.settings),
      });
    } catch (error) {
      if (errorDetails(error)?.type !== 'resource_already_exists_exception') throw error;
      const raced = await this.dedicatedIndexOf(collectionId);
      if (raced === null) throw error;
      assertSameDimensions(collectionId, raced.dimensions, dimensions);
    }
    this.upToDate.add(target.alias);
    return new CollectionPlacement(collectionId, dimensions, 'dedicated', target.alias, null);
  }

  private async createShared(
    collectionId: string,
    dimensions: number,
  ): Promise<CollectionPlacement> {
    const slot = sharedIndexSlot(collectionId, this.options.sharedIndices);
    const alias = await this.ensureSharedIndex(dimensions, slot);
    return new CollectionPlacement(collectionId, dimensions, 'shared', alias, newCollectionKey());
  }

  /**
   * The collection's dedicated index, when there is one: read from its mapping's `_meta`. An index
   * made before sentence vectors or layouts were stored gets their fields (its `dynamic: strict` mapping
   * would refuse them); adding a field leaves every stored chunk as it is.
   */
  async dedicatedIndexOf(collectionId: string): Promise<CollectionPlacement | null> {
    const alias = this.dedicatedAlias(collectionId);
    try {
      const mapping = await this.client.indices.getMapping({ index: alias });
      return await this.dedicatedFromMapping(collectionId, mapping);
    } catch (error) {
      if (isIndexNotFound(error)) return null;
      throw error;
    }
  }

  /**
   * The placement of a collection's dedicated index whose mapping (one index's) was already
   * read, with the stored-only fields added when it lacks them (see `dedicatedIndexOf`).
   */
  async dedicatedFromMapping(
    collectionId: string,
    mapping: estypes.IndicesGetMappingResponse,
  ): Promise<CollectionPlacement> {
    const alias = this.dedicatedAlias(collectionId);
    const dimensions = storedDimensions(mapping, alias);
    if (lacksStoredOnlyFields(mapping)) {
      await this.client.indices.putMapping({
        index: alias,
        properties: STORED_ONLY_MAPPING,
      });
    }
    this.upToDate.add(alias);
    return new CollectionPlacement(collectionId, dimensions, 'dedicated', alias, null);
  }

  /** The alias of the collection's dedicated index (whether it exists or not). */
  dedicatedAlias(collectionId: string): string {
    return collectionIndex(this.options.prefix, collectionId).alias;
  }

  private remember(placement: CollectionPlacement): CollectionPlacement {
    this.cache.set(placement.collectionId, {
      placement,
      until: this.options.clock() + this.options.cacheMs,
    });
    return placement;
  }
}
