import { errors } from '@elastic/elasticsearch';
import {
  ElasticsearchIndexError,
  isClusterUnavailable,
  isIndexNotFound,
  isRrfRetrieverUnsupported,
  secretScrubber,
  toIndexError,
} from '../../src/elasticsearch/elasticsearch-errors';

/** A client error as the transport builds it from a response. */
function responseError(statusCode: number, body: unknown): errors.ResponseError {
  return new errors.ResponseError({
    body,
    statusCode,
    headers: {},
    warnings: null,
    meta: {} as never,
  });
}

function serverError(status: number, type: string, reason: string) {
  return responseError(status, {
    error: { root_cause: [{ type, reason }], type, reason },
    status,
  });
}

describe('Elasticsearch errors', () => {
  it.each([
    [
      serverError(
        403,
        'security_exception',
        'current license is non-compliant for [Reciprocal Rank Fusion (RRF)]',
      ),
      true,
    ],
    [serverError(400, 'parsing_exception', 'unknown retriever [rrf]'), true],
    [
      serverError(400, 'x_content_parse_exception', '[1:2] [search] unknown field [retriever]'),
      true,
    ],
    [
      serverError(
        403,
        'security_exception',
        'action [indices:data/read/search] is unauthorized for API key',
      ),
      false,
    ],
    [serverError(400, 'parsing_exception', 'unknown query [combined_fields]'), false],
    [serverError(500, 'search_phase_execution_exception', 'all shards failed'), false],
    [new Error('current license is non-compliant for [Reciprocal Rank Fusion (RRF)]'), false],
  ])('tells when the rrf retriever cannot run (%#)', (error, unsupported) => {
    expect(isRrfRetrieverUnsupported(error)).toBe(unsupported);
  });

  it('tells a missing index from a missing document', () => {
    expect(
      isIndexNotFound(serverError(404, 'index_not_found_exception', 'no such index [x]')),
    ).toBe(true);
    expect(isIndexNotFound(responseError(404, { _index: 'x', _id: 'y', found: false }))).toBe(
      false,
    );
    expect(
      isIndexNotFound(
        new ElasticsearchIndexError('bulk write', {
          status: 404,
          type: 'index_not_found_exception',
        }),
      ),
    ).toBe(true);
  });

  it('rewrites client errors into messages without credentials, and lets other errors through', () => {
    const scrub = secretScrubber(['s3cret', undefined, '']);
    const wrapped = toIndexError(
      'search',
      serverError(
        401,
        'security_exception',
        'bad credentials s3cret for http://user:s3cret@es:9200',
      ),
      scrub,
    ) as ElasticsearchIndexError;
    expect(wrapped).toBeInstanceOf(ElasticsearchIndexError);
    expect(wrapped.message).toBe(
      'Elasticsearch search failed: HTTP 401 security_exception bad credentials [redacted] for http://[redacted]@es:9200',
    );
    const own = new RangeError('limit must be a non-negative integer');
    expect(toIndexError('search', own, scrub)).toBe(own);
  });

  it.each([
    [new errors.ConnectionError('connect ECONNREFUSED 10.0.0.7:9200'), true],
    [new errors.TimeoutError('Request timed out'), true],
    [new errors.NoLivingConnectionsError('There are no living connections', {} as never), true],
    [
      serverError(503, 'cluster_block_exception', 'blocked by: [SERVICE_UNAVAILABLE/2/no master]'),
      true,
    ],
    [serverError(504, 'gateway_timeout', 'upstream timed out'), true],
    [serverError(429, 'circuit_breaking_exception', '[parent] Data too large'), true],
    [
      new ElasticsearchIndexError('search', {
        status: 503,
        type: 'no_shard_available_action_exception',
      }),
      true,
    ],
    // A multi-get's per-document failure while a restarted node recovers: no status.
    [
      new ElasticsearchIndexError('manifest read', {
        type: 'no_shard_available_action_exception',
        reason: 'No shard available for [MultiGetShardRequest]',
      }),
      true,
    ],
    [serverError(500, 'search_phase_execution_exception', 'all shards failed'), false],
    [serverError(400, 'mapper_parsing_exception', 'failed to parse'), false],
    [serverError(404, 'index_not_found_exception', 'no such index [x]'), false],
    [new Error('connect ECONNREFUSED'), false],
  ])('tells a cluster that cannot serve now from a failed request (%#)', (error, unavailable) => {
    expect(isClusterUnavailable(error)).toBe(unavailable);
  });
});
