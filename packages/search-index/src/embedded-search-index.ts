import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import {
  ftsMatchExpression,
  restrictToDocuments,
  wordInColumns,
} from './bm25/fts-match-expression';
import {
  assertDocumentBatch,
  assertCollectionId,
  assertLimit,
  assertSameDimensions,
  assertTermCount,
} from './argument-checks';
import { CollectionStatements, toSearchHit } from './embedded/collection-statements';
import { type Bm25Weights, DEFAULT_BM25_WEIGHTS } from './bm25/bm25-weights';
import {
  CATALOGUE_SQL,
  type CollectionTables,
  collectionTables,
  createCollectionTablesSql,
  documentKey,
  dropCollectionTablesSql,
  SCHEMA_VERSION,
  tablesOfKey,
  upgradeCollectionTablesSql,
  UPGRADED_COLUMNS,
} from './embedded/sqlite-schema';
import { checkedExtras } from './chunk-extras';
import { convexFusion } from './fusion/convex-fusion';
import {
  DEFAULT_RRF_K,
  reciprocalRankFusion,
  type FusedItem,
} from './fusion/reciprocal-rank-fusion';
import {
  type DocumentChunks,
  type IndexedChunk,
  type SearchHit,
  type SearchIndex,
  type SearchMode,
  type SearchQuery,
  type TermDocumentCounts,
} from './types';
import { type ScorerKind } from './vectors/dot-product-scorer';
import { assertVector, dotWithBlob, encodeVector, normalised } from './vectors/vector-codec';
import { VectorMatrix } from './vectors/vector-matrix';
import { VectorMatrixCache } from './vectors/vector-matrix-cache';

export interface EmbeddedSearchIndexOptions {
  /** SQLite file (its directory is created), or `:memory:` for a private in-memory index. */
  path: string;
  /** How long a statement waits for another process's write lock before failing. Default 5000. */
  busyTimeoutMs?: number;
  /** bm25() column weights. Default text 1.0, headings 2.0, title 1.5. */
  bm25Weights?: Partial<Bm25Weights>;
  /** Reciprocal Rank Fusion constant. Default 60. */
  rrfK?: number;
  /** Budget for cached vector matrices across collections (LRU). Default 2 GiB. */
  vectorCacheBytes?: number;
  /** Vector scoring kernel; `wasm-simd` falls back to `js` where unavailable. */
  vectorScorer?: ScorerKind;
  /**
   * Writes remembered per collection so cached vectors catch up by reading only the changed
   * documents; a reader further behind reloads everything. Default 10 000.
   */
  changeLogGenerations?: number;
}

const SEARCHABLE_COLUMNS = ['text', 'headings', 'title'];
const MAX_KEYED_FILTER_DOCUMENTS = 256;
const DEFAULT_VECTOR_CACHE_BYTES = 2 * 1024 ** 3;
const MAX_DIMENSIONS = 65_536;
const DEFAULT_CHANGE_LOG_GENERATIONS = 10_000;

interface CatalogueRow {
  table_key: string;
  dimensions: number;
  generation: number;
  incarnation: string;
}

interface CollectionHandle {
  collectionId: string;
  tables: CollectionTables;
  statements: CollectionStatements;
  catalogue: CatalogueRow;
}

/**
 * The embedded {@link SearchIndex}: one SQLite file holding, per collection, a chunks table and
 * an FTS5 index (BM25 with per-collection statistics), plus exact cosine kNN over an in-memory
 * float32 matrix that is reloaded whenever the collection's generation counter moved. Several
 * processes on one host can share the file (WAL, busy timeout, generation checked on every search).
 *
 * better-sqlite3 is synchronous: every method does its work before its promise settles.
 */
export class EmbeddedSearchIndex implements SearchIndex {
  private readonly db: Database.Database;
  private readonly weights: Bm25Weights;
  private readonly rrfK: number;
  private readonly scorerKind: ScorerKind;
  private readonly changeLogGenerations: number;
  private readonly matrices: VectorMatrixCache;
  private readonly statementsByKey = new Map<string, CollectionStatements>();
  private readonly selectCatalogue: Database.Statement<[string], CatalogueRow>;
  private readonly bumpGeneration: Database.Statement<[string], number>;
  private closed = false;

