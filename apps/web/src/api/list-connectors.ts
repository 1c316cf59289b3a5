import type { ApiClient } from './api-client';
import type { Connector } from './wire-types';

/** The source types this deployment ingests, each with what its form needs. */
export function listConnectors(api: ApiClient): Promise<Connector[]> {
  return api.get<{ connectors: Connector[] }>('/connectors').then((r) => r.connectors);
}
