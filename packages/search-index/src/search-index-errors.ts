import { DependencyUnavailableError } from '@docent/domain-errors';

/**
 * The index cannot serve the call now — it does not answer, or answers that it is overloaded or
 * not ready — so the same call may succeed later: an API request gets 503 `unavailable`, an
 * ingestion waits and tries again. The message names the failure without addresses or
 * credentials; `reason` has the details for logs.
 */
export class SearchIndexUnavailableError extends DependencyUnavailableError {
  constructor(
    /** The failed call, e.g. `Elasticsearch bulk write: ConnectionError`. */
    readonly what: string,
    reason: string,
  ) {
    super('index', `The search index is unavailable (${what}); retry later.`, reason);
    this.name = 'SearchIndexUnavailableError';
  }
}
