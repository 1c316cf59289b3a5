import { type Client } from '@elastic/elasticsearch';
import { type BulkOperation, type BulkWriter } from './bulk-writer';
import { type CollectionLayout, CollectionPlacement } from './collection-placement';
import { type CollectionPlacements } from './collection-placements';
import { type CollectionRegistry } from './collection-registry';
import { deleteIndexBehind, removeFromSharedIndex, scanCollection } from './collection-removal';
import { manifestSource } from './document-manifests';
import { type ChunkSource, type ManifestSource, VECTOR_FIELD } from './index-definition';
import { newCollectionKey, sharedIndexSlot } from './index-layout';
import { countChunks } from './search-requests';

export interface MoveOptions {
  /** Shared indices per dimension count (where a collection moved into the shared layout goes). */
  sharedIndices: number;
  /** How long writes that read the registry before the move began are given to finish. */
  settleMs: number;
  /** How long searches may still use the old placement (their cache): the old copy stays as long. */
  placementCacheMs: number;
  sleep: (ms: number) => Promise<void>;
  /** Whether the cluster serves `_delete_by_query` (shared with the adapter). */
  deletes: { deleteByQuery: boolean };
}

/**
 * Moves a collection between a shared index and an index of its own, online: searches go on
 * from the old copy until the registry points at the new one; writes (ingestions) see the
 * registry say `moving` and wait (the adapter answers them "unavailable, retry later"). The copy
 * is made by the adapter (a point-in-time scan and bulk writes, `_id`s and keys rewritten), so
 * it needs neither the `reindex` module nor scripting.
 *
 * Steps: mark `moving`; wait `settleMs` for writes already under way; copy; check the copy's
 * chunk count; point the registry at the new place; wait `placementCacheMs` for searches still
 * using the old place; copy again whatever a late write added; remove the old copy. A failure
 * before the registry points at the new place removes the partial copy and restores the old
 * record, so a move can simply be run again.
 */
export class CollectionMover {
  constructor(
    private readonly client: Client,
    private readonly bulk: BulkWriter,
    private readonly registry: CollectionRegistry,
    private readonly placements: CollectionPlacements,
    private readonly options: MoveOptions,
  ) {}

  async move(from: CollectionPlacement, to: CollectionLayout): Promise<CollectionPlacement> {
    if (from.layout === to) {
      // Already there: at most a move interrupted by a crash left the mark.
      if (from.state === 'moving') await this.registry.write(from.withState('ready'));
      return from.withState('ready');
    }
    await this.registry.write(from.withState('moving'));
    this.placements.forget(from.collectionId);
    let target: CollectionPlacement | null = null;
    try {
      await this.options.sleep(this.options.settleMs);
      target = await this.newPlace(from, to);
      await this.client.indices.refresh({ index: from.index });
      const copied = await this.copy(from, target);
      await this.client.indices.refresh({ index: target.index });
      const stored = await countChunks(this.client, target);
      if (stored !== copied) {
        throw new Error(
          `moving collection "${from.collectionId}": ${copied} chunks copied, ${stored} found in ${target.index}`,
        );
      }
      await this.registry.write(target);
    } catch (error) {
      if (target !== null) await this.discard(target).catch(() => undefined);
      await this.registry.write(from.withState('ready')).catch(() => undefined);
      throw error;
    }
    this.placements.forget(from.collectionId);
    await this.options.sleep(this.options.placementCacheMs);
    // A write that read the registry before the mark and landed after the copy is copied too.
    await this.client.indices.refresh({ index: from.index });
    if ((await countChunks(this.client, from)) !== (await countChunks(this.client, target))) {
      await this.copy(from, target);
      await this.client.indices.refresh({ index: target.index });
    }
    await this.discard(from);
    return target;
  }

  /** Where the collection goes: a new key in a shared index, or a new index of its own. */
  private async newPlace(
    from: CollectionPlacement,
    to: CollectionLayout,
  ): Promise<CollectionPlacement> {
    if (to === 'dedicated') {
      // Nothing may be left in it from an earlier, interrupted move.
      await deleteIndexBehind(this.client, this.placements.dedicatedAlias(from.collectionId));
      return this.placements.createDedicated(from.collectionId, from.dimensions);
    }
    const slot = sharedIndexSlot(from.collectionId, this.options.sharedIndices);
    const index = await this.placements.ensureSharedIndex(from.dimensions, slot);
    return new CollectionPlacement(
      from.collectionId,
      from.dimensions,
      'shared',
      index,
      newCollectionKey(),
    );
  }

  /** Copies every document (chunks and manifests) of `from` to `to`; returns the chunks copied. */
  private async copy(from: CollectionPlacement, to: CollectionPlacement): Promise<number> {
    let chunks = 0;
    for await (const page of scanCollection(this.client, from, true)) {
      const operations: BulkOperation[] = [];
      for (const hit of page) {
        const source = hit._source as (ChunkSource | ManifestSource) | undefined;
        if (source === undefined) continue;
        if (source.kind === 'manifest') {
          const { document_id: documentId, chunk_ids: chunkIds } = source.manifest;
          operations.push({
            action: 'index',
            id: to.manifestId(documentId),
            document: manifestSource(
              to,
              documentId,
              chunkIds.map((id) => from.translateChunkId(id, to)),
            ),
          });
          continue;
        }
        const { collection_key: _key, vector: _vector, ...fields } = source;
        const vector = hit.fields?.[VECTOR_FIELD] as unknown;
        operations.push({
          action: 'index',
          id: from.translateChunkId(hit._id!, to),
          document: {
            ...fields,
            ...to.keyField,
            ...(Array.isArray(vector) && vector.length > 0 && { vector: flat(vector) }),
          },
        });
        chunks++;
      }
      await this.bulk.write(to.target, [operations]);
    }
    return chunks;
  }

  /** Removes one copy of the collection: its key's documents, or its own index. */
  private async discard(placement: CollectionPlacement): Promise<void> {
    if (placement.layout === 'shared') {
      await removeFromSharedIndex(this.client, this.bulk, placement, this.options.deletes);
    } else {
      await deleteIndexBehind(this.client, this.placements.dedicatedAlias(placement.collectionId));
    }
  }
}

/** A `dense_vector` from the fields API: the vector, or a list holding it. */
function flat(value: unknown[]): number[] {
  return (Array.isArray(value[0]) ? value[0] : value) as number[];
}
