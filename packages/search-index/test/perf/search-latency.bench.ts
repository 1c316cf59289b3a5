/**
 * Search latency of the embedded index on a synthetic corpus (not a jest test: jest only runs
 * `*.test.ts`). Run from packages/search-index: `pnpm run bench [chunkCounts…]`, e.g.
 * `pnpm run bench 10000 100000` (the default). Prints a Markdown table.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STOPWORDS } from '@docent/text-segmentation';
import { EmbeddedSearchIndex, type IndexedChunk, type SearchQuery } from '../../src';
import { randomUnitVector, seededRandom } from '../support/seeded-random';

const DIMENSIONS = 512;
const CHUNKS_PER_DOCUMENT = 10;
const WORDS_PER_CHUNK = 80;
const VOCABULARY_SIZE = 20_000;
const QUERIES = 200;
const LIMIT = 10;

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'su', 'ta', 'vo', 'ri', 'pe', 'du', 'ga', 'zo'];
/** In English text the ~150 most frequent words are stopwords; the synthetic text does the same. */
const STOPWORD_RANKS = 150;
const STOPWORD_LIST = [...STOPWORDS];

/** Distinct pseudo-words, none of them a stopword. */
function pseudoWord(index: number): string {
  let word = 'x';
  let rest = index;
  do {
    word += SYLLABLES[rest % SYLLABLES.length];
    rest = Math.floor(rest / SYLLABLES.length);
  } while (rest > 0);
  return word;
}

function wordOfRank(rank: number): string {
  return rank < STOPWORD_RANKS ? STOPWORD_LIST[rank % STOPWORD_LIST.length]! : pseudoWord(rank);
}

/** Zipf draw (P(rank) ∝ 1/rank, like natural language): rank 1 most likely. */
function zipfRank(random: () => number): number {
  return Math.min(VOCABULARY_SIZE - 1, Math.floor(Math.exp(random() * Math.log(VOCABULARY_SIZE))));
}

