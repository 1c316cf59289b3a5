import {
  identityJson,
  type ConnectionIdentity,
  type IdentityContext,
  type TokenGrant,
} from '@docent/connector-sdk';
import { wikiOAuthApiUrl } from './confluence-deployment';

/** The Atlassian sites an OAuth grant reaches: the connection's label and details. */
export async function identifyAtlassianSites(
  grant: TokenGrant,
  { fetchFn, endpoints }: IdentityContext,
): Promise<ConnectionIdentity> {
  const url = `${wikiOAuthApiUrl(endpoints)}/oauth/token/accessible-resources`;
  const body = await identityJson(fetchFn, url, grant.accessToken);
  const sites = (Array.isArray(body) ? body : [])
    .filter((s): s is Record<string, unknown> => typeof s === 'object' && s !== null)
    .map((s) => ({
      id: String(s.id ?? ''),
      name: String(s.name ?? ''),
      url: String(s.url ?? ''),
    }));
  return {
    label: sites.map((s) => s.name || s.url).join(', ') || null,
    details: { sites },
  };
}
