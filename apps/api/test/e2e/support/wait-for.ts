import type { HttpResult } from './docent-client';

/** An Api-Key client or a browser session: whatever POSTs with the caller's credentials. */
export interface Poster {
  post<T>(path: string, body: unknown): Promise<HttpResult<T>>;
}

export interface IngestionWire {
  ingestion_id: string;
  status: string;
  progress: {
    documents_discovered: number;
    documents_processed: number;
    documents_skipped: number;
    documents_failed: number;
    documents_unsupported: number;
    chunks_indexed: number;
  };
  failures: Array<{ doc_name: string | null; source_id: string; message: string }>;
  unsupported: Array<{ doc_name: string | null; source_id: string; message: string }>;
  error: { code: string; message: string } | null;
  spec: Record<string, unknown>;
  [key: string]: unknown;
}

export async function waitUntil<T>(
  probe: () => Promise<T | undefined>,
  { timeoutMs = 120_000, intervalMs = 100, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Polls get_ingestion until the ingestion ends (or matches `until`). */
export async function waitForIngestion(
  client: Poster,
  locator: { namespace_name: string; collection_name: string; ingestion_id: string },
  options: { timeoutMs?: number; until?: (i: IngestionWire) => boolean } = {},
): Promise<IngestionWire> {
  const done = options.until ?? ((i) => ['succeeded', 'failed', 'canceled'].includes(i.status));
  return waitUntil(
    async () => {
      const { status, body } = await client.post<IngestionWire>('/docs/get_ingestion', locator);
      if (status !== 200)
        throw new Error(`get_ingestion answered ${status}: ${JSON.stringify(body)}`);
      return done(body) ? body : undefined;
    },
    {
      timeoutMs: options.timeoutMs ?? 180_000,
      intervalMs: 150,
      what: `ingestion ${locator.ingestion_id}`,
    },
  );
}

/** Creates an ingestion of `source` and polls it until it ends; a refused create throws. */
export async function ingestAndWait(
  client: Poster,
  locator: { namespace_name: string; collection_name: string },
  source: { type: string; spec: Record<string, unknown> },
): Promise<IngestionWire> {
  const created = await client.post<{ ingestion_id: string }>('/docs/create_ingestion', {
    ...locator,
    ...source,
  });
  if (created.status !== 200) {
    throw new Error(`create_ingestion answered ${created.status}: ${JSON.stringify(created.body)}`);
  }
  return waitForIngestion(client, { ...locator, ingestion_id: created.body.ingestion_id });
}
