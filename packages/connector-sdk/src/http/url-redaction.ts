/**
 * A URL fit for messages and logs: scheme, host and path only. Userinfo carries passwords and
 * query strings often carry signatures or API keys, so both are dropped.
 */
export function redactUrl(url: string | URL): string {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return '(invalid URL)';
  }
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}

/** The URL without userinfo, for values handed back to callers (e.g. `HttpResponse.url`). */
export function withoutUserinfo(url: URL): string {
  if (url.username === '' && url.password === '') return url.href;
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
}
