import type { FakeRequest, FakeResponse, FakeRoute } from '../shared/fake-http-types';
import { ApiProblem } from './api-problem';
import type { AuthRealm } from './confluence-auth';
import { v2Page, v2Space } from './content-shapes';
import { compareIds } from './cql/cql-evaluator';
import type { FakePage, FakePageStatus } from './fake-confluence-types';
import {
  decodeCursor,
  effectiveLimit,
  encodeCursor,
  listingFingerprint,
  listParam,
  relativeLink,
} from './paging';
import { defineRoute, sitePath } from './route-definition';
import { type ServingContext, wikiBase } from './serving-context';

const V2_DEFAULT_LIMIT = 25;
/** v2 page lists default to current + archived; drafts are never listed. */
const DEFAULT_PAGE_STATUSES: readonly FakePageStatus[] = ['current', 'archived'];
const LISTABLE_STATUSES: readonly string[] = ['current', 'archived', 'trashed', 'deleted'];

const PAGE_SORTS: Record<string, (a: FakePage, b: FakePage) => number> = {
  id: (a, b) => compareIds(a.id, b.id),
  title: (a, b) => a.title.localeCompare(b.title),
  'created-date': (a, b) => a.createdAt.localeCompare(b.createdAt),
  'modified-date': (a, b) => a.updatedAt.localeCompare(b.updatedAt),
};

/** REST v2 (Cloud only) under `prefix` (`/wiki/api/v2` or a gateway path). */
export function v2Routes(serving: ServingContext, prefix: string, realm: AuthRealm): FakeRoute[] {
  const route = (spec: Omit<Parameters<typeof defineRoute>[0], 'family' | 'realm'>) =>
    defineRoute({ ...spec, family: 'v2', realm }, serving);
  const pageListParams = ['body-format', 'status', 'title', 'sort', 'cursor', 'limit'];
  return [
    route({
      name: 'v2.spaces',
      path: `${prefix}/spaces`,
      knownParams: [
        'ids',
        'keys',
        'type',
        'status',
        'labels',
        'favorited-by',
        'not-favorited-by',
        'sort',
        'description-format',
        'include-icon',
        'cursor',
        'limit',
      ],
      handle: (request) => listSpaces(serving, request),
    }),
    route({
      name: 'v2.space',
      path: `${prefix}/spaces/:id`,
      knownParams: [
        'description-format',
        'include-icon',
        'include-operations',
        'include-properties',
        'include-permissions',
        'include-role-assignments',
        'include-labels',
      ],
      handle: (request) => {
        const space = serving.store.spaceById(request.params.id ?? '');
        if (!space) throw new ApiProblem(404);
        return { status: 200, body: v2Space(space, serving.now().toISOString()) };
      },
    }),
    route({
      name: 'v2.spacePages',
      path: `${prefix}/spaces/:id/pages`,
      knownParams: ['depth', ...pageListParams],
      handle: (request) => {
        const space = serving.store.spaceById(request.params.id ?? '');
        if (!space) throw new ApiProblem(404);
        const pages = serving.store.allPages().filter((page) => page.spaceKey === space.key);
        return listPages(serving, request, pages);
      },
    }),
    route({
      name: 'v2.pages',
      path: `${prefix}/pages`,
      knownParams: ['id', 'space-id', ...pageListParams],
      handle: (request) => {
        const ids = listParam(request.query, 'id');
        const spaceIds = listParam(request.query, 'space-id');
        const pages = serving.store
          .allPages()
          .filter((page) => ids.length === 0 || ids.includes(page.id))
          .filter(
            (page) =>
              spaceIds.length === 0 ||
              spaceIds.includes(serving.store.spaceByKey(page.spaceKey)?.id ?? ''),
          );
        return listPages(serving, request, pages);
      },
    }),
    route({
      name: 'v2.page',
      path: `${prefix}/pages/:id`,
      knownParams: [
        'body-format',
        'get-draft',
        'status',
        'version',
        'include-labels',
        'include-properties',
        'include-operations',
        'include-likes',
        'include-versions',
        'include-version',
        'include-favorited-by-current-user-status',
      ],
      handle: (request) => {
        const page = serving.store.page(request.params.id ?? '');
        const statuses = listParam(request.query, 'status');
        const visible =
          page &&
          page.type === 'page' &&
          page.status !== 'draft' &&
          (statuses.length === 0 ? page.status !== 'trashed' : statuses.includes(page.status));
        if (!page || !visible) throw new ApiProblem(404);
        const body = v2Page(page, spaceIdOf(serving, page), wantsStorage(request.query));
        return {
          status: 200,
          body: {
            ...body,
            _links: { ...(body._links as object), base: wikiBase(serving, request) },
          },
        };
      },
    }),
  ];
}

