/** A link the page offers (same-origin paths only). */
export interface PageLink {
  href: string;
  text: string;
}

/**
 * The small HTML page `/oauth/callback` and `/oauth/start` answer with: no script, nothing
 * external. Provider-given names (workspaces, sites) are attacker-controlled text: escaped,
 * stripped of bidi controls, and isolated in `<bdi>`.
 */
export function callbackPage(outcome: {
  ok: boolean;
  title: string;
  /** Paragraphs; `{…}` spans are names from outside, shown isolated. */
  paragraphs: string[];
  links?: PageLink[];
}): string {
  const links = outcome.links ?? [{ href: '/#/connections', text: 'Back to your connections' }];
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(outcome.title)} · Docent</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5}h1{font-size:1.4rem;color:${outcome.ok ? '#14632d' : '#8a1c1c'}}a{color:#1a4fa0}strong{overflow-wrap:anywhere}</style>
</head>
<body>
<main>
<h1>${escapeHtml(outcome.title)}</h1>
${outcome.paragraphs.map((p) => `<p>${withIsolatedNames(p)}</p>`).join('\n')}
${links.map((l) => `<p><a href="${escapeHtml(l.href)}">${escapeHtml(l.text)}</a></p>`).join('\n')}
</main>
</body>
</html>
`;
}

/** Marks `text` as a name from outside, for `callbackPage`'s paragraphs. */
export function name(text: string): string {
  return `{${text.replace(/[{}]/g, '')}}`;
}

export const CALLBACK_PAGE_HEADERS: Record<string, string> = {
  'Content-Type': 'text/html; charset=utf-8',
  // Only the inline style above; the page loads nothing and runs nothing.
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  // The URL carries the authorization code: never send it on as a referrer, never cache it.
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

function withIsolatedNames(paragraph: string): string {
  return paragraph
    .split(/(\{[^{}]*\})/)
    .map((part) =>
      part.startsWith('{') && part.endsWith('}')
        ? `<strong><bdi>${escapeHtml(part.slice(1, -1).replace(BIDI_CONTROLS, ''))}</bdi></strong>`
        : escapeHtml(part),
    )
    .join('');
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}
