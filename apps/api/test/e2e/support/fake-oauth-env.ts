import type { ConnectionType, OAuthClientConfig } from '@docent/oauth-connections';
import type { FakeConfluence, FakeDrive, FakeNotion } from '@docent/source-fakes';

/** The app registered at a fake authorization server (its URLs come from the fake). */
type OAuthClient = Pick<OAuthClientConfig, 'clientId' | 'clientSecret'>;

/**
 * The settings that point Docent's three OAuth connections (and the APIs they open) at the fake
 * authorization servers, each with the client registered there.
 */
export function fakeOAuthEnv(
  fakes: { wiki: FakeConfluence; drive: FakeDrive; notion: FakeNotion },
  clients: Record<ConnectionType, OAuthClient>,
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
  type: ConnectionType,
  client: OAuthClient,
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
