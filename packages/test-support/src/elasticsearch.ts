import { randomBytes } from 'node:crypto';

/**
 * The Elasticsearch of the scaled suites: `DOCENT_TEST_ELASTICSEARCH_URL` (what
 * `scripts/elasticsearch.sh start` prints; `.ci/run` starts one). The search-index conformance
 * suite runs against it whenever it is set; the end-to-end suites put the service on it only in
 * their Elasticsearch pass (`DOCENT_TEST_SEARCH_INDEX=elasticsearch`), so the PostgreSQL + Redis
 * pass keeps the embedded index.
 */
export function testElasticsearchUrl(): string | null {
  return process.env.DOCENT_TEST_ELASTICSEARCH_URL || null;
}

/** Which index the end-to-end suites run the service on. */
export function testSearchIndex(): 'embedded' | 'elasticsearch' {
  if (process.env.DOCENT_TEST_SEARCH_INDEX !== 'elasticsearch') return 'embedded';
  if (!testElasticsearchUrl()) {
    throw new Error('DOCENT_TEST_SEARCH_INDEX=elasticsearch needs DOCENT_TEST_ELASTICSEARCH_URL');
  }
  return 'elasticsearch';
}

export interface TestIndexPrefix {
  /** DOCENT_ES_INDEX_PREFIX of one test deployment: its indices are its own. */
  prefix: string;
  /** Chunks stored under the prefix, manifests left out. */
  countChunks(): Promise<number>;
  /** Deletes every index under the prefix. */
  drop(): Promise<void>;
}

/** An index prefix of its own on the test cluster, so tests sharing it never meet. */
export function createTestIndexPrefix(url: string): TestIndexPrefix {
  const prefix = `t${randomBytes(5).toString('hex')}`;
  const pattern = `${prefix}-*`;
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(new URL(path, url), {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(`Elasticsearch ${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  return {
    prefix,
    async countChunks() {
      const { count } = await call('POST', `/${pattern}/_count?allow_no_indices=true`, {
        query: { term: { kind: 'chunk' } },
      });
      return count as number;
    },
    async drop() {
      // Wildcard deletes are refused by default (action.destructive_requires_name).
      const indices = Object.keys(
        await call('GET', `/${pattern}?allow_no_indices=true&expand_wildcards=all`),
      );
      if (indices.length > 0) await call('DELETE', `/${indices.join(',')}`);
    },
  };
}
