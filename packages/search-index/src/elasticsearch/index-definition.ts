import { type estypes } from '@elastic/elasticsearch';

/** Bumped when the mapping changes incompatibly; stored in the index `_meta`. */
export const ELASTICSEARCH_SCHEMA_VERSION = 1;
/** The `dense_vector` limit. */
export const MAX_ELASTICSEARCH_DIMENSIONS = 4096;

export const VECTOR_FIELD = 'vector';
/** A chunk's id within its collection (`keyword`, with doc values). */
export const CHUNK_ID_FIELD = 'chunk_id';
/** A chunk's extras (an answerer strategy's opaque blob), base64 in `_source`. */
export const EXTRAS_FIELD = 'extras';
/**
 * Where indices made before extras were opaque keep the extractive answerer's sentence vectors
 * (the same bytes its strategy writes as extras now): still mapped, read as extras, never written.
 */
export const LEGACY_SENTENCE_VECTORS_FIELD = 'sentence_vectors';
export const LAYOUT_FIELD = 'layout';
const ENGLISH_ANALYZER = 'docent_english';

/** What a chunk document holds (`vector` is left out for a zero vector, which has no direction). */
export interface ChunkSource {
  kind: 'chunk';
  collection_id: string;
  /** In a shared index only: the collection's key (routing, filter). */
  collection_key?: string;
  chunk_id: string;
  document_id: string;
  ordinal: number;
  page_num: number;
  text: string;
  headings: string;
  title: string;
  vector?: number[];
  /** Base64 of the chunk's extras; absent when it was indexed without any. */
  extras?: string;
  /** Base64 of the sentence vectors a chunk written by an earlier version holds (its extras). */
  sentence_vectors?: string;
  /** The chunk's layout, opaque; absent when it was indexed without one. */
  layout?: string;
}

/** The `_source` fields read back for a hit (never the vector, nor the extras). */
export const HIT_SOURCE_FIELDS = [
  'chunk_id',
  'document_id',
  'ordinal',
  'page_num',
  'text',
  'headings',
  'title',
  LAYOUT_FIELD,
] as const;

const HIT_SOURCE_FIELDS_WITH_EXTRAS = [
  ...HIT_SOURCE_FIELDS,
  EXTRAS_FIELD,
  LEGACY_SENTENCE_VECTORS_FIELD,
] as const;

/**
 * What a search fetches per hit: the extras only when asked (an extractive answerer's sentence
 * vectors are most of a hit's bytes).
 */
export function hitSourceFields(extras: boolean): readonly string[] {
  return extras ? HIT_SOURCE_FIELDS_WITH_EXTRAS : HIT_SOURCE_FIELDS;
}

export type HitSource = Pick<ChunkSource, (typeof HIT_SOURCE_FIELDS_WITH_EXTRAS)[number]>;

/**
 * The one extra document per indexed document: the `_id`s of its chunks. It is read with a
 * realtime GET, so a write always knows every chunk the previous write left, refreshed or not.
 * It has no text and no vector, so it never matches a search; counts filter on `kind`.
 */
export interface ManifestSource {
  kind: 'manifest';
  /** In a shared index only: the collection's key (routing, filter). */
  collection_key?: string;
  manifest: { document_id: string; chunk_ids: string[] };
}

export interface CollectionIndexSettings {
  numberOfShards: number;
  /** Unset: the cluster default (1). */
  numberOfReplicas?: number;
  /** Unset: the cluster default (1s); it bounds how long a `wait_for` write waits. */
  refreshInterval?: string;
}

/** The `_meta` block that identifies a Docent collection index (dedicated or shared). */
interface DocentIndexMeta {
  schema_version: number;
  /** A dedicated index's collection; absent in a shared index. */
  collection_id?: string;
  /** `shared` in a shared index; absent (dedicated) in indices made before shared ones existed. */
  layout?: 'shared';
  dimensions: number;
}

