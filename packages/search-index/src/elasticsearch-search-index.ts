import { type Client } from '@elastic/elasticsearch';
import {
  assertChunkBatch,
  assertDocumentBatch,
  assertCollectionId,
  assertLimit,
  assertTermCount,
} from './argument-checks';
import { bm25QueryText } from './elasticsearch/bm25-query-text';
import { BulkWriter } from './elasticsearch/bulk-writer';
import {
  type CollectionLayout,
  type CollectionPlacement,
} from './elasticsearch/collection-placement';
import { CollectionPlacements } from './elasticsearch/collection-placements';
import { CollectionMover } from './elasticsearch/collection-mover';
import { CollectionRegistry } from './elasticsearch/collection-registry';
import { CollectionStatistics } from './elasticsearch/collection-statistics';
import { deleteIndexBehind, removeFromSharedIndex } from './elasticsearch/collection-removal';
import { DocumentManifests, routed } from './elasticsearch/document-manifests';
import { type ChunkWrite, DocumentWriter } from './elasticsearch/document-writer';
import { errorDetails, isIndexNotFound, toIndexError } from './elasticsearch/elasticsearch-errors';
import {
  connect,
  type ElasticsearchSearchIndexOptions,
  resolveOptions,
  type ResolvedElasticsearchOptions,
} from './elasticsearch/elasticsearch-options';
import { HybridRanking, type RankingPlan } from './elasticsearch/hybrid-ranking';
import { type CollectionLayoutEntry, LayoutMaintenance } from './elasticsearch/layout-maintenance';
import {
  type ChunkSource,
  type HitSource,
  hitSourceFields,
  MAX_ELASTICSEARCH_DIMENSIONS,
} from './elasticsearch/index-definition';
import { RrfRetrieverSupport } from './elasticsearch/rrf-retriever-support';
import {
  chunksByOrdinalBody,
  countChunks,
  MAX_RESULT_WINDOW,
} from './elasticsearch/search-requests';
import { toSearchHit } from './elasticsearch/search-responses';
import {
  type DocumentChunks,
  type IndexedChunk,
  type SearchHit,
  type SearchIndex,
  type SearchMode,
  type SearchQuery,
  type TermDocumentCounts,
} from './types';
import { SearchIndexUnavailableError } from './search-index-errors';
import { assertVector, normalised } from './vectors/vector-codec';
import { checkedExtras } from './chunk-extras';

/**
 * The Elasticsearch {@link SearchIndex} (9.x), for deployments with several hosts.
 *
 * Collections share a few indices by default (per dimension count), each collection's documents
 * routed by its key and every query filtered by it; a collection can also have an index of its
 * own (`layout: 'dedicated'`, or moved there when it grows: see `collectionsLayout` and
 * `migrateLayout`). A registry index says where each collection lives. A search ranks `_id`s
 * with a BM25F leg and a filtered kNN leg fused as the embedded index fuses them (convex or
 * RRF), then fetches the surviving hits once.
 * See the README for the layout, the requests and the trade-offs.
 */
export class ElasticsearchSearchIndex implements SearchIndex {
  private readonly client: Client;
  private readonly ownsClient: boolean;
  private readonly scrub: (text: string) => string;
  private readonly options: ResolvedElasticsearchOptions;
  private readonly ranking: HybridRanking;
  private readonly statistics: CollectionStatistics;
  private readonly writer: DocumentWriter;
  private readonly registry: CollectionRegistry;
  private readonly placements: CollectionPlacements;
  private readonly bulk: BulkWriter;
  /** Whether the cluster serves `_delete_by_query` (until it says it does not). */
  private readonly deletes = { deleteByQuery: true };
  private readonly maintenance: LayoutMaintenance;
  private closed = false;

