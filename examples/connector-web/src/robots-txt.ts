/** Who the connector is in `robots.txt` (besides `*`). */
export const ROBOTS_AGENT = 'docent';

interface Rule {
  allow: boolean;
  pattern: RegExp;
  length: number;
}

/** A site's `robots.txt` as it applies to Docent (RFC 9309). */
export class RobotsTxt {
  private constructor(
    private readonly rules: Rule[],
    /** `Sitemap:` lines, absolute URLs. */
    readonly sitemaps: string[],
  ) {}

  static allowAll(): RobotsTxt {
    return new RobotsTxt([], []);
  }

  /** A 5xx or unreachable robots.txt: the site may not want crawling, so nothing is read. */
  static disallowAll(): RobotsTxt {
    return new RobotsTxt([{ allow: false, pattern: /^\//, length: 1 }], []);
  }

  /** The group for `docent` if there is one, else the group for `*`. */
  static parse(text: string): RobotsTxt {
    const groups: Array<{ agents: string[]; rules: Rule[] }> = [];
    const sitemaps: string[] = [];
    let current: { agents: string[]; rules: Rule[] } | undefined;
    let lastWasAgent = false;
    for (const rawLine of text.split(/\r?\n/)) {
      const line = rawLine.replace(/#.*$/, '').trim();
      const match = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
      if (!match) continue;
      const field = match[1]!.toLowerCase();
      const value = match[2]!.trim();
      if (field === 'user-agent') {
        if (!current || !lastWasAgent) {
          current = { agents: [], rules: [] };
          groups.push(current);
        }
        current.agents.push(value.toLowerCase());
        lastWasAgent = true;
        continue;
      }
      lastWasAgent = false;
      if (field === 'sitemap') sitemaps.push(value);
      else if ((field === 'allow' || field === 'disallow') && current && value !== '') {
        current.rules.push({
          allow: field === 'allow',
          pattern: toPattern(value),
          length: value.length,
        });
      }
    }
    const mine =
      groups.find((g) => g.agents.some((a) => a === ROBOTS_AGENT)) ??
      groups.find((g) => g.agents.includes('*'));
    return new RobotsTxt(mine?.rules ?? [], sitemaps);
  }

  /** The longest matching rule decides; on a tie, allow wins; no rule: allowed. */
  allows(pathAndQuery: string): boolean {
    let best: Rule | undefined;
    for (const rule of this.rules) {
      if (!rule.pattern.test(pathAndQuery)) continue;
      if (!best || rule.length > best.length || (rule.length === best.length && rule.allow)) {
        best = rule;
      }
    }
    return best?.allow ?? true;
  }
}

function toPattern(value: string): RegExp {
  const anchored = value.endsWith('$');
  const body = (anchored ? value.slice(0, -1) : value)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`);
}
