import { type Client, type estypes } from '@elastic/elasticsearch';
import { type TermDocumentCounts } from '../types';
import { type CollectionPlacement } from './collection-placement';
import { routed } from './document-manifests';
import { totalHits } from './search-responses';

const TEXT_FIELDS = ['text', 'headings', 'title'];
/** How long counts are reused by searches. */
const TTL_MS = 30_000;
/** Words remembered at most (oldest forgotten first). */
const MAX_ENTRIES = 20_000;

interface WordStatistics {
  /** Chunks of the collection holding the word's tokens together, in order, in a text field. */
  count: number;
  /**
   * The word's IDF on the shard the collection lives on, as `combined_fields` computes it (the
   * highest document frequency over the fields; the mean over the word's tokens); null when the
   * analyzer leaves no token of it (a stopword) or the shard has none of them.
   */
  shardIdf: number | null;
}

interface PendingRead {
  words: ReadonlySet<string>;
  reading: Promise<unknown>;
}

export interface CollectionStatisticsOptions {
  /** Whether searches in shared indices use the collection's IDF (then counts read the shard's too). */
  collectionIdf: boolean;
  clock: () => number;
}

/**
 * Term statistics of one collection: how many of its chunks hold each word
 * (`termDocumentCounts`, one search with a `filters` aggregation), and, in a shared index, the
 * boosts that make the BM25 leg weigh each query word by its IDF within the collection instead
 * of within the shared index. Lucene computes IDF per shard, over every collection routed there:
 * general-language neighbours raise the IDF of a collection's own vocabulary and flatten the
 * contrast between its rare and common words. A `combined_fields` clause per word, boosted by
 * `idf(collection) / idf(shard)`, restores the collection's own IDF (length normalisation stays
 * the shard's).
 *
 * The ask service asks for the counts of a question's words while it embeds the question; the
 * counts (and, in a shared index, the shard's IDFs fetched beside them) are kept for `TTL_MS`, so
 * the search that follows finds them and costs no extra request.
 */
export class CollectionStatistics {
  private readonly cache = new Map<string, { value: WordStatistics; until: number }>();
  private readonly totals = new Map<string, { chunks: number; until: number }>();
  /**
   * Counts under way per collection key, with the words each reads: a search waits for those
   * reading its words rather than ask again (overlapping asks each have their own).
   */
  private readonly pending = new Map<string, Set<PendingRead>>();
  /** Bumped by `forget`: counts read before it are not kept. */
  private readonly generations = new Map<string, number>();

  constructor(
    private readonly client: Client,
    private readonly options: CollectionStatisticsOptions,
  ) {}

  /** The chunks of the collection, and how many hold each word (blank words: 0). */
  async counts(
    placement: CollectionPlacement,
    words: readonly string[],
  ): Promise<TermDocumentCounts> {
    return (await this.counted(placement, words)).counts;
  }

  /** `read`, noted as under way for the collection's key while it runs. */
  private async counted(placement: CollectionPlacement, words: readonly string[]) {
    if (placement.key === null) return this.read(placement, words);
    const key = placement.key;
    const pending = { words: new Set(words), reading: this.read(placement, words) };
    const reads = this.pending.get(key) ?? new Set<PendingRead>();
    this.pending.set(key, reads.add(pending));
    try {
      return await pending.reading;
    } finally {
      // `forget` may have dropped the set (a write): then it is not this read's to clear.
      reads.delete(pending);
      if (reads.size === 0 && this.pending.get(key) === reads) this.pending.delete(key);
    }
  }

  /**
   * The counts, and (in a shared index, with `collectionIdf`) each word's statistics, which are
   * also kept unless the collection was written meanwhile.
   */
  private async read(
    placement: CollectionPlacement,
    words: readonly string[],
  ): Promise<{ counts: TermDocumentCounts; statistics: Map<string, WordStatistics> | null }> {
    const asked = [...new Set(words.filter((word) => word.trim() !== ''))];
    const generation = placement.key === null ? 0 : this.generation(placement.key);
    const [response, shardIdfs] = await Promise.all([
      this.client.search({
        index: placement.index,
        ...routed(placement),
        size: 0,
        track_total_hits: true,
        query: { bool: { filter: [...placement.filter, { term: { kind: 'chunk' } }] } },
        ...(asked.length > 0 && {
          aggs: {
            words: {
              filters: {
                filters: Object.fromEntries(
                  asked.map((word, i) => [
                    `w${i}`,
                    // A word of several tokens ("max-cache-ttl") counts where they are written
                    // together, as the embedded index's FTS5 phrase does.
                    { multi_match: { query: word, fields: TEXT_FIELDS, type: 'phrase' } },
                  ]),
                ),
              },
            },
          },
        }),
      }),
      placement.key !== null && this.options.collectionIdf
        ? this.shardIdfs(placement, asked)
        : null,
    ]);
    const chunks = totalHits(response);
    const buckets = (
      response.aggregations?.words as estypes.AggregationsFiltersAggregate | undefined
    )?.buckets as Record<string, estypes.AggregationsFiltersBucket> | undefined;
    const byWord = new Map(asked.map((word, i) => [word, buckets?.[`w${i}`]?.doc_count ?? 0]));
    const until = this.options.clock() + TTL_MS;
    const statistics =
      shardIdfs === null
        ? null
        : new Map(
            asked.map((word): [string, WordStatistics] => [
              word,
              { count: byWord.get(word)!, shardIdf: shardIdfs.get(word) ?? null },
            ]),
          );
    if (statistics !== null && this.generation(placement.key!) === generation) {
      this.totals.set(placement.key!, { chunks, until });
      for (const [word, value] of statistics) {
        this.remember(`${placement.key}\u0000${word}`, { value, until });
      }
    }
    return {
      counts: { chunks, counts: words.map((word) => byWord.get(word) ?? 0) },
      statistics,
    };
  }

