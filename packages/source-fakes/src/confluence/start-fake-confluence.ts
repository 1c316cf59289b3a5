import { startFakeHttpServer } from '../shared/fake-http-server';
import type { FakeResponse, FakeRoute } from '../shared/fake-http-types';
import { errorResponse, type ErrorFamily } from './api-problem';
import { downloadServletRoute, v1AttachmentRoutes, v2AttachmentRoutes } from './attachment-routes';
import { ConfluenceStore } from './confluence-store';
import type { FakeConfluence, FakeConfluenceOptions } from './fake-confluence-types';
import { FakeMediaApi } from './media-api';
import { OAuthTokenBook } from './oauth-token-book';
import { oauthRoutes } from './oauth-routes';
import type { ServingContext } from './serving-context';
import { v1Routes } from './v1-routes';
import { v2Routes } from './v2-routes';

const GATEWAY_PREFIX = '/ex/confluence/:cloudId/wiki';

/**
 * A local Confluence: Cloud (v1 + v2 under `/wiki`, optionally the OAuth gateway) or Data Center
 * (v1 under the context path), with real paths, shapes, pagination, auth and injectable faults.
 */
export async function startFakeConfluence(options: FakeConfluenceOptions): Promise<FakeConfluence> {
  const now = options.now ?? (() => new Date());
  const store = new ConfluenceStore(now);
  for (const space of options.spaces ?? []) store.addSpace(space);
  const contextPath =
    options.mode === 'cloud' ? '/wiki' : normaliseContextPath(options.contextPath ?? '');
  let dcWrongNextStart = options.dcWrongNextStart ?? false;
  const media =
    options.mode === 'cloud'
      ? await FakeMediaApi.start({
          store,
          ...(options.host === undefined ? {} : { host: options.host }),
          ttlSeconds: options.mediaUrlTtlSeconds ?? 60,
          latencyMs: options.latencyMs ?? 0,
          now,
        })
      : undefined;
  const serving: ServingContext = {
    mode: options.mode,
    store,
    options,
    contextPath,
    caps: {
      v2: options.limitCaps?.v2 ?? 250,
      v1Body: options.limitCaps?.v1Body ?? 50,
      v1Expanded: options.limitCaps?.v1Expanded ?? 200,
      v1Plain: options.limitCaps?.v1Plain ?? 1000,
    },
    dcWrongNextStart: () => dcWrongNextStart,
    now,
    ...(options.oauth && options.mode === 'cloud'
      ? { oauth: new OAuthTokenBook(options.oauth, now) }
      : {}),
    ...(media ? { media } : {}),
  };

  const server = await startFakeHttpServer({
    routes: routesFor(serving),
    ...(options.host === undefined ? {} : { host: options.host }),
    ...(options.port === undefined ? {} : { port: options.port }),
    latencyMs: options.latencyMs ?? 0,
    renderFault: (route, fault) => errorResponse(familyOf(route), fault.status),
    renderNotFound: () => notFoundPage(),
  });

  return {
    url: options.mode === 'cloud' ? server.origin : `${server.origin}${contextPath}`,
    origin: server.origin,
    requests: server.requests,
    mediaOrigin: media?.origin,
    mediaRequests: media?.http.requests ?? [],
    get latencyMs() {
      return server.latencyMs;
    },
    set latencyMs(value: number) {
      server.latencyMs = value;
      if (media) media.http.latencyMs = value;
    },
    get dcWrongNextStart() {
      return dcWrongNextStart;
    },
    set dcWrongNextStart(value: boolean) {
      dcWrongNextStart = value;
    },
    setFault: (route, fault) => {
      if (route === 'media.file' || route === '*') media?.http.setFault(route, fault);
      if (route !== 'media.file') server.setFault(route, fault);
    },
    clearFaults: (route) => {
      if (route === undefined || route === 'media.file' || route === '*') {
        media?.http.clearFaults(route);
      }
      if (route !== 'media.file') server.clearFaults(route);
    },
    upsertPage: (spaceKey, page) => store.upsertPage(spaceKey, page),
    deletePage: (id) => store.deletePage(id),
    upsertAttachment: (pageId, attachment) => store.upsertAttachment(pageId, attachment),
    deleteAttachment: (id) => store.deleteAttachment(id),
    getAttachment: (id) => store.attachment(id),
    addSpace: (space) => store.addSpace(space),
    getPage: (id) => store.page(id),
    omitBodyFromLists: (id) => {
      const page = store.page(id);
      if (!page) throw new Error(`no page ${id}`);
      page.omitBodyFromLists = true;
    },
    validRefreshTokens: () => serving.oauth?.validRefreshTokens() ?? [],
    close: async () => {
      await server.close();
      await media?.close();
    },
  };
}

function routesFor(serving: ServingContext): FakeRoute[] {
  if (serving.mode === 'dc') {
    const api = `${serving.contextPath}/rest/api`;
    return [
      ...v1AttachmentRoutes(serving, api, 'dc'),
      ...v1Routes(serving, api, 'dc'),
      downloadServletRoute(serving, 'dc'),
    ];
  }
  const routes = [
    ...v1AttachmentRoutes(serving, '/wiki/rest/api', 'site'),
    ...v1Routes(serving, '/wiki/rest/api', 'site'),
    ...v2AttachmentRoutes(serving, '/wiki/api/v2', 'site'),
    ...v2Routes(serving, '/wiki/api/v2', 'site'),
    // Site-relative download links do not work with 3LO tokens: the gateway has no servlet.
    downloadServletRoute(serving, 'site'),
  ];
  if (serving.oauth) {
    routes.push(
      ...v1AttachmentRoutes(serving, `${GATEWAY_PREFIX}/rest/api`, 'gateway'),
      ...v1Routes(serving, `${GATEWAY_PREFIX}/rest/api`, 'gateway'),
      ...v2AttachmentRoutes(serving, `${GATEWAY_PREFIX}/api/v2`, 'gateway'),
      ...v2Routes(serving, `${GATEWAY_PREFIX}/api/v2`, 'gateway'),
      ...oauthRoutes(serving),
    );
  }
  return routes;
}

function familyOf(route: FakeRoute): ErrorFamily {
  if (route.name.startsWith('v1.')) return 'v1';
  if (route.name.startsWith('v2.')) return 'v2';
  if (route.name.startsWith('download.')) return 'download';
  return route.name === 'oauth.token' ? 'oauth' : 'gateway';
}

/** Unknown paths get Confluence's HTML 404 page, not JSON. */
function notFoundPage(): FakeResponse {
  return {
    status: 404,
    headers: { 'content-type': 'text/html;charset=UTF-8' },
    body: '<!DOCTYPE html><html><head><title>Page Not Found - Confluence</title></head><body><h1>Page Not Found</h1></body></html>',
  };
}

function normaliseContextPath(path: string): string {
  const trimmed = path.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}
