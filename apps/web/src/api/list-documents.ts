import type { ApiClient } from './api-client';
import type { DocumentPage } from './wire-types';

/** One page of a collection's documents, by name; `cursor` is the previous page's `next_cursor`. */
export function listDocuments(
  api: ApiClient,
  locator: { namespace: string; collection: string },
  options: { limit?: number; cursor?: string | null } = {},
): Promise<DocumentPage> {
  return api.post<DocumentPage>('/docs/list', {
    namespace_name: locator.namespace,
    collection_name: locator.collection,
    ...(options.limit !== undefined && { limit: options.limit }),
    ...(options.cursor ? { cursor: options.cursor } : {}),
  });
}
