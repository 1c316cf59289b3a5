import type { FakeConfluence } from '../confluence';
import type { FakeDrive } from '../drive';
import type { FakeNotion } from '../notion';

export type FakeOAuthSource = 'WIKI' | 'DRIVE' | 'PAGES';

/** The app registered at a fake authorization server. */
export interface FakeOAuthClient {
  clientId: string;
  clientSecret: string;
}

/**
 * Docent's settings that point its three OAuth connections (and the APIs they open) at these
 * fakes' authorization servers, each with the client registered there. The fakes know their own
 * endpoint paths; the e2e and browser tests and `scripts/start-fake-sources.mjs` share this.
 */
export function docentOAuthEnvironment(
  fakes: { wiki: FakeConfluence; drive: FakeDrive; notion: FakeNotion },
  clients: Record<FakeOAuthSource, FakeOAuthClient>,
): Record<string, string> {
  const { wiki, drive, notion } = fakes;
  return {
    DOCENT_WIKI_OAUTH_API_URL: wiki.origin,
    DOCENT_DRIVE_API_URL: drive.url,
    DOCENT_PAGES_API_URL: notion.url,
    ...clientEnv('WIKI', clients.WIKI, `${wiki.origin}/authorize`, `${wiki.origin}/oauth/token`),
    ...clientEnv('DRIVE', clients.DRIVE, `${drive.url}/o/oauth2/v2/auth`, `${drive.url}/token`),
    ...clientEnv(
      'PAGES',
      clients.PAGES,
      `${notion.url}/v1/oauth/authorize`,
      `${notion.url}/v1/oauth/token`,
    ),
  };
}

function clientEnv(
  type: FakeOAuthSource,
  client: FakeOAuthClient,
  authorizeUrl: string,
  tokenUrl: string,
): Record<string, string> {
  return {
    [`DOCENT_OAUTH_${type}_CLIENT_ID`]: client.clientId,
    [`DOCENT_OAUTH_${type}_CLIENT_SECRET`]: client.clientSecret,
    [`DOCENT_OAUTH_${type}_AUTHORIZE_URL`]: authorizeUrl,
    [`DOCENT_OAUTH_${type}_TOKEN_URL`]: tokenUrl,
  };
}