  constructor(options: ElasticsearchSearchIndexOptions) {
    this.options = resolveOptions(options);
    ({ client: this.client, ownsClient: this.ownsClient, scrub: this.scrub } = connect(options));
    this.statistics = new CollectionStatistics(this.client, {
      collectionIdf: this.options.collectionIdf,
      clock: this.options.clock,
    });
    this.ranking = new HybridRanking(
      this.client,
      new RrfRetrieverSupport(this.options.rrf),
      this.statistics,
      {
        rankConstant: this.options.rankConstant,
        bm25Fields: this.options.bm25Fields,
        oversample: this.options.oversample,
        collectionIdf: this.options.collectionIdf,
      },
    );
    this.bulk = new BulkWriter(this.client, this.options.bulk);
    this.writer = new DocumentWriter(this.bulk, new DocumentManifests(this.client));
    this.registry = new CollectionRegistry(
      this.client,
      this.options.prefix,
      this.options.indexSettings,
      () => new Date(this.options.clock()),
    );
    this.placements = new CollectionPlacements(this.client, this.registry, {
      prefix: this.options.prefix,
      layout: this.options.layout,
      sharedIndices: this.options.sharedIndices,
      settings: this.options.indexSettings,
      cacheMs: this.options.placementCacheMs,
      clock: this.options.clock,
    });
    const mover = new CollectionMover(this.client, this.bulk, this.registry, this.placements, {
      sharedIndices: this.options.sharedIndices,
      settleMs: this.options.moveSettleMs,
      placementCacheMs: this.options.placementCacheMs,
      sleep: this.options.bulk.sleep,
      deletes: this.deletes,
    });
    this.maintenance = new LayoutMaintenance(
      this.client,
      this.options.prefix,
      this.registry,
      this.placements,
      mover,
      { layout: this.options.layout, dedicatedThreshold: this.options.dedicatedThreshold },
    );
  }

  /**
   * Every collection of this deployment with its place, size and where the layout rules want it
   * (largest first): the status of `pnpm es:layout`. Not part of the port.
   */
  async collectionsLayout(): Promise<CollectionLayoutEntry[]> {
    this.assertOpen();
    return this.call('collectionsLayout', () => this.maintenance.collections());
  }

  /**
   * Moves every collection the layout rules want elsewhere (made before shared indices, or grown
   * past `dedicatedThreshold`), one at a time, online; returns the moves made.
   */
  async migrateLayout(
    onMove?: (entry: CollectionLayoutEntry) => void,
  ): Promise<CollectionLayoutEntry[]> {
    this.assertOpen();
    return this.call('migrateLayout', () => this.maintenance.migrate(onMove));
  }

  /** Moves one collection into a shared index or into an index of its own, online. */
  async moveCollection(collectionId: string, layout: CollectionLayout): Promise<void> {
    this.assertOpen();
    assertCollectionId(collectionId);
    if (layout !== 'shared' && layout !== 'dedicated') {
      throw new RangeError("layout must be 'shared' or 'dedicated'");
    }
    await this.call('moveCollection', async () => {
      await this.maintenance.move(collectionId, layout);
    });
  }

  async ensureCollection(collectionId: string, dimensions: number): Promise<void> {
    this.assertOpen();
    assertCollectionId(collectionId);
    if (
      !Number.isInteger(dimensions) ||
      dimensions < 1 ||
      dimensions > MAX_ELASTICSEARCH_DIMENSIONS
    ) {
      throw new RangeError(`dimensions must be an integer in 1..${MAX_ELASTICSEARCH_DIMENSIONS}`);
    }
    await this.call('ensureCollection', async () => {
      // Read afresh, not from the cache: another host may have dropped and recreated it.
      await this.placements.ensure(collectionId, dimensions);
    });
  }