function sentence(random: () => number, words: number): string {
  return Array.from({ length: words }, () => wordOfRank(zipfRank(random))).join(' ');
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timeCalls(
  calls: Array<() => Promise<unknown>>,
): Promise<{ p50: number; p95: number; mean: number }> {
  const timings: number[] = [];
  for (const call of calls) {
    const started = process.hrtime.bigint();
    await call();
    timings.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  timings.sort((a, b) => a - b);
  const mean = timings.reduce((sum, t) => sum + t, 0) / timings.length;
  return { p50: percentile(timings, 50), p95: percentile(timings, 95), mean };
}

async function benchmark(chunkCount: number): Promise<string[]> {
  const directory = mkdtempSync(join(tmpdir(), 'docent-search-bench-'));
  const index = new EmbeddedSearchIndex({ path: join(directory, 'index.sqlite') });
  const random = seededRandom(chunkCount);
  const rows: string[] = [];
  try {
    await index.ensureCollection('bench', DIMENSIONS);
    const documentCount = Math.ceil(chunkCount / CHUNKS_PER_DOCUMENT);
    const ingestStarted = process.hrtime.bigint();
    for (let d = 0; d < documentCount; d++) {
      const documentId = `doc-${d}`;
      const chunks: IndexedChunk[] = [];
      for (let ordinal = 0; ordinal < CHUNKS_PER_DOCUMENT; ordinal++) {
        chunks.push({
          chunkId: `${documentId}:${ordinal}`,
          documentId,
          ordinal,
          pageNum: 1 + ordinal,
          text: sentence(random, WORDS_PER_CHUNK),
          headings: sentence(random, 3),
          title: sentence(random, 4),
          vector: randomUnitVector(random, DIMENSIONS),
        });
      }
      await index.replaceDocumentChunks('bench', documentId, chunks);
    }
    const ingestSeconds = Number(process.hrtime.bigint() - ingestStarted) / 1e9;

    const vectorQuery = (): SearchQuery => ({
      collectionId: 'bench',
      text: '',
      vector: randomUnitVector(random, DIMENSIONS),
      limit: LIMIT,
      mode: 'vector',
    });
    const loadStarted = process.hrtime.bigint();
    await index.search(vectorQuery());
    const loadMs = Number(process.hrtime.bigint() - loadStarted) / 1e6;

    const queries = (
      mode: SearchQuery['mode'],
      documentIds?: string[],
      text: () => string = () => sentence(random, 3 + Math.floor(random() * 6)),
    ): SearchQuery[] =>
      Array.from({ length: QUERIES }, () => ({
        collectionId: 'bench',
        text: text(),
        vector: randomUnitVector(random, DIMENSIONS),
        limit: LIMIT,
        mode,
        documentIds,
      }));
    const oneDocument = () => [`doc-${Math.floor(random() * documentCount)}`];
    const frequentTerms = [0, 1, 2].map((i) => pseudoWord(STOPWORD_RANKS + i)).join(' ');
    const searches = (list: SearchQuery[]) => list.map((query) => () => index.search(query));
    const termCounts = (text: () => string) =>
      Array.from({ length: QUERIES }, () => {
        // As the ask service asks: a question's words without its stopwords.
        const words = text()
          .split(' ')
          .filter((word) => !STOPWORDS.has(word));
        return () => index.termDocumentCounts('bench', words);
      });
    const cases: Array<[string, Array<() => Promise<unknown>>]> = [
      ['vector', searches(queries('vector'))],
      ['bm25', searches(queries('bm25'))],
      ['hybrid', searches(queries('hybrid'))],
      ['hybrid, 1-document filter', searches(queries('hybrid', oneDocument()))],
      ['bm25, 3 most frequent terms', searches(queries('bm25', undefined, () => frequentTerms))],
      [
        'hybrid, 3 most frequent terms',
        searches(queries('hybrid', undefined, () => frequentTerms)),
      ],
      [
        'termDocumentCounts, 3–8 words',
        termCounts(() => sentence(random, 3 + Math.floor(random() * 6))),
      ],
      ['termDocumentCounts, 3 most frequent terms', termCounts(() => frequentTerms)],
    ];
    for (const [label, list] of cases) {
      await timeCalls(list.slice(0, 10)); // warm-up
      const { p50, p95, mean } = await timeCalls(list);
      rows.push(
        `| ${chunkCount.toLocaleString('en')} | ${label} | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${mean.toFixed(1)} |`,
      );
    }
    const writeThenSearch: number[] = [];
    for (let i = 0; i < 5; i++) {
      const documentId = `doc-${Math.floor(random() * documentCount)}`;
      const chunks = await index.getChunks('bench', documentId, [0]);
      await index.replaceDocumentChunks(
        'bench',
        documentId,
        chunks.map((hit) => ({ ...hit, vector: randomUnitVector(random, DIMENSIONS) })),
      );
      const started = process.hrtime.bigint();
      await index.search(vectorQuery());
      writeThenSearch.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    writeThenSearch.sort((a, b) => a - b);
    console.error(
      `${chunkCount} chunks: ingest ${ingestSeconds.toFixed(1)} s ` +
        `(${Math.round(chunkCount / ingestSeconds)} chunks/s incl. data generation); ` +
        `first vector search (matrix load) ${loadMs.toFixed(0)} ms; ` +
        `vector search right after a write (reload) median ${percentile(writeThenSearch, 50).toFixed(0)} ms; ` +
        `matrix ${((chunkCount * DIMENSIONS * 4) / 2 ** 20).toFixed(0)} MiB`,
    );
  } finally {
    await index.close();
    rmSync(directory, { recursive: true, force: true });
  }
  return rows;
}

async function main(): Promise<void> {
  const sizes = process.argv.slice(2).map(Number);
  const chunkCounts = sizes.length > 0 ? sizes : [10_000, 100_000];
  const table = [
    `Search latency, ${DIMENSIONS} dims, limit ${LIMIT}, ${QUERIES} queries per row (ms)`,
    '',
    '| chunks | mode | p50 | p95 | mean |',
    '|---:|---|---:|---:|---:|',
  ];
  for (const count of chunkCounts) table.push(...(await benchmark(count)));
  console.log(table.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
