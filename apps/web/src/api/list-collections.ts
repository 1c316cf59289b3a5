import type { ApiClient } from './api-client';
import type { Collection } from './wire-types';

/** The collections of a namespace (its first 1000: the UI offers no paging here). */
export function listCollections(api: ApiClient, namespace: string): Promise<Collection[]> {
  return api
    .post<{ collections: Collection[] }>('/collections/list', {
      namespace_name: namespace,
      limit: 1000,
    })
    .then((r) => r.collections);
}