function listSpaces(serving: ServingContext, request: FakeRequest): FakeResponse {
  const keys = listParam(request.query, 'keys');
  const ids = listParam(request.query, 'ids');
  const type = request.query.get('type');
  const spaces = serving.store
    .allSpaces()
    .filter((space) => keys.length === 0 || keys.includes(space.key))
    .filter((space) => ids.length === 0 || ids.includes(space.id))
    .filter((space) => !type || space.type === type);
  const created = serving.now().toISOString();
  return cursorPage(
    serving,
    request,
    spaces.map((space) => v2Space(space, created)),
  );
}

function listPages(
  serving: ServingContext,
  request: FakeRequest,
  candidates: FakePage[],
): FakeResponse {
  const { query } = request;
  const asked = listParam(query, 'status');
  const unknown = asked.filter((status) => !LISTABLE_STATUSES.includes(status));
  if (unknown.length > 0) throw new ApiProblem(400, `Invalid status: ${unknown.join(', ')}`);
  const statuses: readonly string[] = asked.length > 0 ? asked : DEFAULT_PAGE_STATUSES;
  const title = query.get('title');
  const depth = query.get('depth');
  const sort = sorter(query.get('sort'));
  const withBody = wantsStorage(query);
  const pages = candidates
    .filter((page) => page.type === 'page')
    .filter((page) => statuses.includes(page.status))
    .filter((page) => !title || page.title === title)
    .filter((page) => depth !== 'root' || page.parentId === undefined)
    .sort(sort);
  return cursorPage(
    serving,
    request,
    pages.map((page) =>
      v2Page(page, spaceIdOf(serving, page), withBody && !page.omitBodyFromLists),
    ),
  );
}

/** A v2 page: opaque cursor in `_links.next` (starting `/wiki/api/v2`) and in the `Link` header. */
export function cursorPage(
  serving: ServingContext,
  request: FakeRequest,
  items: unknown[],
  defaultLimit = V2_DEFAULT_LIMIT,
): FakeResponse {
  const { query } = request;
  const limit = effectiveLimit(query, defaultLimit, serving.caps.v2);
  const fingerprint = listingFingerprint(sitePath(request), request.params, query);
  const offset = decodeCursor(query.get('cursor'), fingerprint);
  const results = items.slice(offset, offset + limit);
  const base = wikiBase(serving, request);
  const links: Record<string, string> = { base };
  const headers: Record<string, string> = {};
  if (offset + results.length < items.length) {
    links.next = relativeLink(sitePath(request), query, {
      cursor: encodeCursor(offset + results.length, fingerprint),
    });
    headers.link = `<${links.next}>; rel="next", <${base}>; rel="base"`;
  }
  return { status: 200, headers, body: { results, _links: links } };
}

function sorter(sort: string | null): (a: FakePage, b: FakePage) => number {
  if (!sort) return PAGE_SORTS.id!;
  const descending = sort.startsWith('-');
  const compare = PAGE_SORTS[descending ? sort.slice(1) : sort];
  if (!compare) throw new ApiProblem(400, `Invalid sort: ${sort}`);
  return descending ? (a, b) => compare(b, a) : compare;
}

function wantsStorage(query: URLSearchParams): boolean {
  const format = query.get('body-format');
  if (format === null || format === '') return false;
  if (format === 'storage') return true;
  throw new ApiProblem(400, `body-format '${format}' is not served by this fake (only storage)`);
}

function spaceIdOf(serving: ServingContext, page: FakePage): string {
  return serving.store.spaceByKey(page.spaceKey)?.id ?? '';
}
