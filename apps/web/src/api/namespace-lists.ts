import { ApiProblem } from './api-problem';

/**
 * A namespace's list, empty while the namespace does not exist: namespaces are made by the
 * first ingestion into them, so until then a new account's lists answer `404` — which is
 * "nothing yet", not an error. Only for requests that name a namespace and nothing else.
 */
export async function emptyUntilNamespaceExists<T>(list: Promise<T[]>): Promise<T[]> {
  try {
    return await list;
  } catch (error) {
    if (error instanceof ApiProblem && error.status === 404 && error.code === 'not_found') {
      return [];
    }
    throw error;
  }
}
