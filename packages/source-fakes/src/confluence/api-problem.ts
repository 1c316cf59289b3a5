import type { FakeResponse } from '../shared/fake-http-types';

/**
 * Which API's error body a route answers with: REST v1/v2, the gateway, OAuth, the download
 * servlet (an HTML page) or the media API.
 */
export type ErrorFamily = 'v1' | 'v2' | 'gateway' | 'oauth' | 'download' | 'media';

/** Thrown by a handler to answer with the API's error body. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    /** Shown in the error body; v2 bodies carry `detail: null` without it. */
    readonly detail?: string,
  ) {
    super(detail ?? reasonPhrase(status));
    this.name = 'ApiProblem';
  }
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function reasonPhrase(status: number): string {
  return REASONS[status] ?? 'Error';
}

/** v1 `{statusCode, data, message, reason}`, v2 `{errors:[…]}`, gateway `{code, message}`. */
export function errorResponse(family: ErrorFamily, status: number, message?: string): FakeResponse {
  const reason = reasonPhrase(status);
  switch (family) {
    case 'v1':
      return {
        status,
        body: {
          statusCode: status,
          data: {
            authorized: status !== 401 && status !== 403,
            valid: true,
            errors: [],
            successful: false,
          },
          message: message ?? reason,
          reason,
        },
      };
    case 'v2':
      return {
        status,
        body: {
          errors: [
            {
              status,
              code: reason.toUpperCase().replace(/ /g, '_'),
              title: reason,
              detail: message ?? null,
            },
          ],
        },
      };
    case 'gateway':
      return { status, body: { code: status, message: message ?? reason } };
    case 'download':
      return {
        status,
        headers: { 'content-type': 'text/html;charset=UTF-8' },
        body: `<!DOCTYPE html><html><head><title>${reason} - Confluence</title></head><body><h1>${reason}</h1><p>${escapeHtml(message ?? reason)}</p></body></html>`,
      };
    case 'media':
      return {
        status,
        body: { error: { code: reason.replace(/ /g, ''), title: message ?? reason } },
      };
    case 'oauth':
      return {
        status,
        body: {
          error: status === 429 ? 'too_many_requests' : 'server_error',
          error_description: message ?? reason,
        },
      };
  }
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
