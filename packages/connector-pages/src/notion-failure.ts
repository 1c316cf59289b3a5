import { type HttpResponse, SourceError, type SourceErrorCode } from '@docent/connector-sdk';

/** Notion answered with an error status; `status` and `notionCode` let callers skip one block. */
export class NotionRequestError extends SourceError {
  constructor(
    code: SourceErrorCode,
    message: string,
    readonly status: number,
    readonly notionCode: string | undefined,
  ) {
    super(code, message, { status });
    this.name = 'NotionRequestError';
  }
}

/** 400 and 404 on one object: that object is skipped (logged), the crawl goes on. */
export function isObjectLevelFailure(error: unknown): error is NotionRequestError {
  return error instanceof NotionRequestError && (error.status === 400 || error.status === 404);
}

const MAX_MESSAGE_LENGTH = 300;

/** Maps an error answer to the SDK error the service understands; never quotes credentials. */
export async function failureOf(response: HttpResponse, what: string): Promise<NotionRequestError> {
  const { status } = response;
  const { code, message } = await errorBody(response);
  const detail = `${code ?? `HTTP ${status}`}${message ? `: ${message}` : ''}`;
  if (status === 401) {
    return new NotionRequestError(
      'source_auth_failed',
      `Notion rejected the token (${detail}); check the integration token or reconnect Notion`,
      status,
      code,
    );
  }
  if (status === 403) {
    return new NotionRequestError(
      'source_auth_failed',
      `Notion refused ${what} (${detail}); the integration lacks a capability it needs (read content)`,
      status,
      code,
    );
  }
  if (status === 404) {
    return new NotionRequestError('source_not_found', `Notion: ${detail}`, status, code);
  }
  if (status === 429) {
    return new NotionRequestError(
      'source_rate_limited',
      `Notion kept answering 429 rate_limited to ${what} after retries`,
      status,
      code,
    );
  }
  if (status >= 500) {
    return new NotionRequestError(
      'source_unreachable',
      `Notion answered ${what} with ${detail} after retries`,
      status,
      code,
    );
  }
  return new NotionRequestError('internal', `Notion refused ${what} (${detail})`, status, code);
}

async function errorBody(response: HttpResponse): Promise<{ code?: string; message?: string }> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return {};
  }
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    return {
      ...(typeof body.code === 'string' ? { code: body.code } : {}),
      ...(typeof body.message === 'string' ? { message: shorten(body.message) } : {}),
    };
  } catch {
    const trimmed = text.trim();
    return trimmed === '' ? {} : { message: shorten(trimmed) };
  }
}

function shorten(message: string): string {
  return message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH)}…` : message;
}
