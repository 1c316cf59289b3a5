import {
  type ConnectorContext,
  DEFAULT_MAX_FILE_BYTES,
  type SourceConnector,
  type SourceSession,
} from '@docent/connector-sdk';
import { wikiOAuthApiUrl } from './confluence-deployment';
import { validateWikiSpec, wikiAuthMode, wikiSourceKey, type WikiSpec } from './wiki-spec';
import { WikiSession } from './wiki-session';

export interface WikiConnectorOptions {
  /** Attachments larger than this are skipped and reported (default 100 MiB, the parsers' cap). */
  maxFileBytes?: number;
}

/** The Confluence source's behaviour (its descriptor is `wikiDescriptor`): Confluence Cloud (site or OAuth gateway) and Data Center. */
export class WikiConnector implements SourceConnector<WikiSpec> {
  readonly validateSpec = validateWikiSpec;
  readonly authModeFor = wikiAuthMode;
  readonly sourceKey = wikiSourceKey;
  private readonly maxFileBytes: number;

  constructor(options: WikiConnectorOptions = {}) {
    this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  }

  sourceUrls(spec: WikiSpec, endpoints: Readonly<Record<string, string>>): string[] {
    return wikiAuthMode(spec) === 'oauth' ? [spec.url, wikiOAuthApiUrl(endpoints)] : [spec.url];
  }

  open(context: ConnectorContext<WikiSpec>): Promise<SourceSession> {
    return Promise.resolve(new WikiSession(context, { maxFileBytes: this.maxFileBytes }));
  }
}

export const wikiConnector = new WikiConnector();
