/**
 * Raw embedding throughput of a local model (not run by jest).
 *
 *   cd packages/embedder
 *   out=$(mktemp -d) && pnpm exec tsc -p bench/tsconfig.json --outDir "$out" \
 *     && NODE_PATH="$PWD/node_modules" node "$out/bench/embed-throughput.js"
 *
 * Environment: DOCENT_MODELS_DIR (default ../../../shared/models from the working directory),
 * DOCENT_EMBEDDING_MODEL (default all-MiniLM-L6-v2), DOCENT_EMBEDDING_DTYPE (default the
 * profile's; `q8` for the int8 weights), BENCH_BATCHES (default 10).
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createEmbedder } from '../src';

const BATCH_SIZE = 32;
const WORDS_PER_PASSAGE = 80;
const QUERIES = 50;

// Everyday English words so token counts look like real prose (about 1.5 tokens a word).
const VOCABULARY = (
  'the service stores documents in a database and the team reads them every morning before ' +
  'meetings where people discuss how to improve search results for customers who ask questions ' +
  'about refunds passwords holidays invoices servers deployments backups permissions reports ' +
  'projects budgets contracts schedules policies onboarding training security networks'
).split(' ');

function passage(seed: number, words: number): string {
  return Array.from(
    { length: words },
    (_, i) => VOCABULARY[(seed * 31 + i * 17 + ((seed * i) % 7)) % VOCABULARY.length],
  ).join(' ');
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? NaN;
}

async function main(): Promise<void> {
  const model = process.env.DOCENT_EMBEDDING_MODEL ?? 'local/all-MiniLM-L6-v2';
  const dtype = process.env.DOCENT_EMBEDDING_DTYPE as 'fp32' | 'fp16' | 'q8' | undefined;
  const modelsDir =
    process.env.DOCENT_MODELS_DIR ?? path.resolve(process.cwd(), '../../../shared/models');
  const batches = Number(process.env.BENCH_BATCHES ?? 10);

  const loadStart = performance.now();
  const embedder = await createEmbedder({ model, modelsDir, allowDownload: false, dtype });
  const loadMs = performance.now() - loadStart;

  const passages = Array.from({ length: batches * BATCH_SIZE }, (_, i) =>
    passage(i + 1, WORDS_PER_PASSAGE),
  );
  const tokenStart = performance.now();
  const tokens = passages.map((text) => embedder.countTokens(text));
  const countMs = (performance.now() - tokenStart) / passages.length;

  await embedder.embedDocuments(passages.slice(0, BATCH_SIZE)); // warm-up
  const batchMs: number[] = [];
  const totalStart = performance.now();
  for (let b = 0; b < batches; b += 1) {
    const start = performance.now();
    await embedder.embedDocuments(passages.slice(b * BATCH_SIZE, (b + 1) * BATCH_SIZE));
    batchMs.push(performance.now() - start);
  }
  const totalMs = performance.now() - totalStart;

  const queryMs: number[] = [];
  for (let q = 0; q < QUERIES; q += 1) {
    const start = performance.now();
    await embedder.embedQuery(passage(1000 + q, 8));
    queryMs.push(performance.now() - start);
  }
  await embedder.close();

  const meanTokens = tokens.reduce((sum, n) => sum + n, 0) / tokens.length;
  console.log(`model ${model} (${embedder.dimensions} dims, cap ${embedder.maxTokens} tokens)`);
  console.log(`load ${loadMs.toFixed(0)} ms`);
  console.log(
    `passages: ${WORDS_PER_PASSAGE} words, mean ${meanTokens.toFixed(0)} tokens; ` +
      `countTokens ${(countMs * 1000).toFixed(0)} µs each`,
  );
  console.log(
    `batches of ${BATCH_SIZE}: ${((passages.length / totalMs) * 1000).toFixed(0)} passages/s overall, ` +
      `batch median ${percentile(batchMs, 0.5).toFixed(0)} ms (min ${Math.min(...batchMs).toFixed(0)}, ` +
      `max ${Math.max(...batchMs).toFixed(0)})`,
  );
  console.log(
    `single query: median ${percentile(queryMs, 0.5).toFixed(1)} ms, ` +
      `p95 ${percentile(queryMs, 0.95).toFixed(1)} ms over ${QUERIES}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