  constructor(options: EmbeddedSearchIndexOptions) {
    this.weights = { ...DEFAULT_BM25_WEIGHTS, ...options.bm25Weights };
    for (const [column, weight] of Object.entries(this.weights)) {
      if (!Number.isFinite(weight) || weight < 0) {
        throw new RangeError(`bm25 weight for ${column} must be a finite number >= 0`);
      }
    }
    this.rrfK = options.rrfK ?? DEFAULT_RRF_K;
    if (!Number.isFinite(this.rrfK) || this.rrfK <= 0) {
      throw new RangeError('rrfK must be a positive number');
    }
    this.scorerKind = options.vectorScorer ?? 'wasm-simd';
    this.changeLogGenerations = options.changeLogGenerations ?? DEFAULT_CHANGE_LOG_GENERATIONS;
    if (!Number.isInteger(this.changeLogGenerations) || this.changeLogGenerations < 1) {
      throw new RangeError('changeLogGenerations must be a positive integer');
    }
    this.matrices = new VectorMatrixCache(options.vectorCacheBytes ?? DEFAULT_VECTOR_CACHE_BYTES);

    if (options.path !== ':memory:' && !options.path.startsWith('file:')) {
      mkdirSync(dirname(options.path), { recursive: true });
    }
    this.db = new Database(options.path, { timeout: options.busyTimeoutMs ?? 5000 });
    try {
      // WAL: readers never block the writer and see a consistent snapshot, which is what lets an
      // api and a worker process share the file. NORMAL sync is durable across process crashes.
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = NORMAL');
      this.db.transaction(() => this.migrate()).immediate();
      this.selectCatalogue = this.db.prepare<[string], CatalogueRow>(
        `SELECT table_key, dimensions, generation, incarnation
         FROM search_index_collections WHERE collection_id = ?`,
      );
      this.bumpGeneration = this.db
        .prepare<[string], number>(
          `UPDATE search_index_collections SET generation = generation + 1
           WHERE collection_id = ? RETURNING generation`,
        )
        .pluck();
    } catch (error) {
      this.db.close();
      throw error;
    }
  }

