import type { FakeRequest, FakeResponse, FakeRoute } from '../shared/fake-http-types';
import { consentErrorPage, isHttpUrl, redirectWithCode } from '../shared/oauth-consent';
import { errorResponse } from './api-problem';
import { defineRoute } from './route-definition';
import { type ServingContext, siteUrl } from './serving-context';

const SCOPES = [
  'read:confluence-content.all',
  'read:confluence-space.summary',
  'search:confluence',
  'read:page:confluence',
  'read:space:confluence',
  'read:attachment:confluence',
  'readonly:content.attachment:confluence',
];

/**
 * `accessible-resources` (api.atlassian.com), the consent screen `GET /authorize` (approved at
 * once: 302 back with a code) and the token endpoint (auth.atlassian.com), both grants.
 */
export function oauthRoutes(serving: ServingContext): FakeRoute[] {
  return [
    defineRoute(
      {
        name: 'oauth.authorize',
        path: '/authorize',
        family: 'oauth',
        realm: null,
        knownParams: [
          'audience',
          'client_id',
          'scope',
          'redirect_uri',
          'state',
          'response_type',
          'prompt',
        ],
        handle: (request) => authorize(serving, request),
      },
      serving,
    ),
    defineRoute(
      {
        name: 'oauth.accessibleResources',
        path: '/oauth/token/accessible-resources',
        family: 'gateway',
        realm: null,
        knownParams: [],
        handle: (request) => accessibleResources(serving, request),
      },
      serving,
    ),
    defineRoute(
      {
        name: 'oauth.token',
        method: 'POST',
        path: '/oauth/token',
        family: 'oauth',
        realm: null,
        knownParams: [],
        handle: (request) => exchangeToken(serving, request),
      },
      serving,
    ),
  ];
}

function accessibleResources(serving: ServingContext, request: FakeRequest): FakeResponse {
  const auth = request.authorization;
  if (auth.scheme !== 'bearer' || !serving.oauth?.isValidAccessToken(auth.token)) {
    return errorResponse('gateway', 401, 'Unauthorized');
  }
  const others = serving.options.oauth?.otherSites ?? [];
  const own = {
    id: serving.options.oauth?.cloudId ?? '',
    name: 'fake-site',
    url: siteUrl(serving, request),
  };
  // The fake's own site comes last so that a client taking `[0]` picks the wrong one.
  return {
    status: 200,
    body: [...others, own].map((site) => ({
      ...site,
      scopes: SCOPES,
      avatarUrl: `${site.url}/avatar.png`,
    })),
  };
}

function authorize(serving: ServingContext, request: FakeRequest): FakeResponse {
  const query = request.query;
  const clientId = query.get('client_id') ?? '';
  const redirectUri = query.get('redirect_uri') ?? '';
  const problem = !serving.oauth?.knowsClient(clientId)
    ? 'Unknown client_id.'
    : query.get('response_type') !== 'code'
      ? 'response_type must be "code".'
      : query.get('audience') !== 'api.atlassian.com'
        ? 'audience must be "api.atlassian.com".'
        : !isHttpUrl(redirectUri)
          ? 'redirect_uri is missing.'
          : null;
  if (problem) return consentErrorPage(`<h1>Something went wrong</h1><p>${problem}</p>`);
  const code = serving.oauth!.issueCode(clientId, redirectUri);
  return redirectWithCode(redirectUri, code, query.get('state'));
}

function exchangeToken(serving: ServingContext, request: FakeRequest): FakeResponse {
  const form = parseTokenRequest(request);
  const clientId = form.client_id ?? '';
  const clientSecret = form.client_secret ?? '';
  let outcome;
  if (form.grant_type === 'refresh_token') {
    outcome = serving.oauth?.refresh(clientId, clientSecret, form.refresh_token ?? '');
  } else if (form.grant_type === 'authorization_code') {
    outcome = serving.oauth?.exchangeCode(
      clientId,
      clientSecret,
      form.code ?? '',
      form.redirect_uri ?? '',
    );
  } else {
    return {
      status: 400,
      body: {
        error: 'unsupported_grant_type',
        error_description: 'grant_type must be authorization_code or refresh_token.',
      },
    };
  }
  if (!outcome || (!outcome.ok && outcome.reason === 'invalid_client')) {
    return { status: 401, body: { error: 'access_denied', error_description: 'Unauthorized' } };
  }
  if (!outcome.ok) {
    return {
      status: 403,
      body: { error: 'invalid_grant', error_description: 'Unknown or invalid refresh token.' },
    };
  }
  return {
    status: 200,
    body: {
      access_token: outcome.accessToken,
      refresh_token: outcome.refreshToken,
      expires_in: outcome.expiresIn,
      scope: [...SCOPES, 'offline_access'].join(' '),
      token_type: 'Bearer',
    },
  };
}

/** Atlassian takes JSON; form encoding is accepted too. */
function parseTokenRequest(request: FakeRequest): Record<string, string | undefined> {
  const type = request.headers['content-type'] ?? '';
  if (type.includes('application/json')) {
    try {
      const parsed: unknown = JSON.parse(request.body);
      if (typeof parsed === 'object' && parsed !== null) {
        return Object.fromEntries(
          Object.entries(parsed).map(([key, value]) => [
            key,
            typeof value === 'string' ? value : undefined,
          ]),
        );
      }
    } catch {
      return {};
    }
    return {};
  }
  return Object.fromEntries(new URLSearchParams(request.body).entries());
}
