/** One `<url>` of a sitemap, or one `<sitemap>` of a sitemap index. */
export interface SitemapEntry {
  loc: string;
  lastmod: string | undefined;
}

export interface Sitemap {
  /** Pages. */
  urls: SitemapEntry[];
  /** Further sitemaps (a sitemap index). */
  sitemaps: SitemapEntry[];
}

/** The `<loc>`s of a sitemap or sitemap index (sitemaps.org 0.9); anything else is ignored. */
export function parseSitemap(xml: string): Sitemap {
  const entries = (tag: string): SitemapEntry[] =>
    [...xml.matchAll(new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}\\s*>`, 'gi'))].flatMap(
      ([, inner]) => {
        const loc = text(/<loc\b[^>]*>([\s\S]*?)<\/loc\s*>/i.exec(inner!)?.[1]);
        const lastmod = text(/<lastmod\b[^>]*>([\s\S]*?)<\/lastmod\s*>/i.exec(inner!)?.[1]);
        return loc ? [{ loc, lastmod }] : [];
      },
    );
  return { urls: entries('url'), sitemaps: entries('sitemap') };
}

function text(value: string | undefined): string | undefined {
  const trimmed = value
    ?.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .trim();
  return trimmed === '' ? undefined : trimmed;
}
