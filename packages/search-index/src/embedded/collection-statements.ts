import type Database from 'better-sqlite3';
import { type SearchHit } from '../types';
import { type MatrixSourceRow } from '../vectors/vector-matrix';
import { type Bm25Weights } from '../bm25/bm25-weights';
import { type CollectionTables } from './sqlite-schema';

/** A chunks-table row as read back for a hit. */
export interface StoredChunkRow {
  id: number;
  chunk_id: string;
  document_id: string;
  ordinal: number;
  page_num: number;
  text: string;
  headings: string;
  title: string;
  /** Left out by a read that knows every hit's similarity already (`byIds` without `vector`). */
  vector?: Buffer;
  /** Read only when asked for (undefined then). */
  extras?: Buffer | null;
  layout: string | null;
}

export interface InsertChunkParams {
  chunkId: string;
  documentId: string;
  documentKey: string;
  ordinal: number;
  pageNum: number;
  text: string;
  headings: string;
  title: string;
  vector: Buffer;
  extras: Buffer | null;
  layout: string | null;
}

type Statement = Database.Statement;

const HIT_COLUMNS =
  'id, chunk_id, document_id, ordinal, page_num, text, headings, title, vector, layout';
const HIT_COLUMNS_WITHOUT_VECTOR =
  'id, chunk_id, document_id, ordinal, page_num, text, headings, title, layout';

/** What a read of hits by id brings beside the text and place of each chunk. */
export interface HitReading {
  /** Each row's extras (a blob a search without them leaves unread). */
  extras?: boolean;
  /** Each row's vector (not needed when every hit's similarity is known); default true. */
  vector?: boolean;
}

/**
 * The prepared statements of one collection's tables. Lists of ids travel as one JSON parameter
 * read with json_each(), so a statement works for any list length.
 */
export class CollectionStatements {
  private readonly insert: Statement;
  private readonly deleteByDocument: Statement;
  private readonly countAll: Statement;
  private readonly countByDocument: Statement;
  private readonly selectByOrdinals: Statement;
  /** By `vector` then `extras` of a HitReading. */
  private readonly selectByIds: Record<'with' | 'without', Record<'with' | 'without', Statement>>;
  private readonly selectVectorsByIds: Statement;
  private readonly bm25: Statement;
  private readonly bm25InDocuments: Statement;
  private readonly countMatches: Statement;
  private readonly matrixRows: Statement;
  private readonly matrixRowsOfDocuments: Statement;
  private readonly insertChange: Statement;
  private readonly pruneChanges: Statement;
  private readonly changesSince: Statement;
  private readonly countChangesSince: Statement;