/**
 * Settings and mappings of a dedicated collection index (one collection).
 *
 * - One primary shard by default: BM25 statistics are exact for the whole collection (as in the
 *   embedded index) and a bulk request's operations on it run in order.
 * - The embedded index's analysis (FTS5 `porter unicode61 remove_diacritics 2`), spelled out so
 *   both count and rank the same words: tokens are runs of letters and digits, so
 *   `color.secondary`, `snake_case` and `3.5` are two words each, as there (the standard
 *   tokenizer keeps them whole, and the question's `secondary` then matched no chunk); lowercase,
 *   ASCII folding, Porter stemmer; no stopwords, so field lengths, which BM25 normalises by, are
 *   the same as there (questions' stopwords are dropped before either index sees them).
 * - `dense_vector` with `dot_product`: vectors are normalised before they are written, so the dot
 *   product is the cosine without Elasticsearch normalising again; `int8_hnsw` quantises to a
 *   quarter of the memory and keeps the float vectors for rescoring.
 * - `dynamic: strict`: a misspelt field fails loudly instead of growing the mapping.
 */
export function collectionIndexDefinition(
  alias: string,
  collectionId: string,
  dimensions: number,
  settings: CollectionIndexSettings,
): Omit<estypes.IndicesCreateRequest, 'index'> {
  const meta: DocentIndexMeta = {
    schema_version: ELASTICSEARCH_SCHEMA_VERSION,
    collection_id: collectionId,
    dimensions,
  };
  return {
    aliases: { [alias]: {} },
    settings: { index: indexSettings(settings), analysis: ANALYSIS },
    mappings: {
      dynamic: 'strict',
      _meta: { docent: meta },
      properties: chunkProperties(dimensions),
    },
  };
}

/**
 * A shared index: the chunks of many collections of one dimension count. Same fields as a
 * dedicated index, plus `collection_key`, and `_routing` required: every document is routed by
 * its collection's key, so one collection's documents sit on one shard, and a write that forgot
 * the routing fails instead of landing on another shard.
 */
export function sharedIndexDefinition(
  alias: string,
  dimensions: number,
  settings: CollectionIndexSettings,
): Omit<estypes.IndicesCreateRequest, 'index'> {
  const meta: DocentIndexMeta = {
    schema_version: ELASTICSEARCH_SCHEMA_VERSION,
    layout: 'shared',
    dimensions,
  };
  return {
    aliases: { [alias]: {} },
    settings: { index: indexSettings(settings), analysis: ANALYSIS },
    mappings: {
      dynamic: 'strict',
      _meta: { docent: meta },
      _routing: { required: true },
      properties: { collection_key: { type: 'keyword' }, ...chunkProperties(dimensions) },
    },
  };
}

/** What the registry holds about one collection. */
export interface RegistrySource {
  collection_id: string;
  dimensions: number;
  layout: 'shared' | 'dedicated';
  /** The alias the collection's requests name. */
  index: string;
  /** Shared: the collection key; null in a dedicated index. */
  key: string | null;
  /** `moving`: a move between indices is under way; writes wait for it. */
  state: 'ready' | 'moving';
  updated_at: string;
}

/** The registry index: small documents, read by `_id` (realtime), never searched by text. */
export function registryIndexDefinition(
  alias: string,
  settings: CollectionIndexSettings,
): Omit<estypes.IndicesCreateRequest, 'index'> {
  return {
    aliases: { [alias]: {} },
    settings: { index: indexSettings({ ...settings, numberOfShards: 1 }) },
    mappings: {
      dynamic: 'strict',
      _meta: { docent: { schema_version: ELASTICSEARCH_SCHEMA_VERSION, registry: true } },
      properties: {
        collection_id: { type: 'keyword' },
        dimensions: { type: 'integer' },
        layout: { type: 'keyword' },
        index: { type: 'keyword' },
        key: { type: 'keyword' },
        state: { type: 'keyword' },
        updated_at: { type: 'date' },
      },
    },
  };
}

