import type { Connector } from '../api/wire-types';
import { specFormOf } from './ingestion-spec';

/** One field of a spec as a person reads it: its label from the connector's UI hints. */
export interface SourceFact {
  field: string;
  label: string;
  /** Empty for a flag that is on (`Also ingest attachments`). */
  value: string;
}

/** What an ingestion (or a schedule) reads, from its redacted spec and its connector. */
export interface SourceView {
  /** The source's name for people (`Confluence`), or the type for a connector not loaded. */
  title: string;
  /** The spec's fields that say what is read, in the order the connector's form shows them. */
  facts: SourceFact[];
  /** The labels of the credentials the spec carried (`API token`); none: the connection. */
  credentials: string[];
  /** The connector lets a spec without credentials read through the account's connection. */
  oauth: boolean;
  /** The label of the connector's first credential field (`API token`), to suggest giving it. */
  tokenLabel: string | null;
}

const REDACTED = '***';
const SHOWN_ITEMS = 3;

/**
 * The spec read through the connector's descriptor (`GET /connectors`), so that no source type
 * is named here: secrets (echoed as `***`) become "with an API token", the rest label: value.
 */
export function sourceViewOf(
  type: string,
  spec: Record<string, unknown>,
  connector: Connector | undefined,
): SourceView {
  // The form's fields give the order and the labels, as the person who filled it saw them;
  // then any field only the hints name, then the rest by name.
  const form = connector ? specFormOf(connector).fields : [];
  const hints = connector?.ui.fields ?? {};
  const labels = new Map<string, string>();
  for (const [field, hint] of Object.entries(hints)) labels.set(field, hint.label);
  for (const field of form) labels.set(field.name, field.label);
  const secret = (field: string): boolean =>
    form.some((f) => f.name === field && f.secret) ||
    hints[field]?.secret === true ||
    (connector?.secret_fields.includes(field) ?? false) ||
    spec[field] === REDACTED;
  const ordered = [...new Set([...form.map((f) => f.name), ...Object.keys(hints)])];
  const fields = [
    ...ordered.filter((f) => f in spec),
    ...Object.keys(spec).filter((f) => !labels.has(f)),
  ];
  const facts: SourceFact[] = [];
  const credentials: string[] = [];
  for (const field of fields) {
    const label = labels.get(field) ?? field;
    const value = spec[field];
    if (value === null || value === undefined || value === '' || value === false) continue;
    if (secret(field)) {
      credentials.push(label);
      continue;
    }
    const shown = shownValue(value);
    if (shown !== null) facts.push({ field, label, value: shown });
  }
  return {
    title: connector?.title ?? type,
    facts,
    credentials,
    oauth: connector?.auth_modes.includes('oauth') ?? false,
    tokenLabel: ordered.filter(secret).map((f) => labels.get(f)!)[0] ?? null,
  };
}

function shownValue(value: unknown): string | null {
  if (value === true) return '';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    const items = value.filter((v) => typeof v === 'string' || typeof v === 'number').map(String);
    if (items.length === 0) return null;
    const more = items.length - SHOWN_ITEMS;
    return more > 0
      ? `${items.slice(0, SHOWN_ITEMS).join(', ')} and ${more} more`
      : items.join(', ');
  }
  return null;
}

/**
 * "with an API token" or "through your Confluence connection"; a spec that names nothing to
 * read reads everything the credentials reach, and says so.
 */
export function credentialsPhrase(view: SourceView): string {
  const everything = view.facts.length === 0 ? 'Everything it can read, ' : '';
  if (view.credentials.length > 0) {
    const [first, ...rest] = view.credentials.map(lowerFirst);
    return `${everything}with ${listOf([withArticle(first!), ...rest])}`;
  }
  return view.oauth
    ? `${everything}through your ${view.title} connection`
    : `${everything}without credentials`;
}

/** A label inside a sentence: `Site URL` → `site URL`, `API token` stays. */
export function lowerFirst(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;
}

/** `a token`, `an API token`, `an access token`. */
export function withArticle(phrase: string): string {
  return /^([aeio]|u[^s]|API\b|HTTP)/i.test(phrase) ? `an ${phrase}` : `a ${phrase}`;
}

/** `a`, `a and b`, `a, b and c`. */
export function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}`;
}