  async replaceDocumentChunks(
    collectionId: string,
    documentId: string,
    chunks: IndexedChunk[],
  ): Promise<void> {
    this.assertOpen();
    assertChunkBatch(documentId, chunks);
    assertCollectionId(collectionId);
    await this.callOnCollection('replaceDocumentChunks', collectionId, async () => {
      const placement = await this.writablePlacement(collectionId);
      // Every chunk is checked before anything is written: a rejected batch changes nothing.
      const writes = chunkWrites(placement, chunks);
      await this.writing(placement, () => this.writer.replace(placement, documentId, writes));
      this.statistics.forget(placement.key);
    });
  }

  async replaceDocumentsChunks(collectionId: string, documents: DocumentChunks[]): Promise<void> {
    this.assertOpen();
    assertDocumentBatch(documents);
    assertCollectionId(collectionId);
    if (documents.length === 0) return;
    await this.callOnCollection('replaceDocumentsChunks', collectionId, async () => {
      const placement = await this.writablePlacement(collectionId);
      const batch = documents.map(({ documentId, chunks }) => ({
        documentId,
        writes: chunkWrites(placement, chunks),
      }));
      await this.writing(placement, () => this.writer.replaceMany(placement, batch));
      this.statistics.forget(placement.key);
    });
  }

  async deleteDocument(
    collectionId: string,
    documentId: string,
    written: readonly string[] = [],
  ): Promise<void> {
    this.assertOpen();
    assertCollectionId(collectionId);
    await this.call('deleteDocument', async () => {
      const placement = await this.placements.fresh(collectionId);
      if (placement === null) return;
      if (placement.state === 'moving') throw beingMoved(collectionId);
      await this.unlessIndexMissing(collectionId, undefined, () =>
        this.writer.delete(
          placement,
          documentId,
          written.map((chunkId) => placement.chunkId(chunkId)),
        ),
      );
      this.statistics.forget(placement.key);
    });
  }

  /**
   * A dedicated index is deleted; a collection in a shared index is removed by a routed
   * delete-by-query on its key. Its registry record goes last, so a failure half-way leaves a
   * collection that a second delete removes.
   */
  async deleteCollection(collectionId: string): Promise<void> {
    this.assertOpen();
    assertCollectionId(collectionId);
    this.placements.forget(collectionId);
    await this.call('deleteCollection', async () => {
      const placement = await this.registry.read(collectionId);
      this.statistics.forget(placement?.key ?? null);
      if (placement?.layout === 'shared') {
        await removeFromSharedIndex(this.client, this.bulk, placement, this.deletes);
      }
      // Its own index, whether registered or made before the registry (or left by a move).
      await deleteIndexBehind(this.client, this.placements.dedicatedAlias(collectionId));
      await this.registry.remove(collectionId);
      this.placements.forget(collectionId);
    });
  }

  async search(query: SearchQuery): Promise<SearchHit[]> {
    this.assertOpen();
    const mode: SearchMode = query.mode ?? 'hybrid';
    if (mode !== 'hybrid' && mode !== 'bm25' && mode !== 'vector') {
      throw new RangeError(`unknown search mode: ${String(mode)}`);
    }
    assertLimit(query.limit, 'limit');
    if (query.candidates !== undefined) assertLimit(query.candidates, 'candidates');
    assertCollectionId(query.collectionId);
    if (query.limit === 0 || (query.documentIds !== undefined && query.documentIds.length === 0)) {
      return [];
    }
    return this.callOnCollection('search', query.collectionId, () =>
      this.unlessIndexMissing(query.collectionId, [], async () => {
        const placement = await this.placements.cached(query.collectionId);
        return placement === null ? [] : this.searchCollection(placement, query, mode);
      }),
    );
  }

  async getChunks(
    collectionId: string,
    documentId: string,
    ordinals: number[],
  ): Promise<SearchHit[]> {
    this.assertOpen();
    assertCollectionId(collectionId);
    if (ordinals.length === 0) return [];
    return this.call('getChunks', () =>
      this.unlessIndexMissing(collectionId, [], async () => {
        const placement = await this.placements.cached(collectionId);
        if (placement === null) return [];
        const response = await this.client.search<HitSource>({
          index: placement.index,
          ...routed(placement),
          ...chunksByOrdinalBody(documentId, ordinals, placement.filter),
        });
        return response.hits.hits.flatMap((hit) =>
          hit._source ? [toSearchHit(hit._source, { score: 0 })] : [],
        );
      }),
    );
  }

