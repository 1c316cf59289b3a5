/*
 * Error classes shaped like the SDK's but declared here, not imported from it: what a connector
 * package that bundles its own copy of `@docent/connector-sdk` throws. `instanceof` against the
 * service's copy does not recognise them; the SDK's error brands (`isSourceError`…) do.
 */

type Code =
  | 'source_auth_failed'
  | 'source_not_found'
  | 'source_unreachable'
  | 'source_rate_limited'
  | 'internal';

export class SourceError extends Error {
  constructor(
    readonly code: Code,
    message: string,
    readonly details: { status?: number; source?: string } = {},
  ) {
    super(message);
    this.name = 'SourceError';
  }
}

export class DocumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DocumentError';
  }
}

export class UnsupportedDocumentError extends DocumentError {
  constructor(message: string) {
    super(message);
    this.name = 'UnsupportedDocumentError';
  }
}

export class DocumentRequestError extends DocumentError {
  constructor(
    readonly code: Code,
    message: string,
    readonly details: { status?: number; source?: string } = {},
  ) {
    super(message);
    this.name = 'DocumentRequestError';
  }

  get sourceFault(): boolean {
    return this.code === 'source_unreachable';
  }
}
