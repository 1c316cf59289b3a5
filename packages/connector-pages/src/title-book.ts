/** Titles cached this many at most (link_to_page lines only; a miss just drops the line). */
const MAX_TITLES = 50_000;

/** Titles of pages and databases met during a crawl, so link_to_page blocks cost no request. */
export class TitleBook {
  private readonly titles = new Map<string, string>();

  remember(id: string, title: string): void {
    const key = id.toLowerCase();
    if (title === '') return;
    if (this.titles.size >= MAX_TITLES && !this.titles.has(key)) return;
    this.titles.set(key, title);
  }

  lookup(id: string): string | undefined {
    return this.titles.get(id.toLowerCase());
  }
}
