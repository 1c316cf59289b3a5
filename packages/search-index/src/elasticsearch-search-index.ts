import { type Client } from '@elastic/elasticsearch';
import {
  assertChunkBatch,
  assertDocumentBatch,
  assertCollectionId,
  assertLimit,
  assertSameDimensions,
  assertTermCount,
} from './argument-checks';
import { bm25QueryText } from './elasticsearch/bm25-query-text';
import { BulkWriter } from './elasticsearch/bulk-writer';
import { DocumentManifests } from './elasticsearch/document-manifests';
import { type ChunkWrite, DocumentWriter } from './elasticsearch/document-writer';
import { errorDetails, isIndexNotFound, toIndexError } from './elasticsearch/elasticsearch-errors';
import {
  connect,
  type ElasticsearchSearchIndexOptions,
  resolveOptions,
  type ResolvedElasticsearchOptions,
} from './elasticsearch/elasticsearch-options';
import { HybridRanking, type RankingPlan } from './elasticsearch/hybrid-ranking';
import {
  type ChunkSource,
  collectionIndexDefinition,
  type HitSource,
  MAX_ELASTICSEARCH_DIMENSIONS,
  lacksStoredOnlyFields,
  STORED_ONLY_MAPPING,
  storedDimensions,
} from './elasticsearch/index-definition';
import {
  chunkDocumentId,
  type CollectionIndex,
  collectionIndex,
} from './elasticsearch/index-layout';
import { RrfRetrieverSupport } from './elasticsearch/rrf-retriever-support';
import {
  chunksByOrdinalBody,
  countQuery,
  hitsBody,
  MAX_RESULT_WINDOW,
  termCountBody,
} from './elasticsearch/search-requests';
import {
  type FetchedChunk,
  fetchedChunks,
  msearchResponse,
  toSearchHit,
  totalHits,
} from './elasticsearch/search-responses';
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
import { checkedSentenceVectors, encodeSentenceVectors } from './vectors/sentence-vector-codec';

/**
 * The Elasticsearch {@link SearchIndex} (9.x), for deployments with several hosts.
 *
 * One index per collection (behind an alias) with one primary shard, so BM25 statistics are per
 * collection as in the embedded index and deleting a collection drops its index. A search ranks
 * `_id`s with a BM25F leg and a filtered kNN leg fused by Reciprocal Rank Fusion (here, or in
 * Elasticsearch with the `rrf` retriever), then fetches the surviving hits once, with their exact
 * cosine similarity. See the README for the layout, the requests and the trade-offs.
 */
export class ElasticsearchSearchIndex implements SearchIndex {
  private readonly client: Client;
  private readonly ownsClient: boolean;
  private readonly scrub: (text: string) => string;
  private readonly options: ResolvedElasticsearchOptions;
  private readonly ranking: HybridRanking;
  private readonly writer: DocumentWriter;
  /** Dimensions of the collections met so far, by alias; dropped whenever an index is missing. */
  private readonly dimensionsByAlias = new Map<string, number>();
  private closed = false;

  constructor(options: ElasticsearchSearchIndexOptions) {
    this.options = resolveOptions(options);
    ({ client: this.client, ownsClient: this.ownsClient, scrub: this.scrub } = connect(options));
    this.ranking = new HybridRanking(this.client, new RrfRetrieverSupport(this.options.rrf), {
      rankConstant: this.options.rankConstant,
      bm25Fields: this.options.bm25Fields,
      oversample: this.options.oversample,
    });
    this.writer = new DocumentWriter(
      new BulkWriter(this.client, this.options.bulk),
      new DocumentManifests(this.client),
    );
  }