  async ensureCollection(collectionId: string, dimensions: number): Promise<void> {
    this.assertOpen();
    assertCollectionId(collectionId);
    if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > MAX_DIMENSIONS) {
      throw new RangeError(`dimensions must be an integer in 1..${MAX_DIMENSIONS}`);
    }
    const existing = this.selectCatalogue.get(collectionId);
    if (existing) {
      assertSameDimensions(collectionId, existing.dimensions, dimensions);
      return;
    }
    this.db
      .transaction(() => {
        // Another process may have created it since the check above.
        const raced = this.selectCatalogue.get(collectionId);
        if (raced) {
          assertSameDimensions(collectionId, raced.dimensions, dimensions);
          return;
        }
        const tables = collectionTables(collectionId);
        this.db.exec(createCollectionTablesSql(tables));
        this.db
          .prepare(
            `INSERT INTO search_index_collections
               (collection_id, table_key, dimensions, generation, incarnation, created_at)
             VALUES (?, ?, ?, 0, ?, ?)`,
          )
          .run(collectionId, tables.key, dimensions, randomUUID(), new Date().toISOString());
      })
      .immediate();
  }

  async replaceDocumentChunks(
    collectionId: string,
    documentId: string,
    chunks: IndexedChunk[],
  ): Promise<void> {
    return this.replaceDocumentsChunks(collectionId, [{ documentId, chunks }]);
  }

  async replaceDocumentsChunks(collectionId: string, documents: DocumentChunks[]): Promise<void> {
    this.assertOpen();
    assertDocumentBatch(documents);
    if (documents.length === 0) return;
    // IMMEDIATE takes the write lock up front: a deferred transaction that upgrades from read to
    // write can fail with SQLITE_BUSY without waiting for the busy timeout. One transaction for
    // the whole batch: one fsync, one generation bump per document.
    this.db
      .transaction(() => {
        const collection = this.requireCollection(collectionId);
        const rows = documents.map(({ documentId, chunks }) => {
          const key = documentKey(documentId);
          return chunks.map((chunk, i) => {
            assertVector(chunk.vector, collection.catalogue.dimensions, `chunks[${i}]`);
            return {
              chunkId: chunk.chunkId,
              documentId,
              documentKey: key,
              ordinal: chunk.ordinal,
              pageNum: chunk.pageNum,
              text: chunk.text,
              headings: chunk.headings,
              title: chunk.title,
              vector: encodeVector(normalised(chunk.vector)),
              extras: checkedExtras(chunk.extras, i),
              layout: chunk.layout ?? null,
            };
          });
        });
        for (const [i, { documentId }] of documents.entries()) {
          const deleted = collection.statements.deleteDocument(documentId);
          for (const row of rows[i]!) {
            try {
              collection.statements.insertChunk(row);
            } catch (error) {
              if (isUniqueViolation(error)) {
                throw new Error(`chunkId "${row.chunkId}" already belongs to another document`);
              }
              throw error;
            }
          }
          if (deleted > 0 || rows[i]!.length > 0) this.recordWrite(collection, documentId);
        }
      })
      .immediate();
  }

  // One transaction removes every row of the document, whoever wrote it: `written` adds nothing.
  async deleteDocument(collectionId: string, documentId: string): Promise<void> {
    this.assertOpen();
    this.db
      .transaction(() => {
        const collection = this.findCollection(collectionId);
        if (!collection) return;
        if (collection.statements.deleteDocument(documentId) > 0) {
          this.recordWrite(collection, documentId);
        }
      })
      .immediate();
  }

  async deleteCollection(collectionId: string): Promise<void> {
    this.assertOpen();
    const tables = collectionTables(collectionId);
    this.statementsByKey.delete(tables.key);
    this.matrices.delete(tables.key);
    this.db
      .transaction(() => {
        if (!this.selectCatalogue.get(collectionId)) return;
        this.db.exec(dropCollectionTablesSql(tables));
        this.db
          .prepare('DELETE FROM search_index_collections WHERE collection_id = ?')
          .run(collectionId);
      })
      .immediate();
  }

  async search(query: SearchQuery): Promise<SearchHit[]> {
    this.assertOpen();
    const mode: SearchMode = query.mode ?? 'hybrid';
    if (mode !== 'hybrid' && mode !== 'bm25' && mode !== 'vector') {
      throw new RangeError(`unknown search mode: ${String(mode)}`);
    }
    assertLimit(query.limit, 'limit');
    if (query.candidates !== undefined) assertLimit(query.candidates, 'candidates');
    if (query.limit === 0 || (query.documentIds !== undefined && query.documentIds.length === 0)) {
      return [];
    }
    // One read transaction: the generation check, both legs and the row fetch see one snapshot,
    // so rowids from the cached matrix always resolve even while another process writes.
    return this.db.transaction(() => this.searchInSnapshot(query, mode))();
  }

  async getChunks(
    collectionId: string,
    documentId: string,
    ordinals: number[],
  ): Promise<SearchHit[]> {
    this.assertOpen();
    if (ordinals.length === 0) return [];
    const collection = this.findCollection(collectionId);
    if (!collection) return [];
    return collection.statements
      .byOrdinals(documentId, ordinals)
      .map((row) => toSearchHit(row, { score: 0 }));
  }

  async countChunks(collectionId: string, documentId?: string): Promise<number> {
    this.assertOpen();
    const collection = this.findCollection(collectionId);
    return collection ? collection.statements.count(documentId) : 0;
  }

  async termDocumentCounts(collectionId: string, words: string[]): Promise<TermDocumentCounts> {
    this.assertOpen();
    assertTermCount(words);
    const collection = this.findCollection(collectionId);
    if (!collection) return { chunks: 0, counts: words.map(() => 0) };
    return this.db.transaction(() => ({
      chunks: collection.statements.count(),
      counts: words.map((word) =>
        word.trim() === ''
          ? 0
          : collection.statements.matchCount(wordInColumns(word, SEARCHABLE_COLUMNS)),
      ),
    }))();
  }

  /** Writes are visible once their transaction commits: nothing to publish. */
  async refresh(collectionId: string): Promise<void> {
    this.assertOpen();
    assertCollectionId(collectionId);
  }

  async health(): Promise<void> {
    this.assertOpen();
    this.db.prepare('SELECT count(*) FROM search_index_collections').get();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.matrices.clear();
    this.statementsByKey.clear();
    this.db.close();
  }

  private searchInSnapshot(query: SearchQuery, mode: SearchMode): SearchHit[] {
    const collection = this.findCollection(query.collectionId);
    if (!collection) return [];
    const { dimensions } = collection.catalogue;
    const usesVectors = mode !== 'bm25';
    if (usesVectors) assertVector(query.vector, dimensions, 'query');
    // A BM25-only search still reports similarities when it was given a usable query vector.
    const unitQuery =
      query.vector instanceof Float32Array && query.vector.length === dimensions
        ? normalised(query.vector)
        : null;

    const legSize =
      mode === 'hybrid' ? (query.candidates ?? Math.max(50, 4 * query.limit)) : query.limit;
    const bm25Matches = mode === 'vector' ? [] : this.bm25Leg(collection, query, legSize);
    const bm25RowIds = bm25Matches.map((m) => m.id);
    query.onStage?.('bm25');
    const similarities = new Map<number, number>();
    const vectorRowIds: number[] = [];
    if (usesVectors && unitQuery && !isZero(unitQuery)) {
      for (const neighbour of this.vectorLeg(collection, unitQuery, legSize, query.documentIds)) {
        vectorRowIds.push(neighbour.rowId);
        similarities.set(neighbour.rowId, neighbour.similarity);
      }
    }
    query.onStage?.('vector');

    const weights: [number, number] = [query.weights?.bm25 ?? 1, query.weights?.vector ?? 1];
    const withExtras = query.extras === true;
    let fused: Array<FusedItem<number>>;
    const convex = mode === 'hybrid' && query.fusion === 'convex' && unitQuery !== null;
    if (convex) {
      // Every candidate needs its cosine: the BM25 leg's that the vector leg did not return
      // have their vectors read (only those: their rows' text and extras would be read for
      // nothing), before ranking.
      const candidates = [...new Set([...bm25RowIds, ...vectorRowIds])];
      const unscored = candidates.filter((id) => !similarities.has(id));
      for (const [id, vector] of collection.statements.vectorsByIds(unscored)) {
        similarities.set(id, dotWithBlob(unitQuery, vector));
      }
      fused = convexFusion(bm25Matches, vectorRowIds, similarities, weights, (a, b) => a - b).slice(
        0,
        query.limit,
      );
    } else {
      fused = reciprocalRankFusion([bm25RowIds, vectorRowIds], this.rrfK, weights).slice(
        0,
        query.limit,
      );
    }
    query.onStage?.('fusion');
    const rowsById = new Map(
      collection.statements
        // Convex fusion knows every hit's cosine: the rows' vectors are not read again.
        .byIds(
          fused.map((item) => item.id),
          { extras: withExtras, vector: !convex },
        )
        .map((row) => [row.id, row]),
    );
    // Document keys are 60-bit hashes: re-check the filter so a collision can never leak a hit.
    const allowed = query.documentIds === undefined ? null : new Set(query.documentIds);
    const hits: SearchHit[] = [];
    for (const { id, score, ranks } of fused) {
      const row = rowsById.get(id);
      if (!row || (allowed && !allowed.has(row.document_id))) continue;
      let similarity = similarities.get(id);
      if (similarity === undefined && unitQuery && row.vector) {
        similarity = dotWithBlob(unitQuery, row.vector);
      }
      hits.push(
        toSearchHit(row, {
          score,
          bm25Rank: ranks[0],
          vectorRank: ranks[1],
          similarity: Number.isNaN(similarity) ? undefined : similarity,
        }),
      );
    }
    query.onStage?.('rows');
    return hits;
  }

  private bm25Leg(
    collection: CollectionHandle,
    query: SearchQuery,
    size: number,
  ): Array<{ id: number; score: number }> {
    const terms = ftsMatchExpression(query.text);
    if (terms === null) return [];
    const { documentIds } = query;
    if (documentIds === undefined) return collection.statements.bm25Matches(terms, size);
    // Each key in the MATCH expression costs an index seek (~0.1 ms): short filters go into the
    // expression, long ones are checked by a join over the matches.
    if (documentIds.length > MAX_KEYED_FILTER_DOCUMENTS) {
      return collection.statements.bm25Matches(terms, size, documentIds);
    }
    const expression = restrictToDocuments(terms, documentIds.map(documentKey), SEARCHABLE_COLUMNS);
    return collection.statements.bm25Matches(expression, size);
  }

  private vectorLeg(
    collection: CollectionHandle,
    unitQuery: Float32Array,
    size: number,
    documentIds: readonly string[] | undefined,
  ) {
    const { catalogue, statements } = collection;
    const matrix = this.matrices.get(collection.tables.key, catalogue, {
      load: () =>
        VectorMatrix.load(
          statements.count(),
          catalogue.dimensions,
          statements.iterateMatrixRows(),
          this.scorerKind,
        ),
      refresh: (stale, fromGeneration) => {
        const changed = statements.documentsChangedSince(fromGeneration, catalogue.generation);
        if (changed === null) return false;
        stale.replaceDocuments(changed, statements.matrixRowsOf(changed));
        return true;
      },
    });
    return matrix.nearest(unitQuery, size, documentIds);
  }

  private findCollection(collectionId: string): CollectionHandle | undefined {
    const catalogue = this.selectCatalogue.get(collectionId);
    if (!catalogue) return undefined;
    const tables = collectionTables(collectionId);
    let statements = this.statementsByKey.get(tables.key);
    if (!statements) {
      statements = new CollectionStatements(this.db, tables, this.weights);
      this.statementsByKey.set(tables.key, statements);
    }
    return { collectionId, tables, statements, catalogue };
  }

  private requireCollection(collectionId: string): CollectionHandle {
    const collection = this.findCollection(collectionId);
    if (!collection) {
      throw new Error(`search index has no collection "${collectionId}"; call ensureCollection`);
    }
    return collection;
  }

  /** Every write bumps the generation (readers reload) and logs the document (they catch up). */
  private recordWrite(collection: CollectionHandle, documentId: string): void {
    const generation = this.bumpGeneration.get(collection.collectionId)!;
    collection.statements.recordChange(generation, documentId, this.changeLogGenerations);
  }

  private migrate(): void {
    this.db.exec(CATALOGUE_SQL);
    const stored = this.db
      .prepare("SELECT value FROM search_index_meta WHERE key = 'schema_version'")
      .pluck()
      .get() as string | undefined;
    if (stored === undefined) {
      this.db
        .prepare("INSERT INTO search_index_meta (key, value) VALUES ('schema_version', ?)")
        .run(String(SCHEMA_VERSION));
    } else if (Number(stored) > SCHEMA_VERSION) {
      throw new Error(
        `search index schema version ${stored} is newer than this build supports (${SCHEMA_VERSION})`,
      );
    } else if (Number(stored) < SCHEMA_VERSION) {
      // Versions 1 to 3 → 4: collections made before keep their chunks; stored sentence vectors
      // become the extras they are, new columns start NULL (those chunks' sentences are
      // embedded when asked, their layout read from the text).
      const keys = this.db
        .prepare('SELECT table_key FROM search_index_collections')
        .pluck()
        .all() as string[];
      for (const key of keys) {
        const tables = tablesOfKey(key);
        const columns = this.db.pragma(`table_info(${tables.chunks})`) as Array<{ name: string }>;
        if (columns.length === 0) continue;
        const missing = UPGRADED_COLUMNS.filter((name) => !columns.some((c) => c.name === name));
        if (missing.length > 0) {
          const existing = columns.map((c) => c.name);
          this.db.exec(upgradeCollectionTablesSql(tables, missing, existing));
        }
      }
      this.db
        .prepare("UPDATE search_index_meta SET value = ? WHERE key = 'schema_version'")
        .run(String(SCHEMA_VERSION));
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('EmbeddedSearchIndex is closed');
  }
}

/** By code, not class: the native addon may throw an error class from another module instance. */
function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

function isZero(vector: Float32Array): boolean {
  return vector.every((component) => component === 0);
}
