import type { ApiClient } from './api-client';
import { emptyUntilNamespaceExists } from './namespace-lists';
import type { Schedule } from './wire-types';

/** The schedules of a namespace, newest first (the first 100); none until it exists. */
export function listSchedules(api: ApiClient, namespace: string): Promise<Schedule[]> {
  return emptyUntilNamespaceExists(
    api
      .post<{ schedules: Schedule[] }>('/schedules/list', { namespace_name: namespace })
      .then((r) => r.schedules),
  );
}
