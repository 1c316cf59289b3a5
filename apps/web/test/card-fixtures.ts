import type { Connector, Ingestion } from '../src/api/wire-types';

/** A connector as `GET /connectors` gives it: labels from its descriptor's UI hints. */
export function connector(overrides: Partial<Connector> & Pick<Connector, 'type'>): Connector {
  return {
    title: overrides.type,
    description: '',
    spec_schema: { type: 'object' },
    secret_fields: ['token'],
    auth_modes: ['bearer', 'oauth'],
    oauth_configured: true,
    document_names: 'title',
    ui: { help: null, fields: {} },
    ...overrides,
  };
}

const hint = (label: string, secret = false) => ({
  label,
  help: null,
  placeholder: null,
  secret,
  multiline: false,
});

/** Shaped like the built-in Confluence connector, under a type no UI code names. */
export const WIKI_LIKE = connector({
  type: 'KB_SITE',
  title: 'Confluence',
  auth_modes: ['basic', 'bearer', 'oauth'],
  ui: {
    help: null,
    fields: {
      url: hint('Site URL'),
      space: hint('Space key'),
      cql: hint('CQL query'),
      username: hint('Username'),
      token: hint('API token', true),
      attachments: hint('Also ingest attachments'),
    },
  },
});

/** A connector that only takes a token in the spec (no OAuth). */
export const FEED = connector({
  type: 'FEED',
  title: 'RSS feed',
  auth_modes: ['bearer'],
  oauth_configured: false,
  ui: { help: null, fields: { feed_url: hint('Feed URL'), token: hint('Access key', true) } },
});

export function ingestion(overrides: Partial<Ingestion>): Ingestion {
  return {
    ingestion_id: 'ing_1',
    namespace_name: 'default',
    collection_name: 'handbook',
    type: WIKI_LIKE.type,
    spec: { url: 'https://acme.atlassian.net/wiki', space: 'ENG' },
    status: 'succeeded',
    created_at: '2026-11-21T10:00:00.000Z',
    started_at: '2026-11-21T10:00:00.100Z',
    finished_at: '2026-11-21T10:00:09.000Z',
    failures: [],
    unsupported: [],
    warnings: [],
    error: null,
    progress: {
      documents_discovered: 0,
      documents_processed: 0,
      documents_skipped: 0,
      documents_failed: 0,
      documents_unsupported: 0,
      chunks_indexed: 0,
    },
    ...overrides,
  };
}
