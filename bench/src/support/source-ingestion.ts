import { postJson } from './http-json';

/** The bench's API key and its fake Confluence user, shared by every suite. */
export const BENCH_KEY = 'bench-key-000000001';
export const BENCH_WIKI_USER = { username: 'bench@acme.test', password: 'bench-token' };

export interface IngestionOutcome {
  status: string;
  progress: { documents_processed: number; documents_failed?: number; chunks_indexed: number };
  failures?: unknown[];
  error: unknown;
}

/**
 * Ingests a fake wiki space into `bench/<collection>` over HTTP and polls until it succeeds;
 * any other end throws, with the ingestion's error.
 */
export function ingestWikiSpace(
  base: string,
  wikiUrl: string,
  space: string,
  collection: string,
  pollMs = 50,
  onProgress?: (progress: IngestionOutcome['progress']) => void,
): Promise<IngestionOutcome> {
  return ingestSource(
    base,
    collection,
    {
      type: 'WIKI',
      spec: {
        url: wikiUrl,
        space,
        username: BENCH_WIKI_USER.username,
        token: BENCH_WIKI_USER.password,
      },
    },
    pollMs,
    onProgress,
  );
}

export type BenchSource = { type: 'WIKI' | 'DRIVE' | 'PAGES'; spec: Record<string, unknown> };

/** Ingests any source into `bench/<collection>` and polls until it succeeds (else throws). */
export async function ingestSource(
  base: string,
  collection: string,
  source: BenchSource,
  pollMs = 50,
  onProgress?: (progress: IngestionOutcome['progress']) => void,
  apiKey = BENCH_KEY,
): Promise<IngestionOutcome> {
  const started = await startIngestion(base, collection, source, apiKey);
  for (;;) {
    const ingestion = await started.status();
    onProgress?.(ingestion.progress);
    if (ingestion.status === 'succeeded') return ingestion;
    if (ingestion.status !== 'queued' && ingestion.status !== 'running') {
      throw new Error(`ingestion ${ingestion.status}: ${JSON.stringify(ingestion.error)}`);
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/** A created ingestion of the API key's account into `bench/<collection>`, not waited for. */
export async function startIngestion(
  base: string,
  collection: string,
  source: BenchSource,
  apiKey = BENCH_KEY,
): Promise<{ id: string; status(): Promise<IngestionOutcome>; cancel(): Promise<void> }> {
  const locator = { namespace_name: 'bench', collection_name: collection };
  const { ingestion_id } = await postJson<{ ingestion_id: string }>(
    base,
    '/docs/create_ingestion',
    apiKey,
    { ...locator, ...source },
  );
  const ingestion = { ...locator, ingestion_id };
  return {
    id: ingestion_id,
    status: () => postJson<IngestionOutcome>(base, '/docs/get_ingestion', apiKey, ingestion),
    cancel: async () => {
      await postJson(base, '/docs/cancel_ingestion', apiKey, ingestion);
    },
  };
}
