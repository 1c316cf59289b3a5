/** What the connector itself reads from a page: the service parses its text. */
export interface HtmlPage {
  title: string | undefined;
  /** `href`s as written (relative or absolute), in order. */
  links: string[];
  /** `<meta name="robots" content="noindex">` or `nofollow`. */
  noindex: boolean;
  nofollow: boolean;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  copy: '©',
  reg: '®',
  trade: '™',
  laquo: '«',
  raquo: '»',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  euro: '€',
  middot: '·',
  bull: '•',
};

/** Title, links and robots rules, by pattern rather than a DOM: pages are read once. */
export function readHtmlPage(html: string): HtmlPage {
  const body = html.replace(/<!--[\s\S]*?-->/g, '');
  const title = decode(/<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(body)?.[1] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  const robots = /<meta\b[^>]*name\s*=\s*["']?robots["']?[^>]*>/i.exec(body)?.[0] ?? '';
  const links: string[] = [];
  for (const match of body.matchAll(/<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const href = decode(match[1] ?? match[2] ?? match[3] ?? '').trim();
    if (href !== '') links.push(href);
  }
  return {
    title: title === '' ? undefined : title,
    links,
    noindex: /noindex|none/i.test(robots),
    nofollow: /nofollow|none/i.test(robots),
  };
}

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X'
          ? parseInt(entity.slice(2), 16)
          : parseInt(entity.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}
