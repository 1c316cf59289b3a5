import { createHash } from 'node:crypto';

/**
 * Bumped when the on-disk layout changes. 2 added `sentence_vectors` to the chunks tables, 3
 * `layout`, 4 renamed `sentence_vectors` to `extras` (an answerer's opaque per-chunk blob; the
 * sentence vectors stored before are that blob in the extractive answerer's format 1). Opening
 * an older file renames or adds the columns (NULL: those chunks' sentences are embedded when
 * asked, as before, and their layout is read from their text).
 */
export const SCHEMA_VERSION = 4;

export const CATALOGUE_SQL = `
CREATE TABLE IF NOT EXISTS search_index_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS search_index_collections (
  collection_id TEXT PRIMARY KEY,
  table_key TEXT NOT NULL UNIQUE,
  dimensions INTEGER NOT NULL,
  generation INTEGER NOT NULL DEFAULT 0,
  incarnation TEXT NOT NULL,
  created_at TEXT NOT NULL
);
`;

/** Names of one collection's tables: only `[a-z0-9_]`, so they are safe to splice into SQL. */
export interface CollectionTables {
  /** Stable per collection id, stored in the catalogue (a hash collision fails its UNIQUE). */
  key: string;
  chunks: string;
  fts: string;
  /** Which document each generation changed, so cached vectors can catch up incrementally. */
  changes: string;
}

/**
 * Collection ids are opaque (any string, any length), so tables are named after a 128-bit
 * SHA-256 prefix of the id instead of the id itself.
 */
export function collectionTables(collectionId: string): CollectionTables {
  const key = createHash('sha256').update(collectionId, 'utf8').digest('hex').slice(0, 32);
  return tablesOfKey(key);
}

/** The tables of the collection stored under `key` (the catalogue's `table_key`). */
export function tablesOfKey(key: string): CollectionTables {
  return {
    key,
    chunks: `sx_${key}_chunks`,
    fts: `sx_${key}_fts`,
    changes: `sx_${key}_changes`,
  };
}

/**
 * A document's id as one FTS5 token (decimal digits, untouched by the porter stemmer), indexed in
 * the `document_key` column so a document filter becomes part of the MATCH expression.
 */
export function documentKey(documentId: string): string {
  const hex = createHash('sha256').update(documentId, 'utf8').digest('hex').slice(0, 15);
  return BigInt(`0x${hex}`).toString(10);
}

/**
 * The chunks table owns the data; the FTS5 table is contentless (no second copy of the text) and
 * kept in sync by triggers, so every write path goes through the chunks table only.
 * `contentless_delete=1` lets the triggers delete FTS rows by rowid. Column order
 * (text, headings, title, document_key) is the order of the bm25() weights; document_key always
 * weighs 0: it only restricts matches (FTS5 intersects the filter's short doclists with the
 * terms' long ones by seeking, far cheaper than joining every match against the chunks table).
 */
export function createCollectionTablesSql(tables: CollectionTables): string {
  const { chunks, fts, changes } = tables;
  return `
CREATE TABLE IF NOT EXISTS ${chunks} (
  id INTEGER PRIMARY KEY,
  chunk_id TEXT NOT NULL UNIQUE,
  document_id TEXT NOT NULL,
  document_key TEXT NOT NULL,
  ordinal INTEGER NOT NULL,
  page_num INTEGER NOT NULL,
  text TEXT NOT NULL,
  headings TEXT NOT NULL,
  title TEXT NOT NULL,
  vector BLOB NOT NULL,
  extras BLOB,
  layout TEXT
);
CREATE INDEX IF NOT EXISTS ${chunks}_document ON ${chunks} (document_id, ordinal);
CREATE VIRTUAL TABLE IF NOT EXISTS ${fts} USING fts5(
  text, headings, title, document_key,
  content = '', contentless_delete = 1,
  tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TABLE IF NOT EXISTS ${changes} (
  generation INTEGER PRIMARY KEY,
  document_id TEXT NOT NULL
);
CREATE TRIGGER IF NOT EXISTS ${chunks}_after_insert AFTER INSERT ON ${chunks} BEGIN
  INSERT INTO ${fts} (rowid, text, headings, title, document_key)
  VALUES (new.id, new.text, new.headings, new.title, new.document_key);
END;
CREATE TRIGGER IF NOT EXISTS ${chunks}_after_delete AFTER DELETE ON ${chunks} BEGIN
  DELETE FROM ${fts} WHERE rowid = old.id;
END;
CREATE TRIGGER IF NOT EXISTS ${chunks}_after_update AFTER UPDATE ON ${chunks} BEGIN
  DELETE FROM ${fts} WHERE rowid = old.id;
  INSERT INTO ${fts} (rowid, text, headings, title, document_key)
  VALUES (new.id, new.text, new.headings, new.title, new.document_key);
END;
`;
}

/** Columns later versions added to the chunks table, with their types. */
const ADDED_COLUMNS = { extras: 'BLOB', layout: 'TEXT' } as const;
/** Columns later versions renamed: the new name and the old one. */
const RENAMED_COLUMNS: Partial<Record<keyof typeof ADDED_COLUMNS, string>> = {
  extras: 'sentence_vectors',
};
export const UPGRADED_COLUMNS = Object.keys(ADDED_COLUMNS) as Array<keyof typeof ADDED_COLUMNS>;

/**
 * Brings a collection's chunks table made by an earlier version up to date: each `missing`
 * column is renamed from its old name when the table has that (its values kept), else added.
 */
export function upgradeCollectionTablesSql(
  tables: CollectionTables,
  missing: ReadonlyArray<(typeof UPGRADED_COLUMNS)[number]>,
  existing: readonly string[],
): string {
  return missing
    .map((name) => {
      const old = RENAMED_COLUMNS[name];
      return old !== undefined && existing.includes(old)
        ? `ALTER TABLE ${tables.chunks} RENAME COLUMN ${old} TO ${name};`
        : `ALTER TABLE ${tables.chunks} ADD COLUMN ${name} ${ADDED_COLUMNS[name]};`;
    })
    .join('\n');
}

/** Dropping the chunks table drops its index and triggers; dropping the FTS table its shadow tables. */
export function dropCollectionTablesSql(tables: CollectionTables): string {
  return [tables.chunks, tables.fts, tables.changes]
    .map((table) => `DROP TABLE IF EXISTS ${table};`)
    .join(' ');
}
