import { randomUUID } from 'node:crypto';
import type { FakeResponse } from '../shared/fake-http-types';

/** Thrown by handlers to answer with Notion's error body. */
export class NotionProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'NotionProblem';
  }
}

const DEFAULT_MESSAGES: Record<number, [code: string, message: string]> = {
  400: [
    'validation_error',
    'The request body does not match the schema for the expected parameters.',
  ],
  401: ['unauthorized', 'API token is invalid.'],
  403: ['restricted_resource', 'API token does not have access to this resource.'],
  404: [
    'object_not_found',
    'Could not find object. Make sure the relevant pages and databases are shared with your integration.',
  ],
  409: [
    'conflict_error',
    'Transaction could not be completed, potentially due to a data collision.',
  ],
  429: ['rate_limited', 'You have been rate limited. Please try again in a few minutes.'],
  500: ['internal_server_error', 'Unexpected error occurred.'],
  502: ['internal_server_error', 'Bad gateway.'],
  503: ['service_unavailable', 'Notion is unavailable. Please try again later.'],
  504: ['gateway_timeout', 'Notion timed out while attempting to complete this request.'],
  529: ['service_overload', 'Notion is currently overloaded. Please try again later.'],
};

/** `{object:"error", status, code, message, request_id}` as every Notion endpoint answers. */
export function notionError(status: number, code?: string, message?: string): FakeResponse {
  const [defaultCode, defaultMessage] = DEFAULT_MESSAGES[status] ?? [
    'internal_server_error',
    'Error.',
  ];
  return {
    status,
    body: {
      object: 'error',
      status,
      code: code ?? defaultCode,
      message: message ?? defaultMessage,
      request_id: randomUUID(),
    },
  };
}

export function problemResponse(problem: NotionProblem): FakeResponse {
  const response = notionError(problem.status, problem.code, problem.message);
  return { ...response, headers: { ...problem.headers } };
}

export function objectNotFound(
  kind: 'page' | 'block' | 'database' | 'data source',
  id: string,
): NotionProblem {
  return new NotionProblem(
    404,
    'object_not_found',
    `Could not find ${kind} with ID: ${id}. Make sure the relevant pages and databases are shared with your integration.`,
  );
}