  /**
   * Drops what is known of the collection under `key` (this process wrote to it, or refreshed
   * it): the next boosts count again instead of using counts up to `TTL_MS` old. Writes of other
   * processes are seen when the counts expire.
   */
  forget(key: string | null): void {
    if (key === null) return;
    this.generations.set(key, this.generation(key) + 1);
    this.totals.delete(key);
    this.pending.delete(key);
  }

  private generation(key: string): number {
    return this.generations.get(key) ?? 0;
  }

  /**
   * The boosts of `idfBoosts` when every statistic they need is already here and fresh (the ask
   * service's counts came back while the question was embedded), else null: no request, no wait.
   */
  knownBoosts(
    placement: CollectionPlacement,
    words: readonly string[],
  ): Map<string, number> | null {
    if (placement.key === null) return null;
    const now = this.options.clock();
    const total = this.totals.get(placement.key);
    if (total === undefined || now >= total.until) return null;
    const known = new Map<string, WordStatistics>();
    for (const word of words) {
      const entry = this.cache.get(`${placement.key}\u0000${word}`);
      if (entry === undefined || now >= entry.until) return null;
      known.set(word, entry.value);
    }
    return boostsOf(words, total.chunks, (word) => known.get(word));
  }

  /**
   * Boost per word for the BM25 leg of a collection in a shared index: its IDF within the
   * collection over its IDF within the shard (1 where either is unknown or zero).
   */
  async idfBoosts(
    placement: CollectionPlacement,
    words: readonly string[],
  ): Promise<Map<string, number>> {
    // The ask service's counts for this question may still be on their way.
    const reading = [...(this.pending.get(placement.key!) ?? [])].filter((read) =>
      words.some((word) => read.words.has(word)),
    );
    await Promise.all(reading.map((read) => read.reading.catch(() => undefined)));
    const known = this.knownBoosts(placement, words);
    if (known !== null) return known;
    const read = await this.counted(placement, words);
    return boostsOf(words, read.counts.chunks, (word) => read.statistics?.get(word));
  }

  /** The shard's IDF of each word, from term vectors of artificial documents (one per word). */
  private async shardIdfs(
    placement: CollectionPlacement,
    words: readonly string[],
  ): Promise<Map<string, number | null>> {
    if (words.length === 0) return new Map();
    const response = await this.client.mtermvectors({
      index: placement.index,
      docs: words.map((word) => ({
        doc: Object.fromEntries(TEXT_FIELDS.map((field) => [field, word])),
        fields: TEXT_FIELDS,
        term_statistics: true,
        field_statistics: true,
        positions: false,
        offsets: false,
        payloads: false,
        ...routed(placement),
      })),
    });
    return new Map(words.map((word, i) => [word, wordIdf(response.docs[i]?.term_vectors)]));
  }

  private remember(key: string, entry: { value: WordStatistics; until: number }): void {
    this.cache.delete(key);
    this.cache.set(key, entry);
    if (this.cache.size > MAX_ENTRIES) {
      this.cache.delete(this.cache.keys().next().value!);
    }
  }
}

function boostsOf(
  words: readonly string[],
  chunks: number,
  known: (word: string) => WordStatistics | undefined,
): Map<string, number> {
  return new Map(
    words.map((word) => {
      const stats = known(word);
      if (
        stats === undefined ||
        stats.shardIdf === null ||
        stats.shardIdf <= 0 ||
        stats.count === 0
      ) {
        return [word, 1];
      }
      return [word, embeddedIdf(chunks, stats.count) / stats.shardIdf];
    }),
  );
}

/**
 * The IDF the embedded index's BM25 (FTS5) gives a word in the collection: ln((N − n + 0.5) /
 * (n + 0.5)), 1e-6 where that is not above zero (a word in half the chunks or more adds nearly
 * nothing). Lucene's stays above zero (ln(1 + …)): a common word then still lifted every chunk
 * holding it, the BM25 leg's scores came out flatter than the embedded index's, and convex fusion
 * (scores over the best one) let more passages over the ref floor.
 */
function embeddedIdf(documents: number, holding: number): number {
  const idf = Math.log((documents - holding + 0.5) / (holding + 0.5));
  return idf > 0 ? idf : 1e-6;
}

/** Lucene's BM25 IDF: ln(1 + (N − n + 0.5) / (n + 0.5)). */
function luceneIdf(documents: number, holding: number): number {
  return Math.log(1 + (documents - holding + 0.5) / (holding + 0.5));
}

/** A word's IDF as `combined_fields` sees it: per token, the fields' highest counts; mean over tokens. */
function wordIdf(
  vectors: Record<string, estypes.TermvectorsTermVector> | undefined,
): number | null {
  if (vectors === undefined) return null;
  const fields = Object.values(vectors);
  const documents = Math.max(0, ...fields.map((field) => field.field_statistics?.doc_count ?? 0));
  const tokens = new Set(fields.flatMap((field) => Object.keys(field.terms ?? {})));
  const idfs: number[] = [];
  for (const token of tokens) {
    const holding = Math.max(0, ...fields.map((field) => field.terms?.[token]?.doc_freq ?? 0));
    if (holding > 0) idfs.push(luceneIdf(documents, holding));
  }
  return idfs.length === 0 ? null : idfs.reduce((sum, idf) => sum + idf, 0) / idfs.length;
}
