import type { ConnectionIdentity, IdentityContext, TokenGrant } from '@docent/connector-sdk';
import { wikiOAuthApiUrl } from './confluence-deployment';

const TIMEOUT_MS = 15_000;

/** The Atlassian sites an OAuth grant reaches: the connection's label and details. */
export async function identifyAtlassianSites(
  grant: TokenGrant,
  { fetchFn, endpoints }: IdentityContext,
): Promise<ConnectionIdentity> {
  const url = `${wikiOAuthApiUrl(endpoints)}/oauth/token/accessible-resources`;
  const response = await fetchFn(url, {
    headers: { authorization: `Bearer ${grant.accessToken}`, accept: 'application/json' },
    redirect: 'error',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${new URL(url).pathname} answered ${response.status}`);
  const body: unknown = await response.json();
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
