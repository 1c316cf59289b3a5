import { errors } from '@elastic/elasticsearch';

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
 * Turns any failure of a client call into an {@link ElasticsearchIndexError} whose text cannot
 * contain the credentials; errors this adapter raised itself (argument checks) pass through.
 */
export function toIndexError(
  operation: string,
  error: unknown,
  scrub: (text: string) => string,
): unknown {
  if (error instanceof ElasticsearchIndexError) return error;
  if (!(error instanceof errors.ElasticsearchClientError)) return error;
  const details = errorDetails(error) ?? {};
  return new ElasticsearchIndexError(operation, {
    status: details.status,
    type: details.type ?? error.name,
    reason: scrub(details.reason ?? error.message),
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
