import { type Client, type estypes } from '@elastic/elasticsearch';
import { type CollectionLayout, type CollectionPlacement } from './collection-placement';
import { type CollectionMover } from './collection-mover';
import { type CollectionPlacements } from './collection-placements';
import { type CollectionRegistry } from './collection-registry';
import { isIndexNotFound } from './elasticsearch-errors';
import { collectionIndexPattern } from './index-layout';
import { countChunks } from './search-requests';

/** One collection as the layout maintenance sees it. */
export interface CollectionLayoutEntry {
  collectionId: string;
  dimensions: number;
  layout: CollectionLayout;
  /** The alias its requests name. */
  index: string;
  /** Its own index made before the registry existed, not yet recorded there. */
  unregistered: boolean;
  state: 'ready' | 'moving';
  chunks: number;
  /** Where the layout rules want it: the configured layout, or dedicated past the threshold. */
  wanted: CollectionLayout;
}

/**
 * Whether `migrate` moves this collection: the rules want it elsewhere and it is `ready` (one
 * marked `moving` is left to the move under way). `status`, `migrate --dry-run` and `migrate`
 * all count with this one rule.
 */
export function isPlannedMove(entry: CollectionLayoutEntry): boolean {
  return entry.state === 'ready' && entry.layout !== entry.wanted;
}

export interface LayoutRules {
  /** Where collections go by default. */
  layout: CollectionLayout;
  /** Chunks past which a collection belongs in an index of its own; 0: never. */
  dedicatedThreshold: number;
}

/**
 * Lists the collections with their place and size, and moves those the layout rules want
 * elsewhere: collections made before shared indices existed (each in its own index) into a
 * shared one, and collections grown past the threshold into an index of their own.
 */
export class LayoutMaintenance {
  constructor(
    private readonly client: Client,
    private readonly prefix: string,
    private readonly registry: CollectionRegistry,
    private readonly placements: CollectionPlacements,
    private readonly mover: CollectionMover,
    private readonly rules: LayoutRules,
  ) {}

  /** Every collection, registered or not, largest first. */
  async collections(): Promise<CollectionLayoutEntry[]> {
    const registered = await this.registry.list();
    const known = new Set(registered.map((placement) => placement.collectionId));
    const unregistered: CollectionPlacement[] = [];
    for (const { collectionId, mapping } of await this.dedicatedIndexMappings()) {
      if (known.has(collectionId)) continue;
      unregistered.push(await this.placements.dedicatedFromMapping(collectionId, mapping));
    }
    const entries: CollectionLayoutEntry[] = [];
    for (const [placements, isUnregistered] of [
      [registered, false],
      [unregistered, true],
    ] as const) {
      const counts = await this.chunkCounts(placements);
      for (const placement of placements) {
        const chunks = counts.get(placement.collectionId) ?? 0;
        entries.push({
          collectionId: placement.collectionId,
          dimensions: placement.dimensions,
          layout: placement.layout,
          index: placement.index,
          unregistered: isUnregistered,
          state: placement.state,
          chunks,
          wanted: this.wanted(chunks),
        });
      }
    }
    return entries.sort(
      (a, b) => b.chunks - a.chunks || a.collectionId.localeCompare(b.collectionId),
    );
  }

  /**
   * Moves every collection the rules want elsewhere, one at a time (each move is online: see
   * {@link CollectionMover}); `onMove` hears of each before it starts. Returns the moves made.
   */
  async migrate(
    onMove: (entry: CollectionLayoutEntry) => void = () => undefined,
  ): Promise<CollectionLayoutEntry[]> {
    const moves = (await this.collections()).filter(isPlannedMove);
    for (const entry of moves) {
      onMove(entry);
      await this.move(entry.collectionId, entry.wanted);
    }
    return moves;
  }

  /** Moves one collection to `layout` (the explicit setting for one large collection). */
  async move(collectionId: string, layout: CollectionLayout): Promise<CollectionPlacement> {
    const placement = await this.placements.fresh(collectionId);
    if (placement === null) throw new Error(`no collection "${collectionId}" in this deployment`);
    return this.mover.move(placement, layout);
  }

  private wanted(chunks: number): CollectionLayout {
    const { dedicatedThreshold, layout } = this.rules;
    return dedicatedThreshold > 0 && chunks > dedicatedThreshold ? 'dedicated' : layout;
  }

  /**
   * The dedicated indices of this prefix that record a collection id in their `_meta`, each with
   * its mapping: one request for all of them.
   */
  private async dedicatedIndexMappings(): Promise<
    Array<{ collectionId: string; mapping: estypes.IndicesGetMappingResponse }>
  > {
    let mappings: estypes.IndicesGetMappingResponse;
    try {
      mappings = await this.client.indices.getMapping({
        index: collectionIndexPattern(this.prefix),
        allow_no_indices: true,
      });
    } catch (error) {
      if (isIndexNotFound(error)) return [];
      throw error;
    }
    return Object.entries(mappings).flatMap(([index, record]) => {
      const id = (record.mappings._meta?.docent as { collection_id?: unknown } | undefined)
        ?.collection_id;
      return typeof id === 'string' ? [{ collectionId: id, mapping: { [index]: record } }] : [];
    });
  }

  /** Chunks per collection: one aggregation per shared index, one count per dedicated one. */
  private async chunkCounts(
    placements: readonly CollectionPlacement[],
  ): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    const byKey = new Map<string, string>();
    const sharedIndices = new Set<string>();
    for (const placement of placements) {
      if (placement.key !== null) {
        byKey.set(placement.key, placement.collectionId);
        sharedIndices.add(placement.index);
      } else {
        counts.set(placement.collectionId, await countChunks(this.client, placement));
      }
    }
    for (const index of sharedIndices) {
      let after: Record<string, estypes.FieldValue> | undefined;
      do {
        const response = await this.client.search({
          index,
          size: 0,
          query: { term: { kind: 'chunk' } },
          aggs: {
            keys: {
              composite: {
                size: 10_000,
                sources: [{ key: { terms: { field: 'collection_key' } } }],
                ...(after !== undefined && { after }),
              },
            },
          },
        });
        const keys = response.aggregations?.keys as estypes.AggregationsCompositeAggregate;
        const buckets = (keys?.buckets ?? []) as estypes.AggregationsCompositeBucket[];
        for (const bucket of buckets) {
          const collectionId = byKey.get(String(bucket.key.key));
          if (collectionId !== undefined) counts.set(collectionId, bucket.doc_count);
        }
        after = buckets.length > 0 ? keys.after_key : undefined;
      } while (after !== undefined);
    }
    return counts;
  }
}
