import { CONNECTION_TYPES, type ConnectionType, type OAuthClientConfig } from './oauth-types';
import { OAUTH_PROVIDERS } from './providers';

type Environment = Readonly<Record<string, string | undefined>>;

/**
 * `DOCENT_OAUTH_{WIKI,DRIVE,PAGES}_{CLIENT_ID,CLIENT_SECRET,AUTHORIZE_URL,TOKEN_URL}`: a type
 * is configured when its client id is set; the URLs default to the real providers.
 */
export function oauthClientsFromEnv(
  env: Environment,
): Partial<Record<ConnectionType, OAuthClientConfig>> {
  const clients: Partial<Record<ConnectionType, OAuthClientConfig>> = {};
  for (const type of CONNECTION_TYPES) {
    const prefix = `DOCENT_OAUTH_${type}_`;
    const clientId = env[`${prefix}CLIENT_ID`];
    if (!clientId) continue;
    const clientSecret = env[`${prefix}CLIENT_SECRET`];
    if (!clientSecret)
      throw new Error(`${prefix}CLIENT_SECRET is required with ${prefix}CLIENT_ID`);
    clients[type] = {
      clientId,
      clientSecret,
      authorizeUrl:
        httpUrl(env, `${prefix}AUTHORIZE_URL`) ?? OAUTH_PROVIDERS[type].defaultAuthorizeUrl,
      tokenUrl: httpUrl(env, `${prefix}TOKEN_URL`) ?? OAUTH_PROVIDERS[type].defaultTokenUrl,
    };
  }
  return clients;
}

function httpUrl(env: Environment, name: string): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new Error(`${name} is not a valid URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`${name} must start with http:// or https://`);
  }
  return raw;
}
