import {
  type ErrorBody,
  type FailedAnswer,
  SourceError,
  type SourceProfile,
} from '@docent/connector-sdk';

/** Confluence's vendor specifics; the status ladder itself is the SDK's. */
export const CONFLUENCE: SourceProfile = {
  name: 'Confluence',
  errorBody: confluenceErrorBody,
  explain: (answer) => (answer.status === 404 ? wrongUrl(answer) : undefined),
};

/** The `message` of a v1 body, or the `title: detail` of a v2 one's first error. */
function confluenceErrorBody(json: unknown): ErrorBody {
  const body = json as {
    message?: unknown;
    errors?: Array<{ title?: unknown; detail?: unknown }>;
  } | null;
  if (typeof body?.message === 'string') return { reasons: [], message: body.message };
  const first = Array.isArray(body?.errors) ? body.errors[0] : undefined;
  const message = [first?.title, first?.detail].filter((v) => typeof v === 'string').join(': ');
  return message === '' ? { reasons: [] } : { reasons: [], message };
}

/** An HTML 404 is the web server saying there is no API here: the URL is wrong, not the space. */
function wrongUrl(answer: FailedAnswer): SourceError | undefined {
  if ((answer.headers['content-type'] ?? '').includes('json')) return undefined;
  return new SourceError(
    'source_not_found',
    `no Confluence REST API answered at ${answer.host}${pathOf(answer.url)}; check the URL ` +
      '(a Data Center URL includes its context path, e.g. /confluence)',
    { status: 404 },
  );
}

/** A CQL query's 400 is the user's query being refused: `source_not_found` with Confluence's reason. */
export function rejectedCql(answer: FailedAnswer): SourceError | undefined {
  if (answer.status !== 400) return undefined;
  return new SourceError(
    'source_not_found',
    `CQL query rejected: ${answer.body.message ?? 'invalid CQL'}`,
    { status: 400 },
  );
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}
