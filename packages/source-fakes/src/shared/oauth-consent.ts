import type { FakeResponse } from './fake-http-types';

/** A redirect URI a consent screen accepts: an absolute http(s) URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The consent screen approved at once: 302 back to the client with the code, its `state` (when
 * it sent one) and any parameters the provider adds.
 */
export function redirectWithCode(
  redirectUri: string,
  code: string,
  state: string | null,
  extra: Record<string, string> = {},
): FakeResponse {
  const target = new URL(redirectUri);
  target.searchParams.set('code', code);
  if (state !== null) target.searchParams.set('state', state);
  for (const [name, value] of Object.entries(extra)) target.searchParams.set(name, value);
  return { status: 302, headers: { location: target.toString() }, body: '' };
}

/** A consent screen refuses with an HTML page for the user, not an API error body. */
export function consentErrorPage(bodyHtml: string): FakeResponse {
  return {
    status: 400,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: `<!DOCTYPE html><html><body>${bodyHtml}</body></html>`,
  };
}
