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

/** 503 `unavailable`: a dependency does not answer. */
export class UnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnavailableError';
  }
}
