import type { Connector } from '../api/wire-types';
import { specFormOf, type SpecField } from '../ingestions/ingestion-spec';

/**
 * What a schedule re-syncs, in a few words, from its (redacted) spec and the connector's
 * labels: "Site URL: https://acme.atlassian.net · Space key: ENG · with its stored API token".
 */
export function describeSource(
  connector: Connector | undefined,
  spec: Record<string, unknown>,
): string {
  const fields: SpecField[] = connector
    ? specFormOf(connector).fields
    : Object.keys(spec).map((name) => ({ ...UNKNOWN_FIELD, name, label: name }));
  const parts: string[] = [];
  let credential: string | null = null;
  for (const field of fields) {
    const value = spec[field.name];
    if (value === undefined || value === null || value === false || value === '') continue;
    if (field.secret) {
      credential ??= lowerFirst(field.label);
      continue;
    }
    if (value === true) parts.push(field.label);
    else if (Array.isArray(value)) parts.push(`${field.label}: ${listed(value)}`);
    else if (typeof value === 'string' || typeof value === 'number')
      parts.push(`${field.label}: ${value}`);
  }
  if (parts.length === 0) parts.push('everything the credentials reach');
  if (credential) parts.push(`with its stored ${credential}`);
  else if (connector?.auth_modes.includes('oauth')) parts.push('with your connection');
  return parts.join(' · ');
}

/** `Integration token` → `integration token`; `API token` stays. */
function lowerFirst(label: string): string {
  return /^.[a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}

function listed(values: unknown[]): string {
  const shown = values.slice(0, 2).map(String).join(', ');
  return values.length > 2 ? `${shown} and ${values.length - 2} more` : shown;
}

const UNKNOWN_FIELD: SpecField = {
  name: '',
  kind: 'text',
  label: '',
  help: null,
  placeholder: null,
  secret: false,
  required: false,
  minimum: null,
  maximum: null,
  maxItems: null,
  options: [],
};
