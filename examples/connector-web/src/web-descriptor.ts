import {
  defineConnector,
  SDK_VERSION,
  type SourceConnector,
  type SpecSchema,
} from '@docent/connector-sdk';
import {
  DEFAULT_MAX_PAGES,
  MAX_PAGES_LIMIT,
  validateWebSpec,
  webSourceKey,
  type WebSpec,
} from './web-spec';
import { WebSession } from './web-session';

export const WEB_SPEC_SCHEMA: SpecSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['url'],
  properties: {
    url: {
      type: 'string',
      minLength: 1,
      maxLength: 2048,
      description:
        'A page to start from (same-site links are followed), or the site’s sitemap.xml.',
    },
    max_pages: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_PAGES_LIMIT,
      nullable: true,
      description: `At most this many pages (default ${DEFAULT_MAX_PAGES}).`,
    },
    token: {
      type: 'string',
      minLength: 1,
      maxLength: 4096,
      nullable: true,
      description: 'Sent as a Bearer token, for a site that wants one. Never echoed back.',
    },
  },
};

export const webConnector: SourceConnector<WebSpec> = {
  validateSpec: validateWebSpec,
  // No token: a public site (the session sends no Authorization header).
  authModeFor: () => 'bearer',
  sourceKey: webSourceKey,
  sourceUrls: (spec) => [spec.url],
  open: (context) => Promise.resolve(new WebSession(context)),
};

/** The pages of one web site. */
export const webDescriptor = defineConnector<WebSpec>({
  sdkVersion: SDK_VERSION,
  type: 'WEB',
  title: 'Web site',
  description:
    'The pages of a web site, from a start page or its sitemap.xml; robots.txt honoured.',
  specSchema: WEB_SPEC_SCHEMA,
  secretFields: ['token'],
  authModes: ['bearer'],
  documentNames: 'title',
  links: { pageLinks: false },
  ui: {
    help: 'Pages of the same site only. Leave the token empty for a public site.',
    fields: {
      url: { label: 'Start page or sitemap.xml', placeholder: 'https://docs.example.com/' },
      max_pages: { label: 'Page limit', placeholder: String(DEFAULT_MAX_PAGES) },
      token: { label: 'Bearer token', secret: true },
    },
  },
  createConnector: () => webConnector,
});
