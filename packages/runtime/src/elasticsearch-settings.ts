import { type ElasticsearchSearchIndexOptions } from '@docent/search-index';
import { type ElasticsearchConfig } from './config';

/** The Elasticsearch adapter's options for this deployment: the service and `es:layout` share them. */
export function elasticsearchIndexOptions(
  es: ElasticsearchConfig,
): ElasticsearchSearchIndexOptions {
  return {
    node: es.url,
    auth: es.apiKey
      ? { apiKey: es.apiKey }
      : es.username
        ? { username: es.username, password: es.password ?? '' }
        : undefined,
    indexPrefix: es.indexPrefix,
    layout: es.layout,
    sharedIndices: es.sharedIndices,
    dedicatedThreshold: es.dedicatedThreshold,
    ...(es.replicas !== undefined && { numberOfReplicas: es.replicas }),
    collectionIdf: es.collectionIdf,
    // Writes become searchable within the refresh interval (1 s) instead of waiting for it.
    refresh: false,
    rrf: 'client',
    // No retries of the client's own: its backoff held an ask 5-7 s on a refused connection.
    // Index writes are retried by the ingestion (waiting out outages), asks answer 503 with
    // Retry-After.
    clientOptions: { maxRetries: 0 },
  };
}
