import { errors } from '@elastic/elasticsearch';
import { SearchIndexUnavailableError } from '../search-index-errors';

/** What Elasticsearch said went wrong, from a thrown client error or an item of a response. */
export interface ElasticsearchErrorDetails {
  status?: number;
  type?: string;
  reason?: string;
}

/**
 * A failed Elasticsearch call. The message is composed from the status, the error type and the
 * server's reason only; the client's error (which carries request metadata) is not kept, so no
 * header or URL can travel with it into a log.
 */
export class ElasticsearchIndexError extends Error {
  readonly status: number | undefined;
  readonly type: string | undefined;
  readonly reason: string | undefined;

  constructor(
    readonly operation: string,
    details: ElasticsearchErrorDetails & { message?: string },
  ) {
    const what = [
      details.status !== undefined ? `HTTP ${details.status}` : undefined,
      details.type,
      details.reason ?? details.message,
    ]
      .filter((part) => part !== undefined && part !== '')
      .join(' ');
    super(`Elasticsearch ${operation} failed: ${what || 'unknown error'}`);
    this.name = 'ElasticsearchIndexError';
    this.status = details.status;
    this.type = details.type;
    this.reason = details.reason;
  }
}

interface ErrorCauseLike {
  type?: unknown;
  reason?: unknown;
  root_cause?: unknown;
}

/** Details of a thrown client error or of this adapter's own error; undefined for anything else. */
export function errorDetails(error: unknown): ElasticsearchErrorDetails | undefined {
  if (error instanceof ElasticsearchIndexError) {
    return { status: error.status, type: error.type, reason: error.reason };
  }
  if (error instanceof errors.ResponseError) {
    const body: unknown = error.meta.body;
    const cause =
      typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : body;
    return { status: error.meta.statusCode, ...causeDetails(cause) };
  }
  return undefined;
}

/** An `error` object as Elasticsearch writes it in a response body or a bulk/msearch item. */
export function causeDetails(cause: unknown): Pick<ElasticsearchErrorDetails, 'type' | 'reason'> {
  if (typeof cause === 'string') return { reason: cause };
  if (typeof cause !== 'object' || cause === null) return {};
  const { type, reason, root_cause: rootCause } = cause as ErrorCauseLike;
  const rootReasons = Array.isArray(rootCause)
    ? rootCause
        .map((root) => (root as ErrorCauseLike | null)?.reason)
        .filter((text): text is string => typeof text === 'string' && text !== reason)
    : [];
  return {
    type: typeof type === 'string' ? type : undefined,
    reason:
      [typeof reason === 'string' ? reason : undefined, ...rootReasons]
        .filter((text) => text !== undefined)
        .join('; ') || undefined,
  };
}

export function isIndexNotFound(error: unknown): boolean {
  const details = errorDetails(error);
  return details?.status === 404 && details.type === 'index_not_found_exception';
}

/**
 * The cluster cannot run the `rrf` retriever: a licence without it (403, "current license is
 * non-compliant for [Reciprocal Rank Fusion (RRF)]": RRF needs an Enterprise licence or a trial)
 * or a version without retrievers (400, "unknown retriever [rrf]" / "unknown field [retriever]").
 */
export function isRrfRetrieverUnsupported(error: unknown): boolean {
  const details = errorDetails(error);
  const reason = details?.reason ?? '';
  if (details?.status === 403) return /licen[cs]e/i.test(reason) && /rrf|rank fusion/i.test(reason);
  if (details?.status === 400) return /unknown/i.test(reason) && /retriever|rrf/i.test(reason);
  return false;
}

/**
 * Statuses of a cluster that cannot serve now but may soon: overloaded as a whole (429; single
 * rejected bulk items are retried by the bulk writer), behind a proxy whose backend is down
 * (502, 504), or not ready — no master, shards still recovering, a node restarting (503).
 */
const UNAVAILABLE_STATUSES = new Set([429, 502, 503, 504]);

/**
 * Errors of shards or nodes that are not there yet, as per-item failures carry them without a
 * status (a multi-get's `docs[].error` while a restarted node recovers its shards).
 */
const UNAVAILABLE_TYPES = new Set([
  'no_shard_available_action_exception',
  'unavailable_shards_exception',
  'node_not_connected_exception',
  'node_disconnected_exception',
]);

/** Whether a failed call is the cluster being unreachable or not ready, not a bad request. */
export function isClusterUnavailable(error: unknown): boolean {
  if (
    error instanceof errors.ConnectionError ||
    error instanceof errors.TimeoutError ||
    error instanceof errors.NoLivingConnectionsError
  ) {
    return true;
  }
  const details = errorDetails(error);
  if (details?.type !== undefined && UNAVAILABLE_TYPES.has(details.type)) return true;
  return details?.status !== undefined && UNAVAILABLE_STATUSES.has(details.status);
}

/**
 * Turns any failure of a client call into an {@link ElasticsearchIndexError}, or a
 * {@link SearchIndexUnavailableError} when the cluster is unreachable or not ready, whose text
 * cannot contain the credentials; errors this adapter raised itself (argument checks) pass through.
 */
export function toIndexError(
  operation: string,
  error: unknown,
  scrub: (text: string) => string,
): unknown {
  if (error instanceof SearchIndexUnavailableError) return error;
  const ours = error instanceof ElasticsearchIndexError;
  if (!ours && !(error instanceof errors.ElasticsearchClientError)) return error;
  const details = errorDetails(error) ?? {};
  const type = details.type ?? (ours ? undefined : (error as Error).name);
  if (isClusterUnavailable(error)) {
    // The message (an API response's detail) says what failed but no address: connection
    // errors quote the node's URL. The reason, for logs, has it all.
    const what = [details.status !== undefined ? `HTTP ${details.status}` : undefined, type]
      .filter((part) => part !== undefined)
      .join(' ');
    return new SearchIndexUnavailableError(
      `Elasticsearch ${operation}: ${what || 'no answer'}`,
      scrub((error as Error).message),
    );
  }
  if (ours) return error;
  return new ElasticsearchIndexError(operation, {
    status: details.status,
    type,
    reason: scrub(details.reason ?? (error as Error).message),
  });
}

/**
 * Removes known secrets and `user:password@` URL credentials from a text. The client already
 * redacts its error metadata; this also covers messages, which quote URLs and server replies.
 */
export function secretScrubber(
  secrets: ReadonlyArray<string | undefined>,
): (text: string) => string {
  const known = secrets.filter((secret): secret is string => secret !== undefined && secret !== '');
  return (text) => {
    let scrubbed = text.replace(/\/\/[^/@\s]+@/g, '//[redacted]@');
    for (const secret of known) scrubbed = scrubbed.split(secret).join('[redacted]');
    return scrubbed;
  };
}
