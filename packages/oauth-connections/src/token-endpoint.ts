import type { OAuthProviderDescriptor } from '@docent/connector-sdk';
import { TokenEndpointError } from './oauth-errors';
import type { FetchFunction, OAuthClientConfig, TokenGrant } from './oauth-types';

/** How a provider wants the client authenticated and the grant encoded (its descriptor says). */
export type TokenRequestStyle = OAuthProviderDescriptor['tokenRequest'];

const TIMEOUT_MS = 15_000;

/** POSTs a grant (authorization_code or refresh_token) to the provider's token endpoint. */
export async function requestToken(
  fetchFn: FetchFunction,
  client: OAuthClientConfig,
  style: TokenRequestStyle,
  grant: Record<string, string>,
): Promise<TokenGrant> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: string;
  if (style === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams({
      ...grant,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    }).toString();
  } else if (style === 'json') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify({
      ...grant,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    });
  } else {
    headers['content-type'] = 'application/json';
    headers.authorization = `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`;
    body = JSON.stringify(grant);
  }
  const response = await fetchFn(client.tokenUrl, {
    method: 'POST',
    headers,
    body,
    redirect: 'error',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const json = await response.json().catch(() => null);
  const answer = json && typeof json === 'object' ? (json as Record<string, unknown>) : {};
  if (!response.ok) {
    const error = answer.error ?? answer.code;
    throw new TokenEndpointError(
      response.status,
      typeof error === 'string' && /^[\w.-]{1,64}$/.test(error) ? error : null,
    );
  }
  if (typeof answer.access_token !== 'string' || answer.access_token === '') {
    throw new TokenEndpointError(response.status, 'no_access_token');
  }
  const expiresIn = Number(answer.expires_in);
  return {
    accessToken: answer.access_token,
    refreshToken: typeof answer.refresh_token === 'string' ? answer.refresh_token : null,
    expiresIn: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : null,
    raw: answer,
  };
}