  constructor(db: Database.Database, tables: CollectionTables, weights: Bm25Weights) {
    const { chunks, fts, changes } = tables;
    this.insert = db.prepare(
      `INSERT INTO ${chunks}
         (chunk_id, document_id, document_key, ordinal, page_num, text, headings, title, vector,
          extras, layout)
       VALUES
         (@chunkId, @documentId, @documentKey, @ordinal, @pageNum, @text, @headings, @title, @vector,
          @extras, @layout)`,
    );
    this.deleteByDocument = db.prepare(`DELETE FROM ${chunks} WHERE document_id = ?`);
    this.countAll = db.prepare(`SELECT count(*) FROM ${chunks}`).pluck();
    this.countByDocument = db
      .prepare(`SELECT count(*) FROM ${chunks} WHERE document_id = ?`)
      .pluck();
    this.selectByOrdinals = db.prepare(
      `SELECT ${HIT_COLUMNS} FROM ${chunks}
       WHERE document_id = ? AND ordinal IN (SELECT value FROM json_each(?))
       ORDER BY ordinal`,
    );
    const selectHits = (columns: string) => ({
      with: db.prepare(
        `SELECT ${columns}, extras FROM ${chunks} WHERE id IN (SELECT value FROM json_each(?))`,
      ),
      without: db.prepare(
        `SELECT ${columns} FROM ${chunks} WHERE id IN (SELECT value FROM json_each(?))`,
      ),
    });
    this.selectByIds = {
      with: selectHits(HIT_COLUMNS),
      without: selectHits(HIT_COLUMNS_WITHOUT_VECTOR),
    };
    this.selectVectorsByIds = db
      .prepare(`SELECT id, vector FROM ${chunks} WHERE id IN (SELECT value FROM json_each(?))`)
      .raw();
    // Weights are numbers validated at construction; spliced in so FTS5 sees constants.
    const bm25 = `bm25(${fts}, ${weights.text}, ${weights.headings}, ${weights.title}, 0)`;
    this.bm25 = db.prepare(
      `SELECT rowid AS id, ${bm25} AS score FROM ${fts} WHERE ${fts} MATCH ?
       ORDER BY score, rowid LIMIT ?`,
    );
    // CROSS JOIN keeps FTS5 as the outer loop: the other order makes FTS5 re-run the whole
    // MATCH once per candidate rowid.
    this.bm25InDocuments = db.prepare(
      `SELECT ${fts}.rowid AS id, ${bm25} AS score
       FROM ${fts} CROSS JOIN ${chunks} AS c ON c.id = ${fts}.rowid
       WHERE ${fts} MATCH ? AND c.document_id IN (SELECT value FROM json_each(?))
       ORDER BY score, ${fts}.rowid LIMIT ?`,
    );
    this.countMatches = db.prepare(`SELECT count(*) FROM ${fts} WHERE ${fts} MATCH ?`).pluck();
    this.matrixRows = db.prepare(`SELECT id, document_id, vector FROM ${chunks} ORDER BY id`).raw();
    this.matrixRowsOfDocuments = db
      .prepare(
        `SELECT id, document_id, vector FROM ${chunks}
         WHERE document_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
      )
      .raw();
    this.insertChange = db.prepare(
      `INSERT INTO ${changes} (generation, document_id) VALUES (?, ?)`,
    );
    this.pruneChanges = db.prepare(`DELETE FROM ${changes} WHERE generation <= ?`);
    this.changesSince = db
      .prepare(`SELECT DISTINCT document_id FROM ${changes} WHERE generation > ?`)
      .pluck();
    this.countChangesSince = db
      .prepare(`SELECT count(*) FROM ${changes} WHERE generation > ?`)
      .pluck();
  }

  insertChunk(params: InsertChunkParams): void {
    this.insert.run(params);
  }

  deleteDocument(documentId: string): number {
    return this.deleteByDocument.run(documentId).changes;
  }

  count(documentId?: string): number {
    const result =
      documentId === undefined ? this.countAll.get() : this.countByDocument.get(documentId);
    return Number(result);
  }

  byOrdinals(documentId: string, ordinals: readonly number[]): StoredChunkRow[] {
    return this.selectByOrdinals.all(documentId, JSON.stringify(ordinals)) as StoredChunkRow[];
  }

  byIds(ids: readonly number[], reading: HitReading = {}): StoredChunkRow[] {
    const statement =
      this.selectByIds[reading.vector === false ? 'without' : 'with'][
        reading.extras === true ? 'with' : 'without'
      ];
    return statement.all(JSON.stringify(ids)) as StoredChunkRow[];
  }

  /** Only the stored vectors of these rows, as [id, vector] (missing ids left out). */
  vectorsByIds(ids: readonly number[]): Array<[number, Buffer]> {
    if (ids.length === 0) return [];
    return this.selectVectorsByIds.all(JSON.stringify(ids)) as Array<[number, Buffer]>;
  }

  /**
   * The best BM25 matches, best first, with their scores as positive numbers (higher is better);
   * with `documentIds`, only chunks of those documents (checked by joining every match, for
   * filters too long for the MATCH expression). FTS5's bm25() is lower-is-better and negative
   * for every real match; a row whose score is 0 matched only in zero-weight columns (such as a
   * number equal to a document key): no match.
   */
  bm25Matches(
    matchExpression: string,
    limit: number,
    documentIds?: readonly string[],
  ): Array<{ id: number; score: number }> {
    const rows = (
      documentIds === undefined
        ? this.bm25.all(matchExpression, limit)
        : this.bm25InDocuments.all(matchExpression, JSON.stringify(documentIds), limit)
    ) as Array<{ id: number; score: number }>;
    return rows.filter((row) => row.score < 0).map((row) => ({ id: row.id, score: -row.score }));
  }

  /** How many rows match an FTS5 expression. */
  matchCount(matchExpression: string): number {
    return Number(this.countMatches.get(matchExpression));
  }

  /** Every (id, document_id, vector) in rowid order, streamed. */
  iterateMatrixRows(): Iterable<MatrixSourceRow> {
    return this.matrixRows.iterate() as Iterable<MatrixSourceRow>;
  }

  matrixRowsOf(documentIds: readonly string[]): MatrixSourceRow[] {
    return this.matrixRowsOfDocuments.all(JSON.stringify(documentIds)) as MatrixSourceRow[];
  }

  /** Records that `generation` changed `documentId`, forgetting changes older than `keep`. */
  recordChange(generation: number, documentId: string, keep: number): void {
    this.insertChange.run(generation, documentId);
    this.pruneChanges.run(generation - keep);
  }

  /**
   * Documents changed after `generation` up to `current`, or null when the log no longer
   * covers every one of those generations (pruned, or written before the log existed).
   */
  documentsChangedSince(generation: number, current: number): string[] | null {
    const logged = Number(this.countChangesSince.get(generation));
    if (logged !== current - generation) return null;
    return this.changesSince.all(generation) as string[];
  }
}

/** A stored row as a hit, with the scoring fields the caller computed. */
export function toSearchHit(
  row: StoredChunkRow,
  scoring: Pick<SearchHit, 'score' | 'bm25Rank' | 'vectorRank' | 'similarity'>,
): SearchHit {
  const hit: SearchHit = {
    chunkId: row.chunk_id,
    documentId: row.document_id,
    ordinal: row.ordinal,
    pageNum: row.page_num,
    text: row.text,
    headings: row.headings,
    title: row.title,
    score: scoring.score,
  };
  if (scoring.bm25Rank !== undefined) hit.bm25Rank = scoring.bm25Rank;
  if (scoring.vectorRank !== undefined) hit.vectorRank = scoring.vectorRank;
  if (scoring.similarity !== undefined) hit.similarity = scoring.similarity;
  if (row.extras) hit.extras = row.extras;
  if (row.layout !== null) hit.layout = row.layout;
  return hit;
}
