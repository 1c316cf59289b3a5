import { useState } from 'react';
import type { ApiClient } from '../api/api-client';
import { listDocuments } from '../api/list-documents';
import type { DocumentPage, DocumentRecord } from '../api/wire-types';
import { useAction, type Action } from './use-action';
import { useLoaded, type Loaded } from './use-loaded';

export interface PagedDocuments {
  /** The first page, loaded when the collection changes. */
  first: Loaded<DocumentPage>;
  /** Loading the next page. */
  more: Action;
  /** Every document loaded so far, in page order. */
  documents: DocumentRecord[];
  /** The last loaded page's cursor: null when there are no more. */
  nextCursor: string | null;
  loadMore(): Promise<void>;
  /** Drops the pages after the first and loads the first again. */
  reload(): Promise<void>;
}

/** A collection's documents (`/docs/list`), `pageSize` at a time, for a "load more" button. */
export function usePagedDocuments(
  api: ApiClient,
  locator: { namespace: string; collection: string },
  pageSize: number,
): PagedDocuments {
  const first = useLoaded(
    () => listDocuments(api, locator, { limit: pageSize }),
    `${locator.namespace}/${locator.collection}`,
  );
  // The pages loaded with "load more", after the first; the last one holds the next cursor.
  const [morePages, setMorePages] = useState<DocumentPage[]>([]);
  const more = useAction();
  const nextCursor = (morePages.at(-1) ?? first.data)?.next_cursor ?? null;
  const documents = [first.data, ...morePages].flatMap((page) => page?.documents ?? []);

  async function loadMore(): Promise<void> {
    const page = await more.run(() =>
      listDocuments(api, locator, { limit: pageSize, cursor: nextCursor }),
    );
    if (page) setMorePages((pages) => [...pages, page]);
  }

  async function reload(): Promise<void> {
    setMorePages([]);
    await first.reload();
  }

  return { first, more, documents, nextCursor, loadMore, reload };
}
