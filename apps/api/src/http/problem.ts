export type ProblemCode =
  | 'invalid_request'
  | 'source_not_connected'
  | 'unauthorized'
  | 'not_found'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'idempotency_key_reused'
  | 'internal'
  | 'unavailable';

const TITLES: Record<ProblemCode, string> = {
  invalid_request: 'Invalid request',
  source_not_connected: 'Source not connected',
  unauthorized: 'Unauthorized',
  not_found: 'Not found',
  payload_too_large: 'Payload too large',
  unsupported_media_type: 'Unsupported media type',
  rate_limited: 'Too many requests',
  idempotency_key_reused: 'Idempotency key reused',
  internal: 'Internal error',
  unavailable: 'Service unavailable',
};

const STATUSES: Record<ProblemCode, number> = {
  invalid_request: 400,
  source_not_connected: 400,
  unauthorized: 401,
  not_found: 404,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  idempotency_key_reused: 422,
  internal: 500,
  unavailable: 503,
};

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ProblemCode;
  errors?: Array<{ field: string; message: string }>;
  request_id?: string;
}

/** An error that already knows its RFC 9457 shape. */
export class ProblemError extends Error {
  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly errors: Array<{ field: string; message: string }> = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'ProblemError';
  }

  get status(): number {
    return STATUSES[this.code];
  }

  body(requestId?: string): ProblemBody {
    return {
      type: `https://docent.dev/problems/${this.code}`,
      title: TITLES[this.code],
      status: this.status,
      detail: this.detail,
      code: this.code,
      ...(this.errors.length > 0 ? { errors: this.errors } : {}),
      ...(requestId ? { request_id: requestId } : {}),
    };
  }
}
