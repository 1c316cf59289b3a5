import type { TokenRequestStyle } from './token-endpoint';
import type { ConnectionType, FetchFunction, TokenGrant } from './oauth-types';

/** Whom a connection acts for, found right after the code exchange. */
export interface ConnectionIdentity {
  label: string | null;
  /** Provider facts that are not secret, kept with the connection. */
  details: Record<string, unknown> | null;
}

export interface IdentityContext {
  fetchFn: FetchFunction;
  endpoints: { driveApiUrl: string; wikiOAuthApiUrl: string };
}

export interface OAuthProvider {
  type: ConnectionType;
  defaultAuthorizeUrl: string;
  defaultTokenUrl: string;
  /** Authorize-URL parameters besides client_id, redirect_uri, response_type, state. */
  authorizeParams: Record<string, string>;
  /** Only Google documents PKCE for this flow; the others get none. */
  pkce: boolean;
  tokenStyle: TokenRequestStyle;
  identify(grant: TokenGrant, context: IdentityContext): Promise<ConnectionIdentity>;
}

const TIMEOUT_MS = 15_000;

async function getJson(fetchFn: FetchFunction, url: string, token: string): Promise<unknown> {
  const response = await fetchFn(url, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    redirect: 'error',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${new URL(url).pathname} answered ${response.status}`);
  return response.json();
}

const atlassian: OAuthProvider = {
  type: 'WIKI',
  defaultAuthorizeUrl: 'https://auth.atlassian.com/authorize',
  defaultTokenUrl: 'https://auth.atlassian.com/oauth/token',
  authorizeParams: {
    audience: 'api.atlassian.com',
    scope: [
      'read:confluence-content.all',
      'read:confluence-space.summary',
      'search:confluence',
      'read:page:confluence',
      'read:space:confluence',
      // Attachments (spec.attachments): v2 lists them, the classic scope downloads them.
      'read:attachment:confluence',
      'readonly:content.attachment:confluence',
      'offline_access',
    ].join(' '),
    prompt: 'consent',
  },
  pkce: false,
  tokenStyle: 'json',
  async identify(grant, { fetchFn, endpoints }) {
    const body = await getJson(
      fetchFn,
      `${endpoints.wikiOAuthApiUrl}/oauth/token/accessible-resources`,
      grant.accessToken,
    );
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
  },
};

const google: OAuthProvider = {
  type: 'DRIVE',
  defaultAuthorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  defaultTokenUrl: 'https://oauth2.googleapis.com/token',
  authorizeParams: {
    scope: 'https://www.googleapis.com/auth/drive.readonly',
    access_type: 'offline',
    prompt: 'consent',
  },
  pkce: true,
  tokenStyle: 'form',
  async identify(grant, { fetchFn, endpoints }) {
    const body = (await getJson(
      fetchFn,
      `${endpoints.driveApiUrl}/drive/v3/about?fields=user`,
      grant.accessToken,
    )) as { user?: { emailAddress?: unknown; displayName?: unknown } };
    const email = body.user?.emailAddress;
    return { label: typeof email === 'string' ? email : null, details: null };
  },
};

const notion: OAuthProvider = {
  type: 'PAGES',
  defaultAuthorizeUrl: 'https://api.notion.com/v1/oauth/authorize',
  defaultTokenUrl: 'https://api.notion.com/v1/oauth/token',
  authorizeParams: { owner: 'user' },
  pkce: false,
  tokenStyle: 'basic-json',
  async identify(grant) {
    const name = grant.raw.workspace_name;
    const workspaceId = grant.raw.workspace_id;
    return {
      label: typeof name === 'string' ? name : null,
      details: typeof workspaceId === 'string' ? { workspace_id: workspaceId } : null,
    };
  },
};

export const OAUTH_PROVIDERS: Record<ConnectionType, OAuthProvider> = {
  WIKI: atlassian,
  DRIVE: google,
  PAGES: notion,
};
