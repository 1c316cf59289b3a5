import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestIndexPrefix } from '@docent/test-support';

/**
 * Which index an answer bench runs the service on: the embedded one by default, Elasticsearch
 * with `BENCH_ELASTICSEARCH_URL` (both modes must answer equally well, so both are measured with
 * the same questions and the same code).
 */
export interface IndexMode {
  name: 'embedded' | 'elasticsearch';
  /** Environment the service gets for this index (empty for the embedded one). */
  env: Record<string, string>;
  /** Deletes what this run made on the node, unless it is kept for the next run. */
  release(): Promise<void>;
}

const KEPT_FILE = 'bench-elasticsearch.json';

/** The URL the answer benches run Elasticsearch on, or undefined for the embedded index. */
export function benchElasticsearchUrl(): string | undefined {
  return process.env.BENCH_ELASTICSEARCH_URL || undefined;
}

/** The name the benches label their rows and tables with. */
export function indexName(): IndexMode['name'] {
  return benchElasticsearchUrl() ? 'elasticsearch' : 'embedded';
}

/**
 * The index of one service's run. On Elasticsearch its indices get a prefix of their own, so runs
 * and other people's indices on a shared node never meet; with a kept data directory the prefix is
 * written there and reused by the next run (its data stays on the node), otherwise the indices
 * are deleted at the end.
 */
export function openIndexMode(dataDir: string, keep: boolean): IndexMode {
  const esUrl = benchElasticsearchUrl();
  if (!esUrl) return { name: 'embedded', env: {}, release: async () => undefined };
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, KEPT_FILE);
  const kept = keep && existsSync(file) ? readKept(file) : null;
  if (kept !== null && kept.esUrl !== esUrl) {
    throw new Error(`${dataDir} holds indices of ${kept.esUrl}, not ${esUrl}: remove it`);
  }
  const indices = createTestIndexPrefix(esUrl);
  const prefix = kept?.prefix ?? indices.prefix;
  if (keep && kept === null) writeFileSync(file, JSON.stringify({ esUrl, prefix }));
  return {
    name: 'elasticsearch',
    env: {
      ELASTICSEARCH_URL: esUrl,
      DOCENT_ES_INDEX_PREFIX: prefix,
      // A single-node cluster cannot place replicas.
      DOCENT_ES_REPLICAS: '0',
      // Out of embedded mode a process runs only what its role says: this one ingests too.
      DOCENT_ROLE: 'all',
    },
    release: async () => {
      if (!keep) await indices.drop();
    },
  };
}

function readKept(file: string): { esUrl: string; prefix: string } {
  return JSON.parse(readFileSync(file, 'utf8')) as { esUrl: string; prefix: string };
}
