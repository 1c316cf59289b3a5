/** What a request's `Authorization` header carries; secrets stay out of request logs. */
export type RequestAuthorization =
  | { scheme: 'basic'; username: string; password: string }
  | { scheme: 'bearer'; token: string }
  | { scheme: 'none' }
  | { scheme: 'other' };

export type AuthScheme = RequestAuthorization['scheme'];

export function parseAuthorization(header: string | undefined): RequestAuthorization {
  if (header === undefined || header.trim() === '') return { scheme: 'none' };
  const match = /^(\S+)\s+(.+)$/.exec(header.trim());
  if (!match) return { scheme: 'other' };
  const scheme = match[1]!.toLowerCase();
  const value = match[2]!.trim();
  if (scheme === 'bearer') return { scheme: 'bearer', token: value };
  if (scheme === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return { scheme: 'other' };
    return {
      scheme: 'basic',
      username: decoded.slice(0, colon),
      password: decoded.slice(colon + 1),
    };
  }
  return { scheme: 'other' };
}
