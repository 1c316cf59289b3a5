import { startFakeHttpServer } from '../shared/fake-http-server';
import { FaultBook } from '../shared/faults';
import { contentRoutes } from './content-routes';
import { FakeTokenBuckets } from './fake-token-buckets';
import type { FakeNotion, FakeNotionOptions } from './fake-notion-types';
import { fileRoutes } from './file-routes';
import { IntegrationBook } from './integration-book';
import { normaliseIdParams, normaliseNotionId } from './notion-ids';
import { notionError } from './notion-problem';
import { NotionStore } from './notion-store';
import { OAuthGrants } from './oauth-grants';
import { oauthRoutes } from './oauth-routes';
import { pageUrl } from './api-shapes';
import { plainText } from './rich-text';
import { unknownPath } from './route-definition';
import { searchRoute } from './search-route';
import type { NotionServing } from './serving-context';

/**
 * A local Notion API: real paths and shapes for three `Notion-Version`s,
 * bearer auth and sharing (unshared = 404), real pagination, a token-bucket rate limit, 529s,
 * per-route faults, OAuth, and a workspace that tests can edit while it runs.
 */
export async function startFakeNotion(options: FakeNotionOptions = {}): Promise<FakeNotion> {
  const now = options.now ?? (() => new Date());
  const store = new NotionStore(now, options.idSeed ?? 'fake-notion');
  for (const page of options.pages ?? []) store.addTopLevelPage(page);
  for (const database of options.databases ?? []) store.addTopLevelDatabase(database);
  const integrations = new IntegrationBook(options.integrations ?? []);
  const serving: NotionServing = {
    store,
    integrations,
    buckets: new FakeTokenBuckets(),
    faults: new FaultBook(),
    log: [],
    controls: {
      rateLimit: options.rateLimit ?? null,
      overloadEvery: options.overloadEvery ?? null,
      apiRequests: 0,
    },
    pageSizeCap: Math.max(1, Math.min(100, options.pageSizeCap ?? 100)),
    now,
    ...(options.oauth ? { oauth: new OAuthGrants(options.oauth, integrations, now) } : {}),
  };

  const server = await startFakeHttpServer({
    routes: [
      ...contentRoutes(serving),
      searchRoute(serving),
      ...oauthRoutes(serving),
      ...fileRoutes(serving),
    ],
    ...(options.host === undefined ? {} : { host: options.host }),
    ...(options.port === undefined ? {} : { port: options.port }),
    latencyMs: options.latencyMs ?? 0,
    renderFault: (_route, fault) => notionError(fault.status),
    renderNotFound: (request) => unknownPath(serving, request),
  });

  const id = (value: string): string => {
    const normalised = normaliseNotionId(value);
    if (normalised === undefined) throw new Error(`not a UUID: ${value}`);
    return normalised;
  };

  return {
    url: server.origin,
    requests: serving.log,
    get latencyMs() {
      return server.latencyMs;
    },
    set latencyMs(value: number) {
      server.latencyMs = value;
    },
    get rateLimit() {
      return serving.controls.rateLimit;
    },
    set rateLimit(value) {
      serving.controls.rateLimit = value;
    },
    get overloadEvery() {
      return serving.controls.overloadEvery;
    },
    set overloadEvery(value) {
      serving.controls.overloadEvery = value;
    },
    setFault: (route, fault) =>
      serving.faults.set(
        route,
        fault.params ? { ...fault, params: normaliseIdParams(fault.params) } : fault,
      ),
    clearFaults: (route) => serving.faults.clear(route),
    addPage: (page, parent) => {
      if (parent === undefined) return store.addTopLevelPage(page).id;
      if ('pageId' in parent) return store.addChildPage(id(parent.pageId), page).id;
      const sourceId =
        'dataSourceId' in parent
          ? id(parent.dataSourceId)
          : store.database(id(parent.databaseId))?.dataSourceIds[0];
      if (sourceId === undefined) throw new Error('no such database');
      return store.addRow(sourceId, page).id;
    },
    appendBlocks: (parentId, blocks) => store.appendBlocks(id(parentId), blocks),
    editBlockText: (blockId, text) => store.editBlockText(id(blockId), text),
    trashPage: (pageId) => store.setPageTrashed(id(pageId), true),
    restorePage: (pageId) => store.setPageTrashed(id(pageId), false),
    share: (pageId, token) => integrations.share(token, id(pageId)),
    unshare: (pageId, token) => integrations.unshare(token, id(pageId)),
    page: (pageId) => {
      const page = store.page(id(pageId));
      if (!page) return undefined;
      return {
        id: page.id,
        title: plainText(page.title),
        lastEditedTime: page.lastEditedTime,
        inTrash: store.isTrashed(page.id),
        url: pageUrl(page),
      };
    },
    pageIdsByTitle: (title) =>
      store
        .allPages()
        .filter((page) => plainText(page.title) === title)
        .map((page) => page.id),
    validRefreshTokens: () => serving.oauth?.validRefreshTokens() ?? [],
    close: () => server.close(),
  };
}
