import type { Connector } from '../src/api/wire-types';

/** What `GET /connectors` answers for the built-in Confluence connector (abridged help). */
export const WIKI: Connector = {
  type: 'WIKI',
  title: 'Confluence',
  description: 'A Confluence Cloud or Data Center site.',
  spec_schema: {
    type: 'object',
    additionalProperties: false,
    required: ['url'],
    'x-exactly-one-of': ['space', 'cql'],
    properties: {
      url: { type: 'string', minLength: 1 },
      space: { type: 'string', nullable: true },
      cql: { type: 'string', nullable: true },
      token: { type: 'string', nullable: true },
      username: { type: 'string', nullable: true },
      attachments: { type: 'boolean', nullable: true, default: false },
    },
  },
  secret_fields: ['token'],
  auth_modes: ['basic', 'bearer', 'oauth'],
  oauth_configured: true,
  document_names: 'title',
  ui: {
    help: 'Give a space key or a CQL query.',
    fields: {
      url: {
        label: 'Site URL',
        help: null,
        placeholder: 'https://acme.atlassian.net',
        secret: false,
        multiline: false,
      },
      space: {
        label: 'Space key',
        help: null,
        placeholder: 'ENG',
        secret: false,
        multiline: false,
      },
      cql: {
        label: 'CQL query',
        help: 'Instead of a space key.',
        placeholder: null,
        secret: false,
        multiline: false,
      },
      username: {
        label: 'Username',
        help: 'With an API token.',
        placeholder: null,
        secret: false,
        multiline: false,
      },
      token: { label: 'API token', help: null, placeholder: null, secret: true, multiline: false },
      attachments: {
        label: 'Also ingest attachments',
        help: null,
        placeholder: null,
        secret: false,
        multiline: false,
      },
    },
  },
};

export const PAGES: Connector = {
  type: 'PAGES',
  title: 'Notion',
  description: 'A Notion workspace.',
  spec_schema: {
    type: 'object',
    properties: {
      token: { type: 'string', nullable: true },
      page_ids: { type: 'array', nullable: true, maxItems: 3, items: { type: 'string' } },
    },
  },
  secret_fields: ['token'],
  auth_modes: ['bearer', 'oauth'],
  oauth_configured: true,
  document_names: 'title',
  ui: {
    help: null,
    fields: {
      page_ids: {
        label: 'Pages',
        help: 'One per line.',
        placeholder: null,
        secret: false,
        multiline: true,
      },
      token: {
        label: 'Integration token',
        help: null,
        placeholder: null,
        secret: true,
        multiline: false,
      },
    },
  },
};

/**
 * A connector no code in the UI knows: a required URL, a bounded integer, a choice given as a
 * standard `oneOf`, a list, an enum, a field with no hint (labelled from its name), no OAuth.
 */
export const FEED: Connector = {
  type: 'FEED',
  title: 'RSS feed',
  description: 'The items of an RSS or Atom feed.',
  spec_schema: {
    type: 'object',
    additionalProperties: false,
    required: ['feed_url'],
    oneOf: [{ required: ['since_days'] }, { required: ['since_date'] }],
    properties: {
      feed_url: { type: 'string', minLength: 1 },
      since_days: { type: 'integer', minimum: 1, maximum: 365, nullable: true },
      since_date: { type: 'string', nullable: true, description: 'An ISO date, `2026-01-31`.' },
      language: { type: 'string', enum: ['en', 'de', 'fr'], nullable: true },
      tags: { type: 'array', items: { type: 'string' }, nullable: true },
      full_text: { type: 'boolean', nullable: true },
      password: { type: 'string', nullable: true, description: 'Never echoed back.' },
    },
  },
  secret_fields: ['password'],
  auth_modes: ['bearer'],
  oauth_configured: false,
  document_names: 'title',
  ui: {
    help: 'Public feeds need no password.',
    fields: {
      feed_url: {
        label: 'Feed URL',
        help: null,
        placeholder: 'https://blog.example.com/feed.xml',
        secret: false,
        multiline: false,
      },
      since_days: {
        label: 'Last days',
        help: null,
        placeholder: null,
        secret: false,
        multiline: false,
      },
      since_date: {
        label: 'Since date',
        help: null,
        placeholder: null,
        secret: false,
        multiline: false,
      },
      tags: {
        label: 'Tags',
        help: 'One per line.',
        placeholder: null,
        secret: false,
        multiline: true,
      },
      full_text: {
        label: 'Fetch each article',
        help: null,
        placeholder: null,
        secret: false,
        multiline: false,
      },
      password: {
        label: 'Password',
        help: null,
        placeholder: null,
        secret: true,
        multiline: false,
      },
    },
  },
};

export const CONNECTORS = [WIKI, PAGES, FEED];
