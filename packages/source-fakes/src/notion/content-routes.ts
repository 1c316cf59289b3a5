import { randomUUID } from 'node:crypto';
import type { FakeResponse, FakeRoute } from '../shared/fake-http-types';
import {
  blockShape,
  databaseShape,
  dataSourceShape,
  pageAsBlockShape,
  pageShape,
} from './api-shapes';
import { listingDigest } from '../shared/listing-tokens';
import { pageOf, pageSizeFrom } from './list-paging';
import { normaliseNotionId } from './notion-ids';
import { NotionProblem, objectNotFound } from './notion-problem';
import type { StoredDatabase, StoredDataSource } from './notion-store';
import { rowsMatching } from './row-query';
import { type ApiCall, defineApiRoute } from './route-definition';
import type { NotionServing } from './serving-context';
import { canSee } from './visibility';

type IdKind = 'page_id' | 'block_id' | 'database_id' | 'data_source_id';

/** Pages, blocks, databases, data sources and the bot user. */
export function contentRoutes(serving: NotionServing): FakeRoute[] {
  const { store } = serving;
  const route = (spec: Parameters<typeof defineApiRoute>[0]) => defineApiRoute(spec, serving);
  const visible = (call: ApiCall, id: string) => canSee(store, call.integration, id);

  return [
    route({
      name: 'users.me',
      method: 'GET',
      path: '/v1/users/me',
      knownParams: [],
      handle: ({ integration }) =>
        ok({
          object: 'user',
          id: integration.botId,
          name: integration.botName,
          avatar_url: null,
          type: 'bot',
          bot: {
            owner: { type: 'workspace', workspace: true },
            workspace_name: integration.workspaceName,
          },
        }),
    }),
    route({
      name: 'pages.retrieve',
      method: 'GET',
      path: '/v1/pages/:id',
      knownParams: ['filter_properties'],
      handle: (call) => {
        const id = pathId(call, 'page_id');
        const page = store.page(id);
        if (page && visible(call, id)) return ok(pageShape(page, call.shapes));
        if (store.database(id) && visible(call, id)) {
          throw new NotionProblem(
            400,
            'validation_error',
            `Provided ID ${id} is a database, not a page. Use the retrieve database API instead, i.e. GET /v1/databases/${id}.`,
          );
        }
        throw objectNotFound('page', id);
      },
    }),
    route({
      name: 'blocks.retrieve',
      method: 'GET',
      path: '/v1/blocks/:id',
      knownParams: [],
      handle: (call) => {
        const id = pathId(call, 'block_id');
        if (!visible(call, id)) throw objectNotFound('block', id);
        const block = store.block(id);
        if (block) return ok(blockShape(block, call.shapes));
        const page = store.page(id);
        if (page) return ok(pageAsBlockShape(page, call.shapes));
        throw objectNotFound('block', id);
      },
    }),
    route({
      name: 'blocks.children',
      method: 'GET',
      path: '/v1/blocks/:id/children',
      knownParams: ['start_cursor', 'page_size'],
      handle: (call) => {
        const id = pathId(call, 'block_id');
        const pageSize = pageSizeFrom(call.request.query.get('page_size') ?? undefined, 'query');
        const containerId = childrenSource(call, id);
        const children = store.visibleChildren(containerId);
        const listing = pageOf(
          children,
          call.request.query.get('start_cursor') ?? undefined,
          Math.min(pageSize, serving.pageSizeCap),
          listingDigest(['children', id]),
          'query',
        );
        return ok({
          object: 'list',
          results: listing.results.map((block) => blockShape(block, call.shapes)),
          next_cursor: listing.next_cursor,
          has_more: listing.has_more,
          type: 'block',
          block: {},
        });
      },
    }),
    route({
      name: 'databases.retrieve',
      method: 'GET',
      path: '/v1/databases/:id',
      knownParams: [],
      handle: (call) => {
        const database = visibleDatabase(call, pathId(call, 'database_id'));
        if (!call.profile.dataSources) singleSource(database);
        return ok(databaseShape(database, call.shapes));
      },
    }),
    route({
      name: 'databases.query',
      method: 'POST',
      path: '/v1/databases/:id/query',
      knownParams: ['filter', 'sorts', 'start_cursor', 'page_size', 'archived', 'in_trash'],
      handle: (call) => {
        if (call.profile.dataSources) {
          throw new NotionProblem(
            400,
            'invalid_request_url',
            `POST /v1/databases/{id}/query is not available with Notion-Version ${call.profile.version}: query the database's data sources (POST /v1/data_sources/{id}/query).`,
          );
        }
        const database = visibleDatabase(call, pathId(call, 'database_id'));
        return queryRows(call, singleSource(database), 'page_or_database');
      },
    }),
    route({
      name: 'dataSources.retrieve',
      method: 'GET',
      path: '/v1/data_sources/:id',
      knownParams: [],
      handle: (call) => ok(dataSourceShape(visibleDataSource(call), call.shapes)),
    }),
    route({
      name: 'dataSources.query',
      method: 'POST',
      path: '/v1/data_sources/:id/query',
      knownParams: [
        'filter',
        'sorts',
        'start_cursor',
        'page_size',
        'filter_properties',
        'archived',
        'in_trash',
        'result_type',
      ],
      handle: (call) => queryRows(call, visibleDataSource(call), 'page_or_data_source'),
    }),
  ];

  function visibleDatabase(call: ApiCall, id: string): StoredDatabase {
    const database = store.database(id);
    if (database && visible(call, id)) return database;
    if (store.page(id) && visible(call, id)) {
      throw new NotionProblem(
        400,
        'validation_error',
        `Provided ID ${id} is a page, not a database. Use the retrieve page API instead, i.e. GET /v1/pages/${id}.`,
      );
    }
    throw objectNotFound('database', id);
  }

  function visibleDataSource(call: ApiCall): StoredDataSource {
    if (!call.profile.dataSources) {
      throw new NotionProblem(
        400,
        'invalid_request_url',
        `Data sources need Notion-Version 2025-09-03 or later (got ${call.profile.version}).`,
      );
    }
    const id = pathId(call, 'data_source_id');
    const source = store.dataSource(id);
    if (source && visible(call, id)) return source;
    throw objectNotFound('data source', id);
  }

  /** Before 2025-09-03 a database with several data sources cannot be read at all. */
  function singleSource(database: StoredDatabase): StoredDataSource {
    if (database.dataSourceIds.length !== 1) {
      throw new NotionProblem(
        400,
        'validation_error',
        `Databases with multiple data sources are not supported in this API version. Use Notion-Version 2025-09-03 or later to read database ${database.id}.`,
      );
    }
    const source = store.dataSource(database.dataSourceIds[0]!);
    if (!source) throw objectNotFound('database', database.id);
    return source;
  }

  /** Whose children a block id lists: a synced copy shows its original's (when readable). */
  function childrenSource(call: ApiCall, id: string): string {
    const page = store.page(id);
    if (page) {
      if (!visible(call, id)) throw objectNotFound('block', id);
      return id;
    }
    const block = store.block(id);
    if (!block || !visible(call, id)) {
      if (store.database(id) && visible(call, id)) return id;
      throw objectNotFound('block', id);
    }
    if (block.syncedFrom === undefined) return id;
    const original = store.block(block.syncedFrom);
    if (!original || !visible(call, original.id)) throw objectNotFound('block', block.syncedFrom);
    return original.id;
  }

  function queryRows(
    call: ApiCall,
    source: StoredDataSource,
    type: 'page_or_database' | 'page_or_data_source',
  ): FakeResponse {
    const pageSize = pageSizeFrom(call.body.page_size, 'body');
    const rows = source.rowIds
      .map((id) => store.page(id))
      .filter((page) => page !== undefined && !store.isTrashed(page.id))
      .map((page) => page!);
    const selected = rowsMatching(rows, call.body.filter, call.body.sorts);
    const listing = pageOf(
      selected,
      call.body.start_cursor,
      Math.min(pageSize, serving.pageSizeCap),
      listingDigest(['query', source.id, call.body.filter ?? null, call.body.sorts ?? null]),
      'body',
    );
    return ok({
      object: 'list',
      results: listing.results.map((page) => pageShape(page, call.shapes)),
      next_cursor: listing.next_cursor,
      has_more: listing.has_more,
      type,
      [type]: {},
    });
  }
}

function pathId(call: ApiCall, kind: IdKind): string {
  const raw = call.request.params.id ?? '';
  const id = normaliseNotionId(raw);
  if (id === undefined) {
    throw new NotionProblem(
      400,
      'validation_error',
      `path failed validation: path.${kind} should be a valid uuid, instead was \`${JSON.stringify(raw)}\`.`,
    );
  }
  return id;
}

export function ok(body: Record<string, unknown>): FakeResponse {
  return { status: 200, body: { ...body, request_id: randomUUID() } };
}
