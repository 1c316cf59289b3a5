import {
  type ConnectionIdentity,
  defineConnector,
  SDK_VERSION,
  type SpecSchema,
  type TokenGrant,
} from '@docent/connector-sdk';
import { DEFAULT_PAGES_API_URL } from './notion-version';
import { PagesConnector } from './pages-connector';
import { MAX_PAGE_IDS, type PagesSpec } from './pages-spec';

/** The spec's shape; `validatePagesSpec` adds what a schema cannot say (ids in URLs). */
export const PAGES_SPEC_SCHEMA: SpecSchema = {
  type: 'object',
  additionalProperties: false,
  description: 'A Notion workspace, or some pages of it with their descendants.',
  properties: {
    token: {
      type: 'string',
      minLength: 1,
      maxLength: 4096,
      nullable: true,
      description: "Integration token; omit to use the account's connection. Never echoed back.",
    },
    page_ids: {
      type: 'array',
      nullable: true,
      maxItems: MAX_PAGE_IDS,
      description:
        'Page ids (with or without dashes) or page URLs; omitted means every page the token can access.',
      items: { type: 'string', minLength: 1, maxLength: 2048 },
    },
  },
};

/** The workspace a Notion grant was given for: its name is the connection's label. */
async function identifyNotionWorkspace(grant: TokenGrant): Promise<ConnectionIdentity> {
  const name = grant.raw.workspace_name;
  const workspaceId = grant.raw.workspace_id;
  return {
    label: typeof name === 'string' ? name : null,
    details: typeof workspaceId === 'string' ? { workspace_id: workspaceId } : null,
  };
}

/** Notion pages, their child pages and child databases' rows. */
export const pagesDescriptor = defineConnector<PagesSpec>({
  sdkVersion: SDK_VERSION,
  type: 'PAGES',
  title: 'Notion',
  description: 'A Notion workspace, or some of its pages with their child pages and databases.',
  specSchema: PAGES_SPEC_SCHEMA,
  secretFields: ['token'],
  authModes: ['bearer', 'oauth'],
  oauth: {
    authorizeUrl: 'https://api.notion.com/v1/oauth/authorize',
    tokenUrl: 'https://api.notion.com/v1/oauth/token',
    authorizeParams: { owner: 'user' },
    pkce: false,
    tokenRequest: 'basic-json',
    identify: identifyNotionWorkspace,
  },
  documentNames: 'title',
  links: { pageLinks: false },
  ui: {
    help: 'Leave the token empty to use the connected Notion workspace.',
    fields: {
      page_ids: {
        label: 'Pages',
        help: 'One page id or URL per line; empty for every page the integration can reach.',
        multiline: true,
      },
      token: { label: 'Integration token' },
    },
  },
  endpoints: {
    pagesApiUrl: { env: 'DOCENT_PAGES_API_URL', default: DEFAULT_PAGES_API_URL },
  },
  // One connector per process: its rate limiter keeps one bucket per token.
  createConnector: () => new PagesConnector(),
});
