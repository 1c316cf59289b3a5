import type { ApiClient } from './api-client';
import type { Connection } from './wire-types';

export function listConnections(api: ApiClient): Promise<Connection[]> {
  return api.post<{ connections: Connection[] }>('/connections/list').then((r) => r.connections);
}
