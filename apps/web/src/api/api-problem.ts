import type { ProblemFieldError } from '@docent/contract/wire';

export type FieldError = ProblemFieldError;

/** An RFC 9457 problem from the API (or a network failure dressed as one). */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(detail);
    this.name = 'ApiProblem';
  }
}

/** Builds the problem of a failed response, whatever its body turned out to be. */
export function problemFromBody(status: number, body: unknown): ApiProblem {
  if (typeof body === 'object' && body !== null) {
    const record = body as Record<string, unknown>;
    const code = typeof record.code === 'string' ? record.code : `http_${status}`;
    const detail =
      typeof record.detail === 'string'
        ? record.detail
        : typeof record.title === 'string'
          ? record.title
          : `The server answered ${status}.`;
    return new ApiProblem(status, code, detail, fieldErrorsOf(record.errors));
  }
  return new ApiProblem(status, `http_${status}`, `The server answered ${status}.`);
}

function fieldErrorsOf(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { field, message } = item as Record<string, unknown>;
    return typeof message === 'string'
      ? [{ field: typeof field === 'string' ? field : '', message }]
      : [];
  });
}

export function asProblem(error: unknown): ApiProblem {
  if (error instanceof ApiProblem) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ApiProblem(0, 'network_error', `Could not reach the server (${message}).`);
}
