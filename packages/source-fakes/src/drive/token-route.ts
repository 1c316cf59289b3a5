import type { FakeRequest, FakeResponse } from '../shared/fake-http-types';
import type { DriveRoute } from './drive-http-server';
import { defineDriveRoute, type DriveServing } from './drive-serving';

const SCOPE = 'https://www.googleapis.com/auth/drive.readonly';

/**
 * `POST /token` (oauth2.googleapis.com), form-encoded refresh grant. Google answers without a
 * new refresh token: the old one stays valid.
 */
export function tokenRoute(serving: DriveServing): DriveRoute {
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
