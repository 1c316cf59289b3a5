import {
  type AuthMode,
  type FieldIssue,
  readSpecFields,
  type SpecValidation,
} from '@docent/connector-sdk';

/** The WIKI source spec; exactly one of `space` and `cql`. */
export interface WikiSpec {
  /** Cloud site (`https://x.atlassian.net`, optionally `/wiki`) or Data Center base URL. */
  url: string;
  space?: string;
  cql?: string;
  token?: string;
  username?: string;
  /** Also ingest the pages' attachments that Docent can parse (default false). */
  attachments?: boolean;
}

const OPTIONAL_FIELDS = ['space', 'cql', 'username'] as const;

/** Checks what the request schema cannot and returns the spec trimmed, nulls dropped. */
export function validateWikiSpec(raw: unknown): SpecValidation<WikiSpec> {
  const fields = readSpecFields(raw);
  if (!fields.ok) return fields;
  const { input, errors, token } = fields;

  const values: Partial<Record<(typeof OPTIONAL_FIELDS)[number] | 'token', string>> = {};
  for (const field of OPTIONAL_FIELDS) {
    const value = input[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') {
      errors.push({ field: `spec.${field}`, message: 'must be a string' });
      continue;
    }
    const trimmed = value.trim();
    if (trimmed !== '') values[field] = trimmed;
  }
  if (token !== undefined) values.token = token;

  const url = normaliseSiteUrl(input.url, errors);
  const { attachments } = input;
  if (attachments !== undefined && attachments !== null && typeof attachments !== 'boolean') {
    errors.push({ field: 'spec.attachments', message: 'must be true or false' });
  }

  if (values.space !== undefined && values.cql !== undefined) {
    errors.push({ field: 'spec.space', message: 'give either space or cql, not both' });
    errors.push({ field: 'spec.cql', message: 'give either space or cql, not both' });
  } else if (values.space === undefined && values.cql === undefined && !hasTypeError(errors)) {
    errors.push({ field: 'spec.space', message: 'give a space key, or a cql query instead' });
  }
  if (values.space !== undefined && /[\s,"'\\]/.test(values.space)) {
    errors.push({
      field: 'spec.space',
      message: 'a space key has no spaces, commas, quotes or backslashes',
    });
  }
  if (values.username !== undefined && values.token === undefined) {
    errors.push({
      field: 'spec.token',
      message: 'a username needs a token (API token or password)',
    });
  }

  if (errors.length > 0 || url === undefined) return { ok: false, errors };
  return { ok: true, spec: { url, ...values, ...(attachments === true ? { attachments } : {}) } };
}

function hasTypeError(errors: FieldIssue[]): boolean {
  return errors.some((e) => e.field === 'spec.space' || e.field === 'spec.cql');
}

/** Absolute http(s) URL without credentials, query or fragment; no trailing slash. */
function normaliseSiteUrl(value: unknown, errors: FieldIssue[]): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') {
    errors.push({ field: 'spec.url', message: 'is required: the Confluence site or base URL' });
    return undefined;
  }
  const text = value.trim();
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    errors.push({
      field: 'spec.url',
      message: 'must be an absolute URL such as https://example.atlassian.net',
    });
    return undefined;
  }
  const problems: string[] = [];
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    problems.push('use http or https');
  if (parsed.username !== '' || parsed.password !== '')
    problems.push('put credentials in username/token, not in the URL');
  if (text.includes('?')) problems.push('must not have a query string');
  if (text.includes('#')) problems.push('must not have a fragment');
  if (problems.length > 0) {
    errors.push({ field: 'spec.url', message: problems.join('; ') });
    return undefined;
  }
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

/** username + token → Basic; token alone → Bearer (PAT); neither → the account's OAuth link. */
export function wikiAuthMode(spec: WikiSpec): AuthMode {
  if (spec.token !== undefined && spec.username !== undefined) return 'basic';
  if (spec.token !== undefined) return 'bearer';
  return 'oauth';
}

/**
 * Same site + same selection = same source; never includes credentials. A trailing `/wiki` is
 * dropped because `https://x.atlassian.net` and `https://x.atlassian.net/wiki` are one site.
 */
export function wikiSourceKey(spec: WikiSpec): string {
  const selection = spec.space !== undefined ? `space=${spec.space}` : `cql=${spec.cql ?? ''}`;
  return `confluence:${stripWikiSuffix(spec.url)}#${selection}`;
}

/** The site root of a Cloud URL given with or without its `/wiki` suffix. */
export function stripWikiSuffix(url: string): string {
  return url.replace(/\/wiki$/i, '');
}
