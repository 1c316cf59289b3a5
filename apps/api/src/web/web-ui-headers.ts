/**
 * The UI's Content-Security-Policy: scripts, styles and API calls from this origin only, no
 * inline code, no framing, no plugins. Navigations to the OAuth providers are top-level, which
 * CSP does not restrict.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

export const DOCUMENT_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  // The UI links out to providers and sources: they need not learn its URLs.
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

/** Hashed asset names never change content: cache them for a year. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** index.html names the current assets: revalidate it on every load. */
export const DOCUMENT_CACHE_CONTROL = 'no-cache';
