import { defineConnector, SDK_VERSION, type SpecSchema } from '@docent/connector-sdk';
import { identifyAtlassianSites } from './atlassian-identity';
import { DEFAULT_WIKI_OAUTH_API_URL } from './confluence-deployment';
import { WikiConnector } from './wiki-connector';
import type { WikiSpec } from './wiki-spec';

/** The spec's shape; `validateWikiSpec` adds what a schema cannot say (URL syntax, pairs). */
export const WIKI_SPEC_SCHEMA: SpecSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['url'],
  'x-exactly-one-of': ['space', 'cql'],
  description: [
    'A Confluence site and a selection: exactly one of `space` (all current pages of the',
    'space) or `cql` (the pages a CQL query selects). Credentials: `username` + `token` (API',
    'token, HTTP Basic), `token` alone (personal access token, Bearer), or neither (the',
    "account's OAuth connection).\n",
  ].join('\n'),
  properties: {
    url: {
      type: 'string',
      minLength: 1,
      maxLength: 2048,
      description:
        'The site, e.g. `https://acme.atlassian.net` or a Data Center base URL with its context path.',
      example: 'https://acme.atlassian.net/wiki',
    },
    space: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      nullable: true,
      description: 'Space key.',
      example: 'ENG',
    },
    cql: {
      type: 'string',
      minLength: 1,
      maxLength: 4000,
      nullable: true,
      description: 'A CQL query selecting pages.',
      example: 'label = "runbook"',
    },
    token: {
      type: 'string',
      minLength: 1,
      maxLength: 4096,
      nullable: true,
      description: 'API token (with `username`) or personal access token. Never echoed back.',
    },
    username: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      nullable: true,
      description: 'The user the API token belongs to (usually an email on Cloud).',
    },
    attachments: {
      type: 'boolean',
      nullable: true,
      default: false,
      description: [
        'Also ingest the files attached to the selected pages that Docent can parse (PDF,',
        'DOCX, PPTX, XLSX, HTML, Markdown, text, CSV), each as a document named',
        '`<page title> / <file name>`. Other types (images, videos…) are left out.\n',
      ].join('\n'),
    },
  },
};

/** Confluence Cloud (site or OAuth gateway) and Data Center. */
export const wikiDescriptor = defineConnector<WikiSpec>({
  sdkVersion: SDK_VERSION,
  type: 'WIKI',
  title: 'Confluence',
  description: 'A Confluence Cloud or Data Center site: the pages of a space or of a CQL query.',
  specSchema: WIKI_SPEC_SCHEMA,
  secretFields: ['token'],
  authModes: ['basic', 'bearer', 'oauth'],
  oauth: {
    authorizeUrl: 'https://auth.atlassian.com/authorize',
    tokenUrl: 'https://auth.atlassian.com/oauth/token',
    scopes: [
      'read:confluence-content.all',
      'read:confluence-space.summary',
      'search:confluence',
      'read:page:confluence',
      'read:space:confluence',
      // Attachments (spec.attachments): v2 lists them, the classic scope downloads them.
      'read:attachment:confluence',
      'readonly:content.attachment:confluence',
      'offline_access',
    ],
    authorizeParams: { audience: 'api.atlassian.com', prompt: 'consent' },
    pkce: false,
    tokenRequest: 'json',
    identify: identifyAtlassianSites,
  },
  documentNames: 'title',
  links: { pageLinks: true },
  ui: {
    help: 'Give a space key or a CQL query. Leave the token empty to use the connected Atlassian account.',
    fields: {
      url: { label: 'Site URL', placeholder: 'https://acme.atlassian.net' },
      space: { label: 'Space key', placeholder: 'ENG' },
      cql: {
        label: 'CQL query',
        help: 'Instead of a space key.',
        placeholder: 'label = "runbook"',
      },
      username: { label: 'Username', help: 'With an API token (Cloud: your email).' },
      token: { label: 'API token', help: 'Or a personal access token alone.' },
      attachments: { label: 'Also ingest attachments' },
    },
  },
  endpoints: {
    wikiOAuthApiUrl: { env: 'DOCENT_WIKI_OAUTH_API_URL', default: DEFAULT_WIKI_OAUTH_API_URL },
  },
  createConnector: () => new WikiConnector(),
});
