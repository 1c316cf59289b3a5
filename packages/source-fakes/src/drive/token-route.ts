import type { FakeRequest, FakeResponse, FakeRoute } from '../shared/fake-http-types';
import { consentErrorPage, isHttpUrl, redirectWithCode } from '../shared/oauth-consent';
import { defineDriveRoute, type DriveServing } from './drive-serving';

const SCOPE = 'https://www.googleapis.com/auth/drive.readonly';

/**
 * `GET /o/oauth2/v2/auth` (accounts.google.com): the consent screen, approved at once (302 back
 * with a code; PKCE S256 challenges are kept for the exchange).
 */
export function authorizeRoute(serving: DriveServing): FakeRoute {
  return defineDriveRoute(
    {
      name: 'oauth.authorize',
      path: '/o/oauth2/v2/auth',
      params: [
        'client_id',
        'redirect_uri',
        'response_type',
        'scope',
        'state',
        'access_type',
        'prompt',
        'code_challenge',
        'code_challenge_method',
        'include_granted_scopes',
        'login_hint',
      ],
      authenticated: false,
      handle: (request) => consent(serving, request),
    },
    serving,
  );
}

function consent(serving: DriveServing, request: FakeRequest): FakeResponse {
  const query = request.query;
  const clientId = query.get('client_id') ?? '';
  const redirectUri = query.get('redirect_uri') ?? '';
  const challenge = query.get('code_challenge');
  const problem = !serving.tokens.knowsClient(clientId)
    ? 'invalid_client: The OAuth client was not found.'
    : query.get('response_type') !== 'code'
      ? 'unsupported_response_type'
      : !isHttpUrl(redirectUri)
        ? 'redirect_uri_mismatch'
        : challenge !== null && query.get('code_challenge_method') !== 'S256'
          ? 'invalid_request: code_challenge_method must be S256 here'
          : null;
  if (problem) return consentErrorPage(`<p>Error 400: ${problem}</p>`);
  const code = serving.tokens.issueCode(clientId, redirectUri, challenge);
  return redirectWithCode(redirectUri, code, query.get('state'), { scope: SCOPE });
}

/**
 * `POST /token` (oauth2.googleapis.com), form-encoded authorization_code (PKCE checked) and
 * refresh grants. A refresh answers without a new refresh token: the old one stays valid.
 */
export function tokenRoute(serving: DriveServing): FakeRoute {
  return defineDriveRoute(
    {
      name: 'oauth.token',
      method: 'POST',
      path: '/token',
      params: [],
      authenticated: false,
      handle: (request) => exchange(serving, request),
    },
    serving,
  );
}

function exchange(serving: DriveServing, request: FakeRequest): FakeResponse {
  const form = new URLSearchParams(request.body);
  const grantType = form.get('grant_type');
  if (grantType === 'authorization_code') return exchangeCode(serving, form);
  if (grantType !== 'refresh_token') {
    return {
      status: 400,
      body: {
        error: 'unsupported_grant_type',
        error_description: `Invalid grant_type: ${grantType ?? ''}`,
      },
    };
  }
  const outcome = serving.tokens.refresh(
    form.get('client_id') ?? '',
    form.get('client_secret') ?? '',
    form.get('refresh_token') ?? '',
  );
  if (!outcome.ok && outcome.reason === 'invalid_client') {
    return {
      status: 401,
      body: { error: 'invalid_client', error_description: 'The OAuth client was not found.' },
    };
  }
  if (!outcome.ok) {
    return {
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
    };
  }
  return {
    status: 200,
    body: {
      access_token: outcome.accessToken,
      expires_in: outcome.expiresIn,
      scope: SCOPE,
      token_type: 'Bearer',
    },
  };
}

function exchangeCode(serving: DriveServing, form: URLSearchParams): FakeResponse {
  const outcome = serving.tokens.exchangeCode({
    clientId: form.get('client_id') ?? '',
    clientSecret: form.get('client_secret') ?? '',
    code: form.get('code') ?? '',
    redirectUri: form.get('redirect_uri') ?? '',
    codeVerifier: form.get('code_verifier'),
  });
  if (!outcome.ok) {
    return {
      status: outcome.reason === 'invalid_client' ? 401 : 400,
      body: { error: outcome.reason, error_description: outcome.description },
    };
  }
  return {
    status: 200,
    body: {
      access_token: outcome.accessToken,
      expires_in: outcome.expiresIn,
      refresh_token: outcome.refreshToken,
      scope: SCOPE,
      token_type: 'Bearer',
    },
  };
}
