import { type Client, type estypes } from '@elastic/elasticsearch';
import { type BulkOperation, type BulkWriter } from './bulk-writer';
import { type CollectionPlacement } from './collection-placement';
import { routed } from './document-manifests';
import { errorDetails, isIndexNotFound } from './elasticsearch-errors';

/** Documents per page of a collection scan (and per bulk request of its deletes). */
const SCAN_PAGE = 1000;

/**
 * Removes a collection's documents from a shared index: a delete-by-query routed to its shard
 * and filtered by its key (chunks and manifests alike), refreshed so counts and searches no
 * longer see them; conflicts (a document written meanwhile) do not stop it. A cluster without the
 * `reindex` module (which serves `_delete_by_query`; Elastic's integration-test distribution
 * leaves it out) gets the same done by the adapter: a routed scan of the key's `_id`s, deleted in
 * bulk, then a refresh. `support` remembers which of the two the cluster takes.
 */
export async function removeFromSharedIndex(
  client: Client,
  bulk: BulkWriter,
  placement: CollectionPlacement,
  support: { deleteByQuery: boolean },
): Promise<void> {
  if (placement.routing === undefined) return;
  try {
    if (support.deleteByQuery) {
      try {
        await client.deleteByQuery({
          index: placement.index,
          routing: placement.routing,
          conflicts: 'proceed',
          refresh: true,
          query: { bool: { filter: placement.filter } },
        });
        return;
      } catch (error) {
        if (!isMissingEndpoint(error)) throw error;
        support.deleteByQuery = false;
      }
    }
    for await (const page of scanCollection(client, placement, false)) {
      await bulk.write(placement.target, [
        page.map((hit): BulkOperation => ({ action: 'delete', id: hit._id! })),
      ]);
    }
    await client.indices.refresh({ index: placement.index });
  } catch (error) {
    if (!isIndexNotFound(error)) throw error;
  }
}

/**
 * Every document of one collection (chunks and manifests), a page at a time, from a point in time
 * (a consistent view, whatever is written meanwhile) in shard order; `_source` and the stored
 * vectors too when `withSources`.
 */
export async function* scanCollection(
  client: Client,
  placement: CollectionPlacement,
  withSources: boolean,
): AsyncGenerator<Array<estypes.SearchHit<Record<string, unknown>>>> {
  const pit = await client.openPointInTime({
    index: placement.index,
    keep_alive: '2m',
    ...routed(placement),
  });
  let pitId = pit.id;
  try {
    let after: estypes.SortResults | undefined;
    for (;;) {
      const page = await client.search<Record<string, unknown>>({
        size: SCAN_PAGE,
        track_total_hits: false,
        pit: { id: pitId, keep_alive: '2m' },
        query: { bool: { filter: placement.filter } },
        sort: [{ _shard_doc: 'asc' }],
        _source: withSources,
        ...(withSources && { fields: ['vector'] }),
        ...(after !== undefined && { search_after: after }),
      });
      pitId = page.pit_id ?? pitId;
      const hits = page.hits.hits.filter((hit) => typeof hit._id === 'string');
      if (hits.length > 0) yield hits;
      const last = page.hits.hits.at(-1);
      if (page.hits.hits.length < SCAN_PAGE || last?.sort === undefined) return;
      after = last.sort;
    }
  } finally {
    await client.closePointInTime({ id: pitId }).catch(() => undefined);
  }
}

/** Deletes the index an alias points at (an index cannot be deleted through its alias). */
export async function deleteIndexBehind(client: Client, alias: string): Promise<void> {
  let indices: string[];
  try {
    indices = Object.keys(await client.indices.getAlias({ name: alias }));
  } catch (error) {
    if (errorDetails(error)?.status === 404) return;
    throw error;
  }
  if (indices.length > 0) await client.indices.delete({ index: indices, ignore_unavailable: true });
}

/** A cluster without the endpoint (its module not installed): 400 "no handler found for uri". */
function isMissingEndpoint(error: unknown): boolean {
  const details = errorDetails(error);
  return (
    (details?.status === 400 || details?.status === 405) &&
    /no handler found/i.test(details.reason ?? '')
  );
}
