import { type CountTokens, JOIN_TOKENS, longestFittingPrefix } from './token-fitting';

/** Open sections, outermost first. */
export class HeadingStack {
  private readonly open: { level: number; title: string }[] = [];

  /** A heading of level n closes every open section of level n or deeper. */
  enter(level: number, title: string): void {
    while ((this.open.at(-1)?.level ?? -Infinity) >= level) this.open.pop();
    this.open.push({ level, title });
  }

  titles(): string[] {
    return this.open.map((heading) => heading.title);
  }
}

/** What the pipeline needs to prepend `headingPath.join(' > ')` plus one separator. */
export function headingPathTokens(path: readonly string[], count: CountTokens): number {
  return path.length === 0 ? 0 : count(path.join(' > ')) + JOIN_TOKENS;
}

/**
 * Keeps the heading context from eating the chunk: when the path would need more than `limit`
 * tokens, the outermost titles go first (the innermost is the most specific), then the words
 * at the end of the last title.
 */
export function fitHeadingPath(path: string[], limit: number, count: CountTokens): string[] {
  let fitted = path;
  while (fitted.length > 1 && headingPathTokens(fitted, count) > limit) fitted = fitted.slice(1);
  const [title] = fitted;
  if (fitted.length === 1 && title !== undefined && headingPathTokens(fitted, count) > limit) {
    const words = title.split(' ');
    const head = longestFittingPrefix(words, 0, ' ', limit - JOIN_TOKENS, count);
    fitted = head.size > 0 ? [head.text] : [];
  }
  return fitted;
}
