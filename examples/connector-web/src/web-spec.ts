import { createHash } from 'node:crypto';
import { readSpecFields, type FieldIssue, type SpecValidation } from '@docent/connector-sdk';

/** What to read: a start page (links followed) or a sitemap (its pages), on one site. */
export interface WebSpec {
  /** A page to start from, or a sitemap (`…/sitemap.xml`, any `.xml`). No fragment. */
  url: string;
  /** At most this many pages per ingestion (default 500). */
  max_pages: number;
  /** Sent as `Authorization: Bearer` to a site that wants one. */
  token?: string;
}

export const DEFAULT_MAX_PAGES = 500;
export const MAX_PAGES_LIMIT = 10_000;

/** The spec normalised: the URL without fragment, the page cap filled in. */
export function validateWebSpec(raw: unknown): SpecValidation<WebSpec> {
  const fields = readSpecFields(raw);
  if (!fields.ok) return fields;
  const { input, errors, token } = fields;
  const url = startUrl(input.url, errors);
  const cap = input.max_pages ?? DEFAULT_MAX_PAGES;
  if (typeof cap !== 'number' || !Number.isInteger(cap) || cap < 1 || cap > MAX_PAGES_LIMIT) {
    errors.push({
      field: 'spec.max_pages',
      message: `must be an integer from 1 to ${MAX_PAGES_LIMIT}`,
    });
  }
  if (errors.length > 0 || url === undefined) return { ok: false, errors };
  return {
    ok: true,
    spec: { url, max_pages: cap as number, ...(token === undefined ? {} : { token }) },
  };
}

function startUrl(value: unknown, errors: FieldIssue[]): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') {
    errors.push({
      field: 'spec.url',
      message: 'is required: a page of the site, or its sitemap.xml',
    });
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    errors.push({
      field: 'spec.url',
      message: 'must be an absolute URL such as https://docs.example.com/',
    });
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    errors.push({ field: 'spec.url', message: 'use http or https' });
    return undefined;
  }
  if (url.username !== '' || url.password !== '') {
    errors.push({ field: 'spec.url', message: 'put credentials in token, not in the URL' });
    return undefined;
  }
  url.hash = '';
  return url.toString();
}

/** A sitemap is read for its pages; any other URL is a page whose links are followed. */
export function isSitemap(spec: WebSpec): boolean {
  return new URL(spec.url).pathname.toLowerCase().endsWith('.xml');
}

/** The site and how it is read; a long start URL is hashed. Never the token. */
export function webSourceKey(spec: WebSpec): string {
  const key = `web:${spec.url}`;
  return key.length <= 512 ? key : `web:${new URL(spec.url).origin}#sha256=${sha256(spec.url)}`;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
