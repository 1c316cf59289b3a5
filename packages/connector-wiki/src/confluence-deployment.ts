import {
  ABOUT_SOURCE,
  type AuthMode,
  hostForMessages,
  SourceError,
  type SourceApiClient,
} from '@docent/connector-sdk';
import { looksLikeV2List, parseAccessibleResources } from './confluence-responses';
import { stripWikiSuffix, type WikiSpec } from './wiki-spec';

/**
 * Where the API lives. Cloud: `apiRoot` is the site origin (or the OAuth gateway's
 * `/ex/confluence/{cloudId}`), v2 at `{apiRoot}/wiki/api/v2`, v1 at `{wikiBase}/rest/api`.
 * Data Center: v1 only, at `{wikiBase}/rest/api` (wikiBase includes any context path).
 * `webBase` is the wiki on the site a user opens (never the gateway): links are built on it.
 */
export type ConfluenceDeployment =
  | { kind: 'cloud'; via: 'site' | 'gateway'; apiRoot: string; wikiBase: string; webBase: string }
  | { kind: 'dc'; wikiBase: string; webBase: string };

export const DEFAULT_WIKI_OAUTH_API_URL = 'https://api.atlassian.com';

export async function resolveDeployment(
  api: SourceApiClient,
  spec: WikiSpec,
  authMode: AuthMode,
  endpoints: Readonly<Record<string, string>>,
): Promise<ConfluenceDeployment> {
  if (authMode === 'oauth') return resolveGatewaySite(api, spec, wikiOAuthApiUrl(endpoints));
  return probeDeployment(api, spec);
}

export function wikiOAuthApiUrl(endpoints: Readonly<Record<string, string>>): string {
  return (endpoints.wikiOAuthApiUrl ?? DEFAULT_WIKI_OAUTH_API_URL).replace(/\/+$/, '');
}

/**
 * Cloud sites can have custom domains, so the host name proves nothing: Cloud is what answers
 * the v2 space list with JSON. A 401/403 is an answer about the credentials, not about the
 * deployment, so it fails the check instead of falling back to Data Center.
 */
async function probeDeployment(
  api: SourceApiClient,
  spec: WikiSpec,
): Promise<ConfluenceDeployment> {
  const site = stripWikiSuffix(spec.url);
  const probe = { path: `${site}/wiki/api/v2/spaces`, query: { limit: 1 }, about: ABOUT_SOURCE };
  const response = await api.send(probe);
  const { status } = response;
  if (status === 401 || status === 403 || status === 429 || status >= 500) {
    throw await api.failureOf(response, probe);
  }
  const text = await response.text().catch(() => '');
  const isJson = (response.headers['content-type'] ?? '').includes('json');
  if (status === 200 && isJson && looksLikeV2List(safeJson(text))) {
    const wikiBase = `${site}/wiki`;
    return { kind: 'cloud', via: 'site', apiRoot: site, wikiBase, webBase: wikiBase };
  }
  return { kind: 'dc', wikiBase: spec.url, webBase: spec.url };
}

/** OAuth (3LO) tokens only work through the gateway, addressed by the site's cloudId. */
async function resolveGatewaySite(
  api: SourceApiClient,
  spec: WikiSpec,
  gateway: string,
): Promise<ConfluenceDeployment> {
  const { body } = await api.json({
    path: `${gateway}/oauth/token/accessible-resources`,
    about: ABOUT_SOURCE,
  });
  const wanted = siteKey(stripWikiSuffix(spec.url));
  // A user can reach several sites: pick the one configured, never simply the first.
  const site = parseAccessibleResources(body).find((entry) => siteKey(entry.url) === wanted);
  if (!site) {
    throw new SourceError(
      'source_auth_failed',
      `The connected Atlassian account has not granted access to ${hostForMessages(spec.url)}; reconnect and allow that site`,
    );
  }
  const apiRoot = `${gateway}/ex/confluence/${encodeURIComponent(site.id)}`;
  // Links go to the site itself: a user's browser cannot open the gateway's API URLs.
  const webBase = `${stripWikiSuffix(site.url.replace(/\/+$/, ''))}/wiki`;
  return { kind: 'cloud', via: 'gateway', apiRoot, wikiBase: `${apiRoot}/wiki`, webBase };
}

function siteKey(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${stripWikiSuffix(parsed.pathname.replace(/\/+$/, ''))}`.toLowerCase();
  } catch {
    return url.toLowerCase();
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
