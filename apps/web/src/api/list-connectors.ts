import type { ApiClient } from './api-client';
import type { Connector } from './wire-types';

/** The deployment's connectors (`GET /connectors`): titles, spec fields and their UI hints. */
export function listConnectors(api: ApiClient): Promise<Connector[]> {
  return api.get<{ connectors: Connector[] }>('/connectors').then((r) => r.connectors);
}
