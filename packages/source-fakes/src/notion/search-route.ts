import type { FakeRoute } from '../shared/fake-http-types';
import { databaseShape, dataSourceShape, pageShape } from './api-shapes';
import { ok } from './content-routes';
import { listingDigest } from '../shared/listing-tokens';
import { pageOf, pageSizeFrom } from './list-paging';
import { NotionProblem } from './notion-problem';
import { type ApiCall, defineApiRoute } from './route-definition';
import type { NotionServing } from './serving-context';
import { plainText } from './rich-text';
import { canSee } from './visibility';

interface Hit {
  id: string;
  title: string;
  lastEditedTime: string;
  shape: () => Record<string, unknown>;
}

/**
 * `POST /v1/search`: every page (and data source, or database before 2025-09-03) shared with the
 * integration, except trashed ones and pages flagged `hiddenFromSearch` (real search lags).
 */
export function searchRoute(serving: NotionServing): FakeRoute {
  return defineApiRoute(
    {
      name: 'search',
      method: 'POST',
      path: '/v1/search',
      knownParams: ['query', 'filter', 'sort', 'start_cursor', 'page_size'],
      handle: (call) => {
        const pageSize = pageSizeFrom(call.body.page_size, 'body');
        const objectFilter = objectFilterOf(call);
        const direction = sortDirectionOf(call.body.sort);
        const query =
          typeof call.body.query === 'string' ? call.body.query.trim().toLowerCase() : '';
        if (call.body.query !== undefined && typeof call.body.query !== 'string') {
          throw invalid('body.query should be a string');
        }
        const hits = candidates(serving, call, objectFilter)
          .filter((hit) => query === '' || hit.title.toLowerCase().includes(query))
          .sort((a, b) => {
            const byTime = a.lastEditedTime.localeCompare(b.lastEditedTime);
            return (direction === 'ascending' ? byTime : -byTime) || a.id.localeCompare(b.id);
          });
        const listing = pageOf(
          hits,
          call.body.start_cursor,
          Math.min(pageSize, serving.pageSizeCap),
          listingDigest(['search', query, objectFilter, direction]),
          'body',
        );
        const type = call.profile.dataSources ? 'page_or_data_source' : 'page_or_database';
        return ok({
          object: 'list',
          results: listing.results.map((hit) => hit.shape()),
          next_cursor: listing.next_cursor,
          has_more: listing.has_more,
          type,
          [type]: {},
        });
      },
    },
    serving,
  );
}

function candidates(
  serving: NotionServing,
  call: ApiCall,
  objectFilter: 'page' | 'collection' | null,
): Hit[] {
  const { store } = serving;
  const visible = (id: string) => canSee(store, call.integration, id) && !store.isTrashed(id);
  const hits: Hit[] = [];
  if (objectFilter !== 'collection') {
    for (const page of store.allPages()) {
      if (page.hiddenFromSearch || !visible(page.id)) continue;
      hits.push({
        id: page.id,
        title: plainText(page.title),
        lastEditedTime: page.lastEditedTime,
        shape: () => pageShape(page, call.shapes),
      });
    }
  }
  if (objectFilter !== 'page') {
    for (const source of store.allDataSources()) {
      const database = store.database(source.databaseId);
      if (!database || !visible(source.id)) continue;
      if (call.profile.dataSources) {
        hits.push({
          id: source.id,
          title: source.name,
          lastEditedTime: source.lastEditedTime,
          shape: () => dataSourceShape(source, call.shapes),
        });
      } else if (database.dataSourceIds[0] === source.id) {
        hits.push({
          id: database.id,
          title: plainText(database.title),
          lastEditedTime: database.lastEditedTime,
          shape: () => databaseShape(database, call.shapes),
        });
      }
    }
  }
  return hits;
}

/** `{property:"object", value}`: "page", or "data_source" (from 2025-09-03) / "database" (before). */
function objectFilterOf(call: ApiCall): 'page' | 'collection' | null {
  const filter = call.body.filter;
  if (filter === undefined || filter === null) return null;
  const collection = call.profile.dataSources ? 'data_source' : 'database';
  const { property, value } = (typeof filter === 'object' ? filter : {}) as Record<string, unknown>;
  if (property !== 'object' || (value !== 'page' && value !== collection)) {
    throw invalid(
      `body.filter should be {"property":"object","value":"page"|"${collection}"}, instead was \`${JSON.stringify(filter)}\``,
    );
  }
  return value === 'page' ? 'page' : 'collection';
}

function sortDirectionOf(sort: unknown): 'ascending' | 'descending' {
  if (sort === undefined || sort === null) return 'descending';
  const { timestamp, direction } = (typeof sort === 'object' ? sort : {}) as Record<
    string,
    unknown
  >;
  if (
    timestamp !== 'last_edited_time' ||
    (direction !== 'ascending' && direction !== 'descending')
  ) {
    throw invalid(
      'body.sort should be {"timestamp":"last_edited_time","direction":"ascending"|"descending"}',
    );
  }
  return direction;
}

function invalid(message: string): NotionProblem {
  return new NotionProblem(400, 'validation_error', `body failed validation: ${message}.`);
}