  async ensureCollection(collectionId: string, dimensions: number): Promise<void> {
    this.assertOpen();
    if (
      !Number.isInteger(dimensions) ||
      dimensions < 1 ||
      dimensions > MAX_ELASTICSEARCH_DIMENSIONS
    ) {
      throw new RangeError(`dimensions must be an integer in 1..${MAX_ELASTICSEARCH_DIMENSIONS}`);
    }
    const target = this.target(collectionId);
    await this.call('ensureCollection', async () => {
      // Read afresh, not from the cache: another host may have dropped and recreated it.
      const stored = await this.readDimensions(target.alias);
      if (stored !== undefined) {
        assertSameDimensions(collectionId, stored, dimensions);
        return;
      }
      try {
        await this.client.indices.create({
          index: target.concreteIndex,
          ...collectionIndexDefinition(
            target.alias,
            collectionId,
            dimensions,
            this.options.indexSettings,
          ),
        });
        this.dimensionsByAlias.set(target.alias, dimensions);
      } catch (error) {
        // Another process created it since the check above.
        if (errorDetails(error)?.type !== 'resource_already_exists_exception') throw error;
        const raced = await this.readDimensions(target.alias);
        if (raced === undefined) throw error;
        assertSameDimensions(collectionId, raced, dimensions);
      }
    });
  }

  async replaceDocumentChunks(
    collectionId: string,
    documentId: string,
    chunks: IndexedChunk[],
  ): Promise<void> {
    this.assertOpen();
    assertChunkBatch(documentId, chunks);
    const { alias } = this.target(collectionId);
    await this.callOnCollection('replaceDocumentChunks', alias, async () => {
      const dimensions = await this.knownDimensions(alias);
      if (dimensions === undefined) throw missingCollection(collectionId);
      // Every chunk is checked before anything is written: a rejected batch changes nothing.
      const writes = chunks.map((chunk, i): ChunkWrite => {
        assertVector(chunk.vector, dimensions, `chunks[${i}]`);
        return {
          id: chunkDocumentId(chunk.chunkId),
          document: chunkSource(collectionId, chunk, dimensions, i),
        };
      });
      try {
        await this.writer.replace(alias, documentId, writes);
      } catch (error) {
        if (!isIndexNotFound(error)) throw error;
        this.dimensionsByAlias.delete(alias);
        throw missingCollection(collectionId);
      }
    });
  }

  async replaceDocumentsChunks(collectionId: string, documents: DocumentChunks[]): Promise<void> {
    this.assertOpen();
    assertDocumentBatch(documents);
    if (documents.length === 0) return;
    const { alias } = this.target(collectionId);
    await this.callOnCollection('replaceDocumentsChunks', alias, async () => {
      const dimensions = await this.knownDimensions(alias);
      if (dimensions === undefined) throw missingCollection(collectionId);
      const batch = documents.map(({ documentId, chunks }) => ({
        documentId,
        writes: chunks.map((chunk, i): ChunkWrite => {
          assertVector(chunk.vector, dimensions, `chunks[${i}]`);
          return {
            id: chunkDocumentId(chunk.chunkId),
            document: chunkSource(collectionId, chunk, dimensions, i),
          };
        }),
      }));
      try {
        await this.writer.replaceMany(alias, batch);
      } catch (error) {
        if (!isIndexNotFound(error)) throw error;
        this.dimensionsByAlias.delete(alias);
        throw missingCollection(collectionId);
      }
    });
  }

  async deleteDocument(collectionId: string, documentId: string): Promise<void> {
    this.assertOpen();
    const { alias } = this.target(collectionId);
    await this.call('deleteDocument', () =>
      this.unlessIndexMissing(alias, undefined, () => this.writer.delete(alias, documentId)),
    );
  }