function indexSettings(settings: CollectionIndexSettings): estypes.IndicesIndexSettings {
  return {
    number_of_shards: settings.numberOfShards,
    ...(settings.numberOfReplicas !== undefined && {
      number_of_replicas: settings.numberOfReplicas,
    }),
    ...(settings.refreshInterval !== undefined && {
      refresh_interval: settings.refreshInterval,
    }),
  };
}

const ANALYSIS: estypes.IndicesIndexSettingsAnalysis = {
  tokenizer: {
    // Java regex: anything but a letter, digit or private-use character separates tokens, as unicode61's default categories.
    docent_words: { type: 'pattern', pattern: '[^\\p{L}\\p{N}\\p{Co}]+' },
  },
  filter: {
    docent_english_stemmer: { type: 'stemmer', language: 'english' },
  },
  analyzer: {
    [ENGLISH_ANALYZER]: {
      type: 'custom',
      tokenizer: 'docent_words',
      filter: ['lowercase', 'asciifolding', 'docent_english_stemmer'],
    },
  },
};

function chunkProperties(dimensions: number): Record<string, estypes.MappingProperty> {
  const englishText: estypes.MappingTextProperty = { type: 'text', analyzer: ENGLISH_ANALYZER };
  return {
    kind: { type: 'keyword' },
    collection_id: { type: 'keyword' },
    document_id: { type: 'keyword' },
    chunk_id: { type: 'keyword' },
    ordinal: { type: 'integer' },
    page_num: { type: 'integer' },
    text: englishText,
    headings: englishText,
    title: englishText,
    [VECTOR_FIELD]: {
      type: 'dense_vector',
      dims: dimensions,
      index: true,
      similarity: 'dot_product',
      index_options: { type: 'int8_hnsw' },
    },
    ...STORED_ONLY_MAPPING,
    // Kept in _source only: nothing searches or sorts on a manifest.
    manifest: { type: 'object', enabled: false },
  };
}

/**
 * What the answer reads beside a chunk's text: its extras (`binary`; the legacy sentence-vector
 * field too, so chunks written before and copies of them stay valid) and its layout (a `keyword`
 * neither indexed nor with doc values). All are kept in `_source` only, so they cost disk and
 * nothing in the search structures.
 */
export const STORED_ONLY_MAPPING: Record<string, estypes.MappingProperty> = {
  [EXTRAS_FIELD]: { type: 'binary' },
  [LEGACY_SENTENCE_VECTORS_FIELD]: { type: 'binary' },
  [LAYOUT_FIELD]: { type: 'keyword', index: false, doc_values: false },
};

/** Whether an index made by an earlier version lacks one of the stored-only fields. */
export function lacksStoredOnlyFields(response: estypes.IndicesGetMappingResponse): boolean {
  const [record] = Object.values(response);
  return (
    record !== undefined &&
    Object.keys(STORED_ONLY_MAPPING).some((field) => !record.mappings.properties?.[field])
  );
}

/**
 * The dimensions recorded in a collection index's `_meta`. Throws when the index under that
 * name was not created by this adapter (no `_meta.docent`), rather than guessing.
 */
export function storedDimensions(
  response: estypes.IndicesGetMappingResponse,
  alias: string,
): number {
  const [record] = Object.values(response);
  const meta = record?.mappings._meta?.docent as Partial<DocentIndexMeta> | undefined;
  const dimensions = meta?.dimensions;
  if (typeof dimensions !== 'number' || !Number.isInteger(dimensions) || dimensions < 1) {
    throw new Error(
      `Elasticsearch index "${alias}" exists but was not created by Docent (no _meta.docent.dimensions)`,
    );
  }
  if ((meta?.schema_version ?? 0) > ELASTICSEARCH_SCHEMA_VERSION) {
    throw new Error(
      `Elasticsearch index "${alias}" uses schema version ${meta?.schema_version}, newer than this build supports (${ELASTICSEARCH_SCHEMA_VERSION})`,
    );
  }
  return dimensions;
}