  async countChunks(collectionId: string, documentId?: string): Promise<number> {
    this.assertOpen();
    assertCollectionId(collectionId);
    return this.call('countChunks', () =>
      this.unlessIndexMissing(collectionId, 0, async () => {
        const placement = await this.placements.cached(collectionId);
        if (placement === null) return 0;
        return countChunks(this.client, placement, documentId);
      }),
    );
  }

  /**
   * One search: the collection's chunks (`track_total_hits`) and a `filters` aggregation with a
   * bucket per word (in a shared index, the shard's term statistics are read beside it and kept
   * for the search that follows: see `CollectionStatistics`).
   */
  async termDocumentCounts(collectionId: string, words: string[]): Promise<TermDocumentCounts> {
    this.assertOpen();
    assertTermCount(words);
    assertCollectionId(collectionId);
    const none = { chunks: 0, counts: words.map(() => 0) };
    return this.call('termDocumentCounts', () =>
      this.unlessIndexMissing(collectionId, none, async () => {
        const placement = await this.placements.cached(collectionId);
        return placement === null ? none : this.statistics.counts(placement, words);
      }),
    );
  }

  /**
   * `GET <index>/_refresh`: with `refresh: false` writes are otherwise searchable only after
   * the next scheduled refresh (`refresh_interval`, 1 s by default). In a shared index this
   * publishes the other collections' writes too.
   */
  async refresh(collectionId: string): Promise<void> {
    this.assertOpen();
    assertCollectionId(collectionId);
    await this.call('refresh', () =>
      this.unlessIndexMissing(collectionId, undefined, async () => {
        const placement = await this.placements.fresh(collectionId);
        if (placement === null) return;
        await this.client.indices.refresh({ index: placement.index });
        // What its writes changed is searchable now: count again.
        this.statistics.forget(placement.key);
      }),
    );
  }

