import { randomUUID } from 'node:crypto';
import type { FakeResponse, FakeRoute } from '../shared/fake-http-types';
import { consentErrorPage, isHttpUrl, redirectWithCode } from '../shared/oauth-consent';
import { notionIdFor } from './notion-ids';
import { notionError } from './notion-problem';
import { defineOpenRoute } from './route-definition';
import type { NotionServing } from './serving-context';

/**
 * `GET /v1/oauth/authorize` (the consent screen, approved at once: 302 back with a code) and
 * `POST /v1/oauth/token` (Basic client credentials; `authorization_code` and `refresh_token`).
 */
export function oauthRoutes(serving: NotionServing): FakeRoute[] {
  const grants = serving.oauth;
  if (!grants) return [];
  return [
    defineOpenRoute(
      {
        name: 'oauth.authorize',
        method: 'GET',
        path: '/v1/oauth/authorize',
        knownParams: ['client_id', 'response_type', 'owner', 'redirect_uri', 'state'],
        handle: (request) => {
          const clientId = request.query.get('client_id') ?? '';
          const redirectUri = request.query.get('redirect_uri') ?? '';
          if (!grants.client(clientId)) return consentError('Unknown client_id.');
          if (request.query.get('response_type') !== 'code')
            return consentError('response_type must be "code".');
          if (!isHttpUrl(redirectUri) || !grants.redirectAllowed(clientId, redirectUri)) {
            return consentError('redirect_uri is missing or not registered for this integration.');
          }
          const code = grants.issueCode(clientId, redirectUri);
          return redirectWithCode(redirectUri, code, request.query.get('state'));
        },
      },
      serving,
    ),
    defineOpenRoute(
      {
        name: 'oauth.token',
        method: 'POST',
        path: '/v1/oauth/token',
        knownParams: ['grant_type', 'code', 'redirect_uri', 'refresh_token', 'external_account'],
        handle: (request, body) => {
          const auth = request.authorization;
          if (auth.scheme !== 'basic' || !grants.client(auth.username, auth.password)) {
            return notionError(401, 'unauthorized', 'Invalid client credentials.');
          }
          const outcome =
            body.grant_type === 'authorization_code' && typeof body.code === 'string'
              ? grants.exchangeCode(auth.username, body.code, body.redirect_uri)
              : body.grant_type === 'refresh_token' && typeof body.refresh_token === 'string'
                ? grants.refresh(auth.username, body.refresh_token)
                : undefined;
          if (outcome === undefined) {
            return notionError(
              400,
              'invalid_request',
              'grant_type must be "authorization_code" (with code) or "refresh_token" (with refresh_token).',
            );
          }
          if (!outcome.ok) return notionError(outcome.status, outcome.code, outcome.message);
          const { integration } = outcome;
          return withRequestId({
            access_token: integration.token,
            token_type: 'bearer',
            refresh_token: outcome.refreshToken,
            ...(outcome.expiresIn === null ? {} : { expires_in: outcome.expiresIn }),
            bot_id: integration.botId,
            workspace_id: notionIdFor(`workspace:${integration.workspaceName}`),
            workspace_name: integration.workspaceName,
            workspace_icon: null,
            owner: { type: 'user', user: { object: 'user', id: notionIdFor('user:owner') } },
            duplicated_template_id: null,
          });
        },
      },
      serving,
    ),
  ];
}

function withRequestId(body: Record<string, unknown>): FakeResponse {
  return { status: 200, body: { ...body, request_id: randomUUID() } };
}

function consentError(message: string): FakeResponse {
  return consentErrorPage(`<h1>Something went wrong</h1><p>${message}</p>`);
}
