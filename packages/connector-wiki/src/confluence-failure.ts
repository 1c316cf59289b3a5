import { type HttpResponse, SourceError, thrownToSourceError } from '@docent/connector-sdk';

/** A request that did not give the expected answer: a response, or what the client threw. */
export type ConfluenceFailure = { response: HttpResponse } | { thrown: unknown };

export interface FailureContext {
  /** Host named in messages (never the full URL: it may carry a CQL query). */
  host: string;
  /** Message for a 404, e.g. "space ENG not found or not visible to these credentials". */
  notFound?: string;
  /** A 400 means the user's CQL was refused: `source_not_found` with Confluence's message. */
  cqlRequest?: boolean;
}

/** Maps every Confluence failure to the SDK error the service understands. Messages carry no secrets. */
export async function toSourceError(
  failure: ConfluenceFailure,
  context: FailureContext,
): Promise<Error> {
  if ('thrown' in failure) {
    return thrownToSourceError(failure.thrown, { source: 'Confluence', host: context.host });
  }
  const { response } = failure;
  const { status } = response;
  const details = { status };
  // Read every error body: it frees the keep-alive socket, and 400s explain themselves.
  const message = await confluenceMessage(response);
  if (status === 401 || status === 403) {
    return new SourceError(
      'source_auth_failed',
      `Confluence at ${context.host} rejected the credentials (HTTP ${status})`,
      details,
    );
  }
  if (status === 404) {
    const isJson = (response.headers['content-type'] ?? '').includes('json');
    // An HTML 404 is the web server saying there is no API here: the URL is wrong, not the space.
    const text = isJson
      ? (context.notFound ?? `Confluence at ${context.host} answered 404 Not Found`)
      : `no Confluence REST API answered at ${context.host}${pathOf(response.url)}; check the URL ` +
        '(a Data Center URL includes its context path, e.g. /confluence)';
    return new SourceError('source_not_found', text, details);
  }
  if (status === 429) {
    return new SourceError(
      'source_rate_limited',
      `Confluence at ${context.host} kept answering 429 Too Many Requests after retries`,
      details,
    );
  }
  if (status >= 500) {
    return new SourceError(
      'source_unreachable',
      `Confluence at ${context.host} answered HTTP ${status} after retries`,
      details,
    );
  }
  if (status === 400 && context.cqlRequest) {
    return new SourceError(
      'source_not_found',
      `CQL query rejected: ${message ?? 'invalid CQL'}`,
      details,
    );
  }
  return new SourceError(
    'internal',
    `Confluence at ${context.host} answered HTTP ${status}${message ? `: ${message}` : ''}`,
    details,
  );
}

const MAX_MESSAGE_LENGTH = 300;

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

/** The `message` of a v1 body or the `title`/`detail` of a v2 one; plain text as a fallback. */
async function confluenceMessage(response: HttpResponse): Promise<string | undefined> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return undefined;
  }
  let message: string | undefined;
  try {
    const body = JSON.parse(text) as {
      message?: unknown;
      errors?: Array<{ title?: unknown; detail?: unknown }>;
    };
    if (typeof body.message === 'string') message = body.message;
    else if (Array.isArray(body.errors) && body.errors[0]) {
      const first = body.errors[0];
      message = [first.title, first.detail].filter((v) => typeof v === 'string').join(': ');
    }
  } catch {
    message = text.trim();
  }
  if (!message) return undefined;
  return message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH)}…` : message;
}
