import { UrlNotAllowedError } from './errors';
import type { HttpMethod, HttpRequest, QueryValue } from './types';
import { redactUrl } from './url-redaction';

/** A request in the form that goes on the wire, reusable for every retry. */
export interface PreparedRequest {
  method: HttpMethod;
  url: URL;
  /** Lower-cased names. */
  headers: Record<string, string>;
  body: Buffer | undefined;
}

export function prepareRequest(
  req: HttpRequest,
  baseHeaders: Record<string, string>,
): PreparedRequest {
  const url = parseUrl(req.url);
  appendQuery(url, req.query);
  const headers = mergeHeaders(baseHeaders, req.headers);
  const body = encodeBody(req.body, headers);
  if (body !== undefined) headers['content-length'] = String(body.length);
  return { method: req.method ?? 'GET', url, headers, body };
}

/** Later sources win; names compare case-insensitively, as HTTP says they do. */
export function mergeHeaders(
  ...sources: (Record<string, string> | undefined)[]
): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const source of sources) {
    for (const [name, value] of Object.entries(source ?? {})) merged[name.toLowerCase()] = value;
  }
  return merged;
}

function parseUrl(url: string | URL): URL {
  try {
    return new URL(url);
  } catch {
    throw new UrlNotAllowedError(redactUrl(String(url)), 'invalid URL');
  }
}

function appendQuery(url: URL, query: Record<string, QueryValue> | undefined): void {
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    const values: readonly string[] = Array.isArray(value) ? value : [String(value)];
    for (const item of values) url.searchParams.append(name, item);
  }
}

function encodeBody(
  body: HttpRequest['body'],
  headers: Record<string, string>,
): Buffer | undefined {
  if (body === undefined) return undefined;
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  headers['content-type'] ??= 'application/json';
  return Buffer.from(JSON.stringify(body), 'utf8');
}
