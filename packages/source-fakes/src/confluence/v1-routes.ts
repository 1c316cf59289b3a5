import type { FakeRequest, FakeResponse, FakeRoute } from '../shared/fake-http-types';
import { ApiProblem } from './api-problem';
import type { AuthRealm } from './confluence-auth';
import { v1Attachment } from './attachment-shapes';
import { v1Content, v1Space } from './content-shapes';
import { compileCql } from './cql/cql-evaluator';
import { CqlError } from './cql/cql-error';
import type { FakePage, FakePageStatus } from './fake-confluence-types';
import {
  decodeCursor,
  effectiveLimit,
  encodeCursor,
  listingFingerprint,
  listParam,
  relativeLink,
  startParam,
} from './paging';
import { defineRoute, sitePath } from './route-definition';
import { type ServingContext, wikiBase } from './serving-context';

const V1_DEFAULT_LIMIT = 25;
const ALL_STATUSES: readonly FakePageStatus[] = ['current', 'archived', 'trashed', 'draft'];

/** REST v1 under `prefix` (`/wiki/rest/api`, `{context}/rest/api` or a gateway path). */
export function v1Routes(serving: ServingContext, prefix: string, realm: AuthRealm): FakeRoute[] {
  const route = (spec: Omit<Parameters<typeof defineRoute>[0], 'family' | 'realm'>) =>
    defineRoute({ ...spec, family: 'v1', realm }, serving);
  const searchParams =
    serving.mode === 'cloud'
      ? ['cql', 'cqlcontext', 'cursor', 'limit', 'expand', 'next', 'prev']
      : ['cql', 'cqlcontext', 'start', 'limit', 'expand', 'excerpt'];
  return [
    route({
      name: 'v1.spaces',
      path: `${prefix}/space`,
      knownParams: [
        'spaceKey',
        'spaceId',
        'type',
        'status',
        'label',
        'favourite',
        'expand',
        'start',
        'limit',
      ],
      handle: (request) => listSpaces(serving, request),
    }),
    route({
      name: 'v1.space',
      path: `${prefix}/space/:key`,
      knownParams: ['expand'],
      handle: (request) => {
        const space = serving.store.spaceByKey(request.params.key ?? '');
        if (!space) throw new ApiProblem(404, `No space with key : ${request.params.key}`);
        return {
          status: 200,
          body: v1Space(space, wikiBase(serving, request), serving.mode),
        };
      },
    }),
    route({
      name: 'v1.contentSearch',
      path: `${prefix}/content/search`,
      knownParams: searchParams,
      handle: (request) => searchContent(serving, request),
    }),
    route({
      name: 'v1.content',
      path: `${prefix}/content`,
      knownParams: [
        'type',
        'spaceKey',
        'title',
        'status',
        'postingDay',
        'expand',
        'trigger',
        'orderby',
        'start',
        'limit',
      ],
      handle: (request) => listContent(serving, request),
    }),
    route({
      name: 'v1.contentById',
      path: `${prefix}/content/:id`,
      knownParams: ['status', 'version', 'embeddedContentRender', 'expand', 'trigger'],
      handle: (request) => {
        const id = request.params.id ?? '';
        const statuses = statusFilter(request.query, ['current', 'archived']);
        const attachment = serving.store.attachment(id);
        if (attachment) {
          // Attachments are content too: `content/att123` answers with one.
          if (!(statuses as readonly string[]).includes(attachment.status)) {
            throw new ApiProblem(404, `No content found with id: ${id}`);
          }
          const container = serving.store.page(attachment.pageId);
          return {
            status: 200,
            body: v1Attachment(attachment, container, shaping(serving, request)),
          };
        }
        const page = serving.store.page(id);
        if (!page || !statuses.includes(page.status)) {
          throw new ApiProblem(404, `No content found with id: ${request.params.id}`);
        }
        return { status: 200, body: v1Content(page, shaping(serving, request)) };
      },
    }),
  ];
}

function listSpaces(serving: ServingContext, request: FakeRequest): FakeResponse {
  const keys = listParam(request.query, 'spaceKey');
  const type = request.query.get('type');
  const spaces = serving.store
    .allSpaces()
    .filter((space) => keys.length === 0 || keys.includes(space.key))
    .filter((space) => !type || space.type === type);
  const base = wikiBase(serving, request);
  const limit = effectiveLimit(request.query, V1_DEFAULT_LIMIT, serving.caps.v1Plain);
  return offsetPage(
    serving,
    request,
    spaces.map((space) => v1Space(space, base, serving.mode)),
    limit,
  );
}

