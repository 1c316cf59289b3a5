import type { Connector } from '../api/wire-types';
import { lowerFirst, sourceViewOf } from '../ingestions/source-facts';

/**
 * What a schedule re-syncs, in a few words, from its (redacted) spec and the connector's
 * labels: "Site URL: https://acme.atlassian.net · Space key: ENG · with its stored API token".
 */
export function describeSource(
  type: string,
  connector: Connector | undefined,
  spec: Record<string, unknown>,
): string {
  const view = sourceViewOf(type, spec, connector);
  const parts = view.facts.map((f) => (f.value === '' ? f.label : `${f.label}: ${f.value}`));
  if (parts.length === 0) parts.push('everything the credentials reach');
  const [credential] = view.credentials;
  if (credential !== undefined) parts.push(`with its stored ${lowerFirst(credential)}`);
  else if (view.oauth) parts.push('with your connection');
  return parts.join(' · ');
}
