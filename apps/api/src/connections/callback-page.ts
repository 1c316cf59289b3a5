/** The small HTML page `/oauth/callback` answers with: no script, nothing external. */
export function callbackPage(outcome: { ok: boolean; title: string; message: string }): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(outcome.title)} · Docent</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5}h1{font-size:1.4rem;color:${outcome.ok ? '#14632d' : '#8a1c1c'}}a{color:#1a4fa0}</style>
</head>
<body>
<main>
<h1>${escapeHtml(outcome.title)}</h1>
<p>${escapeHtml(outcome.message)}</p>
<p><a href="/#/connections">Back to your connections</a></p>
</main>
</body>
</html>
`;
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

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}