  /** Throws unless the cluster answers green or yellow (a missing replica still serves). */
  async health(): Promise<void> {
    this.assertOpen();
    await this.call('health', async () => {
      const health = await this.client.cluster.health(
        {},
        { requestTimeout: this.options.healthTimeoutMs, maxRetries: 0 },
      );
      if (health.status !== 'green' && health.status !== 'yellow') {
        const status = `cluster status ${String(health.status)}`;
        throw new SearchIndexUnavailableError(`Elasticsearch health: ${status}`, status);
      }
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.placements.clear();
    if (this.ownsClient) await this.client.close();
  }

  private async searchCollection(
    placement: CollectionPlacement,
    query: SearchQuery,
    mode: SearchMode,
  ): Promise<SearchHit[]> {
    const { dimensions } = placement;
    if (mode !== 'bm25') assertVector(query.vector, dimensions, 'query');
    // A BM25-only search still reports similarities when it was given a usable query vector.
    const unitQuery =
      query.vector instanceof Float32Array && query.vector.length === dimensions
        ? normalised(query.vector)
        : null;
    const comparable = unitQuery !== null && !isZero(unitQuery) ? unitQuery : null;
    const plan: RankingPlan = {
      terms:
        mode === 'vector' || this.options.bm25Fields.length === 0
          ? null
          : bm25QueryText(query.text),
      vector: mode === 'bm25' ? null : comparable,
      legSize: Math.min(
        MAX_RESULT_WINDOW,
        mode === 'hybrid' ? (query.candidates ?? Math.max(50, 4 * query.limit)) : query.limit,
      ),
      size: Math.min(query.limit, MAX_RESULT_WINDOW),
      documentIds: query.documentIds,
      weights: [query.weights?.bm25 ?? 1, query.weights?.vector ?? 1],
      fusion: query.fusion ?? 'rrf',
      fields: hitSourceFields(query.extras === true),
    };
    if (plan.legSize === 0 || (plan.terms === null && plan.vector === null)) return [];

    const hits = await this.ranking.search(placement, plan, unitQuery);
    return hits.map(({ source, id: _id, ...scoring }) => toSearchHit(source, scoring));
  }

  /** The placement a write goes to: read afresh; none, or one being moved, is an error. */
  private async writablePlacement(collectionId: string): Promise<CollectionPlacement> {
    const placement = await this.placements.fresh(collectionId);
    if (placement === null) throw missingCollection(collectionId);
    if (placement.state === 'moving') throw beingMoved(collectionId);
    return placement;
  }

  private async writing(placement: CollectionPlacement, work: () => Promise<void>) {
    try {
      await work();
    } catch (error) {
      if (!isIndexNotFound(error)) throw error;
      this.placements.forget(placement.collectionId);
      throw missingCollection(placement.collectionId);
    }
  }

  /** Runs `work`; a missing index means an empty collection: `fallback`, and forget it. */
  private async unlessIndexMissing<T>(collectionId: string, fallback: T, work: () => Promise<T>) {
    try {
      return await work();
    } catch (error) {
      if (!isIndexNotFound(error)) throw error;
      this.placements.forget(collectionId);
      return fallback;
    }
  }

  /** Runs one public operation; failures of the client leave it without credentials in them. */
  private async call<T>(operation: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw toIndexError(operation, error, this.scrub);
    }
  }

  /**
   * As `call`; a request the collection's index refused (400) drops its cached placement, since
   * another process may have recreated or moved it: the next call reads it again.
   */
  private callOnCollection<T>(operation: string, collectionId: string, work: () => Promise<T>) {
    return this.call(operation, async () => {
      try {
        return await work();
      } catch (error) {
        if (errorDetails(error)?.status === 400) this.placements.forget(collectionId);
        throw error;
      }
    });
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('ElasticsearchSearchIndex is closed');
  }
}

function chunkWrites(placement: CollectionPlacement, chunks: IndexedChunk[]): ChunkWrite[] {
  return chunks.map((chunk, i): ChunkWrite => {
    assertVector(chunk.vector, placement.dimensions, `chunks[${i}]`);
    return {
      id: placement.chunkId(chunk.chunkId),
      document: chunkSource(placement, chunk, i),
    };
  });
}

function chunkSource(
  placement: CollectionPlacement,
  chunk: IndexedChunk,
  index: number,
): ChunkSource {
  const unit = normalised(chunk.vector);
  const extras = checkedExtras(chunk.extras, index);
  return {
    kind: 'chunk',
    collection_id: placement.collectionId,
    ...placement.keyField,
    chunk_id: chunk.chunkId,
    document_id: chunk.documentId,
    ordinal: chunk.ordinal,
    page_num: chunk.pageNum,
    text: chunk.text,
    headings: chunk.headings,
    title: chunk.title,
    // A zero vector has no direction: `dot_product` refuses it, and it is nobody's neighbour.
    ...(!isZero(unit) && { vector: Array.from(unit) }),
    ...(extras !== null && { extras: extras.toString('base64') }),
    ...(chunk.layout !== undefined && { layout: chunk.layout }),
  };
}

function missingCollection(collectionId: string): Error {
  return new Error(`search index has no collection "${collectionId}"; call ensureCollection`);
}

function beingMoved(collectionId: string): Error {
  return new SearchIndexUnavailableError(
    'Elasticsearch: the collection is being moved to another index; try again shortly',
    `collection "${collectionId}" is being moved`,
  );
}

function isZero(vector: Float32Array): boolean {
  return vector.every((component) => component === 0);
}