  async deleteCollection(collectionId: string): Promise<void> {
    this.assertOpen();
    const { alias } = this.target(collectionId);
    this.dimensionsByAlias.delete(alias);
    await this.call('deleteCollection', async () => {
      let indices: string[];
      try {
        indices = Object.keys(await this.client.indices.getAlias({ name: alias }));
      } catch (error) {
        if (errorDetails(error)?.status === 404) return;
        throw error;
      }
      // An index cannot be deleted through its alias: delete what the alias points at.
      if (indices.length > 0) {
        await this.client.indices.delete({ index: indices, ignore_unavailable: true });
      }
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
    const { alias } = this.target(query.collectionId);
    if (query.limit === 0 || (query.documentIds !== undefined && query.documentIds.length === 0)) {
      return [];
    }
    return this.callOnCollection('search', alias, () =>
      this.unlessIndexMissing(alias, [], () => this.searchCollection(alias, query, mode)),
    );
  }

  async getChunks(
    collectionId: string,
    documentId: string,
    ordinals: number[],
  ): Promise<SearchHit[]> {
    this.assertOpen();
    const { alias } = this.target(collectionId);
    if (ordinals.length === 0) return [];
    return this.call('getChunks', () =>
      this.unlessIndexMissing(alias, [], async () => {
        const response = await this.client.search<HitSource>({
          index: alias,
          ...chunksByOrdinalBody(documentId, ordinals),
        });
        return response.hits.hits.flatMap((hit) =>
          hit._source ? [toSearchHit(hit._source, { score: 0 })] : [],
        );
      }),
    );
  }

  async countChunks(collectionId: string, documentId?: string): Promise<number> {
    this.assertOpen();
    const { alias } = this.target(collectionId);
    return this.call('countChunks', () =>
      this.unlessIndexMissing(alias, 0, async () => {
        const response = await this.client.count({ index: alias, query: countQuery(documentId) });
        return response.count;
      }),
    );
  }

  /** One `_msearch`: the chunk count, then a hit count per word (`size: 0`). */
  async termDocumentCounts(collectionId: string, words: string[]): Promise<TermDocumentCounts> {
    this.assertOpen();
    assertTermCount(words);
    const { alias } = this.target(collectionId);
    const none = { chunks: 0, counts: words.map(() => 0) };
    const asked = words.filter((word) => word.trim() !== '');
    return this.call('termDocumentCounts', () =>
      this.unlessIndexMissing(alias, none, async () => {
        const { responses } = await this.client.msearch({
          index: alias,
          searches: [undefined, ...asked].flatMap((word) => [{}, termCountBody(word)]),
        });
        const totals = responses.map((item) => totalHits(msearchResponse(item)));
        let next = 1;
        return {
          chunks: totals[0] ?? 0,
          counts: words.map((word) => (word.trim() === '' ? 0 : (totals[next++] ?? 0))),
        };
      }),
    );
  }

  /**
   * `GET <alias>/_refresh`: with `refresh: false` writes are otherwise searchable only after
   * the next scheduled refresh (`refresh_interval`, 1 s by default).
   */
  async refresh(collectionId: string): Promise<void> {
    this.assertOpen();
    const { alias } = this.target(collectionId);
    await this.call('refresh', () =>
      this.unlessIndexMissing(alias, undefined, async () => {
        await this.client.indices.refresh({ index: alias });
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
    this.dimensionsByAlias.clear();
    if (this.ownsClient) await this.client.close();
  }

  private async searchCollection(
    alias: string,
    query: SearchQuery,
    mode: SearchMode,
  ): Promise<SearchHit[]> {
    const dimensions = await this.knownDimensions(alias);
    if (dimensions === undefined) return [];
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
    };
    if (plan.legSize === 0 || (plan.terms === null && plan.vector === null)) return [];

    const ranking = await this.ranking.rank(alias, plan);
    if (ranking.length === 0) return [];
    const fetched = fetchedChunks(
      await this.client.search<HitSource>({
        index: alias,
        ...hitsBody(
          ranking.map((ranked) => ranked.id),
          comparable !== null,
        ),
      }),
    );
    return ranking.flatMap(({ id, ...scoring }) => {
      const chunk = fetched.get(id);
      if (chunk === undefined) return []; // deleted since it was ranked
      return [toSearchHit(chunk.source, { ...scoring, similarity: similarity(chunk, unitQuery) })];
    });
  }

  /** Runs `work`; a missing index means an empty collection: `fallback`, and forget it. */
  private async unlessIndexMissing<T>(alias: string, fallback: T, work: () => Promise<T>) {
    try {
      return await work();
    } catch (error) {
      if (!isIndexNotFound(error)) throw error;
      this.dimensionsByAlias.delete(alias);
      return fallback;
    }
  }

  private async knownDimensions(alias: string): Promise<number | undefined> {
    return this.dimensionsByAlias.get(alias) ?? (await this.readDimensions(alias));
  }

  private async readDimensions(alias: string): Promise<number | undefined> {
    return this.unlessIndexMissing(alias, undefined, async () => {
      const mapping = await this.client.indices.getMapping({ index: alias });
      const dimensions = storedDimensions(mapping, alias);
      // An index made before sentence vectors or layouts were stored gets their fields (its
      // `dynamic: strict` mapping would refuse them); adding a field leaves stored chunks as
      // they are.
      if (lacksStoredOnlyFields(mapping)) {
        await this.client.indices.putMapping({
          index: alias,
          properties: STORED_ONLY_MAPPING,
        });
      }
      this.dimensionsByAlias.set(alias, dimensions);
      return dimensions;
    });
  }

  private target(collectionId: string): CollectionIndex {
    assertCollectionId(collectionId);
    return collectionIndex(this.options.prefix, collectionId);
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
   * As `call`; a request the collection's index refused (400) drops its cached dimensions, since
   * another process may have recreated it with other dimensions: the next call reads them again.
   */
  private callOnCollection<T>(operation: string, alias: string, work: () => Promise<T>) {
    return this.call(operation, async () => {
      try {
        return await work();
      } catch (error) {
        if (errorDetails(error)?.status === 400) this.dimensionsByAlias.delete(alias);
        throw error;
      }
    });
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('ElasticsearchSearchIndex is closed');
  }
}

function chunkSource(
  collectionId: string,
  chunk: IndexedChunk,
  dimensions: number,
  index: number,
): ChunkSource {
  const unit = normalised(chunk.vector);
  const sentences = chunk.sentenceVectors?.length
    ? checkedSentenceVectors(chunk.sentenceVectors, dimensions, index)
    : [];
  return {
    kind: 'chunk',
    collection_id: collectionId,
    chunk_id: chunk.chunkId,
    document_id: chunk.documentId,
    ordinal: chunk.ordinal,
    page_num: chunk.pageNum,
    text: chunk.text,
    headings: chunk.headings,
    title: chunk.title,
    // A zero vector has no direction: `dot_product` refuses it, and it is nobody's neighbour.
    ...(!isZero(unit) && { vector: Array.from(unit) }),
    ...(sentences.length > 0 && {
      sentence_vectors: encodeSentenceVectors(sentences, dimensions).toString('base64'),
    }),
    ...(chunk.layout !== undefined && { layout: chunk.layout }),
  };
}

/**
 * Cosine to the query: both vectors are unit length (stored ones were normalised before they were
 * written), so it is their dot product, on the stored float vectors rather than the int8 copies
 * the kNN leg ranks with. A zero vector on either side has cosine 0, as in the embedded index.
 */
function similarity(chunk: FetchedChunk, unitQuery: Float32Array | null): number | undefined {
  if (unitQuery === null) return undefined;
  const stored = chunk.vector;
  if (stored === null || stored.length !== unitQuery.length) return 0;
  let dot = 0;
  for (let i = 0; i < stored.length; i++) dot += stored[i]! * unitQuery[i]!;
  return dot;
}

function missingCollection(collectionId: string): Error {
  return new Error(`search index has no collection "${collectionId}"; call ensureCollection`);
}

function isZero(vector: Float32Array): boolean {
  return vector.every((component) => component === 0);
}
