/** Links that are never pages: skipped without a request. */
const NOT_PAGES =
  /\.(?:png|jpe?g|gif|webp|svg|ico|css|js|mjs|json|xml|zip|gz|tgz|tar|mp3|mp4|webm|mov|avi|woff2?|ttf|eot|exe|dmg|pdf|docx?|pptx?|xlsx?)$/i;

/** `href` resolved against its page: an http(s) URL of the same site, no fragment; or nothing. */
export function sameSitePage(href: string, page: string, origin: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href, page);
  } catch {
    return undefined;
  }
  if (url.origin !== origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    return undefined;
  }
  if (url.username !== '' || url.password !== '' || NOT_PAGES.test(url.pathname)) return undefined;
  url.hash = '';
  return url.toString();
}

/** What robots.txt rules are matched against: the path and query. */
export function pathAndQuery(url: string): string {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
}
