/** A field-level problem, reported in the problem+json `errors` list. */
export interface FieldProblem {
  field: string;
  message: string;
}

/** 400 `invalid_request`. */
export class InvalidRequestError extends Error {
  constructor(
    message: string,
    readonly errors: FieldProblem[] = [],
  ) {
    super(message);
    this.name = 'InvalidRequestError';
  }
}

/** 400 `source_not_connected`: no token in the spec and no OAuth connection for the source. */
export class SourceNotConnectedError extends Error {
  constructor(readonly sourceType: string) {
    super(
      `The spec has no token and this account has no ${sourceType} connection: pass spec.token or connect the source first`,
    );
    this.name = 'SourceNotConnectedError';
  }
}

/** 404 `not_found`. The message names what is missing, never another account's data. */
export class NotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotFoundError';
  }
}

/**
 * 422 `idempotency_key_reused`: an `Idempotency-Key` sent again with another request body than
 * the one it was first used with (the IETF httpapi draft's rule).
 */
export class IdempotencyKeyReusedError extends Error {
  constructor() {
    super(
      'This Idempotency-Key was used with another request body; send a new key for a new request.',
    );
    this.name = 'IdempotencyKeyReusedError';
  }
}

/** 503 `unavailable`: a dependency does not answer. */
export class UnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnavailableError';
  }
}

/** The infrastructure a deployment runs on: metadata database, job queue, search index. */
export type Dependency = 'database' | 'queue' | 'index';

/** What each dependency is called in messages a user or an operator reads. */
export const DEPENDENCY_NAMES: Readonly<Record<Dependency, string>> = {
  database: 'the metadata database',
  queue: 'the job queue',
  index: 'the search index',
};

/**
 * 503 `unavailable`: the database, the queue or the index cannot serve the call now (down,
 * restarting, overloaded), so the same call may succeed later: an API request gets 503 with
 * `Retry-After`, an ingestion waits. The message names the dependency without addresses or
 * credentials; `reason` has the driver's details for logs.
 */
export class DependencyUnavailableError extends UnavailableError {
  constructor(
    readonly dependency: Dependency,
    message: string,
    readonly reason: string,
  ) {
    super(message);
    this.name = 'DependencyUnavailableError';
  }
}

/** The dependency a failure says is unavailable, or null for any other error. */
export function unavailableDependency(error: unknown): Dependency | null {
  return error instanceof DependencyUnavailableError ? error.dependency : null;
}
