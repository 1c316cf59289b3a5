import type { FakeResponse } from '../shared/fake-http-types';

/** Where a Google error points: a query parameter, a header, a path parameter. */
export interface ErrorLocation {
  name: string;
  type: 'parameter' | 'header';
}

/** Thrown by handlers to answer with Google's error envelope. */
export class DriveApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
    readonly location?: ErrorLocation,
  ) {
    super(message);
    this.name = 'DriveApiError';
  }
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  502: 'UNAVAILABLE',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);

/**
 * `{"error":{"code","message","errors":[{message,domain,reason,location?,locationType?}],"status"}}`.
 * `detailMessage` is the per-error message when Google words it differently (401s).
 */
export function googleError(
  status: number,
  reason: string,
  message: string,
  location?: ErrorLocation,
  detailMessage = message,
): FakeResponse {
  const detail: Record<string, string> = {
    message: detailMessage,
    domain: RATE_LIMIT_REASONS.has(reason) ? 'usageLimits' : 'global',
    reason,
  };
  if (location) {
    detail.location = location.name;
    detail.locationType = location.type;
  }
  return {
    status,
    body: {
      error: {
        code: status,
        message,
        errors: [detail],
        ...(STATUS_NAMES[status] ? { status: STATUS_NAMES[status] } : {}),
      },
    },
  };
}

export function errorResponseOf(error: DriveApiError): FakeResponse {
  return googleError(error.status, error.reason, error.message, error.location);
}

const DEFAULT_FAULTS: Record<number, { reason: string; message: string }> = {
  400: { reason: 'badRequest', message: 'Bad Request' },
  401: { reason: 'authError', message: 'Invalid Credentials' },
  403: { reason: 'forbidden', message: 'Forbidden' },
  404: { reason: 'notFound', message: 'Not Found' },
  429: { reason: 'rateLimitExceeded', message: 'Rate Limit Exceeded' },
  500: { reason: 'backendError', message: 'Backend Error' },
  502: { reason: 'badGateway', message: 'Bad Gateway' },
  503: { reason: 'backendError', message: 'Backend Error' },
  504: { reason: 'backendError', message: 'Deadline exceeded' },
};

const REASON_MESSAGES: Record<string, string> = {
  userRateLimitExceeded: 'User Rate Limit Exceeded',
  rateLimitExceeded: 'Rate Limit Exceeded',
};

/** The envelope an injected fault answers with. */
export function faultResponse(status: number, reason?: string, message?: string): FakeResponse {
  const fallback = DEFAULT_FAULTS[status] ?? { reason: 'unknown', message: 'Error' };
  const chosen = reason ?? fallback.reason;
  return googleError(status, chosen, message ?? REASON_MESSAGES[chosen] ?? fallback.message);
}

/** Google's own HTML page for a URL no API serves. */
export function googleNotFoundPage(path: string): FakeResponse {
  return {
    status: 404,
    headers: { 'content-type': 'text/html; charset=UTF-8' },
    body:
      '<!DOCTYPE html><html lang=en><meta charset=utf-8><title>Error 404 (Not Found)!!1</title>' +
      `<p><b>404.</b> <ins>That’s an error.</ins><p>The requested URL <code>${escapeHtml(path)}</code> ` +
      'was not found on this server. <ins>That’s all we know.</ins>',
  };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
