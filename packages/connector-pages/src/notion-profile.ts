import {
  DocumentRequestError,
  type ErrorBody,
  SourceError,
  type SourceProfile,
} from '@docent/connector-sdk';

/** Notion's vendor specifics; the status ladder itself is the SDK's. */
export const NOTION: SourceProfile = {
  name: 'Notion',
  errorBody: notionErrorBody,
  hints: {
    unauthorized: 'check the integration token or reconnect Notion',
    forbidden: 'the integration lacks a capability it needs (read content)',
  },
};

/** `{"object":"error","status","code","message"}`. */
function notionErrorBody(json: unknown): ErrorBody {
  const { code, message } = (json ?? {}) as { code?: unknown; message?: unknown };
  return {
    reasons: typeof code === 'string' ? [code] : [],
    ...(typeof message === 'string' ? { message } : {}),
  };
}

/**
 * 400 and 404 on one object (a page moved away, a linked database, a block type the API does
 * not serve): that object is skipped, the crawl goes on.
 */
export function isObjectLevelFailure(error: unknown): error is DocumentRequestError | SourceError {
  if (!(error instanceof DocumentRequestError || error instanceof SourceError)) return false;
  return error.details.status === 400 || error.details.status === 404;
}