function listContent(serving: ServingContext, request: FakeRequest): FakeResponse {
  const { query } = request;
  const type = query.get('type') || 'page';
  const spaceKey = query.get('spaceKey');
  const title = query.get('title');
  const statuses = statusFilter(query, ['current']);
  const pages = serving.store
    .allPages()
    .filter((page) => page.type === type)
    .filter((page) => !spaceKey || page.spaceKey === spaceKey)
    .filter((page) => !title || page.title === title)
    .filter((page) => statuses.includes(page.status));
  const shape = shaping(serving, request);
  const limit = effectiveLimit(query, V1_DEFAULT_LIMIT, capFor(serving, shape.expand));
  return offsetPage(
    serving,
    request,
    pages.map((page) => v1Content(page, shape, 'list')),
    limit,
  );
}

/** CQL search: cursor-paged on Cloud, start/limit on Data Center; current content only. */
function searchContent(serving: ServingContext, request: FakeRequest): FakeResponse {
  const { query } = request;
  const cql = query.get('cql');
  if (!cql) throw new ApiProblem(400, 'cql is a required parameter');
  let compiled;
  try {
    compiled = compileCql(cql);
  } catch (error) {
    if (error instanceof CqlError)
      throw new ApiProblem(400, `Could not parse cql : ${cql} (${error.message})`);
    throw error;
  }
  const matches = serving.store
    .allPages()
    .filter((page) => page.status === 'current')
    .filter((page) => compiled.matches(serving.store.cqlView(page)))
    .sort((a, b) => compiled.compare(serving.store.cqlView(a), serving.store.cqlView(b)));
  const shape = shaping(serving, request);
  const limit = effectiveLimit(query, V1_DEFAULT_LIMIT, capFor(serving, shape.expand));
  const items = matches.map((page: FakePage) => v1Content(page, shape, 'list'));
  if (serving.mode === 'dc') return offsetPage(serving, request, items, limit);

  const fingerprint = listingFingerprint('v1.contentSearch', {}, query);
  const offset = decodeCursor(query.get('cursor'), fingerprint);
  const results = items.slice(offset, offset + limit);
  const base = wikiBase(serving, request);
  const path = v1Path(serving, request);
  const links: Record<string, string> = {
    base,
    context: serving.contextPath,
    self: `${base}${relativeLink(path, query, {})}`,
  };
  if (offset + results.length < items.length) {
    links.next = relativeLink(path, query, {
      cursor: encodeCursor(offset + results.length, fingerprint),
    });
  }
  if (offset > 0) {
    links.prev = relativeLink(path, query, {
      cursor: encodeCursor(Math.max(0, offset - limit), fingerprint),
    });
  }
  return {
    status: 200,
    body: { results, start: offset, limit, size: results.length, _links: links },
  };
}

/** A v1 `start`/`limit` page with `_links.next` relative to `_links.base`. */
export function offsetPage(
  serving: ServingContext,
  request: FakeRequest,
  items: unknown[],
  limit: number,
): FakeResponse {
  const start = startParam(request.query);
  const results = items.slice(start, start + limit);
  const base = wikiBase(serving, request);
  const path = v1Path(serving, request);
  const links: Record<string, string> = {
    base,
    context: serving.contextPath,
    self: `${base}${relativeLink(path, request.query, {})}`,
  };
  if (start + results.length < items.length) {
    const skew = serving.mode === 'dc' && serving.dcWrongNextStart() ? 1 : 0;
    links.next = relativeLink(path, request.query, {
      start: String(start + results.length + skew),
      limit: String(limit),
    });
  }
  if (start > 0) {
    links.prev = relativeLink(path, request.query, {
      start: String(Math.max(0, start - limit)),
      limit: String(limit),
    });
  }
  return { status: 200, body: { results, start, limit, size: results.length, _links: links } };
}

/** The request path relative to `_links.base`, e.g. `/rest/api/content`. */
function v1Path(serving: ServingContext, request: FakeRequest): string {
  const path = sitePath(request);
  return path.startsWith(serving.contextPath) ? path.slice(serving.contextPath.length) : path;
}

export function shaping(serving: ServingContext, request: FakeRequest) {
  return {
    base: wikiBase(serving, request),
    mode: serving.mode,
    expand: new Set(listParam(request.query, 'expand')),
    store: serving.store,
  };
}

/** The real server cuts `limit` harder the more it has to expand (50 with bodies). */
export function capFor(serving: ServingContext, expand: ReadonlySet<string>): number {
  if ([...expand].some((e) => e.startsWith('body.'))) return serving.caps.v1Body;
  return expand.size > 0 ? serving.caps.v1Expanded : serving.caps.v1Plain;
}

function statusFilter(
  query: URLSearchParams,
  defaults: readonly FakePageStatus[],
): readonly FakePageStatus[] {
  const asked = listParam(query, 'status');
  if (asked.length === 0) return defaults;
  if (asked.includes('any')) return ALL_STATUSES;
  return ALL_STATUSES.filter((status) => asked.includes(status));
}
