import type { NotionPage } from './notion-objects';

/** Something still to read, in crawl order. */
export type FrontierEntry =
  /** A selected page id: a page, or a database (wiki) if the page endpoint refuses it. */
  | { kind: 'root'; id: string }
  /** A page to read; `page` when the listing that found it carried the page object. */
  | { kind: 'page'; id: string; page?: NotionPage }
  /** A database whose data sources are still to be listed. */
  | { kind: 'database'; id: string }
  /** Rows of a data source from `cursor` on (null: from the start). */
  | { kind: 'rows'; dataSourceId: string; cursor: string | null };

/** Where search (every page the token can reach) stands. */
export type SearchPosition =
  /** `page_ids` given: no search. */
  { kind: 'off' } | { kind: 'next'; cursor: string | null } | { kind: 'done' };

export interface CrawlState {
  frontier: FrontierEntry[];
  search: SearchPosition;
  /** At least one selected id was found (all missing fails the ingestion). */
  anyRootFound: boolean;
  /** A page could not be read, so what lies below it was not listed: nothing may be deleted. */
  partial?: true;
}

export function initialState(pageIds: readonly string[] | undefined): CrawlState {
  if (pageIds === undefined) {
    return {
      frontier: [],
      search: { kind: 'next', cursor: null },
      anyRootFound: true,
    };
  }
  return {
    frontier: pageIds.map((id) => ({ kind: 'root', id })),
    search: { kind: 'off' },
    anyRootFound: false,
  };
}

/** The key under which an entry counts as already queued. */
export function entryKey(entry: FrontierEntry): string {
  switch (entry.kind) {
    case 'root':
    case 'page':
      return `p:${entry.id}`;
    case 'database':
      return `d:${entry.id}`;
    case 'rows':
      return `s:${entry.dataSourceId}`;
  }
}
