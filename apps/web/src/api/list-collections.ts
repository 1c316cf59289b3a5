import type { ApiClient } from './api-client';
import { emptyUntilNamespaceExists } from './namespace-lists';
import type { Collection } from './wire-types';

/**
 * The collections of a namespace (its first 1000: the UI offers no paging here); none while
 * the namespace does not exist yet.
 */
export function listCollections(api: ApiClient, namespace: string): Promise<Collection[]> {
  return emptyUntilNamespaceExists(
    api
      .post<{ collections: Collection[] }>('/collections/list', {
        namespace_name: namespace,
        limit: 1000,
      })
      .then((r) => r.collections),
  );
}
